"""Composing the text a parameter asks for: an arithmetic expression, a tiny program, an SQL query.

A real model writes these freely. This is a simulator's simple template writer: it knows a
handful of shapes and fills them from what the request says, never more.

- Arithmetic: the numbers said, joined by the operations said between them ("1234.5 times 6789"),
  before them ("split 187,000 won between 4 people": a division), or after them as Korean puts
  its verbs ("12만 원을 세 명이 나누면"); a power ("2의 100제곱", "3 to the power of 5", "5
  squared"); a share ("15% of 80").
- A program: a line that prints that expression, in the language the request names (or the one
  the tool offers first): `print(2 ** 100)`, `console.log(2 ** 100)`.
- SQL: one SELECT over a table the tool's description lists as `table(column, ...)`: a count
  ("how many", "몇 명"), a list, the top N by a column ("the 5 most expensive products"), rows
  whose column has a value (a place said for a city column, "재고가 0인", "price under 100"), rows
  of one year ("in 2025"). No joins, no grouping: what it cannot write it leaves to the reader.
"""

from __future__ import annotations

import re
from dataclasses import dataclass

from helpers.offline.entities import Entity, strip_korean_particle

# ---------------------------------------------------------------- data: arithmetic words

# Operations said between two numbers ("3 plus 4", "3 더하기 4"). Longest first.
INFIX = {
    "to the power of": "**", "multiplied by": "*", "divided by": "/", "plus": "+",
    "minus": "-", "times": "*", "divided": "/", "over": "/", "더하기": "+", "빼기": "-",
    "곱하기": "*", "나누기": "/", "**": "**", "^": "**", "+": "+", "-": "-", "*": "*", "/": "/",
    "×": "*", "÷": "/", "x": "*",
}  # fmt: skip
# Operations said as a verb before both numbers ("add 3 and 4", "split 100 between 4") or, in
# Korean, after them ("3과 4를 더하면", "세 명이 나누면").
VERBS = {
    "add": "+", "sum": "+", "subtract": "-", "take away": "-", "multiply": "*", "divide": "/",
    "split": "/", "share": "/", "더하": "+", "더해": "+", "합치": "+", "빼": "-", "곱하": "*",
    "곱해": "*", "나누": "/", "나눠": "/", "나눈": "/", "나눴": "/", "분할": "/", "등분": "/",
}  # fmt: skip
# Powers said after a number: "2의 100제곱" (2 ** 100), "5 제곱" / "5 squared" (5 ** 2).
POWERS = {"세제곱": "3", "제곱": "2", "승": "2", "squared": "2", "cubed": "3"}
ARITHMETIC_WORDS = re.compile(
    r"(?i)(?<![a-z])(?:"
    + "|".join(re.escape(w) for w in sorted({*INFIX, *VERBS, *POWERS}, key=len, reverse=True))
    + r")(?![a-z])|[()]"
)
NUMBER_KINDS = ("number", "money", "quantity")
DIGITS = re.compile(r"\d+(?:\.\d+)?")
PERCENT = "percent"
PERCENT_BASE = 100

# ---------------------------------------------------------------- data: programs

LANGUAGE_NAMES = {
    "python": "python py 파이썬", "javascript": "javascript js node 자바스크립트",
    "typescript": "typescript ts 타입스크립트", "bash": "bash shell sh 셸 쉘",
    "ruby": "ruby 루비",
}  # fmt: skip
PRINT_LINE = {  # a one-line program that prints a value, per language
    "python": "print({})", "javascript": "console.log({})", "typescript": "console.log({})",
    "bash": "echo $(({}))", "ruby": "puts {}",
}  # fmt: skip
CODE_PARAMETER = frozenset({"code", "source", "snippet", "script", "program", "코드"})
CODE_WORDS = re.compile(r"(?i)\b(?:code|snippet|script|program)s?\b|코드|스크립트")
RUN_WORDS = re.compile(r"(?i)\b(?:run|runs|execute|executes|evaluate|evaluates|interpret)\b|실행")

