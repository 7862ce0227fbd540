"""The words that make a question's shape, in English, Ukrainian, Russian and Chinese.

Each entry is a phrase of words; a word ending in "*" is a stem ("середн*" matches
"середня", "середній"), any other word must be the whole word (English plurals aside).
Chinese entries are written as they are: each character is a word of its own. Column names
and category values are matched before these words are looked for, so "max" inside
"temp_max" is the column, not the aggregation.
"""

from __future__ import annotations

from analyst.brain.understand.query import Aggregation, Order, PeriodUnit

AGGREGATIONS: dict[Aggregation, tuple[str, ...]] = {
    "share": ("share", "percentage", "proportion", "percent", "fraction", "part of the total",
              "частк*", "відсот*", "процент*", "доля", "долю", "доли", "占比", "比例", "份额",
              "百分比"),
    "nunique": ("distinct", "unique", "different", "унікальн*", "різн*", "уникальн*",
                "различн*", "разн*", "不同", "唯一"),
    "median": ("median*", "медіан*", "медиан*", "中位数"),
    "mean": ("average*", "mean", "avg", "typical", "середн*", "средн*", "平均", "均值"),
    "min": ("minimum", "min", "мінімальн*", "минимальн*", "мінімум", "минимум", "最小值", "最小"),
    "max": ("maximum", "max", "максимальн*", "максимум", "最大值", "最大"),
    "count": ("how many", "number of", "count", "counts", "counted", "скільки", "кількість",
              "число", "сколько", "количество", "多少", "几", "个数", "次数", "天数"),
    "sum": ("total", "sum", "how much", "overall", "combined", "сума", "суму", "сумою", "суми", "сумі",
            "сумма", "сумарн*", "загальн*", "всього", "усього",
            "разом", "сумм*", "итог*", "общ*", "всего", "总和", "合计", "总计", "总额", "总"),
}
"""Order matters: "number of distinct" is nunique before count; "total" last so that
"share of the total" stays a share."""

HIGHEST = ("highest", "largest", "biggest", "greatest", "most", "top", "best", "hottest",
           "warmest", "wettest", "peak", "heaviest", "longest", "tallest", "higher", "strongest",
           "найважч*", "найдовш*", "сам* тяжел*", "сам* длинн*", "最重", "最长",
           "найбільш*", "найвищ*", "найкращ*", "топ", "наибольш*",
           "самый высокий", "самая высокая", "самой высокой", "самую высокую", "самым высоким",
           "самое высокое", "сам* высок*", "сам* больш*", "высш*", "лучш*", "最高", "最多", "前")
LOWEST = ("lowest", "smallest", "least", "fewest", "bottom", "worst", "coldest", "lightest", "weakest",
          "shortest", "lower", "найлегш*", "найкоротш*", "сам* легк*", "сам* коротк*", "最轻",
          "最短", "найменш*",
          "найнижч*", "найгірш*", "наименьш*", "самый низкий", "самая низкая",
          "самой низкой", "самую низкую", "самым низким", "самое низкое", "сам* низк*",
          "сам* маленьк*", "низш*", "худш*",
          "最低", "最少")
BUSIEST = ("busiest", "most common", "most frequent", "most popular", "commonest",
           "найзавантаженіш*", "найжвавіш*", "найпоширеніш*", "найчастіш*", "сам* загруженн*",
           "сам* распространенн*", "сам* частый", "сам* частая", "сам* частое", "最忙", "最常见")
"""The busiest day, class, shop, the most common drivetrain: the one with the most rows (a
count, highest first)."""
EXTREME_WORDS = {"maximum": "max", "max": "max", "highest": "max", "high": "max",
                 "minimum": "min", "min": "min", "lowest": "min", "low": "min",
                 "максимальна": "max", "максимальная": "max", "мінімальна": "min",
                 "минимальная": "min", "最高": "max", "最低": "min"}
"""The word before a name that picks one of two columns it names ("maximum temperature")."""
KEY_FIGURES = ("key figures", "kpi", "kpis", "key metrics", "ключові показники",
               "ключових показників", "ключевые показатели", "ключевых показателей", "关键指标",
               "核心指标")
SORTED: tuple[tuple[Order, tuple[str, ...]], ...] = (
    ("desc", ("highest first", "largest first", "від найбільшого", "по убыванию", "从高到低")),
    ("asc", ("lowest first", "smallest first", "від найменшого", "по возрастанию", "从低到高")))
"""The order a listing is asked in (the readings offered to click say it so)."""
RANKED = ("rank", "ranks", "ranked", "ranking", "рейтинг*", "ранжу*", "排名", "排行")
WHICH = ("which", "what", "who", "яка", "який", "яке", "які", "якому", "якій", "какой", "какая",
         "какое", "какие", "каком", "哪个", "哪些", "哪", "什么")
