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
    "4,000 pounds": "四千元", "9,500 pounds": "九千五百元", "12,000 pounds": "一万二千元",
    "2,750 pounds": "两千七百五十元", "18,000 pounds": "一万八千元",
    # hometowns and cities
    "Whitby": "宁波", "Lisbon": "厦门", "Trieste": "青岛", "Bruges": "苏州", "Galway": "泉州", "Tangier": "广州",
    "Uppsala": "哈尔滨", "Porto": "福州", "Ghent": "无锡", "Valletta": "澳门", "Aberdeen": "大连",
    "Lucerne": "杭州", "Bergen": "烟台", "Dubrovnik": "汕头", "Nantes": "南通", "Krakow": "开封",
    "Odessa": "天津", "Palermo": "湛江", "Vienna": "北京", "Marseille": "上海", "Edinburgh": "南京",
    "Prague": "西安", "Naples": "香港", "Copenhagen": "沈阳", "Seville": "成都", "Antwerp": "汉口",
    "Zurich": "昆明", "Istanbul": "重庆", "Budapest": "长沙", "Florence": "扬州", "Hamburg": "九江",
    "Salzburg": "桂林",
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
    "Dr L. Achebe, coroner": "验尸官 安志远", "Dr M. Varga, coroner": "验尸官 范明德", "Dr T. Lindqvist, coroner": "验尸官 林启泰",
    "J. Moreau, clockmaker": "钟表匠 莫若", "K. Oduya, clockmaker": "钟表匠 欧达", "E. Halloran, clockmaker": "钟表匠 韩澜",
    "The vicar": "牧师", "The bank": "银行", "A cousin": "一位表亲", "The club": "俱乐部", "The tailor": "裁缝铺",
    "It keeps perfect time": "走时准确",
    "Coffee": "咖啡", "Brandy": "白兰地", "Sandwiches": "三明治", "Mineral water": "矿泉水", "Cigarettes": "香烟",
    "Tea for one": "单人茶", "Lemon tart": "柠檬挞",
}
COUNT_WORDS = {"doorway": "道门", "marker": "个标记", "room": "个房间", "bar": "根柱子", "figure": "个人",
               "empty chair": "把空椅子", "torn IOU": "张撕成两半的借据", "time": "次"}
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