# ---------------------------------------------------------------- data: SQL words

# Other words for the words schemas name their tables and columns with (English and Korean).
SQL_WORDS = {
    "customer": "client 고객 손님", "product": "item 상품 제품 물건",
    "item": "product goods 물건 상품 품목", "sale": "판매 매출", "order": "purchase 주문 구매",
    "employee": "staff worker 직원 사원", "user": "member 사용자 회원 유저", "member": "회원 멤버",
    "stock": "inventory 재고", "price": "cost 가격",
    "name": "이름", "city": "lives live living 도시 사는", "total": "amount 금액 합계 총액",
    "signup": "sign signed registered joined 가입", "date": "날짜 일자", "salary": "pay 급여 연봉",
    "department": "dept 부서", "email": "이메일", "title": "제목", "author": "writer 저자 작가",
    "rating": "rated stars 평점 별점", "quantity": "qty 수량", "age": "old 나이",
    "country": "나라 국가", "category": "kind 카테고리 분류 종류", "status": "상태",
    "book": "books 책 도서", "student": "학생", "score": "grade 점수 성적", "movie": "film 영화",
}  # fmt: skip
COUNT_CUE = re.compile(r"(?i)\bhow many\b|\bnumber of\b|\bcount\b|몇\s?(?:명|개|건|곳|권)?|개수")
# Words that sort: the direction, and the column they imply ("expensive": price).
SORT_WORDS = {
    "most": ("DESC", ""), "highest": ("DESC", ""), "largest": ("DESC", ""),
    "biggest": ("DESC", ""), "top": ("DESC", ""), "greatest": ("DESC", ""), "best": ("DESC", ""),
    "least": ("ASC", ""), "lowest": ("ASC", ""), "smallest": ("ASC", ""),
    "fewest": ("ASC", ""), "worst": ("ASC", ""), "cheapest": ("ASC", "price"),
    "newest": ("DESC", "date"), "latest": ("DESC", "date"), "recent": ("DESC", "date"),
    "oldest": ("ASC", "date"), "expensive": ("DESC", "price"), "pricey": ("DESC", "price"),
    "cheap": ("ASC", "price"), "비싼": ("DESC", "price"), "싼": ("ASC", "price"),
    "저렴한": ("ASC", "price"), "많은": ("DESC", ""), "높은": ("DESC", ""), "큰": ("DESC", ""),
    "적은": ("ASC", ""), "낮은": ("ASC", ""), "작은": ("ASC", ""), "최근": ("DESC", "date"),
    "최신": ("DESC", "date"), "오래된": ("ASC", "date"),
}  # fmt: skip
RANKING = re.compile(r"(?i)\b(?:most|least|top)\b|\w+est\b|가장|제일|상위|순으로|순서|순\b")
COMPARED_BEFORE = (  # English says a comparison before the number
    (re.compile(r"(?i)\b(?:over|above|more than|greater than|higher than|exceeding)\s*$"), ">"),
    (re.compile(r"(?i)\b(?:under|below|less than|fewer than|lower than)\s*$"), "<"),
    (re.compile(r"(?i)\bat least\s*$"), ">="),
    (re.compile(r"(?i)\bat most\s*$"), "<="),
)
COMPARED_AFTER = (  # Korean says it after the number ("10개 이상", "1만 원 미만")
    (re.compile(r"\S{0,3}\s?이상"), ">="),
    (re.compile(r"\S{0,3}\s?(?:초과|넘는|넘게|보다 많)"), ">"),
    (re.compile(r"\S{0,3}\s?이하"), "<="),
    (re.compile(r"\S{0,3}\s?(?:미만|보다 적)"), "<"),
)
PLACE_COLUMNS = frozenset({"city", "location", "region", "country", "address", "area", "town"})
DATE_COLUMN = re.compile(r"(?i)date|_at$|time|day|created|updated")
NAME_COLUMNS = ("name", "title")
TABLE = re.compile(r"\b([A-Za-z_]\w{0,63})\s?\(\s?(\w{1,64}(?:\s?,\s?\w{1,64}){1,63})\s?\)")
YEAR_COLUMNS = frozenset({"year", "yr"})
YEAR = re.compile(r"(?<!\d)((?:19|20)\d\d)(?!\d)")
SQL_TOOL_WORDS = re.compile(r"(?i)\bsql\b|\bselect\b|\bdatabase\b|데이터베이스|쿼리")
SQL_PARAMETER = frozenset({"query", "sql", "statement", "q"})
NEAR = 24  # characters between a column's word and the number said about it