CHANGE = ("change", "changed", "growth", "grew", "grow", "difference", "increase", "decrease",
          "fell", "змін*", "зріс", "зросл*", "зрост*", "ріст", "изменени*", "измени*", "рост",
          "вырос*", "变化", "增长", "变动", "差异")

BY = ("by", "per", "each", "every", "for each", "for every", "of each", "in each",
      "broken down by", "split by", "grouped by", "breakdown by",
      "по", "за", "для кожного", "для кожної", "кожн*", "кожен", "для каждого", "для каждой", "кажд*",
      "в розрізі", "у розрізі", "в разрезе", "按", "每", "各", "分")
"""A grouping follows these words ("by Origin", "по регіонах", "按地区")."""
WITHIN = ("within", "межах", "внутри", "пределах", "内")
"""A grouped share of the rows meeting a condition, taken of each group's own rows ("share
of women within each rank")."""
SPLIT = ("split", "breakdown", "distribution", "distributed", "spread", "розподіл*",
         "распредел*", "分布")
"""A grouped share of the rows meeting a condition, taken of those rows ("survivors split by
class": of the survivors, those of each class)."""
WHOLE_WORDS = frozenset(("each", "one", "them", "among", "кожної", "групи", "між", "групами",
                         "каждой", "группы", "между", "группами", "组", "间"))
"""Words after WITHIN or SPLIT that only say of what ("within each one", "між групами")."""
ROW_WORDS = ("day", "date", "row", "record", "entry", "день", "дня", "дні", "днів", "дата",
             "рядок", "строка", "запис", "запис*", "天", "日", "行", "记录")
""""Which day was the hottest": the rows themselves, not a group."""

PERIODS: dict[PeriodUnit, tuple[str, ...]] = {
    "day": ("day", "days", "date", "день", "дня", "днях", "днями", "днів", "дням", "дні", "天",
            "日"),
    "week": ("week", "тиждень", "тижн*", "тижд*", "недел*", "周", "星期"),
    "month": ("month", "місяц*", "місяч*", "месяц*", "月"),
    "quarter": ("quarter", "квартал*", "季度", "季"),
    "year": ("year", "рік", "роках", "року", "роки", "років", "роками", "год", "года", "годам",
             "годах", "годы", "лет", "年"),
}
"""After a grouping word only ("by month", "по місяцях"): "how many days" counts rows."""
ADVERB_PERIODS: dict[PeriodUnit, tuple[str, ...]] = {
    "day": ("daily", "щоденн*", "ежедневн*", "每日", "每天"),
    "week": ("weekly", "щотижн*", "еженедельн*", "每周"),
    "month": ("monthly", "помісячн*", "щомісячн*", "помесячн*", "ежемесячн*", "每月", "月度"),
    "quarter": ("quarterly", "поквартальн*", "щоквартальн*", "ежеквартальн*", "每季度", "季度"),
    "year": ("yearly", "annual", "annually", "щорічн*", "ежегодн*", "每年", "年度"),
}

GREATER = ("more than", "greater than", "over", "above", "exceeding", "exceeds", "higher than",
           "older than", "longer than",
           "bigger than", "larger than", "більше ніж", "більше за", "більше", "понад", "вище",
           "більш ніж", "больше чем", "больше", "более", "свыше", "выше", "大于", "超过", "高于",
           "多于")
AT_LEAST = ("at least", "not less than", "щонайменше", "не менше", "не менее", "как минимум",
            "至少", "不少于")
LESS = ("less than", "fewer than", "under", "below", "lower than", "smaller than",
        "younger than", "shorter than",
        "менше ніж", "менше за", "менше", "нижче", "менш ніж", "меньше чем", "меньше", "менее",
        "ниже", "小于", "低于", "少于", "不到")
AT_MOST = ("at most", "no more than", "не більше", "не более", "至多", "不超过")
AT_LEAST_AFTER = ("or more", "or higher", "or above", "or greater", "or older", "or over",
                  "and more", "and above", "and up", "and over", "and higher", "and older",
                  "і більше", "або більше", "і вище", "та більше", "й більше", "и более",
                  "или более", "и больше", "или больше", "и выше", "и старше", "及以上", "以上")
AT_MOST_AFTER = ("or less", "or fewer", "or lower", "or below", "or under", "or younger",
                 "and less", "and below", "and under", "and lower", "and younger", "і менше",
                 "або менше", "і нижче", "та менше", "и менее", "или менее", "и меньше",
                 "или меньше", "и ниже", "及以下", "以下")
"""Said after a number, they bound it as "at least"/"at most" do before one: "30 or more"."""

