"""Data for reading the request: function words, number words, units, currencies, places, languages.

Only data lives here; words.py and entities.py hold the logic that reads it. Every table
has English and Korean entries, because learners write in both.
"""

from __future__ import annotations

# fmt: off

# --- Words (words.py) ----------------------------------------------------------------------

# English function words: dropped from the content words (negations are kept: they carry meaning).
STOP_WORDS_EN = frozenset("""
a an the this that these those of to in on at for with by from into onto about as than then
and or but if so because while of up down out off over under via per
is are was were be been being am do does did done doing have has had having
i me my mine myself you your yours yourself he him his she her hers it its itself
we us our ours they them their theirs what which who whom whose when where why how
can could would should shall will may might must let lets let's please pls
just also too very really some any each every all both either neither there here
i'm i'd i'll i've you're you'd you'll it's that's what's there's
hi hey hello okay ok oh um uh yes yeah yep nope bye thanks thank
""".split())

# English negations: kept as one content word, lemma "not" ("don't send" is not "send").
NEGATIONS_EN = frozenset(
    "not no never don't doesn't didn't can't cannot won't isn't aren't wasn't weren't shouldn't "
    "wouldn't couldn't mustn't haven't hasn't hadn't dont doesnt didnt cant wont isnt".split()
)

# Korean tags from kiwipiepy mapped to the coarse part of speech (tags not listed are dropped).
KIWI_TAGS = {
    "NNG": "NOUN", "NNB": "NOUN", "NNP": "PROPN", "NR": "NUM", "SN": "NUM", "SH": "NOUN",
    "VV": "VERB", "VV-R": "VERB", "VV-I": "VERB", "VA": "ADJ", "VA-R": "ADJ", "VA-I": "ADJ",
    "XR": "ADJ", "MAG": "ADV", "IC": "OTHER", "SL": "OTHER", "W_URL": "OTHER",
    "W_EMAIL": "OTHER", "W_HASHTAG": "OTHER", "W_MENTION": "OTHER", "W_SERIAL": "OTHER",
}

# Korean words that carry no content even though their tag would keep them.
STOP_WORDS_KO = frozenset(
    "것 수 거 줄 데 바 듯 때문 좀 그냥 막 또 더 잘 꼭 제발 혹시 이제 그럼 뭐 무엇 어떻게".split()
)

# Korean particles, longest first, stripped from word ends by the fallback reader.
KO_PARTICLES = (
    "에게서", "한테서", "으로는", "에서는", "에서도", "이라고", "에서", "에게", "한테", "으로",
    "하고", "까지", "부터", "처럼", "보다", "이랑", "이나", "께서", "라고", "은", "는", "이",
    "가", "을", "를", "에", "로", "와", "과", "랑", "도", "만", "의", "께", "나",
)

# Korean endings of noun-and-하다 verbs ("예약해줘"): the fallback reader keeps the noun.
KO_HADA_ENDINGS = (
    "해주시겠어요", "해주세요", "해줄래", "해줘요", "해줘", "해요", "하자", "하기", "하고", "해",
    "하다", "할래",
)

# Korean verb endings, longest first: the fallback reader keeps the stem and adds 다.
KO_VERB_ENDINGS = (
    "주시겠어요", "주세요", "줄래요", "줄래", "줘요", "줘", "세요", "고", "게", "기", "자",
)

# --- Numbers ---------------------------------------------------------------------------------

NUMBER_WORDS_EN = {
    "zero": 0, "one": 1, "two": 2, "three": 3, "four": 4, "five": 5, "six": 6, "seven": 7,
    "eight": 8, "nine": 9, "ten": 10, "eleven": 11, "twelve": 12, "thirteen": 13,
    "fourteen": 14, "fifteen": 15, "sixteen": 16, "seventeen": 17, "eighteen": 18,
    "nineteen": 19, "twenty": 20, "thirty": 30, "forty": 40, "fifty": 50, "sixty": 60,
    "seventy": 70, "eighty": 80, "ninety": 90,
}
SCALE_WORDS_EN = {"hundred": 100, "thousand": 1000, "million": 1_000_000,
                  "billion": 1_000_000_000, "dozen": 12}

# English fractions: a denominator's name -> its value ("three quarters" = 3/4, "a third").
FRACTION_WORDS_EN = {
    "half": 2, "halves": 2, "third": 3, "thirds": 3, "quarter": 4, "quarters": 4, "fourth": 4,
    "fourths": 4, "fifth": 5, "fifths": 5, "tenth": 10, "tenths": 10,
}
# English ordinals, read as the number they count ("the third episode" = 3). "second" is left
# out: it is also a unit of time.
ORDINALS_EN = {
    "first": 1, "third": 3, "fourth": 4, "fifth": 5, "sixth": 6, "seventh": 7, "eighth": 8,
    "ninth": 9, "tenth": 10, "eleventh": 11, "twelfth": 12,
}
# Korean day counts said in native words ("사흘 뒤" = in 3 days, "열흘 동안").
KO_DAY_COUNTS = {"하루": 1, "이틀": 2, "사흘": 3, "나흘": 4, "닷새": 5, "엿새": 6, "이레": 7,
                 "열흘": 10, "보름": 15, "일주일": 7}
# Parts of a day said as one word, in seconds: 반나절 is half a working day (a
# half-day rental or shift, about four hours), 하룻밤 one night's stay.
KO_DAY_PART_SPANS = {"반나절": 14_400, "하룻밤": 86_400}
# Native Korean numerals, counted with a counter word after them ("세 명", "스무 개").
KO_NATIVE_TENS = {"열": 10, "스물": 20, "스무": 20, "서른": 30, "마흔": 40, "쉰": 50}
KO_NATIVE_ONES = {
    "한": 1, "하나": 1, "두": 2, "둘": 2, "세": 3, "셋": 3, "석": 3, "네": 4, "넷": 4, "넉": 4,
    "다섯": 5, "여섯": 6, "일곱": 7, "여덟": 8, "아홉": 9, "첫": 1,
}
# Sino-Korean multipliers written after digits ("3만" = 30000, "2억").
KO_SCALES = {"십": 10, "백": 100, "천": 1000, "만": 10_000, "억": 100_000_000}
# Sino-Korean digits, read with KO_SCALES ("오천" = 5000, "삼십" = 30).
KO_SINO_DIGITS = {"일": 1, "이": 2, "삼": 3, "사": 4, "오": 5, "육": 6, "칠": 7, "팔": 8, "구": 9}
# Counter words a native numeral is read before ("세 명", "두 자리", "열 줄").
KO_COUNTERS = frozenset(
    "명 개 시간 시 번 잔 장 권 마리 대 살 병 분 달 주 곳 가지 사람 통 군데 인분 초 박 개월 "
    "줄 송이 봉지 켤레 벌 그릇 캔 팩 상자 판 알 쪽 자루 포기 배 자리 좌석 층 세트 페이지 "
    "글자 곡 편 짝 쌍 롤 발 채 척 그루 다발 묶음 접시 조각 차례 건 칸 매 바퀴 회 타석 코스 "
    "컷 타래 단 톨 줌 공기 첩 토막 가닥 스푼 큰술 작은술 박스 마디 뭉치 포대 꾸러미 봉투 숟가락 "
    "모금".split()
)

# What a number counts, by the noun or counter after it, for parameters named after what they
# count: "a 20-character password" is its length, "16자리" too; "두 개" counts how many.
MEASURED_BY = {
    "length": "character characters char chars letter letters digit digits 자 자리 글자 문자",
    "count": "개 가지 item items piece pieces copy copies 장",
}
# Parameter name parts that mean how many (they take what the generic counters count).
COUNT_NAMES = frozenset("count many quantity qty number num amount copies".split())