# ---------------------------------------------------------------- arithmetic


@dataclass(frozen=True)
class Piece:
    """One piece of spoken arithmetic: a number, an operation, a power or a parenthesis."""

    kind: str  # "number", "infix", "verb", "power", "paren"
    text: str  # the number or operator as the expression writes it
    start: int
    end: int


def arithmetic(text: str, entities: tuple[Entity, ...], start: int, end: int) -> str | None:
    """The arithmetic said between two positions, written as an expression ("187000 / 4")."""
    pieces = sorted(_numbers(entities, start, end) + _operators(text, entities, start, end),
                    key=lambda p: p.start)  # fmt: skip
    terms = _terms(pieces)
    while terms and terms[-1] in INFIX.values():
        terms.pop()
    if sum(term[0].isdigit() or term[0] == "-" for term in terms) < 1:
        return None
    verb = next((p.text for p in pieces if p.kind == "verb"), None)
    joined = [_joining(terms, i, verb) if term == "?" else term for i, term in enumerate(terms)]
    return None if None in joined else " ".join(str(term) for term in joined)


def _joining(terms: list[str], at: int, verb: str | None) -> str | None:
    """The operation between two numbers said with none between them: a share of a number
    multiplies it ("15% of 80", "80의 15%"), else the verb said before or after them; None when
    nothing says one (there is nothing to compute)."""
    if any(term.endswith(f"/ {PERCENT_BASE}") for term in (terms[at - 1], terms[at + 1])):
        return "*"
    return verb


def _numbers(entities: tuple[Entity, ...], start: int, end: int) -> list[Piece]:
    """The numbers said (amounts of money and quantities by their amount; a percent as a share)."""
    pieces = []
    for entity in entities:
        if entity.kind not in (*NUMBER_KINDS, "duration") or not start <= entity.start < end:
            continue
        value = _amount(entity)
        if not isinstance(value, int | float) or isinstance(value, bool):
            continue
        written = _number_text(value)
        if isinstance(entity.value, dict) and entity.value.get("unit") == PERCENT:
            written = f"{written} / {PERCENT_BASE}"
        pieces.append(Piece("number", written, entity.start, entity.end))
    return pieces


def _amount(entity: Entity) -> object:
    """The number a value says: an amount's, a quantity's, or the count of a span of time as
    written ("8 days": 8)."""
    if entity.kind == "duration":
        said = DIGITS.search(entity.text)
        return float(said.group()) if said else None
    return entity.value.get("amount") if isinstance(entity.value, dict) else entity.value


def _number_text(value: float) -> str:
    """A number as an expression writes it (187000, 1234.5)."""
    return str(int(value)) if float(value).is_integer() else str(value)


def _operators(text: str, entities: tuple[Entity, ...], start: int, end: int) -> list[Piece]:
    """The operation words and symbols said, outside the numbers ("-" of "-3" is the number's)."""
    inside = [(e.start, e.end) for e in entities if e.kind in NUMBER_KINDS]
    pieces = []
    for match in ARITHMETIC_WORDS.finditer(text, start, end):
        if any(a <= match.start() < b for a, b in inside):
            continue
        said = match.group().lower()
        kind = "paren" if said in "()" else _operator_kind(said)
        written = {"infix": INFIX, "verb": VERBS, "power": POWERS}.get(kind, {}).get(said, said)
        pieces.append(Piece(kind, written, match.start(), match.end()))
    return pieces


