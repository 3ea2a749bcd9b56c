"""Composing the text a parameter asks for: an expression, a tiny program, an SQL query.

The sentences are written for these tests (other domains than the classroom's), in English and
Korean; each test fails when the composer falls back to passing the user's words on.
"""

from __future__ import annotations

import pytest
from offline_support import ask, calls_of, tool

from helpers.offline.composing import arithmetic, language_named, program, sql_query, tables_in
from helpers.offline.request import read_request


def expression_of(text: str) -> str | None:
    """What the composer writes for the arithmetic of a whole sentence."""
    request = read_request(text)
    return arithmetic(request.text, request.entities, 0, len(request.text))


@pytest.mark.parametrize(
    ("sentence", "expression"),
    [
        ("Share 96 cookies among 8 kids", "96 / 8"),  # a verb before both numbers
        ("add 17 and 25", "17 + 25"),
        ("사탕 60개를 다섯 명이 나누면 몇 개씩이야?", "60 / 5"),  # Korean: the verb after them
        ("7과 9를 곱하면?", "7 * 9"),
        ("What is nine times six minus 4?", "9 * 6 - 4"),  # between them, number words too
    ],
)
def test_an_operation_said_before_between_or_after_the_numbers(
    sentence: str, expression: str
) -> None:
    assert expression_of(sentence) == expression


@pytest.mark.parametrize(
    ("sentence", "expression"),
    [
        ("3의 20제곱은 얼마야", "3 ** 20"),  # "A의 B제곱": A to the power B
        ("7 to the power of 3", "7 ** 3"),
        ("12 squared", "12 ** 2"),
        ("11 제곱", "11 ** 2"),
        ("5의 8승", "5 ** 8"),
    ],
)
def test_a_power_is_written_as_a_power(sentence: str, expression: str) -> None:
    assert expression_of(sentence) == expression


@pytest.mark.parametrize(
    ("sentence", "expression"),
    [("What's 20% of 45?", "20 / 100 * 45"), ("45000원의 10%는?", "45000 * 10 / 100")],
)
def test_a_share_of_a_number_multiplies_it(sentence: str, expression: str) -> None:
    assert expression_of(sentence) == expression


def test_numbers_with_no_operation_are_no_expression() -> None:
    assert expression_of("room 12 on floor 3") is None


CALC = tool(
    "evaluate",
    "Evaluate a maths expression and return the result.",
    {"formula": {"type": "string", "description": "Expression, e.g. 2^8 or (1+2)/3"}},
    ["formula"],
)


def test_the_calculator_gets_the_expression_in_the_notation_its_description_uses() -> None:
    assert calls_of(ask("Divide 640 pages by 8 days", [CALC])) == [
        ("evaluate", {"formula": "640 / 8"})
    ]
    [(_, arguments)] = calls_of(ask("2의 16제곱 계산해줘", [CALC]))
    assert arguments == {"formula": "2 ^ 16"}


SANDBOX = tool(
    "execute_snippet",
    "Run a short program in an isolated sandbox and return its output.",
    {
        "lang": {"type": "string", "enum": ["javascript", "python", "ruby"]},
        "source": {"type": "string", "description": "Program text"},
        "max_seconds": {"type": "integer", "minimum": 1},
    },
    ["lang", "source"],
)


@pytest.mark.parametrize(
    ("question", "lang", "source"),
    [
        ("Run some python that works out 3 to the power of 40", "python", "print(3 ** 40)"),
        ("자바스크립트로 123 곱하기 456 계산하는 코드 실행해 줘", "javascript",
         "console.log(123 * 456)"),
        ("루비로 17의 5제곱 출력하는 코드 돌려줘", "ruby", "puts 17 ** 5"),
    ],
)  # fmt: skip
def test_a_program_prints_what_the_request_asks_to_compute(
    question: str, lang: str, source: str
) -> None:
    [(name, arguments)] = calls_of(ask(question, [SANDBOX]))
    assert name == "execute_snippet"
    assert arguments == {"lang": lang, "source": source}  # the numbers are not a time limit


def test_a_program_is_written_in_the_language_named_among_those_offered() -> None:
    assert language_named("in JS please", ["python", "javascript"]) == "javascript"
    assert language_named("파이썬으로", []) == "python"
    assert language_named("no language said", ["bash", "python"]) == "bash"
    assert program("bash", "6 * 7") == "echo $((6 * 7))"