# --- Units -----------------------------------------------------------------------------------

# Unit names as written (lowercase; Korean as is) -> canonical unit.
UNITS = {
    "km": "km", "kms": "km", "kilometer": "km", "kilometers": "km", "kilometre": "km",
    "kilometres": "km", "킬로미터": "km", "킬로": "km", "키로": "km",
    "m": "m", "meter": "m", "meters": "m", "metre": "m", "metres": "m", "미터": "m",
    "cm": "cm", "centimeter": "cm", "centimeters": "cm", "centimetre": "cm",
    "centimetres": "cm", "센티미터": "cm", "센티": "cm", "센치": "cm",
    "mm": "mm", "millimeter": "mm", "millimeters": "mm", "밀리미터": "mm", "밀리": "mm",
    "cc": "ml", "씨씨": "ml", "미리": "ml",  # spoken millilitres ("우유 200미리", "100cc")
    "mi": "mile", "mile": "mile", "miles": "mile", "마일": "mile",
    "ft": "foot", "foot": "foot", "feet": "foot", "피트": "foot",
    "inch": "inch", "inches": "inch", "인치": "inch",
    "yd": "yard", "yard": "yard", "yards": "yard", "야드": "yard",
    "kg": "kg", "kgs": "kg", "kilo": "kg", "kilos": "kg", "kilogram": "kg", "kilograms": "kg",
    "킬로그램": "kg", "g": "g", "gram": "g", "grams": "g", "그램": "g",
    "mg": "mg", "milligram": "mg", "milligrams": "mg", "밀리그램": "mg",
    "lb": "lb", "lbs": "lb", "pound": "lb", "pounds": "lb", "파운드": "lb",
    "oz": "ounce", "ounce": "ounce", "ounces": "ounce", "온스": "ounce",
    "l": "liter", "liter": "liter", "liters": "liter", "litre": "liter", "litres": "liter",
    "리터": "liter", "ml": "ml", "milliliter": "ml", "milliliters": "ml", "millilitre": "ml",
    "밀리리터": "ml", "gal": "gallon", "gallon": "gallon", "gallons": "gallon", "갤런": "gallon",
    "cup": "cup", "cups": "cup", "컵": "cup",
    "tbsp": "tablespoon", "tablespoon": "tablespoon", "tablespoons": "tablespoon",
    "큰술": "tablespoon", "스푼": "tablespoon", "tsp": "teaspoon", "teaspoon": "teaspoon",
    "teaspoons": "teaspoon", "작은술": "teaspoon", "pint": "pint", "pints": "pint",
    "quart": "quart", "quarts": "quart", "fl oz": "ounce", "fluid ounce": "ounce",
    "fluid ounces": "ounce",
    "°c": "celsius", "℃": "celsius", "celsius": "celsius", "degrees celsius": "celsius",
    "degree celsius": "celsius", "섭씨": "celsius", "도": "celsius",
    "°f": "fahrenheit", "℉": "fahrenheit", "fahrenheit": "fahrenheit",
    "degrees fahrenheit": "fahrenheit", "degree fahrenheit": "fahrenheit", "화씨": "fahrenheit",
    "kelvin": "kelvin", "켈빈": "kelvin",
    "°": "degree", "degree": "degree", "degrees": "degree", "deg": "degree",
    "%": "percent", "percent": "percent", "per cent": "percent", "퍼센트": "percent",
    "프로": "percent",
    "byte": "byte", "bytes": "byte", "바이트": "byte",
    "kb": "KB", "kilobyte": "KB", "kilobytes": "KB", "킬로바이트": "KB",
    "mb": "MB", "megabyte": "MB", "megabytes": "MB", "메가바이트": "MB", "메가": "MB",
    "gb": "GB", "gigabyte": "GB", "gigabytes": "GB", "기가바이트": "GB", "기가": "GB",
    "tb": "TB", "terabyte": "TB", "terabytes": "TB", "테라바이트": "TB", "테라": "TB",
    "km/h": "km/h", "kph": "km/h", "mph": "mph", "m/s": "m/s",
    "kcal": "kcal", "calorie": "kcal", "calories": "kcal", "칼로리": "kcal",
    "평": "pyeong", "acre": "acre", "acres": "acre", "hectare": "hectare", "hectares": "hectare",
}

# Units by what they measure, with their size in that dimension's base unit (metres, grams,
# millilitres, km/h, a whole): an amount converts between units of one dimension.
UNIT_SIZES = {
    "km": ("length", 1000.0), "m": ("length", 1.0), "cm": ("length", 0.01),
    "mm": ("length", 0.001), "mile": ("length", 1609.344), "foot": ("length", 0.3048),
    "inch": ("length", 0.0254), "yard": ("length", 0.9144),
    "kg": ("mass", 1000.0), "g": ("mass", 1.0), "mg": ("mass", 0.001),
    "lb": ("mass", 453.59237), "ounce": ("mass", 28.349523125),
    "liter": ("volume", 1000.0), "ml": ("volume", 1.0), "gallon": ("volume", 3785.411784),
    "cup": ("volume", 240.0), "tablespoon": ("volume", 15.0), "teaspoon": ("volume", 5.0),
    "pint": ("volume", 473.176), "quart": ("volume", 946.353),
    "km/h": ("speed", 1.0), "mph": ("speed", 1.609344), "m/s": ("speed", 3.6),
    "fraction": ("share", 1.0), "percent": ("share", 0.01),
}  # fmt: skip
# Dimensions whose amounts add up: "two glasses, 250 ml each" is 500 ml (not shares, speeds
# or temperatures).
ADDITIVE_DIMENSIONS = frozenset({"length", "mass", "volume"})
# Units that are containers too: "three cups of water, 200 ml each" counts three cups.
COUNTED_UNITS = frozenset({"cup"})
# Choices written as abbreviations, and the word each stands for ("L" is large).
ENUM_ABBREVIATIONS = {"xs": "extra small", "s": "small", "m": "medium", "l": "large",
                      "xl": "extra large", "lo": "low", "med": "medium", "hi": "high",
                      "std": "standard"}  # fmt: skip
# Choices of how often, by the period they repeat in ("한 달에", "a week", "매일" say one).
FREQUENCY_PERIODS = {
    "day": "day", "daily": "day", "하루": "day", "날": "day", "일": "day",
    "week": "week", "weekly": "week", "주": "week", "일주일": "week",
    "month": "month", "monthly": "month", "달": "month", "월": "month",
    "year": "year", "yearly": "year", "annually": "year", "해": "year", "년": "year",
}  # fmt: skip
FREQUENCY_MEMBERS = {
    "day": frozenset("daily day everyday every_day 매일 일간 하루".split()),
    "week": frozenset("weekly week every_week 매주 주간".split()),
    "month": frozenset("monthly month every_month 매달 매월 월간".split()),
    "year": frozenset("yearly annually annual year every_year 매년 연간".split()),
}
# Sino-Korean prefixes of degree (저온 low heat, 고속 high speed, 강풍 strong wind) and the
# English and Korean words that say the same degree.
DEGREE_PREFIXES = {"저": "low", "중": "medium", "고": "high", "약": "weak", "강": "strong",
                   "소": "small", "대": "large"}  # fmt: skip