def _operator_kind(said: str) -> str:
    """Whether a word is said between numbers, as a verb, or as a power after a number."""
    if said in POWERS:
        return "power"
    return "infix" if said in INFIX else "verb"


def _terms(pieces: list[Piece]) -> list[str]:
    """The expression's terms in order; "?" marks two numbers said with no operation between."""
    terms: list[str] = []
    previous: Piece | None = None
    for piece in pieces:
        if piece.kind == "number":
            if terms and (terms[-1][0].isdigit() or terms[-1] == ")"):
                terms.append("?")
            terms.append(piece.text)
        elif piece.kind == "infix" and terms and terms[-1] not in INFIX.values():
            terms.append(piece.text)
        elif piece.kind == "power" and previous is not None and previous.kind == "number":
            _power(terms, piece, previous)
        elif piece.kind == "paren":
            terms.append(piece.text)
        previous = piece
    return terms


def _power(terms: list[str], power: Piece, number: Piece) -> None:
    """A power said after a number: "2의 100제곱" raises the number before to it, "5 제곱"
    squares the number itself."""
    if power.start - number.end > len("의 "):
        return
    if len(terms) >= 3 and terms[-2] == "?":
        terms[-2] = "**"
    else:
        terms.extend(["**", power.text])


# ---------------------------------------------------------------- programs


def asks_for_code(name: str, description: str, tool_text: str) -> bool:
    """Whether a parameter wants source code: it is named or described as code, and its tool
    runs code ("Execute a snippet of code")."""
    said = {*name.lower().split("_"), *re.findall(r"[a-z]+|[가-힣]+", description.lower())}
    runs_code = bool(CODE_WORDS.search(tool_text)) and bool(RUN_WORDS.search(tool_text))
    return bool(said & CODE_PARAMETER) and runs_code


def language_named(text: str, offered: list[str]) -> str:
    """The programming language the request names, among those offered (else the first
    offered, else Python)."""
    return language_said(text, offered) or (offered[0] if offered else "python")


def language_said(text: str, offered: list[str]) -> str | None:
    """The programming language the request names in either language ("루비로": ruby), among
    those offered when some are (None when it names none)."""
    lowered = text.lower()
    for language, names in LANGUAGE_NAMES.items():
        said = any(_names(lowered, name) for name in names.split())
        if said and (not offered or language in offered):
            return language
    return None


def _names(text: str, name: str) -> bool:
    """Whether a lower-cased text says a language's name as a word of its own."""
    after = r"(?![\w#+])" if name.isascii() else ""  # Korean: a particle may follow (루비로)
    return re.search(rf"(?<![\w#+]){re.escape(name)}{after}", text) is not None


def program(language: str, expression: str) -> str:
    """A one-line program in the language that prints the value of an expression."""
    return PRINT_LINE.get(language, PRINT_LINE["python"]).format(expression)


# ---------------------------------------------------------------- SQL


@dataclass(frozen=True)
class Table:
    """A table the tool's description lists, with its columns."""

    name: str
    columns: tuple[str, ...]


def asks_for_sql(name: str, description: str, tool_text: str) -> bool:
    """Whether a parameter wants an SQL query: its description says SQL, or it is the query of
    a tool about SQL or a database."""
    if SQL_TOOL_WORDS.search(f"{name} {description}"):
        return True
    return name.lower() in SQL_PARAMETER and bool(SQL_TOOL_WORDS.search(tool_text))


def tables_in(text: str) -> list[Table]:
    """The tables a description lists as `name(column, column, ...)`."""
    return [
        Table(m.group(1), tuple(c.strip() for c in m.group(2).split(",")))
        for m in TABLE.finditer(text)
    ]