NEEDS_MODEL = ("why", "explain", "predict", "forecast", "what if", "should", "чому", "поясни*",
               "прогноз*", "почему", "объясни*", "为什么", "预测", "解释", "напиши*", "write")
"""Causes and forecasts need reasoning, not a query: the answer says a model is needed."""

STOP = ("the", "a", "an", "of", "in", "on", "for", "and", "is", "are", "was", "were", "what",
        "to", "with", "me", "show", "give", "list", "tell", "do", "does", "did", "there", "have",
        "has", "had", "we", "our", "all", "value", "values", "per", "by", "each", "every",
        "how", "many", "much", "number", "from", "between", "than", "more", "less", "over",
        "under", "which", "where", "when", "at", "as", "it", "its", "this", "that", "be",
        "у", "в", "на", "і", "и", "та", "з", "с", "із", "зі", "со", "до", "по", "за", "для", "що",
        "что", "покажи", "скільки", "має", "мають", "имеет", "имеют", "的", "是", "了",
        "和", "吗", "呢", "？")
"""Words that never name a column on their own (a name made only of them must be said whole)."""

GENERIC = ("day", "row", "record", "entry", "time", "item", "thing", "data", "table", "file",
           "there", "be", "been", "got", "get", "день", "дні", "днів", "дня", "дней", "днях", "дням", "рядк*", "строк*",
           "запис*", "дан*", "значен*", "天", "条", "行", "个", "数", "据", "表", "有", "少", "在", "中", "是否")
"""Nouns a question counts or points at without naming anything in the table ("the value
of": "середнє значення nonfarm" asks for the average of nonfarm, nothing more)."""

MONEY_WORDS = ("revenue", "sales", "turnover", "income", "takings", "виручк*", "выручк*", "дохід",
               "доход*", "продаж*", "оборот*", "收入", "销售额", "营收", "营业额", "营业收入",
               "spent", "spend", "spends", "spending", "paid", "money", "гроші", "грошей",
               "деньги", "денег", "钱", "invoiced", "billed", "worth")
"""Words for the money a table earns: said of its one money column when no column has that
name ("average revenue by month" on a table whose money column is "Amount" or "Revenue" in
another language: "середня виручка за місяцями" on "Revenue"). What a customer "spent" or
"paid" is that money too: "which customer spent the most" had counted each one's rows."""

PRICE_VERBS = ("cost", "costs", "costing", "priced", "коштує", "коштують", "коштувал*",
               "стоит", "стоят", "стоил*", "售价", "卖")
"""Verbs of what a thing costs: said of the table's one price column ("cost over 3000")."""
PRICE_NAMES = ("price*", "msrp", "ціна", "ціни", "цін*", "цена", "цены", "цен*", "价格", "售价",
               "单价")
"""Words naming a price column."""
NOT_EARNED_WORDS = ("cost*", "cogs", "expense*", "purchase*", "price*", "unit*", "discount*",
                    "tax*", "vat", "собіварт*", "витрат*", "закуп*", "ціна", "ціни", "знижк*",
                    "себестоим*", "затрат*", "расход*", "цена", "цены", "скидк*", "成本",
                    "费用", "单价", "价格", "折扣", "税")
"""Words of a money column that is not what the table earns ("Cost of sales", "Unit price"):
beside a "Revenue", a money word of the question is never said of it."""

QUARTER_WORDS = {"first": 1, "second": 2, "third": 3, "fourth": 4, "перш*": 1, "друг*": 2,
                 "трет*": 3, "четверт*": 4, "перв*": 1, "втор*": 2, "一": 1, "二": 2, "三": 3,
                 "四": 4}

MONTHS: dict[int, tuple[str, ...]] = {
    1: ("january", "jan", "січ*", "январ*", "一月"), 2: ("february", "feb", "лют*", "феврал*", "二月"),
    3: ("march", "mar", "берез*", "март*", "三月"), 4: ("april", "apr", "квіт*", "апрел*", "四月"),
    5: ("may", "травн*", "травень", "мая", "май", "五月"), 6: ("june", "jun", "черв*", "июн*", "六月"),
    7: ("july", "jul", "лип*", "июл*", "七月"), 8: ("august", "aug", "серп*", "август*", "八月"),
    9: ("september", "sep", "sept", "верес*", "сентябр*", "九月"),
    10: ("october", "oct", "жовт*", "октябр*", "十月"),
    11: ("november", "nov", "листопад*", "ноябр*", "十一月"),
    12: ("december", "dec", "груд*", "декабр*", "十二月"),
}

NOT = ("not including", "not counting", "leaving out", "excl", "not", "except", "excluding",
       "exclude", "other than", "besides", "apart from",
       "aside from", "isn t", "isnt", "without", "не", "крім", "окрім", "за винятком", "без",
       "кроме", "за исключением", "除了", "不是", "非", "不包括", "排除")