DEGREE_WORDS = {
    "low": "low", "lower": "low", "낮은": "low", "낮게": "low", "낮다": "low",
    "medium": "medium", "mid": "medium", "middle": "medium", "중간": "medium",
    "high": "high", "higher": "high", "높은": "high", "높게": "high", "높다": "high",
    "weak": "weak", "gentle": "weak", "mild": "weak", "약하게": "weak", "약한": "weak",
    "약하다": "weak", "strong": "strong", "강하게": "strong", "강한": "strong", "강하다": "strong",
    "small": "small", "작은": "small", "작다": "small", "large": "large", "big": "large",
    "큰": "large", "크다": "large",
}  # fmt: skip
# Parts of a parameter's name that say it holds identifiers ("order_ids", "tracking_numbers").
IDENTIFIER_NAME_PARTS = frozenset("id ids code codes number numbers no nos sku skus".split())
# Counters of occasions, not of things: "한 번에 80g씩" is a serving, however many times a day.
OCCASION_COUNTERS = frozenset({"번", "회", "차례", "time", "times", "serving", "dose"})
# Temperature scales: (scale, offset) so that celsius = (value - offset) * scale.
TEMPERATURE_SCALES = {"celsius": (1.0, 0.0), "fahrenheit": (5 / 9, 32.0), "kelvin": (1.0, 273.15)}
# Short unit words parameter names use beyond UNITS ("fuel_pct", "temp_c", "speed_kmh").
PARAMETER_UNIT_WORDS = {"pct": "percent", "percentage": "percent", "percent": "percent",
                        "kmh": "km/h", "lbs": "lb", "kgs": "kg", "meters": "m", "metres": "m"}
# Letters that name a temperature scale only in a temperature's name ("temp_c", "temp_f").
TEMPERATURE_LETTERS = {"c": "celsius", "f": "fahrenheit", "k": "kelvin"}

# "킬로" is a kilometre or a kilogram: a kilogram when the request weighs something.
KILO_WORDS = ("킬로", "키로")
WEIGHT_CONTEXT_KO = ("무게", "몸무게", "체중", "빠졌", "빠져", "쪘", "감량", "수하물", "짐", "택배",
                     "쌀", "고기", "파운드", "그램", "온스", "kg", "lb")

# Money counted in a larger or smaller unit than one (a description says so): the size of that
# unit, in the currency's ones ("만 원 단위": 12억 is 120000; "in cents": $5.20 is 520).
MONEY_UNITS = {
    "만 원 단위": 10_000, "만원 단위": 10_000, "만 원": 10_000, "천 원 단위": 1000,
    "천원 단위": 1000, "in thousands": 1000, "thousands of": 1000, "in millions": 1_000_000,
    "millions of": 1_000_000, "in cents": 0.01, "cents": 0.01, "센트": 0.01,
}  # fmt: skip

# Words that say an amount goes out or down (a parameter "negative to remove" takes it negative).
REMOVAL_WORDS = ("write off", "written off", "remove", "broke", "broken", "lost", "damaged",
                 "sold", "used up", "take out", "took out", "subtract", "decrease", "reduce",
                 "빼", "줄여", "깨졌", "깨져", "파손", "분실", "잃어버", "팔았", "출고", "폐기")

# Unit names that name a unit even without an amount ("convert it to miles", "섭씨로").
UNITS_NAMED_ALONE = frozenset("""
km kilometer kilometers kilometre kilometres mile miles meter meters metre metres centimeters
centimetres millimeters inches feet yards kg kilo kilos kilogram kilograms grams lbs pound pounds
ounces oz liter liters litre litres milliliters ml gallons celsius fahrenheit kelvin mph kph
percent bytes kilobytes megabytes gigabytes terabytes
킬로미터 미터 센티미터 밀리미터 마일 피트 인치 야드 킬로그램 그램 파운드
온스 리터 밀리리터 갤런 섭씨 화씨 켈빈 퍼센트
""".split())
# Words after "5k" that make it a distance in kilometres (a race), not five thousand.
RACE_WORDS = frozenset("run runs race races walk jog marathon fun-run ride swim".split())
# Time units (English and Korean) -> seconds: a number before one of them is a duration.
TIME_UNITS = {
    "s": 1, "sec": 1, "secs": 1, "second": 1, "seconds": 1, "초": 1,
    "min": 60, "mins": 60, "minute": 60, "minutes": 60, "분": 60,
    "h": 3600, "hr": 3600, "hrs": 3600, "hour": 3600, "hours": 3600, "시간": 3600,
    "day": 86_400, "days": 86_400, "일간": 86_400, "일 동안": 86_400, "일동안": 86_400,
    "night": 86_400, "nights": 86_400, "박": 86_400,  # a stay's nights ("2박", "4 nights")
    "week": 604_800, "weeks": 604_800, "주일": 604_800, "주간": 604_800,
    "fortnight": 1_209_600, "fortnights": 1_209_600,
    "month": 2_592_000, "months": 2_592_000, "mo": 2_592_000, "mos": 2_592_000,
    "개월": 2_592_000, "달": 2_592_000,
    "year": 31_536_000, "years": 31_536_000, "yr": 31_536_000, "yrs": 31_536_000,
    "년": 31_536_000, "년간": 31_536_000, "년 동안": 31_536_000,
}
YEAR_SECONDS = 31_536_000  # a span of years; "2025년" is a calendar year, not 2025 of them
LONGEST_SPAN_OF_YEARS = 99
# The compact letters of "1h30m" / "2m30s".
COMPACT_TIME_UNITS = {"h": 3600, "m": 60, "s": 1}

# --- Money -----------------------------------------------------------------------------------

# ISO 4217 codes recognised as currencies (the common ones).
CURRENCY_CODES = frozenset(
    "USD EUR JPY KRW GBP CNY CHF CAD AUD NZD HKD SGD TWD THB VND INR IDR PHP MYR MXN BRL ARS "
    "RUB TRY ZAR SEK NOK DKK PLN CZK HUF ILS AED SAR EGP NGN KES CLP COP PEN UAH".split()
)
# Currency symbols written before (or after) an amount.
CURRENCY_SYMBOLS = {"$": "USD", "US$": "USD", "€": "EUR", "£": "GBP", "¥": "JPY", "￥": "JPY",
                    "₩": "KRW", "￦": "KRW", "₹": "INR", "₽": "RUB", "₺": "TRY", "₫": "VND",
                    "₱": "PHP", "฿": "THB", "元": "CNY", "C$": "CAD", "A$": "AUD", "HK$": "HKD"}