def sql_query(text: str, entities: tuple[Entity, ...], tables: list[Table]) -> str | None:
    """One SELECT statement for a question about the tables, or None when it names none."""
    table = _table_asked(text, tables)
    if table is None:
        return None
    where = _conditions(text, entities, table)
    order = _order(text, table)
    limit = _limit(text, entities, where) if order else None
    selected = "COUNT(*)" if COUNT_CUE.search(text) and not order else "*"
    query = f"SELECT {selected} FROM {table.name}"
    query += f" WHERE {' AND '.join(c for c, _ in where)}" if where else ""
    query += f" ORDER BY {order}" if order else ""
    query += f" LIMIT {limit}" if limit else ""
    return query + ";"


def _said_at(text: str, word: str) -> int | None:
    """Where a schema word (or another word for it) is said: English as a word's start
    ("signed" says sign), Korean anywhere in a word (재고가 says 재고)."""
    parts = [p for p in word.lower().split("_") if p]
    forms = [f for p in parts for f in (p, p.rstrip("s"), *_other_words(p))]
    forms = [f for f in dict.fromkeys(forms) if len(f) > 1 or not f.isascii()]  # 책 is a word
    found = [_form_at(text.lower(), form) for form in forms]
    found = [at for at in found if at is not None]
    return min(found) if found else None


def _other_words(part: str) -> list[str]:
    """Other words for a schema word ("product": 상품, item), by its singular."""
    return SQL_WORDS.get(part.rstrip("s"), "").split()


def _form_at(text: str, form: str) -> int | None:
    """Where one form is said (None if it is not)."""
    if not form.isascii():
        at = text.find(form)
        return at if at >= 0 else None
    match = re.search(rf"(?<![a-z]){re.escape(form)}", text)
    return match.start() if match else None


def _table_asked(text: str, tables: list[Table]) -> Table | None:
    """The table the request names (first said), else the one most of whose columns it names."""
    named = [(at, t) for t in tables if (at := _said_at(text, t.name)) is not None]
    if named:
        return min(named, key=lambda pair: pair[0])[1]
    counts = [(sum(_said_at(text, c) is not None for c in t.columns), t) for t in tables]
    best = max(counts, key=lambda pair: pair[0], default=(0, None))
    return best[1] if best[0] else None


def _columns_said(text: str, table: Table) -> list[tuple[int, str]]:
    """The table's columns the request names, with where (ids are never named; in `order_date`
    of `orders` only "date" names the column: "order" names the table)."""
    own = table.name.lower().rstrip("s")
    said = []
    for column in table.columns:
        parts = [p for p in column.lower().split("_") if p.rstrip("s") != own] or [column]
        at = _said_at(text, "_".join(parts))
        if column != "id" and at is not None:
            said.append((at, column))
    return sorted(said)


def _conditions(
    text: str, entities: tuple[Entity, ...], table: Table
) -> list[tuple[str, Entity | None]]:
    """The WHERE conditions: a year on a date column, a place on a place column, a number on
    the column said next to it, a quoted name on the name column."""
    conditions = _year_condition(text, table)
    places = [c for c in table.columns if c.lower() in PLACE_COLUMNS]
    columns = _columns_said(text, table)
    for entity in entities:
        if entity.kind == "place" and places:
            place = strip_korean_particle(entity.text)
            conditions.append((f"{places[0]} = {_quoted(place)}", entity))
        elif entity.kind in NUMBER_KINDS and not _is_year_or_count(text, entity):
            compared = _comparison(text, entity, columns)
            conditions += [(compared, entity)] if compared else []
        elif entity.kind == "quoted":
            named = next((c for c in table.columns if c.lower() in NAME_COLUMNS), None)
            conditions += [(f"{named} = {_quoted(str(entity.value))}", entity)] if named else []
    return conditions


def _quoted(value: str) -> str:
    """A value as an SQL string literal (a quote inside doubled)."""
    return "'" + value.replace("'", "''") + "'"


