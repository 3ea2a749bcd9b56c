"""The model's "knowledge" of language: words, light stemming, a small Korean-English lexicon.

A real model learned this from text; the offline model carries a few hundred words of it.
It knows what words mean and which are related, never which tool to use: tools are
chosen in brain.py by comparing meanings with the tools' own descriptions.
"""

from __future__ import annotations

import re
from functools import lru_cache

HANGUL = re.compile(r"[\uac00-\ud7a3]")
WORD = re.compile(r"[A-Za-z][a-z]+|[A-Z]+(?![a-z])|\d+(?:\.\d+)?|[\uac00-\ud7a3]+")

# Korean -> English: the words a learner is likely to use with the workbook's tools and beyond.
# fmt: off
KOREAN = {
    "날씨": "weather", "기온": "temperature", "온도": "temperature", "예보": "forecast",
    "비": "rain", "눈": "snow", "맑음": "sunny", "섭씨": "celsius", "화씨": "fahrenheit",
    "흐림": "cloudy", "이슬비": "drizzle", "바람": "windy", "우산": "umbrella",
    "이번주": "week", "주간": "week", "주말": "weekend", "박물관": "museum", "미술관": "gallery",
    "공원": "park", "맛집": "restaurant", "식당": "restaurant", "음식": "food", "추천": "recommend",
    "검색": "search", "찾아": "find", "찾기": "find", "찾아줘": "find", "조회": "lookup",
    "문서": "docs", "문서화": "documentation", "설명서": "manual", "가이드": "guide",
    "주가": "stock price", "주식": "stock", "가격": "price", "환율": "exchange rate",
    "통화": "currency", "시간": "time", "시각": "time", "날짜": "date", "뉴스": "news",
    "번역": "translate", "계산": "calculate", "더하기": "add", "합계": "sum", "메일": "email",
    "이메일": "email", "보내": "send", "보내줘": "send", "전송": "send", "일정": "schedule",
    "회의": "meeting", "예약": "book", "항공편": "flight", "호텔": "hotel", "알림": "reminder",
    "파일": "file", "읽어": "read", "사용자": "user", "주문": "order", "배송": "shipping",
    "도시": "city", "나라": "country", "국가": "country", "결과": "results", "개수": "count",
    "목록": "list", "요약": "summarize", "안녕": "hello", "안녕하세요": "hello",
    "고마워": "thanks", "감사": "thanks", "감사합니다": "thanks", "오늘": "today",
    "내일": "tomorrow", "지금": "now", "베이징": "Beijing", "북경": "Beijing", "서울": "Seoul",
    "부산": "Busan", "인천": "Incheon", "대구": "Daegu", "제주": "Jeju", "도쿄": "Tokyo",
    "오사카": "Osaka", "파리": "Paris", "런던": "London", "뉴욕": "New York",
    "상하이": "Shanghai", "베를린": "Berlin", "로마": "Rome", "시드니": "Sydney",
    "싱가포르": "Singapore", "홍콩": "Hong Kong", "방콕": "Bangkok", "마드리드": "Madrid",
    "모스크바": "Moscow", "에든버러": "Edinburgh", "샌프란시스코": "San Francisco",
    "로스앤젤레스": "Los Angeles", "한국": "Korea", "일본": "Japan", "중국": "China",
    "미국": "USA", "영국": "UK", "프랑스": "France", "독일": "Germany",
    "시": "time", "바꿔": "convert", "바꾸": "convert", "환전": "convert", "변환": "convert",
    "달러": "dollar", "원화": "won", "원": "won", "유로": "euro", "엔": "yen", "엔화": "yen",
    "위안": "yuan", "파운드": "pound", "장소": "place", "항목": "item", "금액": "amount",
    "현지": "local", "습도": "humidity", "거리": "distance", "상태": "condition",
    "종류": "category", "제목": "title",
}

# Particles and endings stripped from Korean words ("날씨는" -> "날씨"), longest first.
PARTICLES = sorted(
    "은 는 이 가 을 를 의 에 에서 에게 로 으로 와 과 도 만 랑 이랑 하고 까지 부터 "
    "요 야 이야 해줘 해 줘 해주세요 주세요 알려줘 어때 어때요 인가요 인지".split(),
    key=len,
    reverse=True,
)

PLACES = {
    "beijing", "seoul", "busan", "incheon", "daegu", "jeju", "tokyo", "osaka", "paris", "london",
    "new york", "shanghai", "berlin", "rome", "sydney", "singapore", "hong kong", "bangkok",
    "madrid", "moscow", "edinburgh", "san francisco", "los angeles", "boston", "chicago",
    "toronto", "vancouver", "amsterdam", "vienna", "prague", "dublin", "lisbon", "barcelona",
    "milan", "munich", "zurich", "stockholm", "oslo", "helsinki", "cairo", "dubai", "mumbai",
    "delhi", "jakarta", "manila", "hanoi", "taipei", "kyoto", "korea", "japan", "china", "usa",
    "uk", "france", "germany", "italy", "spain", "new york city", "nyc", "sf",
}