# Currency names (lowercase English, Korean as is) -> ISO code.
CURRENCY_NAMES = {
    "dollar": "USD", "dollars": "USD", "us dollar": "USD", "us dollars": "USD", "buck": "USD",
    "bucks": "USD", "euro": "EUR", "euros": "EUR", "yen": "JPY", "japanese yen": "JPY",
    "won": "KRW", "korean won": "KRW", "pound sterling": "GBP", "pounds sterling": "GBP",
    "british pound": "GBP", "british pounds": "GBP", "sterling": "GBP", "yuan": "CNY",
    "renminbi": "CNY", "rmb": "CNY", "franc": "CHF", "francs": "CHF", "swiss franc": "CHF",
    "swiss francs": "CHF", "canadian dollar": "CAD", "canadian dollars": "CAD",
    "australian dollar": "AUD", "australian dollars": "AUD", "hong kong dollar": "HKD",
    "hong kong dollars": "HKD", "singapore dollar": "SGD", "singapore dollars": "SGD",
    "rupee": "INR", "rupees": "INR", "indian rupee": "INR", "indian rupees": "INR",
    "baht": "THB", "dong": "VND", "peso": "MXN", "pesos": "MXN", "mexican peso": "MXN",
    "mexican pesos": "MXN", "real": "BRL", "reais": "BRL", "ruble": "RUB", "rubles": "RUB",
    "rouble": "RUB", "roubles": "RUB", "lira": "TRY", "rand": "ZAR", "krona": "SEK",
    "kronor": "SEK", "krone": "NOK", "zloty": "PLN", "shekel": "ILS", "shekels": "ILS",
    "dirham": "AED", "dirhams": "AED", "riyal": "SAR", "new taiwan dollar": "TWD",
    "달러": "USD", "미국 달러": "USD", "미화": "USD", "불": "USD", "유로": "EUR", "유로화": "EUR",
    "엔": "JPY", "엔화": "JPY", "일본 엔": "JPY", "원": "KRW", "원화": "KRW", "한국 원": "KRW",
    "위안": "CNY", "위안화": "CNY", "파운드화": "GBP", "영국 파운드": "GBP",
    "프랑": "CHF", "스위스 프랑": "CHF", "캐나다 달러": "CAD", "호주 달러": "AUD",
    "홍콩 달러": "HKD", "싱가포르 달러": "SGD", "루피": "INR", "바트": "THB",
    "페소": "MXN", "루블": "RUB", "리라": "TRY", "quid": "GBP",
}
# A country's money said as "the country's money" (한국 돈, Japanese money): its currency.
CURRENCY_OF_COUNTRY = {
    "KR": "KRW", "JP": "JPY", "US": "USD", "CN": "CNY", "GB": "GBP", "HK": "HKD", "TW": "TWD",
    "SG": "SGD", "TH": "THB", "VN": "VND", "PH": "PHP", "ID": "IDR", "MY": "MYR", "IN": "INR",
    "AE": "AED", "TR": "TRY", "FR": "EUR", "DE": "EUR", "IT": "EUR", "ES": "EUR", "PT": "EUR",
    "NL": "EUR", "IE": "EUR", "CA": "CAD", "MX": "MXN", "AU": "AUD", "NZ": "NZD", "MO": "MOP",
}  # fmt: skip
# Adjectives of those countries (Japanese money, Korean cash): the country's code.
DEMONYMS = {
    "korean": "KR", "japanese": "JP", "american": "US", "chinese": "CN", "british": "GB",
    "taiwanese": "TW", "singaporean": "SG", "thai": "TH", "vietnamese": "VN", "indian": "IN",
    "turkish": "TR", "french": "FR", "german": "DE", "italian": "IT", "spanish": "ES",
    "european": "FR", "canadian": "CA", "mexican": "MX", "australian": "AU", "us": "US",
}  # fmt: skip
# Words for money itself: after a country, they name its currency ("일본 돈", "US money").
MONEY_WORDS_EN = ("money", "currency", "cash")
MONEY_WORDS_KO = ("돈", "화폐", "통화", "현금")
# Names that also mean something else ("won" the verb, "real", "dong", "동", "불", "원"):
# they name a currency only after an amount, or after "to"/"in"/"into"/"으로".
# Names of both a unit of weight and a currency: money (GBP) when the request's other values
# are money, a weight otherwise.
POUND_WORDS = frozenset("pound pounds 파운드".split())
WEIGHT_UNITS = frozenset("kg g mg lb ounce".split())
AMBIGUOUS_CURRENCY_NAMES = frozenset(
    "won real dong buck bucks franc rand lira peso 원 불 엔 리라 바트 루피".split()
)
# Amount multipliers written after a number ("$5k", "2 million dollars").
AMOUNT_SCALES = {"k": 1000, "K": 1000, "thousand": 1000, "m": 1_000_000, "M": 1_000_000,
                 "mn": 1_000_000, "million": 1_000_000, "bn": 1_000_000_000,
                 "b": 1_000_000_000, "billion": 1_000_000_000, "hundred": 100, "dozen": 12}

# --- Dates and times -------------------------------------------------------------------------

MONTHS_EN = {
    "january": 1, "jan": 1, "february": 2, "feb": 2, "march": 3, "mar": 3, "april": 4,
    "apr": 4, "may": 5, "june": 6, "jun": 6, "july": 7, "jul": 7, "august": 8, "aug": 8,
    "september": 9, "sep": 9, "sept": 9, "october": 10, "oct": 10, "november": 11, "nov": 11,
    "december": 12, "dec": 12,
}
WEEKDAYS_EN = {"monday": 0, "mon": 0, "tuesday": 1, "tue": 1, "tues": 1, "wednesday": 2,
               "wed": 2, "thursday": 3, "thu": 3, "thurs": 3, "friday": 4, "fri": 4,
               "saturday": 5, "sat": 5, "sunday": 6, "sun": 6}
WEEKDAYS_KO = {"월요일": 0, "화요일": 1, "수요일": 2, "목요일": 3, "금요일": 4, "토요일": 5,
               "일요일": 6}
# Days named relative to today -> offset in days.
RELATIVE_DAYS = {
    "today": 0, "tonight": 0, "tomorrow": 1, "yesterday": -1, "day after tomorrow": 2,
    "the day after tomorrow": 2, "day before yesterday": -2, "the day before yesterday": -2,
    "오늘": 0, "오늘밤": 0, "내일": 1, "모레": 2, "내일모레": 2, "글피": 3, "어제": -1,
    "그제": -2, "그저께": -2,
}
# Words that say which year, from this one ("내년 3월 2일", "last year on May 5").
YEAR_OFFSETS = {"재작년": -2, "작년": -1, "지난해": -1, "올해": 0, "금년": 0, "내년": 1,
                "내후년": 2, "last year": -1, "this year": 0, "next year": 1}  # fmt: skip
# Which week a weekday is in: this week, next week, the week after.
WEEK_OFFSETS = {"this": 0, "coming": 0, "next": 1, "last": -1, "이번": 0, "금": 0, "다음": 1,
                "담": 1, "다다음": 2, "지난": -1}
# Korean words after a place, unit or currency that still end the name ("서울시", "서울행").
KO_NAME_TAILS = ("동안", "간", "짜리", "후", "뒤", "전", "정도", "쯤", "이상", "이하", "씩",
                 "가량", "만큼", "시", "행", "발", "쪽", "근처", "지역", "공항", "역", "야", "래",
                 "요", "예요", "입니다", "인데", "이라", "라고", "치",  # 치: "1년치", worth
                 "권", "어치",  # a pass or bill that size ("4시간권"), worth ("만원어치")
                 "이면", "면", "이라면")  # a condition: "200유로면", "5킬로면"
# Parts of the day: how they shift a 12-hour clock reading.
DAY_PARTS = {"am": "am", "a.m.": "am", "pm": "pm", "p.m.": "pm", "오전": "am", "새벽": "am",
             "아침": "am", "오후": "pm", "낮": "pm", "저녁": "pm", "밤": "pm",
             "in the morning": "am", "in the afternoon": "pm", "in the evening": "pm",
             "at night": "pm", "tonight": "pm"}
# The usual hour of a part of the day said without a clock time ("tomorrow evening").
DAY_PART_HOURS = {"morning": "09:00", "아침": "09:00", "오전": "09:00", "점심": "12:00",
                  "afternoon": "15:00", "오후": "15:00", "evening": "18:00", "저녁": "18:00",
                  "night": "21:00", "밤": "21:00"}
NAMED_TIMES = {"noon": "12:00", "midday": "12:00", "midnight": "00:00", "정오": "12:00",
               "자정": "00:00"}

# --- Files, codes ----------------------------------------------------------------------------

FILE_EXTENSIONS = frozenset("""
txt md csv tsv json jsonl yaml yml toml xml html htm css js ts tsx jsx py ipynb java c h cpp
hpp rs go rb php sh bat ps1 sql db sqlite log ini cfg conf env pdf doc docx xls xlsx ppt pptx
odt rtf png jpg jpeg gif svg webp bmp tiff ico mp3 wav flac ogg m4a mp4 mov avi mkv webm zip
tar gz tgz bz2 xz 7z rar jar whl exe dmg iso apk hwp key pages numbers epub parquet pkl npy
heic heif avif raw psd ai eps mpeg aac opus
""".split())