def _year_condition(text: str, table: Table) -> list[tuple[str, Entity | None]]:
    """Rows of a year said ("in 2025", "2025년"): its date column within that year."""
    year = YEAR.search(text)
    dated = [c for c in table.columns if DATE_COLUMN.search(c)]
    if year is not None and YEAR_COLUMNS & set(table.columns):  # a year column: compared as is
        return [(f"{sorted(YEAR_COLUMNS & set(table.columns))[0]} = {year.group(1)}", None)]
    if year is None or not dated:
        return []
    said = [c for _, c in _columns_said(text, table) if c in dated]
    column, first = (said or dated)[0], int(year.group(1))
    return [(f"{column} >= '{first}-01-01' AND {column} < '{first + 1}-01-01'", None)]


ROW_COUNTER = re.compile(r"\s?(?:개|명|건|곳|권|rows?\b)")


def _is_year_or_count(text: str, number: Entity) -> bool:
    """Whether a number is a year or a count of rows ("상품 3개", "5 rows"), not a value to
    compare, unless a comparison word says it is one ("재고 3개 이하")."""
    if YEAR.fullmatch(number.text.strip()):
        return True
    counted = ROW_COUNTER.match(text, number.end) is not None
    compared = any(p.match(text, number.end, number.end + 8) for p, _ in COMPARED_AFTER)
    return counted and not compared


def _comparison(text: str, number: Entity, columns: list[tuple[int, str]]) -> str | None:
    """A number compared with the column said nearest it, before ("stock below 10", "재고가
    0인") or right after ("fewer than 2 copies"): equal unless a comparison word says otherwise."""
    near = [(number.start - at, c) for at, c in columns if 0 <= number.start - at <= NEAR]
    near += [(0, c) for at, c in columns if not text[number.end : at].strip()]  # "2 copies"
    if not near:
        return None
    column = min(near)[1]
    said_before = text[max(0, number.start - NEAR) : number.start]
    signs = [s for p, s in COMPARED_BEFORE if p.search(said_before)]
    signs += [s for p, s in COMPARED_AFTER if p.match(text, number.end, number.end + 8)]
    sign = signs[0] if signs else "="
    value = number.value.get("amount") if isinstance(number.value, dict) else number.value
    return f"{column} {sign} {_number_text(value)}" if isinstance(value, int | float) else None


def _order(text: str, table: Table) -> str | None:
    """ORDER BY for a ranking ("the 5 most expensive", "lowest on stock", "가장 비싼"): the
    column said (or the one the sorting word implies) and the direction."""
    if not RANKING.search(text):
        return None
    lowered = text.lower()
    found = _sort_words_said(lowered)
    found = [w for w in found if w != "top"] or found  # "top 5 cheapest": the cheapest
    if not found:
        return None
    direction = SORT_WORDS[found[0]][0]  # "least expensive": the first word says which way
    implied = next((SORT_WORDS[w][1] for w in found if SORT_WORDS[w][1]), "")
    columns = [c for _, c in _columns_said(text, table) if c.lower() not in PLACE_COLUMNS]
    implied_columns = [c for c in table.columns if implied and implied in c.lower()]
    column = next(iter(implied_columns or columns), None)
    return f"{column} {direction}" if column else None


def _sort_words_said(lowered: str) -> list[str]:
    """The sorting words a lower-cased request says, in the order it says them."""
    said = [(_form_at(lowered, word), word) for word in SORT_WORDS]
    return [word for at, word in sorted((at, w) for at, w in said if at is not None)]


def _limit(text: str, entities: tuple[Entity, ...], where: list[tuple[str, Entity | None]]) -> int:
    """How many rows a ranking asks for: the number said that is no condition's, else one."""
    used = {id(e) for _, e in where if e is not None}
    counts = [
        e.value
        for e in entities
        if e.kind == "number" and id(e) not in used and isinstance(e.value, int)
        and not YEAR.fullmatch(e.text.strip())
    ]  # fmt: skip
    return counts[0] if counts else 1
