"""The Chinese lexicon of the generator: every display value the world model draws, in Simplified Chinese.

The world, its facts, the solver and the questions are language-free: they work on ids and on the
English pool values of `arena.generator.pools`, `settings`, `lore` and `evidence`. A Chinese case
shows each value through `term()`, so the options of a question and the solver's answer are the same
Chinese string. Names are mapped part by part (given name, family name), keeping each person's gender.
"""

from __future__ import annotations

from arena.errors import GenerationError

GIVEN = {  # English first name -> Chinese given name (same gender)
    "Ada": "雅琴", "Amara": "美岚", "Beatrix": "碧云", "Celeste": "思澄", "Delphine": "黛文", "Elif": "依凡",
    "Esme": "素梅", "Greta": "桂兰", "Hana": "晓荷", "Ines": "以宁", "Juno": "春华", "Keiko": "慧如",
    "Leonie": "莉安", "Mabel": "美蓓", "Mira": "明月", "Nadia": "丽娜", "Oona": "晓雯", "Petra": "佩珊",
    "Priya": "丽雅", "Rosalind": "若兰", "Sabine": "诗雨", "Tamsin": "婷欣", "Uma": "雨梅", "Vesna": "文珊",
    "Wilhelmina": "薇敏", "Yara": "雅然",
    "Anton": "定安", "Bram": "伯年", "Callum": "嘉霖", "Dario": "达礼", "Edmund": "德明", "Farid": "宗仁",
    "Felix": "飞鸿", "Hamish": "翰民", "Ivo": "一鸣", "Jonah": "嘉诺", "Kasimir": "凯明", "Laszlo": "乐之",
    "Lorcan": "若坤", "Marek": "克明", "Nikhil": "念祖", "Osric": "少卿", "Quentin": "庆廷", "Rafael": "瑞峰",
    "Silas": "思远", "Soren": "少仁", "Teodor": "德昭", "Valentin": "文廷", "Xavier": "绍维", "Zeno": "振华",
}
FAMILY = {  # English surname -> Chinese family name
    "Ashdown": "安", "Baptiste": "白", "Castellano": "柯", "Dunmore": "邓", "Eriksen": "伍", "Fairclough": "方",
    "Galloway": "高", "Hargreave": "韩", "Ibarra": "易", "Jovanovic": "蒋", "Kowalczyk": "孔", "Lindqvist": "林",
    "Marchetti": "马", "Nakamura": "庄", "Okafor": "欧阳", "Pemberton": "潘", "Quill": "秦", "Rasmussen": "阮",
    "Sandoval": "沈", "Thorne": "唐", "Underhill": "温", "Varga": "范", "Whitlock": "魏", "Yilmaz": "叶",
    "Zielinski": "钟", "Abernathy": "艾", "Blackwood": "薄", "Carrow": "曹", "Devereux": "杜", "Ellery": "严",
    "Finch": "冯", "Greaves": "葛", "Holloway": "何", "Iyer": "于",
}
VICTIMS = {
    "Augustin Blackthorne": "顾秉钧", "Cordelia Vane": "沈曼卿", "Ignatius Moreland": "陆伯庸",
    "Lucinda Harrow": "许慧娴", "Maximilian Crewe": "程万山", "Octavia Selwyn": "宋婉仪",
    "Percival Langley": "梁仲谋", "Seraphina Dorsey": "秦雪芝", "Theodora Quayle": "周静宜",
    "Victor Ashcombe": "汪维德",
}

