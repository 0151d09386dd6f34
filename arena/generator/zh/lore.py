"""Chinese prose pools for role scripts: backstory, the others, the evening, in the second person.

Templates use `str.format` fields: {victim}, {other}, {town}, {city}, {time}, {room}, {place}, {building},
{value}. Pronouns are not needed: Chinese prose names people or says 他/她 through `ta()` in the writer.
Every pool states a fact of the case (who, where, when, what is known or hidden): nothing is there to fill
space.
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
    "personal secretary": "{victim}的信件由你回复，日程全由你打理，{victim}哪天见谁，你比本人还先知道。",
    "old friend": "你和{victim}大学时代就认识了，到现在每个月还一起吃顿饭。",
    "family physician": "这十年来{victim}一有头疼脑热就来找你，{victim}的病历一直放在你那里。",
    "godchild": "你是{victim}资助长大的晚辈，你的学费都是{victim}出的。",
    "estranged sibling": "{victim}是你的亲手足，可你们俩已经好些年没怎么说过话了。",
    "cousin": "{victim}是你母亲娘家那边的亲戚，你们俩的长辈是亲兄妹。",
    "former spouse": "你和{victim}做过夫妻，离婚时闹得很难看。",
    "tenant": "你租住的小屋，盖在{victim}名下的地上。",
    "protege": "是{victim}发现了你的才华，一手把你捧了出来。",
    "biographer": "你正在为{victim}写一部经本人授权的传记。",
    "rival collector": "多年来，你和{victim}一直在争抢同一批稀罕藏品。",
    "accountant": "你替{victim}管账，{victim}放出去的每一笔债你都知道。",
    "neighbour": "你就住在{victim}隔壁，谁来登门拜访，你都看得见。",
}
PAIRS = {  # pair relation label -> its wordings, about {other} (no script uses one twice)
    "old friends": ("{other}是你最老的朋友之一，你信{other}胜过信大多数人。",
                    "你和{other}相识多年，交情一直不错，有心事也愿意跟{other}说。",
                    "你认识{other}的时候，两人都还一文不名；这份交情是你为数不多真正在意的东西。"),
    "rivals": ("这些年你和{other}一直在暗中较劲，谁也忘不了对方给过的难堪。",
               "你和{other}面上客客气气，心里却始终在比个高下。",
               "{other}每得一次意，你心里就像被人轻轻刺了一下，你猜{other}对你也是一样。"),
    "former lovers": ("你和{other}曾经很亲近，后来闹得不欢而散，如今你尽量避免和{other}单独相处。",
                      "你和{other}有过一段感情，分手以后两人见面都有些尴尬。",
                      "很多年前你和{other}几乎谈婚论嫁，那件事两人从此绝口不提。"),
    "colleagues": ("你和{other}共过事，你佩服{other}的本事，却不总是欣赏{other}的做派。",
                   "你和{other}算是同行，彼此尊重，也彼此提防。",
                   "你和{other}在一个地方做过一阵事，{other}的脾气你摸得比自己想的还清楚。"),
    "cousins": ("{other}是你的表亲，逢年过节见面，客气归客气，也就仅此而已。",
                "你和{other}沾亲带故，可从小就玩不到一块儿去。",
                "{other}和你是表亲，只在婚丧喜事上碰面，平时逢年过节寄张贺卡。"),
    "acquaintances": ("你和{other}只在几次像今晚这样的饭局上见过，对{other}还谈不上有什么看法。",
                      "你跟{other}不算熟，只知道个名字，说过几句场面话。",
                      "{other}对你来说只是个面熟的人，谈过几次天气，仅此而已。"),
    "creditor and debtor": ("你和{other}之间有过银钱往来，这件事至今让两人都不太自在。",
                            "你和{other}之间有一笔旧账，谁也不愿先提。",
                            "为了一笔钱，你和{other}之间总隔着一层，谁先开口谁就输了。"),
    "neighbours": ("{other}住得离你只隔几条街，你们在街上点头招呼，背后也会议论{other}几句。",
                   "你和{other}是街坊，抬头不见低头见。",
                   "你和{other}做了好几年邻居，谁家几点熄灯，彼此都知道。"),
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
    "first_met": ("你第一次见到{victim}是在{value}，那是一场慈善拍卖会，你们俩争着竞拍同一座难看的座钟，谁也不肯让。",
                  "你和{victim}初次相识是在{value}：火车晚点，你们挤在同一个包厢里，一聊就是四个钟头。"),
    "remembered_in": ("你记忆里第一次和{victim}真正说上话，是在{value}的一家小饭馆里，外面下着雨。",
                      "说起和{victim}头一回推心置腹地交谈，你总会想起{value}那个闷热的傍晚。"),
}
EVENING_HEADINGS = ("## 你的晚上，一刻钟一刻钟地说", "## 这个晚上你是怎么过的")
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
ALARMS = (
    "{time}，你还在{room}，忽然听见{staff}的惊叫声：{victim}死在了{scene}里。",
    "{time}，{staff}拉响了警报。你正在{room}，一听说{victim}倒在{scene}，心一下子沉了下去。",
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

HOLDS = "你手里有别人还没见过的证据：{titles}。什么时候拿出来，由你决定。"