# All-caps words that are ordinary vocabulary, not codes (tickers, airports, SKUs).
COMMON_ACRONYMS = frozenset("""
I A OK AM PM TV AI ID IDS API APIS JSON XML HTML CSS SQL URL URLS URI HTTP HTTPS PDF CSV FAQ
ASAP FYI CEO CTO CFO HR IT PR QA UI UX OS PC USB CPU GPU RAM SSD DNS IP VPN SMS MMS LLM GPT
NLP ML DB UTC GMT KST EST PST PDT EDT CET BST ETA DIY RSVP PS NB VS IOS MAC TODO NOTE FIXME
USA UK EU UN US SKU KB MB GB TB KM CM MM KG LB OZ ML AND THE FOR YOU
""".split())
# Named train and transit services: a kind of train, not a code of a place or an item
TRANSIT_SERVICES = frozenset("KTX SRT ITX MRT BRT LRT TGV".split())

# --- Places ----------------------------------------------------------------------------------

# Major world cities and countries: (English name, Korean name). A few hundred, not every place.
PLACES = (
    ("Seoul", "서울"), ("Busan", "부산"), ("Incheon", "인천"), ("Daegu", "대구"),
    ("Daejeon", "대전"), ("Gwangju", "광주"), ("Ulsan", "울산"), ("Suwon", "수원"),
    ("Jeju", "제주"), ("Jeju", "제주도"), ("Gangneung", "강릉"), ("Jeonju", "전주"),
    ("Gyeongju", "경주"), ("Pohang", "포항"), ("Changwon", "창원"), ("Sokcho", "속초"),
    ("Yeosu", "여수"), ("Seongnam", "성남"), ("Pangyo", "판교"), ("Gangnam", "강남"),
    ("Pyongyang", "평양"), ("Gimpo", "김포"), ("Incheon", "인천공항"), ("Gimpo", "김포공항"),
    ("Tokyo", "도쿄"), ("Osaka", "오사카"), ("Kyoto", "교토"), ("Fukuoka", "후쿠오카"),
    ("Sapporo", "삿포로"), ("Nagoya", "나고야"), ("Yokohama", "요코하마"), ("Okinawa", "오키나와"),
    ("Beijing", "베이징"), ("Beijing", "북경"), ("Shanghai", "상하이"), ("Shanghai", "상해"),
    ("Shenzhen", "심천"), ("Guangzhou", "광저우"), ("Hong Kong", "홍콩"), ("Macau", "마카오"),
    ("Taipei", "타이베이"), ("Taipei", "타이페이"), ("Chengdu", "청두"), ("Qingdao", "칭다오"),
    ("Singapore", "싱가포르"), ("Bangkok", "방콕"), ("Hanoi", "하노이"),
    ("Ho Chi Minh City", "호찌민"), ("Ho Chi Minh City", "호치민"), ("Da Nang", "다낭"),
    ("Manila", "마닐라"), ("Cebu", "세부섬"), ("Jakarta", "자카르타"), ("Bali", "발리"),
    ("Kuala Lumpur", "쿠알라룸푸르"), ("Phuket", "푸켓"), ("Chiang Mai", "치앙마이"),
    ("Delhi", "델리"), ("New Delhi", "뉴델리"), ("Mumbai", "뭄바이"), ("Bangalore", "방갈로르"),
    ("Kathmandu", "카트만두"), ("Dubai", "두바이"), ("Abu Dhabi", "아부다비"), ("Doha", "도하"),
    ("Istanbul", "이스탄불"), ("Tel Aviv", "텔아비브"), ("Jerusalem", "예루살렘"),
    ("Tehran", "테헤란"), ("Riyadh", "리야드"), ("Cairo", "카이로"), ("Ulaanbaatar", "울란바토르"),
    ("Almaty", "알마티"), ("Tashkent", "타슈켄트"), ("Vladivostok", "블라디보스토크"),
    ("London", "런던"), ("Paris", "파리"), ("Berlin", "베를린"), ("Munich", "뮌헨"),
    ("Frankfurt", "프랑크푸르트"), ("Hamburg", "함부르크"), ("Rome", "로마"), ("Milan", "밀라노"),
    ("Venice", "베네치아"), ("Florence", "피렌체"), ("Naples", "나폴리"), ("Madrid", "마드리드"),
    ("Barcelona", "바르셀로나"), ("Seville", "세비야"), ("Lisbon", "리스본"), ("Porto", "포르투"),
    ("Amsterdam", "암스테르담"), ("Brussels", "브뤼셀"), ("Vienna", "비엔나"),
    ("Zurich", "취리히"), ("Geneva", "제네바"), ("Prague", "프라하"), ("Budapest", "부다페스트"),
    ("Warsaw", "바르샤바"), ("Copenhagen", "코펜하겐"), ("Stockholm", "스톡홀름"),
    ("Oslo", "오슬로"), ("Helsinki", "헬싱키"), ("Reykjavik", "레이캬비크"), ("Dublin", "더블린"),
    ("Edinburgh", "에든버러"), ("Manchester", "맨체스터"), ("Liverpool", "리버풀"),
    ("Athens", "아테네"), ("Moscow", "모스크바"), ("Saint Petersburg", "상트페테르부르크"),
    ("Kyiv", "키이우"), ("Kyiv", "키예프"), ("Zagreb", "자그레브"), ("Dubrovnik", "두브로브니크"),
    ("Salzburg", "잘츠부르크"), ("Nice", "니스"), ("Lyon", "리옹"), ("Marseille", "마르세유"),
    ("New York", "뉴욕"), ("Los Angeles", "로스앤젤레스"), ("Los Angeles", "엘에이"),
    ("San Francisco", "샌프란시스코"), ("Chicago", "시카고"), ("Seattle", "시애틀"),
    ("Boston", "보스턴"), ("Washington", "워싱턴"), ("Miami", "마이애미"),
    ("Las Vegas", "라스베이거스"), ("Houston", "휴스턴"), ("Dallas", "댈러스"),
    ("Atlanta", "애틀랜타"), ("Denver", "덴버"), ("Philadelphia", "필라델피아"),
    ("San Diego", "샌디에이고"), ("San Jose", "산호세"), ("Austin", "오스틴"),
    ("Portland", "포틀랜드"), ("Honolulu", "호놀룰루"), ("Hawaii", "하와이"), ("Guam", "괌"),
    ("Saipan", "사이판"), ("Toronto", "토론토"), ("Vancouver", "밴쿠버"), ("Montreal", "몬트리올"),
    ("Mexico City", "멕시코시티"), ("Cancun", "칸쿤"), ("Havana", "아바나"),
    ("Sao Paulo", "상파울루"), ("Rio de Janeiro", "리우데자네이루"),
    ("Buenos Aires", "부에노스아이레스"), ("Lima", "리마"), ("Santiago", "산티아고"),
    ("Bogota", "보고타"), ("Sydney", "시드니"), ("Melbourne", "멜버른"), ("Brisbane", "브리즈번"),
    ("Perth", "퍼스"), ("Auckland", "오클랜드"), ("Wellington", "웰링턴"),
    ("Cape Town", "케이프타운"), ("Johannesburg", "요하네스버그"), ("Nairobi", "나이로비"),
    ("Lagos", "라고스"), ("Casablanca", "카사블랑카"), ("Marrakech", "마라케시"),
    ("South Korea", "대한민국"), ("South Korea", "한국"), ("South Korea", "남한"),
    ("North Korea", "북한"), ("Japan", "일본"), ("China", "중국"), ("Taiwan", "대만"),
    ("Vietnam", "베트남"), ("Thailand", "태국"), ("Philippines", "필리핀"),
    ("Indonesia", "인도네시아"), ("Malaysia", "말레이시아"), ("India", "인도"),
    ("Nepal", "네팔"), ("Mongolia", "몽골"), ("Kazakhstan", "카자흐스탄"),
    ("Uzbekistan", "우즈베키스탄"), ("Cambodia", "캄보디아"), ("Laos", "라오스"),
    ("Myanmar", "미얀마"), ("Pakistan", "파키스탄"), ("Bangladesh", "방글라데시"),
    ("Sri Lanka", "스리랑카"), ("United Arab Emirates", "아랍에미리트"), ("Qatar", "카타르"),
    ("Saudi Arabia", "사우디아라비아"), ("Israel", "이스라엘"), ("Iran", "이란"),
    ("Iraq", "이라크"), ("Turkey", "튀르키예"), ("Turkey", "터키"), ("Egypt", "이집트"),
    ("Morocco", "모로코"), ("Kenya", "케냐"), ("Nigeria", "나이지리아"),
    ("South Africa", "남아프리카공화국"), ("South Africa", "남아공"),
    ("United Kingdom", "영국"), ("England", "잉글랜드"), ("Scotland", "스코틀랜드"),
    ("Ireland", "아일랜드"), ("France", "프랑스"), ("Germany", "독일"), ("Italy", "이탈리아"),
    ("Spain", "스페인"), ("Portugal", "포르투갈"), ("Netherlands", "네덜란드"),
    ("Belgium", "벨기에"), ("Switzerland", "스위스"), ("Austria", "오스트리아"),
    ("Czech Republic", "체코"), ("Poland", "폴란드"), ("Hungary", "헝가리"),
    ("Greece", "그리스"), ("Sweden", "스웨덴"), ("Norway", "노르웨이"), ("Denmark", "덴마크"),
    ("Finland", "핀란드"), ("Iceland", "아이슬란드"), ("Russia", "러시아"),
    ("Ukraine", "우크라이나"), ("Croatia", "크로아티아"), ("Romania", "루마니아"),
    ("United States", "미국"), ("Canada", "캐나다"), ("Mexico", "멕시코"), ("Cuba", "쿠바"),
    ("Brazil", "브라질"), ("Argentina", "아르헨티나"), ("Chile", "칠레"), ("Peru", "페루"),
    ("Colombia", "콜롬비아"), ("Australia", "호주"), ("Australia", "오스트레일리아"),
    ("New Zealand", "뉴질랜드"), ("Singapore", "싱가폴"),
)
# The country each place above is in, as an ISO 3166 alpha-2 code (a country is in itself).
PLACES_BY_COUNTRY = {
    "KR": "Seoul, Busan, Incheon, Daegu, Daejeon, Gwangju, Ulsan, Suwon, Jeju, Gangneung, Jeonju, "
          "Gyeongju, Pohang, Changwon, Sokcho, Yeosu, Seongnam, Pangyo, Gangnam, Gimpo, "
          "South Korea",
    "KP": "Pyongyang, North Korea",
    "JP": "Tokyo, Osaka, Kyoto, Fukuoka, Sapporo, Nagoya, Yokohama, Okinawa, Japan",
    "CN": "Beijing, Shanghai, Shenzhen, Guangzhou, Chengdu, Qingdao, China",
    "HK": "Hong Kong", "MO": "Macau", "TW": "Taipei, Taiwan", "SG": "Singapore",
    "TH": "Bangkok, Phuket, Chiang Mai, Thailand",
    "VN": "Hanoi, Ho Chi Minh City, Da Nang, Vietnam",
    "PH": "Manila, Cebu, Philippines", "ID": "Jakarta, Bali, Indonesia",
    "MY": "Kuala Lumpur, Malaysia", "IN": "Delhi, New Delhi, Mumbai, Bangalore, India",
    "AE": "Dubai, Abu Dhabi, United Arab Emirates", "TR": "Istanbul, Turkey",
    "GB": "London, Edinburgh, Manchester, Liverpool, United Kingdom, England, Scotland",
    "FR": "Paris, Nice, Lyon, Marseille, France",
    "DE": "Berlin, Munich, Frankfurt, Hamburg, Germany",
    "IT": "Rome, Milan, Venice, Florence, Naples, Italy", "ES": "Madrid, Barcelona, Seville, Spain",
    "PT": "Lisbon, Porto, Portugal", "NL": "Amsterdam, Netherlands", "IE": "Dublin, Ireland",
    "US": "New York, Los Angeles, San Francisco, Chicago, Seattle, Boston, Washington, Miami, "
          "Las Vegas, Houston, Dallas, Atlanta, Denver, Philadelphia, San Diego, San Jose, Austin, "
          "Portland, Honolulu, Hawaii, United States",
    "CA": "Toronto, Vancouver, Montreal, Canada", "MX": "Mexico City, Cancun, Mexico",
    "AU": "Sydney, Melbourne, Brisbane, Perth, Australia",
    "NZ": "Auckland, Wellington, New Zealand",
}  # fmt: skip
COUNTRY_CODES = {
    place: code for code, places in PLACES_BY_COUNTRY.items() for place in places.split(", ")
}
# Other words for what a list parameter is named after ("labels": "tag it urgent").
LIST_NAMES = {
    "label": "tag 태그 라벨 레이블", "tag": "label 태그 라벨 레이블 hashtag 해시태그",
    "attendee": "invite with 참석자 참석", "recipient": "to 받는", "ingredient": "with using 재료",
}  # fmt: skip