# English value -> Chinese value, for everything a case shows that is not a name
TERMS: dict[str, str] = {
    # buildings, occasions, staff
    "Harrowgate Manor": "槐荫山庄", "Wrexley Hall": "栖霞别墅", "Fenwick House": "枫林公馆",
    "Thornbury Court": "听涛园", "the Hotel Belvedere": "望湖饭店", "the Grand Meridian": "子午大饭店",
    "the Alpine Kurhaus": "雪岭疗养饭店", "the Alcott Theatre": "长乐大戏院", "the Lyric Playhouse": "明声剧场",
    "the Old Vaudeville": "老天蟾舞台", "Polaris Research Station": "北极星科考站",
    "Cape Halloran Observatory": "鹰角天文台", "Kessler Field Station": "白桦野外站",
    "the SS Orinoco": "“江安号”邮轮", "the RMS Calliope": "“海韵号”邮轮", "the MV Northern Star": "“北辰号”邮轮",
    "a birthday dinner": "寿宴", "the hotel's centenary gala": "饭店百年庆典晚宴",
    "the opening night party": "首演之夜的庆功宴", "the end-of-season farewell dinner": "季末告别晚宴",
    "the captain's farewell dinner": "船长的告别晚宴",
    "the butler": "管家", "the housekeeper": "女管家", "the cook": "厨娘", "the chauffeur": "司机",
    "the night porter": "夜班门房", "the head waiter": "领班", "the concierge": "礼宾员", "the chambermaid": "客房服务员",
    "the stage doorkeeper": "后台看门人", "the stage manager": "舞台监督", "the usher": "引座员",
    "the prompter": "提词员", "the station cook": "站上的厨师", "the radio operator": "报务员",
    "the caretaker": "看守员", "the duty medic": "值班医生", "the steward": "侍应生", "the purser": "事务长",
    "the ship's doctor": "船医", "the bosun": "水手长",
    # rooms
    "Library": "藏书室", "Study": "书房", "Kitchen": "厨房", "Conservatory": "暖房", "Dining Room": "餐厅",
    "Gallery": "画廊", "Billiard Room": "台球室", "Wine Cellar": "酒窖", "Music Room": "琴房",
    "Morning Room": "起居室", "Lobby": "大堂", "Bar": "酒吧", "Restaurant": "西餐厅", "Ballroom": "舞厅",
    "Reading Room": "阅览室", "Spa": "温泉浴室", "Manager's Office": "经理室", "Laundry": "洗衣房",
    "Winter Garden": "冬园", "Card Room": "牌室", "Stage Wings": "侧台", "Green Room": "演员休息室",
    "Wardrobe": "服装间", "Box Office": "售票处", "Dressing Room": "化妆间", "Prop Store": "道具库",
    "Rehearsal Room": "排练厅", "Foyer": "前厅", "Fly Gallery": "吊杆台", "Orchestra Pit": "乐池",
    "Laboratory": "实验室", "Mess Hall": "食堂", "Radio Room": "电台室", "Workshop": "工作间",
    "Greenhouse": "温室", "Storeroom": "储藏室", "Observatory": "观测室", "Infirmary": "医务室",
    "Common Room": "公共休息室", "Boiler Room": "锅炉房", "Saloon": "大客厅", "Smoking Room": "吸烟室",
    "Promenade Lounge": "观景廊", "Purser's Office": "事务长室", "Galley": "船上厨房", "Chart Room": "海图室",
    "Wireless Room": "无线电室", "Cabin Corridor": "客舱走廊",
    # relations to the victim
    "business partner": "生意伙伴", "personal secretary": "私人秘书", "old friend": "老朋友",
    "family physician": "家庭医生", "godchild": "资助对象", "estranged sibling": "疏远的手足", "cousin": "表亲",
    "former spouse": "前配偶", "tenant": "租户", "protege": "门生", "biographer": "传记作者",
    "rival collector": "收藏对手", "accountant": "账房", "neighbour": "邻居",
    # occupations
    "a portrait painter": "肖像画家", "a retired surgeon": "退休外科医生", "a wine merchant": "酒商",
    "a journalist": "记者", "an architect": "建筑师", "a violinist": "小提琴手", "a solicitor": "律师",
    "a botanist": "植物学家", "a racing driver": "赛车手", "a stage actor": "话剧演员", "an antiques dealer": "古董商",
    "a schoolteacher": "中学教师", "a private banker": "私人银行家", "a ship's engineer": "轮机工程师",
    "a novelist": "小说家", "a photographer": "摄影师", "a chemist": "化学师", "a pilot": "飞行员",
    "a jeweller": "珠宝匠", "a chef": "厨师", "a diplomat": "外交官", "an art historian": "艺术史学者",
    "a nurse": "护士", "a composer": "作曲家", "a physician": "医生", "an accountant": "会计师",
    "a personal secretary": "私人秘书",
    # weapons and where they are kept
    "silver candlestick": "银烛台", "brass letter opener": "铜拆信刀", "iron fireplace poker": "铁火钳",
    "silk curtain cord": "丝质窗帘绳", "antique dagger": "古董匕首", "marble bookend": "大理石书挡",
    "heavy wrench": "大扳手", "bronze statuette": "青铜小像",
    "the locked silver cabinet": "上了锁的银器柜", "the writing desk drawer": "写字台的抽屉",
    "the hearth stand": "壁炉边的工具架", "the linen press": "布草柜", "the glass display case": "玻璃陈列柜",
    "the locked bookcase": "上了锁的书柜", "the tool chest": "工具箱", "the curio cabinet": "古玩架",
    "stabbed": "刺死", "struck": "击打致死", "strangled": "勒死", "poisoned": "毒死", "drowned": "溺死",
    # motives as question options
    "owed the victim money": "欠死者的钱", "stood to lose an inheritance": "将失去一笔遗产",
    "was being blackmailed by the victim": "正被死者敲诈", "was losing a rivalry with the victim": "在与死者的竞争中落败",
    "was about to be dismissed by the victim": "即将被死者辞退", "was jealous of the victim's engagement": "因死者订婚而妒恨",
    "the museum directorship": "博物馆馆长之位", "the Hargrove prize": "秋水文艺奖", "a seat on the board": "董事会席位",
    "the harbour contract": "港口工程合同",
    "4,000 pounds": "四千块银元", "9,500 pounds": "九千五百块银元", "12,000 pounds": "一万二千块银元",
    "2,750 pounds": "两千七百五十块银元", "18,000 pounds": "一万八千块银元",
    # hometowns and cities
    "Whitby": "宁波", "Lisbon": "厦门", "Trieste": "青岛", "Bruges": "苏州", "Galway": "泉州", "Tangier": "广州",
    "Uppsala": "哈尔滨", "Porto": "福州", "Ghent": "无锡", "Valletta": "澳门", "Aberdeen": "大连",
    "Lucerne": "杭州", "Bergen": "烟台", "Dubrovnik": "汕头", "Nantes": "南通", "Krakow": "开封",
    "Odessa": "天津", "Palermo": "湛江", "Vienna": "北平", "Marseille": "上海", "Edinburgh": "南京",
    "Prague": "西安", "Naples": "香港", "Copenhagen": "沈阳", "Seville": "成都", "Antwerp": "汉口",
    "Zurich": "昆明", "Istanbul": "重庆", "Budapest": "长沙", "Florence": "扬州", "Hamburg": "九江",
    "Salzburg": "桂林",
    # pocket items
    "a brass compass": "一枚黄铜指南针", "a pressed cornflower": "一朵压干的矢车菊", "a pocket chess set": "一副袖珍象棋",
    "a tin of peppermints": "一小铁盒薄荷糖", "a folded railway timetable": "一张折好的火车时刻表",
    "a silver thimble": "一只银顶针", "a pawn ticket": "一张当票", "a child's drawing of a horse": "一张孩子画的小马",
    "a spare shoelace": "一根备用鞋带", "a stub of green sealing wax": "一截绿色火漆",
    "a key to a house you no longer own": "一把旧宅的钥匙", "a photograph with a torn corner": "一张缺了角的照片",
    "a cough lozenge in wax paper": "一颗蜡纸包着的润喉糖", "a foreign coin with a hole in it": "一枚带孔的外国硬币",
    # what one did in a quarter hour
    "turning the pages of an atlas without reading it": "心不在焉地翻地图册",
    "polishing your spectacles on your sleeve": "拿袖口擦眼镜", "counting the panes in the window": "数窗上的玻璃格",
    "writing a letter you knew you would never send": "写一封明知不会寄出的信",
    "picking at a plate of olives": "拨弄一碟橄榄", "reading the notices pinned by the door": "看门边钉着的告示",
    "warming your hands over a radiator": "凑着暖气片烘手",
    "listening to the talk in the next room without meaning to": "有一句没一句地听着隔壁屋里的谈话",
    "straightening a crooked picture frame": "扶正一个歪了的画框",
    "trying to finish a crossword someone had abandoned": "接着做别人丢下的填字游戏",
    "pouring yourself a small glass of sherry": "给自己倒一小杯雪利酒",
    "rereading the dinner invitation as if it might say something new": "把请柬翻来覆去地重读",
    "winding your wristwatch": "给手表上弦", "sketching the cornice on the back of an envelope": "拿信封背面照着天花板的线脚画速写",
    "leafing through an old photograph album": "翻一本旧相册", "sorting the matches in a matchbox by colour": "按颜色整理火柴盒里的火柴",
    "staring at your own reflection in a dark window": "望着漆黑窗玻璃里自己的影子出神", "turning a ring round and round on your finger": "把指上的戒指转来转去",
    # where one was during the day (each setting's own places: `arena/generator/scenery.py`)
    "at the breakfast table at home": "在自家的早餐桌旁", "at the post office": "在邮局", "at the barber's": "在理发店",
    "at the bank": "在银行", "in a bookshop": "在一家书店", "at the market": "在菜市场",
    "in the doctor's waiting room": "在诊所的候诊室", "in the garden at home": "在自家院子里",
    "at the railway station": "在火车站", "in a station buffet": "在车站的小食堂", "in a second-class carriage": "在二等车厢里",
    "on the branch-line train": "在支线的小火车上", "on the country bus": "在乡间的公共汽车上",
    "at a roadside inn": "在路边的客栈", "in the carrier's cart": "在捎脚的运货马车上", "in a hired car": "在租来的汽车里",
    "in a guest room upstairs": "在楼上的客房", "on the walk by the lake": "在湖边的步道上",
    "in the village church": "在镇上的老教堂", "in the tea shop in the village": "在镇上的茶室",
    "on the terrace outside": "在外面的露台上", "at the bookbinder's in the village": "在镇上的装订铺",
    "at the chemist's in the village": "在镇上的药房", "on the garden path": "在花园小径上",
    "in a first-class carriage": "在头等车厢里", "in the waiting room at the junction": "在换乘站的候车室里",
    "on the mountain railway": "在登山小火车上", "on the lake steamer": "在湖上的小轮船上",
    "in a hired car on the pass road": "在翻越山口的租车上", "in the hotel's motor from the station": "在饭店派到车站接客的汽车上",
    "in your room upstairs": "在楼上自己的房间里", "on the promenade by the lake": "在湖滨的散步道上",
    "in the pastry shop in the village": "在镇上的糕饼铺", "on the hotel terrace": "在饭店的露台上",
    "in the hotel's writing room": "在饭店的写字间", "on the path to the frozen waterfall": "在通往冰瀑的小路上",
    "on the suburban train": "在郊区的通勤火车上", "at the railway terminus": "在铁路总站", "on the underground": "在地铁上",
    "on the tram": "在有轨电车上", "upstairs on a city bus": "在市区双层公共汽车的上层", "in a taxi": "在出租汽车里",
    "in a café across the street": "在街对面的咖啡馆", "at the stage door": "在戏院的后台门口",
    "in a bookshop round the corner": "在拐角的一家书店", "in the pub on the corner": "在街角的小酒馆",
    "in a hotel room near the theatre": "在戏院附近一家旅馆的房间里", "on a bench in the square": "在广场的长椅上",
    "at the florist's opposite": "在对面的花店", "in the church across the square": "在广场对面的教堂里",
    "in the boarding house in the depot town": "在补给镇的寄宿公寓里", "at the outfitter's in the depot town": "在补给镇的装备店",
    "at the harbour office": "在港务所", "in the depot town's café": "在补给镇的咖啡馆",
    "at the post office in the depot town": "在补给镇的邮局", "at the shipping agent's": "在船运代理行",
    "in the doctor's surgery in the depot town": "在补给镇的诊所", "at the bank in the depot town": "在补给镇的银行",
    "on the supply ship": "在补给船上", "at the fuel depot": "在燃料库", "in the radio hut at the depot": "在补给点的无线电小屋里",
    "in the hangar at the airstrip": "在简易机场的机库里", "on the supply plane": "在补给飞机上",
    "in the hut at the landing strip": "在跑道边的小屋里", "on the tracked snow vehicle": "在履带雪地车上",
    "on the sledge track to the station": "在通往科考站的雪橇道上",
    "in your bunk room": "在自己的铺位间", "on the flagged path to the weather mast": "在插着路旗、通往气象桅杆的小路上",
    "in the drying room": "在烘衣间", "at the instrument hut": "在仪器棚", "on the marked route round the station": "在绕站一圈的标记路线上",
    "in the boot room": "在换靴间", "at the fuel tanks": "在油罐旁", "in the station's little gym": "在站上的小健身房",
    "in your cabin": "在自己的客舱里", "in the ship's barber's shop": "在船上的理发室",
    "at breakfast in the first-class dining room": "在头等舱餐厅用早餐", "on the sports deck": "在运动甲板上",
    "in the Turkish bath": "在土耳其浴室", "at the shop on C deck": "在丙层甲板的小商店", "in the writing room": "在船上的写字间",
    "at the swimming pool": "在游泳池边", "at the rail of the boat deck": "在艇甲板的栏杆边",
    "in a deck chair on the sun deck": "在日光甲板的躺椅上", "in the verandah café": "在游廊咖啡座", "in the gymnasium": "在健身房",
    "on a tour of the bridge": "在参观驾驶台", "at the deck-quoits court": "在甲板套圈场", "on the aft well deck": "在船尾的低甲板上",
    "at the ship's kennels": "在船上的狗舍", "at the deck tennis court": "在甲板网球场", "on the aft deck": "在后甲板上",
    "at the hairdresser's on B deck": "在乙层甲板的美发室", "at the ship's post office": "在船上的邮局",
    "in the florist's shop aboard": "在船上的花店", "on the boat deck at sunset": "在夕阳下的艇甲板上",
    "in the lift between decks": "在上下甲板之间的电梯里", "in your cabin, dressing for dinner": "在客舱里换衣服准备赴晚宴",
    # guests from outside the case on seating plans and IOUs (family names no suspect or victim has in Chinese)
    "Mr Pryce": "裴先生", "Mrs Ballard": "包太太", "Miss Lund": "龙小姐", "Dr Quist": "邱医生", "Mr Tamura": "田先生",
    "Mrs Duval": "段太太", "Miss Farrow": "傅小姐", "Mr Osei": "吴先生", "Mrs Brandt": "鲍太太", "Dr Hale": "贺医生",
    "Miss Corrigan": "郭小姐", "Mr Albescu": "毕先生", "Mrs Petrov": "彭太太", "Mr Nygaard": "倪先生",
    # furniture, what people carry, coats and hats, traces
    "piano": "钢琴", "bookshelf": "书架", "wardrobe": "衣柜", "bed": "床", "sofa": "沙发", "desk": "书桌",
    "fireplace": "壁炉", "round table": "圆桌", "safe": "保险柜", "stove": "炉子",
    "briefcase": "公文包", "handbag": "手提包", "backpack": "双肩包", "umbrella": "雨伞", "cane": "手杖",
    "navy": "藏青色", "darkred": "暗红色", "olive": "橄榄绿", "camel": "驼色", "plum": "紫红色", "teal": "墨绿色",
    "mustard": "芥黄色", "ivory": "象牙白",
    "monogrammed handkerchief": "绣着姓名缩写的手帕", "silver cufflink": "银袖扣", "pair of reading glasses": "老花镜",
    "fountain pen": "自来水笔", "silk scarf": "丝巾", "theatre ticket stub": "戏票存根", "leather glove": "皮手套",
    "engraved lighter": "刻字的打火机",
    # signatures, ledger labels
    "Dr H. Marlow, coroner": "验尸官 马海林", "Dr R. Okoye, coroner": "验尸官 欧如松", "Dr S. Ferrand, coroner": "验尸官 费少安",
    "A. Kessler, clockmaker": "钟表匠 柯安", "B. Lindt, clockmaker": "钟表匠 林柏", "P. Rusk, clockmaker": "钟表匠 陆平",
    "The vicar": "牧师", "The bank": "银行", "A cousin": "一位表亲", "The club": "俱乐部", "The tailor": "裁缝铺",
    "It keeps perfect time": "走时准确",
    "Coffee": "咖啡", "Brandy": "白兰地", "Sandwiches": "三明治", "Mineral water": "矿泉水", "Cigarettes": "香烟",
    "Tea for one": "单人茶", "Lemon tart": "柠檬挞",
}
COUNT_WORDS = {"doorway": "道门", "marker": "个标记", "room": "个房间", "bar": "根柱子", "figure": "个人",
               "empty chair": "把空椅子", "torn IOU": "张撕成两半的借据"}