# Words that mean the same thing to the model map to one concept.
CONCEPTS = {
    "temperature": "weather", "umbrella": "weather", "hot": "weather", "cold": "weather",
    "warm": "weather", "windy": "weather", "cloudy": "weather", "storm": "weather",
    "temp": "weather", "rain": "weather", "snow": "weather", "sunny": "weather",
    "climate": "weather", "humid": "weather",
    "find": "search", "look": "search", "lookup": "search", "query": "search", "document": "doc",
    "documentation": "doc", "docs": "doc", "manual": "doc", "guide": "doc", "article": "doc",
    "page": "doc", "share": "stock", "ticker": "stock", "quote": "price", "cost": "price",
    "mail": "email", "e-mail": "email", "clock": "time", "town": "city", "location": "place",
    "where": "place", "hi": "hello", "hey": "hello", "thank": "thanks", "thx": "thanks",
    "calculate": "math", "compute": "math", "add": "math", "sum": "math", "multiply": "math",
    "exchange": "convert", "dollar": "usd", "euro": "eur", "won": "krw", "yen": "jpy",
    "pound": "gbp", "yuan": "cny", "eat": "food", "restaurant": "food", "dining": "food",
    "meal": "food", "lunch": "food", "dinner": "food",
}
# Narrower concepts and the broader one they belong to: a forecast is about the weather, and
# "tomorrow" asks for a forecast. Both words are kept, so a forecast tool and a current-weather
# tool stay apart.
BROADER = {"forecast": "weather", "tomorrow": "forecast", "week": "forecast", "weekend": "forecast"}
# fmt: on

STOPWORDS = set(
    """a an the is are was were be been am what whats how in on at for of to me my i you your
    it its can could would will please tell show give get and or with about like do does
    there this that these those some any from by s t let us we our just also then
    want need know which who when why much many very so if as into up out than work
    해 좀 뭐 뭐야 몇 어때 알려 알려줘 줘 주세요 해줘 그리고 또 및""".split()
)


def has_hangul(text: str) -> bool:
    """Whether the text contains Korean."""
    return bool(HANGUL.search(text))


def stem(word: str) -> str:
    """Light English stemming: plurals, -ing, -ed (enough to match 'cities' with 'city')."""
    if len(word) > 4 and word.endswith("ies"):
        return word[:-3] + "y"
    if len(word) > 5 and word.endswith("ing"):
        return word[:-3]
    if len(word) > 4 and word.endswith("ed"):
        return word[:-2]
    if len(word) > 3 and word.endswith("es") and word[-3] in "sxh":
        return word[:-2]
    if len(word) > 3 and word.endswith("s") and not word.endswith("ss"):
        return word[:-1]
    return word


def korean_to_english(word: str) -> str | None:
    """The English for a Korean word, trying it with its particles stripped."""
    for candidate in (word, *strip_particles(word)):
        if candidate in KOREAN:
            return KOREAN[candidate]
    return None


def strip_particles(word: str) -> list[str]:
    """The word without each particle it may end with ("파리의" -> ["파리"])."""
    return [word[: -len(p)] for p in PARTICLES if word.endswith(p) and len(word) - len(p) >= 1]


def korean_stem(word: str) -> str:
    """A Korean word without its trailing particle (kept whole when that would empty it)."""
    stripped = strip_particles(word)
    return stripped[0] if stripped and len(stripped[0]) >= 2 else word


def concepts(text: str) -> list[str]:
    """The text's content words as concepts: lower-cased, stemmed, translated, synonyms merged."""
    return [concept for raw in WORD.findall(text) for concept in _word_concepts(raw)]


@lru_cache(maxsize=65536)
def _word_concepts(raw: str) -> tuple[str, ...]:
    """The concepts one word stands for ("cities" -> city, "베이징" -> beijing)."""
    english = korean_to_english(raw) if has_hangul(raw) else raw
    result = []
    for word in (english or korean_stem(raw)).lower().split():
        if word in PLACES:  # a name: never stemmed ("beijing" is not "beij" + "-ing")
            result.append(word)
        elif word not in STOPWORDS:
            word = CONCEPTS.get(word, word)
            result.append(CONCEPTS.get(stem(word), stem(word)))
    return tuple(w for w in result if w not in STOPWORDS)


@lru_cache(maxsize=1)
def _english_to_korean() -> dict[str, str]:
    """The lexicon read backwards: the first Korean word listed for each English one."""
    reverse = {"clear": "맑음", "fog": "안개", "foggy": "안개", "storm": "폭풍"}
    for korean, english in KOREAN.items():
        reverse.setdefault(english.lower(), korean)
    return reverse


def to_korean(value: str) -> str | None:
    """The Korean for a whole value the lexicon knows ("Beijing" -> "베이징"), else None."""
    return _english_to_korean().get(value.strip().lower())


def korean_label(label: str) -> str | None:
    """A field name in Korean, word by word ("local time" -> "현지 시간"), else None."""
    reverse = _english_to_korean()
    words = [reverse.get(w) or reverse.get(f"{w}s") or reverse.get(stem(w)) for w in label.split()]
    return " ".join(words) if words and all(words) else None  # type: ignore[arg-type]


def plain_words(text: str) -> set[str]:
    """The text's words in English, lower-cased and stemmed, synonyms apart ("맑음" -> sunny)."""
    words = set()
    for raw in WORD.findall(text):
        english = korean_to_english(raw) if has_hangul(raw) else raw
        words.update(stem(word) for word in (english or korean_stem(raw)).lower().split())
    return words


def broader(words: list[str]) -> list[str]:
    """The broader concepts the words imply ("tomorrow" -> forecast -> weather), not repeated."""
    implied: list[str] = []
    for word in words:
        while word in BROADER and BROADER[word] not in implied:
            word = BROADER[word]
            implied.append(word)
    return implied


def translate_places(text: str) -> str:
    """The text with Korean place names written in English ("베이징 날씨" -> "Beijing 날씨")."""

    def english(match: re.Match[str]) -> str:
        word = korean_to_english(match.group(0))
        return word if word and word.lower() in PLACES else match.group(0)

    return re.sub(r"[\uac00-\ud7a3]+", english, text)