# Other words, English and Korean, for choices tools often offer in an enum, and for the
# options a boolean parameter names ("shuffle": 셔플), keyed by the member or the option as
# written lower-case ("_" and "-" read as spaces), comma-separated. A Korean word or phrase
# matches as written in the text (a stem: "깨져" in "깨져서") or as a lemma ("뛰다" of
# "뛰었어"); an English word by its lemma or as a phrase.
ENUM_SYNONYMS = {
    # people and tickets
    "adult": "성인, 어른, grown-up", "child": "어린이, 아이, 소아, kid", "student": "학생, 청소년",
    "senior": "경로, 노인, 어르신, elderly",
    # diets
    "vegetarian": "채식, veggie", "vegan": "비건, 완전채식",
    "gluten free": "글루텐, gluten-free, 밀가루 없는",
    # spending
    "food": "식비, 음식, 식사, grocery, groceries, 장보기, 외식, 카페, 커피, lunch, dinner, "
            "breakfast, coffee, restaurant, 점심, 저녁값, 밥값",
    "transport": "교통, 택시, 버스, 지하철, 기차, taxi, cab, uber, bus, subway, train, 주유, "
                 "gas, fuel, parking, 주차",
    "shopping": "쇼핑, clothes, 옷", "housing": "월세, 관리비, rent, 집세, 전기세, utilities",
    "entertainment": "영화, 공연, 게임, movie, concert, 연예, celebrity, 드라마",
    "health": "병원, 약국, pharmacy, 의료, 건강, medical, doctor, 약값",
    "식비": "food, 음식, 식사, 점심, 저녁, 아침, 커피, 카페, 외식, 장보기, 밥, lunch, dinner, "
            "breakfast, coffee, groceries, restaurant, 치킨, 배달",
    "교통": "transport, 택시, 버스, 지하철, 기차, ktx, 주유, taxi, cab, bus, subway, train",
    "쇼핑": "shopping, 옷, 신발, clothes, 가방",
    "문화": "영화, 공연, 전시, 책, 콘서트, movie, concert",
    "의료": "병원, 약국, 약값, 진료, hospital, pharmacy, doctor", "기타": "other, misc",
    # travel modes
    "walking": "걸어서, 도보, walk, 걷다, 걸었, 산책, on foot",
    "bicycling": "자전거, bike, cycling",
    "cycling": "자전거, bike, 라이딩, ride a bike",
    "driving": "운전, drive, 자동차, by car",
    "transit": "대중교통, 버스, 지하철, bus, subway, metro, public transport, 교통카드",
    # returns and reasons
    "damaged": "broken, cracked, 깨져, 깨졌, 파손, 부서져, 망가져, 찢어",
    "wrong item": "잘못 온, 다른 물건, 다른 게 왔", "wrong size": "사이즈, 치수",
    "not as described": "설명과 다르, 사진과 다르, 사진이랑 다르",
    "changed mind": "마음이 바뀌, 마음이 변, 변심, 필요 없어",
    "original payment": "원래 결제, 결제 수단, 결제했던, same card, original card",
    "store credit": "적립금, 포인트, 스토어 크레딧, credit",
    # vehicles, sizes, cabins, rides
    "xl": "큰 차, 대형, 승합, 짐이 많, big car, large car, lots of luggage",
    "economy": "경차, 소형, 이코노미, 일반석, coach, cheapest", "compact": "경차, 소형, 준중형",
    "van": "승합차, minivan, 밴", "suv": "에스유브이", "luxury": "고급, 럭셔리, 외제차",
    "premium": "고급, 블랙, fancy", "standard": "일반, 기본, regular, normal",
    "business": "비즈니스, business class", "first": "일등석, 1등석, 퍼스트, first class",
    "premium economy": "프리미엄 이코노미",
    "small": "작은, 스몰, 작게", "medium": "중간, 미디엄, 보통, 중간 정도",
    "large": "큰, 라지, 크게, 대형",
    "metric": "celsius, centigrade, 섭씨, kilometers, kilograms, 미터법",
    "imperial": "fahrenheit, 화씨, miles, pounds, feet",
    "섭씨": "celsius, centigrade", "화씨": "fahrenheit",
    "extra large": "엑스라지, 특대",
    # activities
    "running": "달리기, 러닝, run, jog, 뛰다, 뛰었, 뛰고, 조깅", "swimming": "수영, swim",
    "strength": "근력, 웨이트, 헬스, weights, lifting, 스쿼트", "yoga": "요가",
    # priorities, states, answers
    "high": "급한, 긴급, urgent, 급해, 중요한, 중요해, 높음, important, asap, critical",
    "low": "급하지 않, 중요하지 않, 낮은, 낮음, 천천히, not urgent, not important, unimportant, "
           "whenever",
    "urgent": "급한, 긴급, 급해, asap",
    "closed": "닫힌, 완료된, 끝난", "open": "열린, 진행 중, 미완료, 안 끝난, pending, unfinished",
    "done": "끝낸, 완료, finished, completed, 다 한", "all": "전부, 모두, 전체, every, everything",
    "on": "켜다, 켜줘, 켜 줘, turn on, switch on", "off": "끄다, 꺼줘, 꺼 줘, turn off, switch off",
    "heat": "난방, 따뜻, warm, heating", "cool": "냉방, 에어컨, 시원, cooling, air conditioning",
    "auto": "자동, automatic",
    "yes": "참석, 갈게, 갈 수 있, accept, attend, will come, count me in",
    "no": "불참, 못 가, 못 갈, decline, can't make, cannot make, can't come",
    "maybe": "아마, 글쎄, 모르겠, tentative, not sure",
    # leave, accounts, repeats, periods, meals
    "annual": "연차, vacation, holiday, pto, 휴가",
    "sick": "병가, 아파서, 아파요, 아픈, 아프, 몸살, ill, unwell, flu",
    "parental": "육아, 출산, maternity, paternity", "unpaid": "무급",
    "checking": "입출금, 보통예금, current account, everyday account",
    "savings": "적금, 예금, 저축, saving",
    "none": "반복 없이, 한 번만, once, one-time, 상관없, 아무거나",
    "daily": "매일, 날마다, every day", "weekly": "매주, 주마다, every week",
    "monthly": "매달, 매월, 달마다, every month", "yearly": "매년, 해마다, every year, annually",
    "week": "이번 주, 주간", "month": "이번 달, 월간", "year": "올해, 연간",
    "식전": "before meals, before eating, before food, 밥 먹기 전, 식사 전, 먹기 전",
    "식후": "after meals, after eating, after food, 밥 먹고, 식사 후, 먹은 후, 밥 먹은 뒤",
    "상관없음": "anytime, any time, 아무 때나, 상관없",
    "breakfast": "아침, 조식", "lunch": "점심, 중식", "dinner": "저녁, 석식",
    "대변": "응가, 똥, poop, poo", "소변": "오줌, pee, wee", "둘다": "둘 다, both",
    "price asc": "가격 낮은, 낮은 가격, 싼 순, 저렴한 순, cheapest first, lowest price",
    "price desc": "가격 높은, 높은 가격, 비싼 순, most expensive, highest price",
    "rating": "별점 높은, 평점 높은, best rated, top rated, highest rated",
    # news, rooms, places
    "sports": "스포츠, 야구, 축구, 농구, football, soccer, baseball, basketball",
    "technology": "기술, 테크, 인공지능, tech, ai, gadgets", "science": "과학, 우주, space",
    "living room": "거실, lounge", "bedroom": "침실, 안방", "kitchen": "부엌, 주방",
    "bathroom": "화장실, 욕실", "office": "사무실, 서재, study",
    "central": "중앙, 본점, main", "north": "북쪽, 북부", "riverside": "강변",
    # formats, languages, carriers, payment, delivery, sorting, seats
    "jpg": "jpeg, 제이펙", "gif": "움짤", "python": "파이썬",
    "javascript": "자바스크립트, js, node",
    "bash": "배시, shell, 셸, 쉘, terminal", "cj": "대한통운", "hanjin": "한진",
    "fedex": "페덱스", "card": "카드, credit card", "cash": "현금", "transfer": "계좌이체, 이체",
    "credit": "신용카드, 신용", "debit": "체크카드, 직불카드",
    "express": "빠른 배송, 특급, 당일, 익일, fast, rush, overnight",
    "asc": "오름차순, ascending", "desc": "내림차순, descending",
    "newest": "최신, 최근, latest, most recent", "oldest": "오래된",
    "window": "창가, 창문", "aisle": "복도, 통로",
    "public": "공개, everyone", "private": "비공개, 나만, only me",
    "formal": "격식, 정중, 공손, polite", "casual": "편한, 반말, informal, friendly",
    "male": "남자, 남성", "female": "여자, 여성",
    "backend": "백엔드, 서버", "frontend": "프론트엔드, 프론트", "data": "데이터",
    "general": "일반",
    # options a boolean parameter names
    "shuffle": "셔플, 섞어, 랜덤, random order", "repeat": "반복, loop, on repeat",
    "mute": "음소거, 소리 끄",
    "all day": "종일, 하루 종일, all-day, whole day", "symbols": "특수문자, 기호",
    "digits": "숫자", "uppercase": "대문자, capital letters", "recurring": "반복, 매주, 매달",
    "gift wrap": "선물 포장", "notify": "알림", "include": "포함", "insured": "보험, insurance",
    "insurance": "보험",
}  # fmt: skip

