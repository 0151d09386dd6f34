"""Chinese prose pools for role scripts: backstory, memories, the day and the evening, in the second person.

Templates use `str.format` fields: {victim}, {other}, {town}, {city}, {time}, {room}, {place}, {building},
{value}. Pronouns are not needed: Chinese prose names people or says 他/她 through `ta()` in the writer.
Memories are assembled from parts (a time, a place, an event, a sense, a reflection), so two roles of
one case rarely share a sentence.
"""

from __future__ import annotations

OPENINGS = ("你是{name}，{job}。", "你叫{name}，是一名{job}。", "你的名字是{name}，靠做{job}为生。")
BACKGROUNDS = {  # occupation (English key) -> one sentence about the work
    "a portrait painter": "你以画肖像为生，今年的订单少得可怜。",
    "a retired surgeon": "几十年的手术台生涯，给了你一双稳当的手，也让你对人性不抱太多幻想。",
    "a wine merchant": "你家的酒行供着半个省城的酒窖。",
    "a journalist": "你在城里一家报馆写稿，到哪儿都忍不住要多问几句。",
    "an architect": "你替比你有钱的人设计房子，对此只是略有怨言。",
    "a violinist": "你随一个室内乐团四处巡演，琴从不离身。",
    "a solicitor": "你替人起草遗嘱和契约，这个圈子里的钱大多放在哪儿，你心里有数。",
    "a botanist": "你研究珍稀兰花，待在温室里的时间比待在人堆里多。",
    "a racing driver": "你在赛道上闯出了名气，自从上次翻车以后就一直静不下来。",
    "a stage actor": "你习惯了台下有观众，也懂得怎样压住一屋子人的场。",
    "an antiques dealer": "你买卖旧家具，也顺带经手一些更旧的秘密。",
    "a schoolteacher": "你在一所镇中学教历史，最受不了装腔作势。",
    "a private banker": "你替别人打理家产，自己的那份却看得很紧。",
    "a ship's engineer": "你在轮机舱里待了多年，信机器胜过信人。",
    "a novelist": "你写侦探小说，发现真实的案子远没有书里那么整齐。",
    "a photographer": "光线、面孔和别人看漏的小细节，你总能一眼注意到。",
    "a chemist": "你开着一间小化验室，哪个柜子里的东西有毒，你一清二楚。",
    "a pilot": "你驾邮政飞机翻山越岭，作息向来没个准。",
    "a jeweller": "你修表、镶石，一串项链值多少钱，扫一眼就能估个大概。",
    "a chef": "你开过一家很有名的馆子，去年春天关了门。",
    "a diplomat": "你在三个使馆任过职，知道的永远比说出口的多。",
    "an art historian": "你替人鉴定古画，你的一句话能决定一桩买卖的成败。",
    "a nurse": "你照顾病人二十年了，遇事从不慌乱。",
    "a composer": "你给电影写配乐，一紧张就会哼起曲子。",
    "a personal secretary": "你替别人把日程安排得井井有条，自己的日子却只记在一个小本子上。",
    "a physician": "你在乡下开诊所，半夜被人叫出诊是常有的事。",
    "an accountant": "你看账本就像别人看小说一样入迷。",
}
RELATIONS = {  # relation (English key) -> how the role stands to the victim
    "business partner": "你和{victim}合伙做生意已经十一年了。",
    "personal secretary": "你是{victim}的私人秘书，{victim}的日程全由你打理。",
    "old friend": "你和{victim}是大学时代就认识的老朋友。",
    "family physician": "你做{victim}的家庭医生已经十年了。",
    "godchild": "你是{victim}资助长大的晚辈，你的学费都是{victim}出的。",
    "estranged sibling": "{victim}是你的亲手足，可你们俩已经好些年没怎么说过话了。",
    "cousin": "{victim}是你母亲那边的表亲。",
    "former spouse": "你和{victim}做过夫妻，离婚时闹得很难看。",
    "tenant": "你租住的小屋，盖在{victim}名下的地上。",
    "protege": "是{victim}发现了你的才华，一手把你捧了出来。",
    "biographer": "你正在为{victim}写一部经本人授权的传记。",
    "rival collector": "多年来，你和{victim}一直在争抢同一批稀罕藏品。",
    "accountant": "你替{victim}管账，{victim}放出去的每一笔债你都知道。",
    "neighbour": "你就住在{victim}隔壁，谁来登门拜访，你都看得见。",
}
PAIRS = {  # pair relation label -> two wordings, about {other}
    "old friends": ("{other}是你最老的朋友之一，你信{other}胜过信大多数人。",
                    "你和{other}相识多年，交情一直不错，有心事也愿意跟{other}说。"),
    "rivals": ("这些年你和{other}一直在暗中较劲，谁也忘不了对方给过的难堪。",
               "你和{other}面上客客气气，心里却始终在比个高下。"),
    "former lovers": ("你和{other}曾经很亲近，后来闹得不欢而散，如今你尽量避免和{other}单独相处。",
                      "你和{other}有过一段感情，分手以后两人见面都有些尴尬。"),
    "colleagues": ("你和{other}共过事，你佩服{other}的本事，却不总是欣赏{other}的做派。",
                   "你和{other}算是同行，彼此尊重，也彼此提防。"),
    "cousins": ("{other}是你的表亲，逢年过节见面，客气归客气，也就仅此而已。",
                "你和{other}沾亲带故，可从小就玩不到一块儿去。"),
    "acquaintances": ("你和{other}只在几次像今晚这样的饭局上见过，对{other}还谈不上有什么看法。",
                      "你跟{other}不算熟，只知道个名字，说过几句场面话。"),
    "creditor and debtor": ("你和{other}之间有过银钱往来，这件事至今让两人都不太自在。",
                            "你和{other}之间有一笔旧账，谁也不愿先提。"),
    "neighbours": ("{other}住得离你只隔几条街，你们在街上点头招呼，背后也会议论{other}几句。",
                   "你和{other}是街坊，抬头不见低头见。"),
}
SECRETS = {  # English secret -> Chinese
    "you have been gambling at a card club and lost more than you can admit": "你一直在一家牌会里赌钱，输掉的数目你自己都不敢承认",
    "you once signed a reference for someone you knew to be a fraud": "你曾替一个明知是骗子的人写过推荐信",
    "you are quietly applying for a post abroad and have told nobody": "你正悄悄申请去国外任职，谁也没告诉",
    "you borrowed a valuable book from the library here and never returned it": "你从这里的藏书中借走过一本珍本书，一直没有还",
    "you were dismissed from a previous position, though you tell people you resigned": "你上一份差事其实是被辞退的，对外却说是自己辞职",
    "you read a private letter that was not meant for you": "你偷看过一封不是写给你的私信",
    "you have been secretly corresponding with a rival newspaper": "你一直在暗中给一家对头报馆写信",
    "you are engaged to be married and have hidden it from your family": "你已经订了婚，却一直瞒着家里",
    "you sold a family heirloom and replaced it with a copy": "你卖掉了一件传家宝，换上了一件仿品",
    "you failed an examination that everyone believes you passed": "有一场大家都以为你考过了的考试，其实你没及格",
    "you have been paying someone else's debts and cannot say whose": "你一直在替别人还债，却不能说是替谁",
    "you came here tonight under a false pretext, hoping to see a document": "你今晚是找了个借口来的，想看一眼某份文件",
}
MOTIVES = {  # motive kind -> (what the motive is, in the third person; how it was settled)
    "debt": ("欠了{victim}{amount}，而这笔借款周一就要被催还", "那笔{amount}的借款已在案发前一天全部还清"),
    "inheritance": ("眼看要失去一笔遗产：{victim}打算周一改写遗嘱", "{victim}早已放弃改写遗嘱的打算，还写下了字据"),
    "blackmail": ("正因一桩旧丑闻被{victim}敲诈", "{victim}已经退还了那些要命的信件，敲诈就此了结"),
    "rivalry": ("在争夺{prize}的较量中，眼看就要被{victim}整垮", "{victim}早已退出了对{prize}的争夺"),
    "dismissal": ("即将被{victim}辞退，还要当众丢尽颜面", "{victim}撕掉了辞退信，还道了歉"),
    "jealousy": ("得知{victim}秘密订婚后妒火中烧", "那桩婚约已经取消，两人之间的事也说开了"),
}
METHODS = {  # weapon method (English) -> how the killing reads, with {weapon}
    "struck {victim} down with": "用{weapon}把{victim}打倒在地",
    "stabbed {victim} with": "用{weapon}刺死了{victim}",
    "strangled {victim} with": "用{weapon}勒死了{victim}",
}
WEATHER = {
    "Rain had been falling since dusk.": "从黄昏起雨就没停过。", "A gale rattled the windows all evening.": "大风整晚摇撼着窗户。",
    "Fog lay thick over the grounds.": "浓雾沉沉地压在园子上。", "Snow had closed the mountain road.": "大雪封了上山的路。",
    "Snow fell on the lake all evening.": "湖上的雪下了一整晚。",
    "A hard frost had settled over the lake and the mountains.": "湖面和群山都笼在一层严霜里。",
    "Rain drummed on the roof above the flies.": "雨点敲打着舞台上方的屋顶。", "Frost glittered on the street outside.": "门外街面上结了一层亮晶晶的霜。",
    "The city was unusually quiet that night.": "那一夜，城里出奇地安静。", "A blizzard cut the station off from the world.": "暴风雪把科考站和外界隔绝了。",
    "The wind howled over the ice.": "风在冰原上呼啸。", "The aurora burned green over the roof.": "极光在屋顶上方燃着绿色的火。",
    "The sea was rough and the ship rolled all evening.": "海上风浪很大，船整晚都在摇晃。",
    "A calm sea lay under a full moon.": "满月下，海面平静。", "Fog horns sounded every few minutes.": "雾笛每隔几分钟就响一次。",
}