LIBRARY_DB = (
    "Query the library database (read-only SQL). Tables: books(id, title, author, year, "
    "copies), members(id, name, city, joined_at), loans(id, book_id, member_id, due_date)."
)


def sql_for(question: str) -> str | None:
    """What the composer writes for a question about the library's tables."""
    request = read_request(question)
    return sql_query(request.text, request.entities, tables_in(LIBRARY_DB))


def test_the_tables_are_read_from_the_description() -> None:
    tables = tables_in(LIBRARY_DB)
    assert [t.name for t in tables] == ["books", "members", "loans"]
    assert tables[1].columns == ("id", "name", "city", "joined_at")


@pytest.mark.parametrize(
    ("question", "query"),
    [
        ("How many members joined in 2024?",
         "SELECT COUNT(*) FROM members WHERE joined_at >= '2024-01-01' AND joined_at < "
         "'2025-01-01';"),
        ("회원이 몇 명이야?", "SELECT COUNT(*) FROM members;"),
        ("Show the 3 books with the most copies",
         "SELECT * FROM books ORDER BY copies DESC LIMIT 3;"),
        ("책 목록 보여줘", "SELECT * FROM books;"),
        ("부산에 사는 회원 알려줘", "SELECT * FROM members WHERE city = '부산';"),
        ("Which books have fewer than 2 copies?", "SELECT * FROM books WHERE copies < 2;"),
        ("재고 3권 이하인 책", None),  # no column is said: the composer writes nothing
    ],
)  # fmt: skip
def test_a_question_becomes_one_select(question: str, query: str | None) -> None:
    if query is None:
        assert sql_for(question) in (None, "SELECT * FROM books;")
    else:
        assert sql_for(question) == query


def test_a_korean_comparison_follows_its_number() -> None:
    query = sql_for("copies 5권 이상인 책 보여줘")
    assert query == "SELECT * FROM books WHERE copies >= 5;"


DATABASE = tool(
    "query_db",
    LIBRARY_DB,
    {"sql": {"type": "string", "description": "One SELECT statement"}},
    ["sql"],
)


@pytest.mark.parametrize(
    ("question", "pieces"),
    [
        ("How many books were published in 1999?", ("count", "books", "1999", "year")),
        ("연체 말고, 서울에 사는 회원 목록 뽑아줘", ("members", "city", "서울")),
    ],
)
def test_a_database_tool_gets_sql_not_the_user_s_words(question: str, pieces: tuple) -> None:
    [(name, arguments)] = calls_of(ask(question, [DATABASE]))
    assert name == "query_db"
    assert all(piece in arguments["sql"].lower() for piece in pieces)
    assert arguments["sql"].startswith("SELECT")


def test_a_query_tool_that_is_no_database_keeps_the_user_s_words() -> None:
    search = tool(
        "search_books",
        "Search the catalogue by keywords.",
        {"query": {"type": "string", "description": "Search words"}},
        ["query"],
    )
    [(_, arguments)] = calls_of(ask("search for books about volcanoes", [search]))
    assert "SELECT" not in arguments["query"]
    assert "volcanoes" in arguments["query"]


def test_a_long_paste_is_composed_from_what_is_read() -> None:
    pasted = "Split 90 between 3 " + "lorem ipsum dolor " * 6000  # about 100,000 characters
    request = read_request(pasted)
    assert arithmetic(request.window, request.entities, 0, 20) == "90 / 3"
    question = "How many books " + "lorem ipsum dolor " * 6000
    assert sql_query(question, (), tables_in(LIBRARY_DB)) == "SELECT COUNT(*) FROM books;"


SHOP_DB = "Tables: items(id, title, price, stock), sales(id, item_id, total, sale_date)."


@pytest.mark.parametrize(
    ("question", "query"),
    [
        (
            "가장 비싼 물건 2개 보여줘",
            "SELECT * FROM items ORDER BY price DESC LIMIT 2;",
        ),  # a count
        (
            "What are the 4 least expensive items?",
            "SELECT * FROM items ORDER BY price ASC LIMIT 4;",
        ),
        ("판매 금액이 5만 원 넘는 판매 보여줘", "SELECT * FROM sales WHERE total > 50000;"),
        ("sales with a total over 300", "SELECT * FROM sales WHERE total > 300;"),
    ],
)
def test_a_ranking_counts_rows_and_a_column_named_after_its_table_is_its_own_word(
    question: str, query: str
) -> None:
    request = read_request(question)
    assert sql_query(request.text, request.entities, tables_in(SHOP_DB)) == query