# Korean towns and neighbourhoods a trip or an errand names, known by their Korean names: a
# tool is given them as the user wrote them (not those that are also common words: 고양 is in
# 고양이, 분당 is "per minute", 진주 a pearl, 구미 an appetite, 화성 Mars, 서면 "in writing").
KO_LOCAL_PLACES = frozenset("""
    목포 통영 거제 거제도 춘천 원주 안동 순천 군산 천안 청주 세종 김해 양양 서귀포 부천 평택
    파주 의정부 안산 안양 가평 삼척 동해 태백 단양 보령 담양 남해 울릉도 익산 광양 하동 평창
    하남 남양주 시흥 일산 여의도 광화문 성수 홍대 명동 이태원 잠실 신촌 종로 합정 압구정 마포
    인사동 동대문 남대문 용산 송파 해운대 광안리
""".split())

# Other English spellings of the places above.
PLACE_ALIASES = {
    "NYC": "New York", "New York City": "New York", "LA": "Los Angeles", "SF": "San Francisco",
    "Peking": "Beijing", "Saigon": "Ho Chi Minh City", "Bombay": "Mumbai", "Kiev": "Kyiv",
    "Korea": "South Korea", "Republic of Korea": "South Korea", "USA": "United States",
    "US": "United States", "United States of America": "United States",
    "America": "United States", "UK": "United Kingdom", "Britain": "United Kingdom",
    "Great Britain": "United Kingdom", "Holland": "Netherlands", "Czechia": "Czech Republic",
    "Türkiye": "Turkey", "UAE": "United Arab Emirates", "Washington DC": "Washington",
    "St Petersburg": "Saint Petersburg", "São Paulo": "Sao Paulo", "Bogotá": "Bogota",
    "Zürich": "Zurich", "Jeju Island": "Jeju",
}