MARKER_WORDS = {"red": "红色", "blue": "蓝色", "green": "绿色", "orange": "橙色", "purple": "紫色", "black": "黑色",
                "magenta": "品红色", "teal": "青色", "circle": "圆形", "square": "方形", "triangle": "三角形",
                "diamond": "菱形"}
HATS = {"none": "没戴帽子", "brimmed": "戴一顶宽檐帽", "cap": "戴一顶鸭舌帽", "beanie": "戴一顶毛线帽"}


def name(english: str) -> str:
    """The Chinese name of a person ("Ada Ashdown" -> "安雅琴") or of a victim."""
    if english in VICTIMS:
        return VICTIMS[english]
    given, _, family = english.partition(" ")
    if given not in GIVEN or family not in FAMILY:
        raise GenerationError(f"arena/generator/zh/lexicon.py: no Chinese name for {english!r} (fix: add its parts "
                              "to GIVEN and FAMILY)")
    return FAMILY[family] + GIVEN[given]


def count_label(english: str) -> str | None:
    """"3 doorways" -> "3 道门"; "15 minutes slow" -> "慢 15 分钟"; None when `english` is no such phrase."""
    number, _, rest = english.partition(" ")
    if not number.isdigit():
        return None
    if rest.startswith("minutes "):
        return f"{'慢' if rest.endswith('slow') else '快'}{number}分钟"
    noun = rest[:-1] if rest.endswith("s") and rest[:-1] in COUNT_WORDS else rest
    return f"{number}{COUNT_WORDS[noun]}" if noun in COUNT_WORDS else None


def term(english: str) -> str:
    """The Chinese form of a display value; values with no letters (times, sums, numbers) stay as they are."""
    if english in TERMS:
        return TERMS[english]
    counted = count_label(english)
    if counted is not None:
        return counted
    if english in VICTIMS or " " in english and english.partition(" ")[0] in GIVEN:
        return name(english)
    if not any(c.isascii() and c.isalpha() for c in english):
        return english
    raise GenerationError(f"arena/generator/zh/lexicon.py: no Chinese term for {english!r} (fix: add it to TERMS)")