DETAIL_SENTENCES = {  # detail topic -> ways to state it, with {value}
    "hometown": ("你在{value}长大，家就在一间杂货铺的楼上，至今还会梦见那条窄窄的石板街。",
                 "你的老家在{value}，那里冬天漫长，学校管得严，全家只有厨房是暖和的。",
                 "你是在{value}被姑妈带大的，她开着一家客栈，你从小就学会了看人先看鞋和行李。"),
    "first_job": ("你头一回挣到工钱是在{value}，住一间斜顶的小阁楼，房东连方糖都要数着给。",
                  "你是在{value}领到平生第一份薪水的，那一整年都过得紧巴巴。"),
    "first_met": ("你第一次见到{victim}是在{value}，那是一场慈善拍卖会，你们俩争着竞拍同一座难看的座钟，谁也不肯让。",
                  "你和{victim}初次相识是在{value}：火车晚点，你们挤在同一个包厢里，一聊就是四个钟头。"),
    "remembered_in": ("你记忆里第一次和{victim}真正说上话，是在{value}的一家小饭馆里，外面下着雨。",
                      "说起和{victim}头一回推心置腹地交谈，你总会想起{value}那个闷热的傍晚。"),
    "best_meal": ("你这辈子吃过最好的一顿饭是在{value}：一碗热汤、一碟青菜，还有一壶怎么也喝不完的茶。",
                  "要问你吃过最难忘的一顿饭，你会说是在{value}，那天你饿了一整天，饭菜香得让人想哭。"),
    "lost_in": ("有一年你在{value}把护照弄丢了，在领事馆门口整整等了三天。",
                "你曾在{value}丢过护照，那几天的狼狈，你至今想起来还脸红。"),
    "pocket": ("今晚你口袋里装着{value}，你自己也说不清为什么要带着它。",
               "你的口袋里有{value}，手指时不时会去摸一下。"),
}
MEMORY_HEADINGS = ("## 往事", "## 你记得的一些事", "## 旧日的片段")
DAY_HEADINGS = ("## 你这一天，一个钟头一个钟头地说", "## 晚上之前的这一天")
EVENING_HEADINGS = ("## 你的晚上，一刻钟一刻钟地说", "## 这个晚上你是怎么过的")
DAY_LEADS = ("{time}，你{place}", "到了{time}，你已经{place}了", "{time}前后，你{place}", "{time}那会儿，你正{place}")
DAY_DOINGS = (  # anywhere, at home too: no strangers, no weather, no street
    "你喝了一杯浓茶，把今晚要带的东西又清点了一遍。", "你给一位老朋友写了封短信，写到一半又揉掉了。",
    "你翻了翻一份旧报纸，看见一条关于{city}的新闻，看了两遍。",
    "你想起{first}，想起上回见面时说过的几句不太客气的话。", "你手边放着一小包点心，却一直没拆开。",
    "你掏出怀表看了看时间，又塞了回去。", "你在心里把今晚要说的话排练了一遍。",
    "你发觉手上沾着一股{smell}，怎么也想不起是从哪儿来的。", "你把身上的零钱数了两遍，才放回口袋。",
    "你理了理领口，又低头看了看鞋尖。", "你坐着发了一会儿呆，什么也没想。",
    "你想起该给{city}的一位老朋友回封信，又拖了下来。", "你在本子上记下了几笔开销，数目让你皱起眉头。",
    "你把今晚要穿的衣服又想了一遍，拿不定主意。", "你读完了一封来自{city}的旧信，把它夹回了书里。",
    "你望着远处出了一会儿神，想起了{first}。", "你翻了翻随身带的一本讲{town}掌故的小册子。",
    "你犹豫着要不要托人捎个口信，说今晚不去了，最后还是没有。",
)
DAY_DOINGS_OUT = (  # only away from home: strangers and the cold
    "你听旁边的人抱怨了好一阵天气，一句也没接。", "你和身边的人聊了几句{town}的旧事。",
    "你听见两个人在争论{city}的房价，忍着没有插嘴。", "你把围巾紧了紧，天比你想的要冷。",
    "有个陌生人向你问时间，听完又对着自己的表核了一遍。", "你远远看见了{first}，却没有招手。",
    "不知哪里飘来一阵{smell}，你忽然想起了小时候。",
)
SMELLS = ("煤烟味", "橘子皮的清香", "湿羊毛的膻味", "薰衣草香", "旧纸张的霉味", "鞋油味", "炒栗子的焦香", "海风的咸腥味")
DAY_SMELLS = SMELLS[:6]  # the day is spent in the setting's own places: no street stalls, no sea air
ROOM_DETAILS = (  # clauses, after "{room}里，"
    "蜂蜡和陈年烟草的味道混在一起", "一盏绿罩台灯投下一小圈光", "有人把一副手套搭在椅背上晾着",
    "地毯上被人踩出了一条发白的路", "不知哪里有一只钟在滴答作响", "墙上的漆早已褪成了淡茶色",
    "桌上一瓶百合开始掉花瓣了", "暖气片咚咚地响，像有人在敲门", "几把椅子朝着不同的方向，仿佛刚吵完一架",
    "门缝底下钻进一股凉风，拂过脚踝", "墙角堆着一摞旧报纸，从上往下一层层发黄", "灯光低低的，带点琥珀色，比白天更照顾人的脸面",
    "早先有人抽过烟，烟味还浮在天花板底下", "一碗核桃没人动过，旁边搁着一把胡桃夹子",
)
MOOD_LEADS = ("这时候，", "那会儿，", "不知不觉间，", "{time}刚过，")
HEARD_LEADS = ("你待在{room}的时候，", "在{room}里，你听见", "{room}里安静下来时，")
MOODS = (
    "你心里出奇地平静，就像坏天气来临前那样。", "你的思绪总是飘回家里书桌上的那封信。", "你累到了骨子里，可这个晚上才刚开头。",
    "左眼后面隐隐地疼。", "走廊里的每一下脚步声你都竖着耳朵听。", "你一直在想那些多年前就该说出口的话。",
    "你有点饿，还为此有点恼火。", "不知为什么，你总觉得有人在看着你。", "你比预想的要开心，又因此有些内疚。",
    "你满脑子都是钱的事，这阵子总是这样。", "你忽然很想抽支烟，又忍住了。", "你发觉自己一直在数墙上的钉子。",
    "你想起出门前忘了锁抽屉，心里有点发毛。", "你的手心出了汗，只好在裤子上悄悄擦了擦。",
    "你觉得这个晚上长得没有尽头。", "你想找个人说说话，话到嘴边又咽了回去。",
)
OVERHEARD = (  # anywhere; each setting adds its own (SOUNDS)
    "隔壁有人压低声音说了句“不是今晚”。", "走廊里有人把一扇门轻轻带上了。", "不远处传来一阵椅子在地板上拖动的声音。",
    "远处有人在弹琴，弹到一半就停了。", "外面有人笑了一声，笑得很短。", "杯子碰在一起，叮的一声。",
    "不知哪里的水龙头哗哗地流着，一直没人去关。", "走廊尽头有人叫了一声某个名字，没人答应。",
)
SOUNDS = {  # a setting's own evening sounds (`scenery.SCENERY[...].sounds`), English -> Chinese
    "A dog barked once outside and thought better of it.": "外面有条狗叫了一声，随即又没了动静。",
    "The stable clock struck, a little late.": "马厩那边的钟敲响了，比该敲的时候晚了一点。",
    "Somewhere below, pans rattled and a voice gave orders.": "楼下哪里锅盆叮当作响，有人在高声吩咐。",
    "A log settled in a grate somewhere with a soft crash.": "不知哪个壁炉里，一截木柴塌了下去，发出轻轻的一声响。",
    "The lift whined up and down its shaft.": "电梯在井道里嗡嗡地上上下下。",
    "A bellboy's whistle sounded in the corridor.": "走廊里响起了行李员的哨声。",
    "Somewhere a guest was practising scales on a piano.": "不知哪位客人在钢琴上一遍遍地练音阶。",
    "Sleigh bells went past outside and faded.": "外面一串雪橇铃声经过，渐渐远了。",
    "Somewhere above, a flat was hauled up into the flies.": "头顶上有人正把一块布景往高处吊。",
    "The orchestra was tuning, one instrument at a time.": "乐队在调音，一件乐器接着一件乐器。",
    "A stagehand dropped something in the wings and swore.": "侧幕那边有个检场的把东西掉在地上，骂了一句。",
    "Traffic hissed past in the street outside.": "外面街上车来车往，沙沙地驶过。",
    "The generator coughed, caught and ran on.": "发电机咳了几声，又接上了劲，继续转了下去。",
    "The outer door banged and someone stamped snow off their boots.": "外门砰地一响，有人在门口跺掉靴子上的雪。",
    "The radio crackled somewhere down the corridor.": "走廊那头的无线电噼啪作响。",
    "The heating pipes ticked as they cooled.": "暖气管一边冷下来，一边嗒嗒轻响。",
    "The engines throbbed somewhere far below.": "轮机在很深的下方沉沉地震动着。",
    "The ship's bell struck the half hour.": "船钟敲响了半点。",
    "A steward's trolley rattled along the corridor.": "侍应生的小推车沿着走廊咔嗒咔嗒地过去了。",
    "The whole ship creaked as it rolled.": "船身一摇，整条船都嘎吱作响。",
}
ARRIVALS = (  # how a role came to be there (the opening of its script)
    "今晚你是应{victim}之邀来{building}赴{occasion}的。", "{victim}的一封请帖把你请到了{building}，来赴{occasion}。",
    "你今晚在{building}，是因为{victim}开了口：这本该是一场{occasion}。",
    "{victim}的请柬上写着：{occasion}，地点{building}。你当天下午就回了信，说一定到。",
    "你差一点就没来{building}赴{occasion}，可{victim}的邀请，谁也推不掉。",
    "你来{building}赴{occasion}的时候，总觉得{victim}想从你这里要点什么。",
)
LINER_ARRIVALS = (  # aboard a liner the guests have been there since the voyage began
    "从这趟航程一开始，你就应{victim}之邀待在{building}上；今晚是{occasion}。",
    "是{victim}的邀请让你登上了{building}，一路横渡大洋；今晚是{occasion}。",
    "你之所以在{building}上，是因为{victim}请你同行这一程；今晚本该是一场{occasion}。",
    "你差一点就没搭上{building}，可{victim}的邀请是推不掉的；于是今晚你坐在了{occasion}上。",
)
COMPANY = ("{names}也在那里。", "同在屋里的还有{names}。", "屋里还有{names}。")
ALONE = ("屋里只有你一个人。", "那里没有别人。", "你独自一人待着。")
UNNOTICED = ("至于{room}里还有谁，你没有留意。", "你心事重重，没注意{room}里还有什么人。", "那一刻你没在意身边都有谁。")
LEAVING = ("过了一会儿，你看见{names}往{room}去了。", "没多久，{names}起身去了{room}。", "你注意到{names}随后去了{room}。")
EVENING_LEADS_FIRST = ("{time}，你在{room}。", "{time}，你人在{room}。", "晚上从{time}开始，你待在{room}。")
EVENING_LEADS_STAY = ("{time}，你还在{room}。", "到{time}，你仍旧留在{room}。", "{time}，你没挪地方，还在{room}。")
EVENING_LEADS_MOVE = ("{time}，你走到了{room}。", "{time}，你去了{room}。", "{time}前后，你进了{room}。")
DOING_LEADS = ("那一刻钟里，你一直在{activity}。", "这一刻钟你都在{activity}。", "你靠{activity}打发时间。")
ALARMS = (
    "{time}，你还在{room}，忽然听见{staff}的惊叫声：{victim}死在了{scene}里。",
    "{time}，{staff}拉响了警报。你正在{room}，一听说{victim}倒在{scene}，心一下子沉了下去。",
)
AFTERMATH = (  # clauses, joined by "，"
    "大家都挤到走廊上，谁也不肯先开口", "有人去倒了一杯白兰地，却没有人喝", "你发现自己的手在抖，赶紧插进了口袋",
    "四下里忽然安静得能听见钟摆声", "每个人都在偷偷打量别人", "有人小声念叨着要报警", "你脑子里一片空白",
)
GOALS = (
    "你要找出是谁杀了{victim}，投票指认凶手。你说真话；自己的秘密，除非与案情有关，不必说出来。",
    "弄清{victim}的死因和凶手是你今晚唯一要做的事。如实说出你看见的；你的私事，与案子无关就留在心里。",
    "{victim}死得不明不白，你要把凶手找出来，投出你的一票。你看见什么就说什么，跟案子无关的私事不必多谈。",
    "今晚你得帮大家揪出杀害{victim}的人。别说假话；你心里那点私事，只要与命案无关，尽可以藏着。",
)
CULPRIT_GOALS = (
    "你的目标是不被大家投票指认为凶手。守住你的说法，把怀疑引到别人身上。",
    "今晚你只求脱身：说法前后一致，不慌不忙，让别人去互相怀疑。",
)
NO_MOTIVE = ("你和{victim}之间没有什么过节，你会怀念在这里吃过的那些晚饭。", "你和{victim}一向相处融洽，这桩死讯让你心神不宁。",
             "{victim}待你不薄，你没有任何理由要害{victim}。", "你和{victim}谈不上多亲近，可也从没红过脸，更谈不上结仇。",
             "说起{victim}，你心里只有感激，怎么也想不到会出这种事。")