"""Said right before a category value, it keeps the rows without it ("not USA", "крім Європи")."""
BETWEEN = (("between", ("and",)), ("from", ("to",)), ("від", ("до",)), ("між", ("і", "та")),
           ("от", ("до",)), ("между", ("и",)), ("介于", ("和", "与", "到")), ("在", ("到", "和")))
"""A range of a number column, both ends kept: "between 100 and 200" is 100 <= x <= 200."""

FILLERS = ("had", "having", "been", "were", "was", "will", "would", "can", "could", "please",
           "i", "you", "my", "us", "know", "want", "need", "see", "find", "get", "calculate",
           "compute", "work out", "figure out", "let", "let s", "whole", "entire", "dataset",
           "overall", "recorded", "observed", "listed", "available", "those", "who", "whose",
           "come", "comes", "came", "strongly", "strength", "closely",
           "ones", "paid", "spent", "scored", "weighed", "тих", "хто", "тех", "кто", "які",
           "among", "amongst", "серед", "среди", "від", "от", "припадає", "приходится",
           "заплатил*", "платил*", "заплатив*", "витратил*", "між", "между",
           "мав", "мала", "мало", "мали", "має", "був", "була", "було", "були", "є",
           "покажи", "покажіть", "порахуй", "порахуйте", "обчисли", "знайди", "дай", "мені",
           "будь ласка", "имел", "имела", "имело", "имели", "был", "была", "было", "были",
           "есть", "покажите", "посчитай", "посчитайте", "вычисли", "найди", "дай", "мне",
           "пожалуйста", "де", "где", "only", "лише", "тільки", "только", "请", "仅",
           "只", "显示", "计算", "告诉", "我", "一下", "多少")
"""Words that carry no condition, measure or grouping: verbs of asking and having."""
NAME_TAILS = ("type", "types", "kind", "kinds", "name", "names", "category", "categories",
              "price", "prices", "level", "levels", "status", "value", "values", "field",
              "reading", "readings", "measurement", "measurements", "entry", "entries",
              "column", "size", "sizes", "тип*", "вид*", "назв*", "стовп*", "столб*", "рівен*", "уровен*",
              "类型", "种类", "名称")
"""Said after a column's name, they only say what the column holds ("weather type",
"closing price", "region name"): honoured by the column itself."""

CJK_FILLERS = frozenset("的是了吗呢请我们你给看下一共有多少几个条行数据表中在值与和及种为其名")
"""Chinese characters that ask without saying anything: any other one left over is a word
the reading did not honour."""

STATISTIC_WORDS: dict[Aggregation, tuple[str, ...]] = {
    "missing": ("missing", "blank", "blanks", "empty", "null", "nulls", "пропуск*", "пропущен*",
                "порожн*", "незаповнен*", "пуст*", "незаполнен*", "缺失", "空值", "空白"),
    "std": ("standard deviation", "standard dev", "std deviation", "std dev", "std", "stdev",
            "stddev", "sd", "стандартн* відхилен*",
            "середньоквадратичн* відхилен*", "стандартн* отклонени*",
            "среднеквадратичн* отклонени*", "标准差"),
    "var": ("variance", "дисперсі*", "дисперси*", "方差"),
    "spearman": ("spearman*", "rank correlation", "спірмен*", "спирмен*", "斯皮尔曼", "秩相关"),
    "pearson": ("pearson s r", "pearson r", "pearson*", "correlation", "correlations",
                "correlated", "correlate", "corr",
                "кореляц*", "корелю*", "корельован*", "корреляц*", "коррелир*", "пірсон*",
                "пирсон*", "皮尔逊", "相关系数", "相关性", "相关"),
}
"""The statistics beyond totals and averages, looked for before them: "how many missing
values" is a count of blanks, not of rows; "середньоквадратичне відхилення" is not a mean."""

PERCENTILE_WORDS = ("percentile*", "quantile*", "перцентил*", "процентил*", "квантил*",
                    "百分位数", "百分位", "分位数", "分位")
QUARTILE_WORDS = ("quartile*", "квартил*", "四分位数", "四分位")
"""Quartiles are the 25th, 50th and 75th percentiles."""

UNSUPPORTED_MEASURES = ("mode", "modal", "skew*", "kurtosis", "cagr", "compound annual growth*",
                        "geometric mean", "harmonic mean", "coefficient of variation",
                        "interquartile range", "iqr", "мода", "моду", "моди", "асиметрі*",
                        "асимметри*", "ексцес*", "эксцесс*", "середнє геометричне",
                        "среднее геометрическое", "众数", "偏度", "峰度", "复合增长率",
                        "变异系数", "几何平均")
"""Measures people ask for that no recipe computes: declined by name, never replaced by a
total or a maximum."""