# --- People ----------------------------------------------------------------------------------

# Korean family names: a 2-4 syllable proper noun starting with one reads as a person's name.
KO_SURNAMES = frozenset(
    "김 이 박 최 정 강 조 윤 장 임 한 오 서 신 권 황 안 송 류 유 홍 전 고 문 양 손 "
    "배 백 허 남 심 노 하 곽 성 차 주 우 구 민 진 나 지 엄 채 원 천 방 공 현 함 변 "
    "염 여 추 도 소 석 선 설 마 길 연 위 표 명 기 반 왕 금 옥 육 인 맹 제 모 탁 국 "
    "어 은 편 용".split()
)
# Endings of Korean place names (a neighbourhood, a district, a city, a station, a street): a
# proper noun ending so is a place, not a person ("연남동", "마포구", "강남구청역").
KO_PLACE_SUFFIXES = ("동", "구", "시", "군", "읍", "면", "리", "역", "길", "터미널", "공항")
# Who a message goes to without being a name: pronouns and groups, not people to address.
KO_NOT_PERSONS = frozenset(
    "나 너 저 그 그녀 우리 저희 너희 누구 모두 다들 여러분 자기 당신 걔 쟤 얘 이분 그분 저분 "
    "모든 사람 사람들 아무 누군가 각자 팀 회사".split()
)
# Roles and titles said after a Korean name ("김하늘 학생", "지은 디자이너님"): with a name
# before them they are that person's title, not a second person.
KO_ROLE_TITLES = frozenset("""
학생 선생 선생님 교수 교수님 고객 고객님 환자 환자분 회원 회원님 손님 직원 사원 주임 대리 과장
차장 부장 팀장 실장 이사 사장 사장님 원장 원장님 대표 대표님 기사 기사님 디자이너 매니저 작가
작가님 강사 코치 감독 박사 변호사 의사 간호사 약사 어린이 학부모 어머님 아버님 할머님 할아버님
""".split())
# Suffixes and particles after a Korean noun that make it someone addressed or named.
KO_PERSON_MARKERS = ("에게서", "한테서", "에게", "한테", "께서", "께", "씨", "님")
# Capitalised words that name products and companies, not people.
NOT_PERSONS_EN = frozenset("""
google youtube gmail github gitlab iphone ipad android windows linux slack zoom spotify
netflix amazon uber tesla microsoft openai chatgpt notion jira trello figma discord telegram
whatsapp instagram facebook twitter tiktok kakao kakaotalk naver line excel word outlook
python javascript typescript java rust golang docker kubernetes postgres mysql sqlite
""".split())
# Holidays on a fixed day (month, day): the next one is meant, like a month and day said.
HOLIDAYS = {
    "christmas eve": (12, 24), "christmas day": (12, 25), "christmas": (12, 25),
    "new year's eve": (12, 31), "new year's day": (1, 1), "valentine's day": (2, 14),
    "halloween": (10, 31), "크리스마스 이브": (12, 24), "크리스마스": (12, 25), "성탄절": (12, 25),
    "광복절": (8, 15), "한글날": (10, 9), "삼일절": (3, 1), "어린이날": (5, 5), "개천절": (10, 3),
    "independence day": (7, 4), "april fools' day": (4, 1), "st. patrick's day": (3, 17),
    "st patrick's day": (3, 17), "boxing day": (12, 26), "earth day": (4, 22),
    "현충일": (6, 6), "제헌절": (7, 17), "신정": (1, 1), "어버이날": (5, 8), "스승의 날": (5, 15),
    "근로자의 날": (5, 1), "발렌타인데이": (2, 14), "화이트데이": (3, 14), "빼빼로데이": (11, 11),
    "만우절": (4, 1), "새해 첫날": (1, 1),
}  # fmt: skip
# Titles before a name ("Dr. Lee"): the name after one is a person's.
TITLES = frozenset("dr mr mrs ms mx prof sir dame miss".split())
# Family words that name one person when written capitalised mid-sentence ("call Mom").
KINSHIP_WORDS = frozenset(
    "mom mum mommy mummy mother dad daddy father grandma grandpa granny grandmother grandfather "
    "auntie aunt uncle".split()
)
# Words that end an organisation's name ("Acme Corp"), so the run is not a person.
ORGANISATION_WORDS = frozenset(
    "corp corporation inc ltd llc co company gmbh plc group bank university school hospital "
    "cafe restaurant hotel bar".split()
)
# English words before a capitalised word that make it a place or venue, not a person.
# Words after which a capitalised word is a person's name even when it is also a dictionary
# word ("to Bob", "call Mark", "text Will", "bill Grace").
PERSON_POSITIONS = frozenset(
    "to with call text email e-mail message invite ask tell remind ping dm meet cc bcc bill "
    "invoice pay".split()
)
PLACE_PREPOSITIONS = frozenset("in at near into inside around".split())

# --- Languages -------------------------------------------------------------------------------

# (English name, ISO 639-1 code, Korean names)
LANGUAGES = (
    ("English", "en", ("영어",)), ("Korean", "ko", ("한국어", "한국말", "한글")),
    ("Japanese", "ja", ("일본어", "일어")), ("Chinese", "zh", ("중국어", "중국말")),
    ("Mandarin", "zh", ("만다린어",)), ("Cantonese", "yue", ("광둥어",)),
    ("French", "fr", ("프랑스어", "불어")), ("German", "de", ("독일어",)),
    ("Spanish", "es", ("스페인어",)), ("Italian", "it", ("이탈리아어",)),
    ("Portuguese", "pt", ("포르투갈어",)), ("Russian", "ru", ("러시아어",)),
    ("Arabic", "ar", ("아랍어",)), ("Hindi", "hi", ("힌디어",)),
    ("Vietnamese", "vi", ("베트남어",)),
    ("Thai", "th", ("태국어",)), ("Indonesian", "id", ("인도네시아어",)),
    ("Turkish", "tr", ("터키어", "튀르키예어")), ("Dutch", "nl", ("네덜란드어",)),
    ("Swedish", "sv", ("스웨덴어",)), ("Polish", "pl", ("폴란드어",)),
    ("Greek", "el", ("그리스어",)), ("Hebrew", "he", ("히브리어",)),
    ("Latin", "la", ("라틴어",)), ("Mongolian", "mn", ("몽골어",)),
)

# fmt: on