MOTIVE_WORRY = ("你有理由担心：你{m}。这事一旦传出去，大家就会盯上你。", "这对你很不利：你{m}，而且别人可能已经知道了。",
                "大家也许会怀疑你，因为你{m}。")
VOID_NOTE = "很少有人知道，这件事在今晚之前就已经了结了，你手里还有凭据。"
SECRET_LEADS = ("你自己也藏着一个秘密：{s}。", "有件事你不愿让任何人知道：{s}。")
SECRET_FEARS = ("你不知道今晚还有谁知道这件事。", "你担心一旦出了人命，警察会把每个人的底细都翻出来。", "你告诉自己，这跟案子毫无关系。",
                "要是有人当众问起，你还没想好该怎么回答。", "你总觉得，今晚有人看你的眼神不太对劲。",
                "这件事一旦传开，你在这个圈子里就再也抬不起头了。")

# parts of memories: each memory is WHEN + an event's place + SENSE + the event + REFLECTION
WHEN = ("{n}年前", "很多年前的一个冬天", "{n}年前的一个夏天", "那年开春", "有一年中秋", "前些年的一个雨季", "有一年腊月",
        "多年以前的一个秋天")
EVENTS = (  # (where, with {place}: a town or city; what happened there)
    ("在{place}的长途汽车站", "你帮一个素不相识的老人提过一路行李，他临别时只说了句“好人有好报”。"),
    ("在{place}读书时的宿舍里", "你和人为一件小事吵得面红耳赤，第二天又若无其事地一起吃早饭。"),
    ("在{place}一位同乡的喜宴上", "你第一次喝醉，醒来时发现自己把一封要紧的信寄错了地址。"),
    ("在{place}的电车站", "你捡到过一只钱包，送去警察局时，失主已经报了案。"),
    ("在{place}的火车站", "你等过一个人，等了整整一下午，那人终究没来。"),
    ("在{place}的一间小茶馆", "你听一位盲眼的说书人讲了一整段《三国》，直到天黑才走。"),
    ("在{place}的一家旧书店", "你把身上最后一点钱买了一本书，饿着肚子走回了住处。"),
    ("在{place}的城隍庙前", "你遇见一个算命先生，他说你这一生会被一件旧事追着跑。"),
    ("在{place}的一条窄巷里", "你第一次看见有人当众落泪，那人是个穿长衫的中年男人。"),
    ("在{place}的公园里", "你学会了下象棋，教你的是一个只肯悔棋不肯认输的老头。"),
    ("在{place}的中学里", "你替朋友顶过一次错，至今那位朋友都不知道。"),
    ("在{place}的庙会上", "你和家人走散了，最后是循着钟声找回去的。"),
    ("在{place}的一家钱庄门口", "你被人骗走过一笔钱，数目不大，却让你记了很多年。"),
    ("在{place}的江边", "你看过一场焰火，散场时人挤人，你的一只鞋被踩掉了。"),
    ("在{place}的学堂里", "你替一位生病的同学抄了整整一学期的笔记，他后来连一声谢谢都没说。"),
    ("在{place}的一家当铺门口", "你犹豫了半个钟头，最后还是没进去。"),
    ("在去{place}的火车上", "你第一次独自出远门，把车票攥在手心里，攥得都湿透了。"),
    ("在{place}的一场大雨里", "你和一个陌生人合撑一把伞，走了三条街才发现彼此住在同一条弄堂。"),
    ("在{place}一位远亲的婚宴上", "你被硬拉去唱了一段戏，唱到一半忘了词。"),
    ("在{place}租住的小屋里", "你收到过一封没有署名的信，信里只夹着一片银杏叶。"),
    ("在{place}的汽车站", "你看着一辆长途车开走，车上没有你要等的人，你却站到了天黑。"),
    ("在{place}的祖屋里", "你打碎过一只据说传了三代的瓷碗，至今没人知道是你。"),
    ("在{place}的一家裁缝铺", "你跟着一个老裁缝学过几天手艺，他说你手太急，成不了事。"),
    ("在{place}的一家医院", "你在病床上躺了一个月，窗外那棵树从发芽一直看到长满叶子。"),
    ("在{place}的一家面馆", "你第一次领到稿费，请全宿舍的人吃了一顿面，自己却只剩下买车票的钱。"),
    ("在{place}的夜市上", "你替人看过一晚上摊子，卖出去的东西比摊主自己还多。"),
    ("在{place}的菜市场", "你和一个小贩为两个铜板争了半天，回头一想，觉得自己实在可笑。"),
    ("在{place}的旧货摊上", "你淘到一只坏了的怀表，修了整整一个冬天。"),
    ("在{place}的车站月台上", "你给一位快要离开的老师送行，谁也没说话。"),
    ("在{place}一间漏雨的小屋里", "你住过一整季，每天夜里都听着水滴进脸盆的声音。"),
    ("在{place}的河边", "你捡到一只受伤的麻雀，养了半个月，放飞那天哭了一场。"),
    ("在{place}的弄堂里", "你替邻居家的孩子补了一个暑假的算术，那孩子后来考上了师范。"),
    ("在{place}城外的山路上", "你赌气走了二十里路，走到半路就后悔了，却硬撑着没回头。"),
    ("在{place}的一家照相馆", "你拍了平生第一张相片，摄影师让你笑，你怎么也笑不出来。"),
    ("在{place}的一位老先生家里", "你陪他下了一下午围棋，输得心服口服。"),
    ("在{place}的街头", "你在雨里等一辆永远不来的电车，最后是一个拉黄包车的老汉把你送回了家。"),
    ("在{place}的一个讲堂里", "你头一回上台讲话，手里的稿子抖得像风里的树叶。"),
    ("在{place}", "你和几个同乡合伙开过一间小铺子，不到半年就关了门。"),
    ("在{place}乡下的一座破庙里", "你躲过一场冰雹，和一个挑担的货郎分吃了一块干饼。"),
    ("在{place}的一家铺子里当学徒", "你偷偷把攒了很久的钱寄回家，信里却说自己过得很好。"),
    ("在{place}的一场大火里", "你帮人抢出过几箱书，眉毛都燎掉了一半。"),
    ("在{place}的河湾", "你跟人打赌能一口气游到对岸，游到一半差点沉下去。"),
    ("在{place}的一所小学校", "你代过几天课，孩子们给你起了个绰号，你至今还记得。"),
    ("在{place}的第一份差事上", "你第一次被人当面称作“先生”，高兴得一整天没吃下饭。"),
    ("在{place}乡下", "你在一个陌生人家里借宿，主人把唯一的一床新被子让给了你。"),
    ("在{place}的一家戏院", "你头一回看京戏，看到一半就睡着了，醒来时满场都在叫好。"),
    ("在{place}的一家书局", "你替人校过一部厚厚的书稿，挑出的错字比作者自己还多。"),
    ("在{place}的一家电影院", "你第一次看有声电影，散场了还坐在位子上，半天说不出话来。"),
    ("在{place}的一家邮局", "你排了一个钟头的队寄一封挂号信，轮到你时，窗口刚好关了。"),
    ("在{place}的一间画室", "你给一位穷画家当过一下午的模特，他送你的那幅素描后来不知去向。"),
    ("在{place}的一家小旅馆", "你半夜被隔壁的争吵声吵醒，第二天一早，那对客人已经不告而别。"),
    ("在{place}的图书馆", "你在一本旧书里发现了一封几十年前的情书，犹豫了很久，还是把它夹了回去。"),
    ("在{place}的一家药铺", "你替发高烧的房东抓过药，跑了三条街才找到一家还开着门的。"),
    ("在{place}的一家钟表铺", "你看老师傅修了一下午的座钟，临走时他说，修钟跟做人一样，急不得。"),
    ("在{place}的一所夜校", "你跟着一群比你年长的人学过一阵子英文，最后只记住了几句问候的话。"),
    ("在{place}的一座老桥上", "你和一个多年不见的同学擦肩而过，等你回过头，他已经走远了。"),
    ("在{place}的一家印刷所", "你熬了三个通宵帮人赶印一批传单，最后领到的工钱只够吃一顿饭。"),
    ("在{place}的一间教室里", "你头一回被先生当着全班的面夸奖，脸红得抬不起头。"),
    ("在{place}的一家旧货行", "你把一只祖传的铜炉当了出去，后来攒够了钱去赎，它已经被人买走了。"),
    ("在{place}的一家澡堂", "你听几个老街坊争论了一下午的时局，谁也没说服谁。"),
    ("在{place}的一家西餐馆", "你第一次用刀叉，把一块牛排切得满盘狼藉，对面的人却装作没看见。"),
    ("在{place}的一间诊所", "你陪一位朋友等了一整夜的消息，天亮时医生出来，只说了一句“没事了”。"),
    ("在{place}的一家报馆门口", "你等了一上午，就为了头一个买到登着自己名字的那份报纸。"),
    ("在{place}的一个茶摊上", "你和一个挑夫聊了一下午，他讲的走南闯北的事，比你读过的游记都精彩。"),
    ("在{place}的一家客栈", "你被店主错认成了另一位客人，吃了一顿不属于你的好饭，至今想起来还有些心虚。"),
    ("在{place}的一家裱画店", "你看老师傅把一幅撕破的旧画一点点裱好，破口处竟看不出一丝痕迹。"),
    ("在{place}的一次同乡会上", "你被推上台讲几句话，一紧张，把主人的名字叫错了。"),
    ("在{place}的一家布店", "你替母亲挑过一块做新衣的料子，店伙计看你年轻，一个劲地劝你挑贵的。"),
    ("在{place}的一条老街上", "你跟着一个卖糖人的担子走了大半条街，只为看他捏完一只孙悟空。"),
)
SENSES = ("空气里飘着{smell}，天色{light}", "四下里都是{smell}，天色{light}", "那天到处是{smell}，天色{light}")
LIGHTS = ("昏黄", "灰蒙蒙的", "阴沉沉的", "已经暗了", "亮得晃眼", "淡得发白")
REFLECTIONS = (  # with {place}: the town or city of the memory
    "这件事你很少跟人提起，连{place}的老朋友也不知道。", "那以后，你再也没回过{place}。", "你一直觉得，是在{place}的那一天让你长大的。",
    "说起{place}，你最先想到的就是这件事。", "你说不清{place}的这段往事为什么会在今晚又冒出来。", "从{place}回来以后，你做事就多留了一个心眼。",
    "过了这么多年，你还是说不准自己在{place}做得对不对。", "你后来常拿{place}的这件事劝别人，自己却未必做得到。",
    "如今想起在{place}的那一天，倒有几分好笑。", "在{place}学到的，比哪一本书教你的都多。", "你偶尔还会梦见{place}的那一幕。",
    "那时候在{place}的你，大概比现在更勇敢些。", "你从没想过，{place}这么小的一件事能记这么久。",
    "每次有人提起{place}，你都忍不住摇摇头。", "后来的许多选择，说不定都是从{place}那天开始的。",
    "你至今也没弄明白，自己当时在{place}为什么那样做。", "{place}的这件事，你只跟一个人讲过，那人如今已经不在了。",
    "你常想，要是那天在{place}换一条路走，会不会一切都不一样。",
)
VICTIM_MEMORIES = (
    "{victim}大方起来毫无预兆：有一回你一笔账还没到期，{victim}就替你付了，事后提都没提，这反倒让你更不自在。",
    "你记得{victim}有一次在葬礼上悄悄笑了，笑的是只有你们俩才懂的一句玩笑，事后也没跟谁道歉。",
    "有一个夏天你几乎天天见到{victim}，接下来的整个冬天却一次也没见过。到底是谁疏远了谁，你始终说不准。",
    "{victim}答应的事，字面上一定做到，骨子里却常常变了味，你早就学会了听话听音。",
    "{victim}生气的时候反而格外客气。比起大吵大闹，你更怕那份客气。",
    "{victim}跟你说过，人人都有个价钱，唯一有意思的是拿什么来付。你当时笑了，现在笑不出来了。",
)
OTHER_MEMORIES = (
    "你记得多年前在一场婚礼上，{other}跳舞跳得一塌糊涂，却毫不在乎别人的眼光。", "{other}借给你一本书，一个星期不到就来要回去了。",
    "同一个海上遇险的故事，你听{other}讲过三回，一回比一回英勇。", "{other}总爱用一个问题回答另一个问题，你一直拿不准那是害羞还是心计。",
    "今晚的{other}比上次见面时瘦了些，眼睛时不时往门口瞟。", "{other}给跑堂的小费给得大方，给同事的却很吝啬。",
    "去年的一次聚会上，{other}拉着你讲了一个钟头的下水道，从那以后你在聚会上都躲着{other}。", "{other}写信爱用绿墨水，落款的花体字要占半张纸。",
    "你见过{other}塞给乞丐一张钞票，然后快步走开，好像怕被人看见。", "别人讲笑话，{other}总要慢半拍才笑，像是先确认笑了不会出错。",
    "有一年你生病，{other}送来一束花，卡片上只写了两个字：“起来”。那张卡片你一直留着。", "{other}的字写得极漂亮，挑帽子的眼光却极差，偏偏两样都很得意。",
    "你从没见{other}在人前好好吃完一顿饭，总是把菜拨来拨去，光顾着说话。", "{other}一紧张就爱摆弄东西：刀叉、靠垫，甚至别人的衣领。",
)
HOLDS = "你手里有别人还没见过的证据：{titles}。什么时候拿出来，由你决定。"
