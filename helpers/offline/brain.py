"""The decision (seed step 3): read once, plan once, explain always. A pure function of the request.

1. A pinned script reply, if the config has one for this turn (script mode).
2. Read the request (request.py) and each tool (tools.py), once.
3. Plan (planning.py): the tools that clearly fit, their arguments by type (arguments.py), or a
   question for a missing value, or text.
4. After tool results: calls still to make come next; an informative error gets the corrected
   call, a vague one the same call again; when everything is in, the answer (answers.py).
Every decision carries its Explanation (explain.py).
"""

from __future__ import annotations

import json
import re
from dataclasses import dataclass, field
from typing import Any

from wordfreq import zipf_frequency

from helpers.offline import answers, faults
from helpers.offline.arguments import FILLED_BY, UNSAID, Filling, Span, fill
from helpers.offline.config import MODEL_ID, ModelConfig, ScriptedReply
from helpers.offline.explain import Explanation
from helpers.offline.lexicon import ACTIONS
from helpers.offline.meaning import glossary_english
from helpers.offline.planning import Score, Task, find_tasks, score_tools
from helpers.offline.protocol import check_request
from helpers.offline.reading import Call, Conversation, Outcome, is_informative, read_conversation
from helpers.offline.request import Request, read_request
from helpers.offline.tools import Parameter, ToolReading, read_tool
from helpers.offline.words import is_known_english

# A reply that asks the question before again about another thing: "And at Lakeside?", "What
# about Busan?", "그럼 부산은?" (it opens with a joining word, or ends on a topic particle).
ASKS_AGAIN = re.compile(
    r"(?i)^\W*(?:and|what about|how about|same for|also|now)\b|^\W*(?:그럼|그러면|그리고|또)\s"
    r"|[은는]\s*[?？]\s*$"
)
KNOWN_WORD_ZIPF = 3.0  # a dictionary word this common names a thing the model knows (tea, kiln)


@dataclass(frozen=True)
class Decision:
    """What the model says: text, tool calls, or both, and why."""

    content: str | None
    calls: tuple[Call, ...] = ()
    explanation: Explanation | None = field(default=None, compare=False)


@dataclass(frozen=True)
class Plan:
    """Everything the request needs: calls, or a question, or nothing (text), with reasons."""

    calls: tuple[Call, ...] = ()
    ask: tuple[str, Parameter] | None = None  # the tool that needs a value, and which
    guessed: bool = False  # calls to a tool the model expected but was not given
    tasks: tuple[Task, ...] = ()
    fillings: tuple[Filling, ...] = ()
    scores: tuple[Score, ...] = ()
    reason: str = ""


def explain(request: dict[str, Any], **config: Any) -> Explanation:
    """Why the offline model answers this chat request as it does (the options of connect():
    seed, faults, script...)."""
    body = {"model": MODEL_ID, **request}
    check_request(body)
    decision = decide(body, ModelConfig(**config))
    return decision.explanation or Explanation.scripted()


def decide(request: dict[str, Any], config: ModelConfig) -> Decision:
    """The model's whole decision for one request."""
    chat = read_conversation(request["messages"])
    if chat.assistant_messages < len(config.script):
        return scripted(config.script[chat.assistant_messages])
    tools = [read_tool(t["function"]) for t in request.get("tools") or []]
    definitions = [t["function"] for t in request.get("tools") or []]
    choice = request.get("tool_choice", "auto")
    understood = read_request(chat.request)
    plan = make_plan(chat, understood, tools, choice, config.seed)
    if not tools or choice == "none":
        fitting = plan.tasks[0].tool.name if plan.tasks else None
        text = answers.without_tools(chat, definitions, fitting)
        return _explained(Decision(text), understood, plan, "tools off" if tools else "no tools")
    return _next_move(chat, understood, plan, definitions, tools, request, config)


def _next_move(
    chat: Conversation,
    understood: Request,
    plan: Plan,
    definitions: list[dict[str, Any]],
    tools: list[ToolReading],
    request: dict[str, Any],
    config: ModelConfig,
) -> Decision:
    """Call what is still to call (healing errors), or answer, ask, or say nothing fits."""
    choice = request.get("tool_choice", "auto")
    if plan.guessed:
        calls, rule = _unanswered(chat, list(plan.calls), definitions), "thin description"
    else:
        calls, rule = next_calls(chat, list(plan.calls), definitions)
    if not calls and choice != "auto":
        calls, rule = list(plan.calls), f"tool_choice={_choice_name(choice)}"
    if request.get("parallel_tool_calls") is False:
        calls = calls[:1]
    if calls:
        fault = faults.for_turn(config, len(chat.turns), chat.system)
        made = faults.apply(fault, calls, definitions)
        return _explained(
            Decision(None, tuple(made)), understood, plan, f"fault: {fault}" if fault else rule
        )
    if chat.turns:
        return _explained(
            Decision(answers.final(chat, list(plan.calls), definitions)),
            understood,
            plan,
            "answer from results",
        )
    if plan.ask:
        tool, parameter = plan.ask
        question = answers.clarifying_question(tool, parameter, chat.korean)
        return _explained(Decision(question), understood, plan, "ask")
    return _explained(
        Decision(answers.without_tools(chat, definitions, None)), understood, plan, "answer"
    )


def _choice_name(choice: Any) -> str:
    """tool_choice as a short name ("required", or the named function)."""
    return choice["function"]["name"] if isinstance(choice, dict) else str(choice)


def _explained(decision: Decision, understood: Request, plan: Plan, rule: str) -> Decision:
    """The decision with its explanation attached."""
    why = Explanation.of(understood, plan.scores, plan.fillings, rule, plan.reason, decision)
    return Decision(decision.content, decision.calls, why)


def scripted(reply: ScriptedReply) -> Decision:
    """A pinned reply: the text, the calls exactly as written, or both."""
    if isinstance(reply, str):
        return Decision(reply, (), Explanation.scripted())
    both = isinstance(reply, dict)
    content, calls = (reply["content"], reply["calls"]) if both else (None, reply)
    made = tuple(Call(c["name"], _as_json(c.get("arguments", {}))) for c in calls)
    return Decision(content, made, Explanation.scripted())


def _as_json(arguments: dict[str, Any] | str) -> str:
    """Arguments as the JSON string the wire carries (a string is sent as given)."""
    return arguments if isinstance(arguments, str) else json.dumps(arguments, ensure_ascii=False)


def make_plan(
    chat: Conversation, understood: Request, tools: list[ToolReading], choice: Any, seed: int
) -> Plan:
    """Every call the request needs, a question to ask first, a guess, or nothing."""
    if not tools:
        return Plan(reason="no tools were given")
    scores = tuple(score_tools(understood, None, tools))
    if isinstance(choice, dict):  # tool_choice names the function to call
        named = next(t for t in tools if t.name == choice["function"]["name"])
        tasks = [Task(named, 0, len(understood.text), scores[tools.index(named)])]
        return _calls_for(tasks, understood, True, scores, "tool_choice names the tool")
    if _answers_question(chat, understood):
        follow = _follow_up(chat, tools, seed)
        if follow is not None:
            return follow
    tasks = find_tasks(understood, tools, seed)
    said = _established(chat)
    planned = _calls_for(tasks, understood, choice != "auto", scores, "the best tool fits", said)
    if tasks and not planned.ask:
        return planned
    follow = _follow_up(chat, tools, seed)
    if tasks and follow is None:
        return planned
    if follow is not None:
        return follow
    return _without_fit(understood, tools, choice, scores)


def _answers_question(chat: Conversation, understood: Request) -> bool:
    """Whether the user's message answers the question the model just asked: it asks for no
    action of its own ("4명, 두 시간", "Mountain, 3 hours"), so it continues the request the
    question was about, even where its values alone would fit another tool."""
    acts = any(s.concept in ACTIONS and s.word and not s.negated for s in understood.senses)
    return chat.asked and not chat.earlier_calls and not acts


def _without_fit(
    understood: Request, tools: list[ToolReading], choice: Any, scores: tuple[Score, ...]
) -> Plan:
    """No tool clearly fits: guess the tool the model expected, call the best if it must."""
    distrusted = _distrusted(understood, tools, scores)
    if choice == "auto" and distrusted is not None:
        return _guess(understood, distrusted, scores)
    if choice == "required":
        best = max(range(len(tools)), key=lambda i: scores[i].total)
        task = Task(tools[best], 0, len(understood.text), scores[best])
        return _calls_for([task], understood, True, scores, "tool_choice=required: the best tool")
    return Plan(scores=scores, reason="no tool fits the request well enough")


def _calls_for(
    tasks: list[Task],
    understood: Request,
    forced: bool,
    scores: tuple[Score, ...],
    reason: str,
    established: tuple[Filling, ...] = (),
) -> Plan:
    """The calls for the tasks, or a question for the first value a task lacks (a required value
    the request leaves out may be one the conversation established: `established`)."""
    calls: list[Call] = []
    fillings: list[Filling] = []
    for task in tasks:
        span = Span(understood, task.start, task.end)
        arguments = fill(task.tool, span, forced, established + tuple(fillings))
        fillings += arguments.fillings
        if arguments.missing and not forced:
            reason = (
                f"{task.tool.name} fits, but the request does not say its {arguments.missing[0]}"
            )
            return Plan(
                ask=(task.tool.name, _missing(task.tool, arguments.missing[0])),
                tasks=tuple(tasks),
                fillings=tuple(fillings),
                scores=scores,
                reason=reason,
            )
        for values in arguments.calls:
            call = Call(task.tool.name, json.dumps(values, ensure_ascii=False))
            if call.key() not in {c.key() for c in calls}:
                calls.append(call)
    return Plan(
        tuple(calls), tasks=tuple(tasks), fillings=tuple(fillings), scores=scores, reason=reason
    )


def _established(chat: Conversation) -> tuple[Filling, ...]:
    """The values the calls answering the message before sent ("department": "dermatology"): a
    new request in the same conversation goes on about them ("두 시로 잡아줘" books the
    department and day just looked up), so a required value it leaves out under the same name
    is that one."""
    return tuple(
        Filling(name, value, "said earlier in the conversation")
        for call in chat.earlier_calls
        for name, value in _arguments_of(call).items()
    )


def _missing(tool: ToolReading, path: str) -> Parameter:
    """The top-level parameter a missing value belongs to ("place.city" -> place)."""
    name = re.split(r"[.\[]", path)[0]
    known = [p for p in tool.parameters if p.name == name]
    return known[0] if known else Parameter(name, {}, "text", True, None, None)


def _follow_up(chat: Conversation, tools: list[ToolReading], seed: int) -> Plan | None:
    """A reply that only gives values ("Paris, please", "and in Tokyo?") continues the tasks of
    the previous user message; one that gives none of their values ("thanks") does not."""
    if not chat.earlier:
        return None
    if chat.earlier_calls:
        return _calls_again(chat, tools)
    earlier = read_request(chat.earlier)
    tasks = find_tasks(earlier, tools, seed)
    both = read_request(f"{chat.earlier}\n{chat.request}")
    start = len(chat.earlier) + 1
    kept = [
        Task(t.tool, 0, len(both.text), t.score) for t in tasks if _gives_value(t.tool, both, start)
    ]
    if not kept:
        return None
    return _calls_for(
        kept, both, False, (), "a reply that gives values continues the request before it"
    )


def _calls_again(chat: Conversation, tools: list[ToolReading]) -> Plan | None:
    """A reply that gives new values ("그럼 엔화로는?", "and for Tokyo?") after calls were made:
    the same calls again, with the values the reply gives in place of the old ones. A reply that
    asks again about another thing ("And at Lakeside?") gives its name, whatever its kind."""
    latest = read_request(chat.request)
    calls: list[Call] = []
    fillings: list[Filling] = []
    for previous in chat.earlier_calls:
        tool = next((t for t in tools if t.name == previous.name), None)
        if tool is None or not (_gives_value(tool, latest, 0) or ASKS_AGAIN.search(latest.text)):
            continue
        new = fill(tool, Span(latest, 0, len(latest.text)), False)
        said = {f.parameter: f.value for f in new.fillings if f.source not in UNSAID}
        arguments = {**_arguments_of(previous), **said}
        calls.append(Call(tool.name, json.dumps(arguments, ensure_ascii=False)))
        fillings += new.fillings
    if not calls:
        return None
    reason = "a reply that gives new values repeats the calls before it with them"
    return Plan(tuple(calls), fillings=tuple(fillings), reason=reason)


def _arguments_of(call: Call) -> dict[str, Any]:
    """A call's arguments as a dict ({} when they are not a JSON object)."""
    try:
        arguments = json.loads(call.arguments)
    except ValueError:
        return {}
    return arguments if isinstance(arguments, dict) else {}


def _gives_value(tool: ToolReading, request: Request, start: int) -> bool:
    """Whether the text from `start` on holds a value one of the tool's parameters takes (a
    value read across the join counts: "on Friday" + "10am" is one date-time)."""
    kinds = {kind for p in tool.parameters for kind in FILLED_BY.get(p.kind, ("quoted",))}
    if any(e.kind in kinds and e.end > start for e in request.entities):
        return True
    return _names_a_choice(tool, request.text[start:])


def _names_a_choice(tool: ToolReading, text: str) -> bool:
    """Whether a text names one of the choices a parameter's enum offers ("자유석", "mountain"):
    a choice is a value as much as a date or a number is."""
    said = text.casefold()
    members = [m for p in tool.parameters for m in p.spec.get("enum") or [] if isinstance(m, str)]
    return any(len(m) > 1 and m.casefold() in said for m in members)


def _distrusted(
    understood: Request, tools: list[ToolReading], scores: tuple[Score, ...]
) -> ToolReading | None:
    """A tool that takes the request's values but says nothing about the request (seed cause 2,
    "설명이 충분히 명확하지 않음"): a thin description sharing no meaning with the request,
    under a name that says no object the model knows (wx, poi, lookup): nothing explains it."""
    for tool, score in zip(tools, scores, strict=True):
        vague = tool.thin and not _named_object(tool)
        if vague and score.named == 0 and score.slots > 0 and _topic(understood):
            return tool
    return None


def _named_object(tool: ToolReading) -> bool:
    """Whether the tool's name says what it acts on, in words the model knows (convert_currency:
    currency; order_kimchi: a dish its glossary names), not only an action (lookup) or letters it
    cannot read (wx)."""
    return any(_known_word(concept) for concept in tool.in_name - tool.actions())


def _known_word(concept: str) -> bool:
    """A concept of the lexicon, a common English dictionary word (tea, kiln; not the rare "poi"
    that POI spells), or an English word of the glossary (bibimbap)."""
    word = concept.removeprefix("~")
    common = is_known_english(word) and zipf_frequency(word, "en") >= KNOWN_WORD_ZIPF
    return word == concept or common or word in glossary_english()


def _topic(understood: Request) -> str | None:
    """The concept the request is about, as the name of the tool a model would expect."""
    known = [s for s in understood.senses if not s.concept.startswith("~") and s.word]
    best = max(known, key=lambda s: s.weight, default=None)
    return best.concept if best else None


def _guess(understood: Request, tool: ToolReading, scores: tuple[Score, ...]) -> Plan:
    """Call the tool the model expected ("get_weather") with the values the distrusted one takes.

    The error that comes back ("Unknown tool 'get_weather'. Available tools: wx") does not help:
    the listed tool still says nothing about the request, so the model guesses again."""
    index = next(i for i, s in enumerate(scores) if s.tool == tool.name)
    plan = _calls_for(
        [Task(tool, 0, len(understood.text), scores[index])], understood, False, scores, ""
    )
    if plan.ask:
        return plan
    name = faults.unused_name(f"get_{_topic(understood)}", [{"name": tool.name}])
    calls = tuple(Call(name, call.arguments) for call in plan.calls)
    reason = f"{tool.name}'s description is too thin to trust; the model expected {name}"
    return Plan(calls, guessed=True, fillings=plan.fillings, scores=scores, reason=reason)


def _unanswered(chat: Conversation, plan: list[Call], tools: list[dict[str, Any]]) -> list[Call]:
    """The planned calls that have not succeeded yet."""
    answered = [o.call for o in chat.outcomes() if o.error() is None]
    return _without_answered(plan, answered, tools, read_request(chat.request))


def _without_answered(
    plan: list[Call], answered: list[Call], tools: list[dict[str, Any]], request: Request
) -> list[Call]:
    """The plan minus the calls results already answer. A call made as planned answers its own;
    one made to the same tool with values written otherwise ("croissant" for "크루아상", "Dune
    (Frank Herbert)" for "Dune") answers the planned call of that tool it shares most values
    with: each call the request needs is made once, however the model would spell it now. A
    call about another thing than the request says (Tokyo, asked Beijing) answers nothing."""
    remaining = list(plan)
    unmatched = []
    for call in answered:
        same = [c for c in remaining if identity(c, tools) == identity(call, tools)]
        if same:
            remaining.remove(same[0])
        else:
            unmatched.append(call)
    for call in unmatched:
        counterparts = [c for c in remaining if c.name == call.name]
        if not counterparts:
            continue
        shared = [len(_sent_values(c) & _sent_values(call)) for c in counterparts]
        counterpart = counterparts[shared.index(max(shared))]
        if not _about_another_thing(call, counterpart, request):
            remaining.remove(counterpart)
    return remaining


def _about_another_thing(made: Call, planned: Call, request: Request) -> bool:
    """Whether a call made sent a value the request contradicts: a number it does not say, or a
    name of a kind it names otherwise in the same script (Tokyo for a request about Beijing;
    "Gangnam Station" for "강남역" may be the same place written in English)."""
    planned_arguments = _arguments_of(planned)
    differing = [
        value
        for name, value in _arguments_of(made).items()
        if planned_arguments.get(name, value) != value
    ]
    return any(_contradicted(value, request) for value in differing)


def _contradicted(value: Any, request: Request) -> bool:
    """Whether the request says something else where this value stands (see above)."""
    if isinstance(value, int | float) and not isinstance(value, bool):
        return value not in {_amount(e.value) for e in request.entities}
    if not isinstance(value, str):
        return False
    for entity in read_request(value).entities:
        said = [str(e.value).casefold() for e in request.entities if e.kind == entity.kind]
        said = [s for s in said if s.isascii() == str(entity.value).isascii()]
        mine = str(entity.value).casefold()
        if said and not any(mine in s or s in mine for s in said):
            return True
    return False


def _amount(value: Any) -> Any:
    """The number a value says (an amount's or a quantity's, or the value itself)."""
    return value.get("amount") if isinstance(value, dict) else value


def identity(call: Call, tools: list[dict[str, Any]]) -> tuple[str, str]:
    """A call's identity with its tool's defaults filled in: {"city": "Beijing"} is the same call
    as {"city": "Beijing", "unit": "celsius"} when "celsius" is the default."""
    tool = next((t for t in tools if t["name"] == call.name), {})
    properties = tool.get("parameters", {}).get("properties", {})
    defaults = {name: spec["default"] for name, spec in properties.items() if "default" in spec}
    try:
        arguments = json.loads(call.arguments)
    except ValueError:
        return call.key()
    if not isinstance(arguments, dict):
        return call.key()
    return Call(call.name, json.dumps(defaults | arguments)).key()


def next_calls(
    chat: Conversation, plan: list[Call], tools: list[dict[str, Any]]
) -> tuple[list[Call], str]:
    """What to call now, and the rule that says so: planned calls not yet answered, with the last
    turn's errors handled (an informative error lets the corrected call through; a vague one
    makes the model repeat its failed call unchanged)."""
    vocabulary = error_vocabulary(tools)
    settled = {identity(o.call, tools) for o in chat.outcomes() if _settled(o, vocabulary)}
    remaining = _unanswered(chat, plan, tools)
    remaining = [call for call in remaining if identity(call, tools) not in settled]
    repeats: list[Call] = []
    for outcome in chat.turns[-1] if chat.turns else []:
        if _settled(outcome, vocabulary):
            continue
        repeats.append(outcome.call)
        remaining = _without_counterpart(remaining, outcome.call)
    remaining = _without_blamed_values(remaining, chat)
    if _answered_otherwise(chat, plan, tools):
        remaining = []
    rule = "vague error: the same call again" if repeats else "plan"
    if chat.turns and not repeats and remaining:
        rule = "healing: an informative error, corrected" if _errors(chat) else "plan: next calls"
    return repeats + remaining, rule


def _answered_otherwise(chat: Conversation, plan: list[Call], tools: list[dict[str, Any]]) -> bool:
    """Whether calls other than the planned ones already answered the request: their results
    are in and none of the planned tools was called (the turn before chose otherwise: the model
    answers from those results rather than start another plan). An error about that other call
    is answered the same way: the model corrects the call it made or tells the user; it does not
    turn to a tool the error is not about. Unless the error points to a planned tool ("use
    get_forecast"), or the failed call named no tool on the list (the correction is the listed
    tool)."""
    if not chat.turns or {call.name for call in plan} & {o.call.name for o in chat.outcomes()}:
        return False
    failed = [o for o in chat.turns[-1] if o.error() is not None]
    offered = {tool["name"] for tool in tools}
    misnamed = any(o.call.name not in offered for o in failed)
    pointed = any(call.name in (o.error() or "") for call in plan for o in failed)
    return not (misnamed or pointed)


def _without_blamed_values(plan: list[Call], chat: Conversation) -> list[Call]:
    """The plan without calls that send again a value an error blamed ("ticket T-7200 not
    found"): that is no correction; the model tells the user instead."""
    blamed = {
        (o.call.name, value)
        for o in (chat.turns[-1] if chat.turns else [])
        for value in _sent_values(o.call)
        if value in (o.error() or "")
    }
    return [c for c in plan if not {(c.name, v) for v in _sent_values(c)} & blamed]


def _errors(chat: Conversation) -> bool:
    """Whether the last tool turn reported an error."""
    return any(o.error() is not None for o in chat.turns[-1])


def _settled(outcome: Outcome, vocabulary: set[str]) -> bool:
    """A call is settled when it succeeded, or failed with an error that names what went wrong
    (the failed call's tool or one of its fields) or what is allowed."""
    error = outcome.error()
    said = vocabulary | outcome.call.names() | _sent_values(outcome.call)
    return error is None or is_informative(error, said)


def _sent_values(call: Call) -> set[str]:
    """The values a call sent ("T-7200"): an error that names one ("ticket T-7200 not found")
    says what was wrong with the call, so the model does not send it again unchanged."""
    arguments = _arguments_of(call)
    return {str(v) for v in arguments.values() if isinstance(v, (str, int)) and len(str(v)) > 2}


def _without_counterpart(plan: list[Call], failed: Call) -> list[Call]:
    """The plan minus the call a repeated call stands for: same arguments, same name, or first."""
    same_arguments = [i for i, call in enumerate(plan) if call.arguments == failed.arguments]
    same_name = [i for i, call in enumerate(plan) if call.name == failed.name]
    chosen = (same_arguments or same_name or [0])[0]
    return plan[:chosen] + plan[chosen + 1 :]


def error_vocabulary(tools: list[dict[str, Any]]) -> set[str]:
    """Words that make an error specific: tool names, parameter names, allowed values."""
    vocabulary = {tool["name"] for tool in tools}
    for tool in tools:
        for name, spec in tool.get("parameters", {}).get("properties", {}).items():
            vocabulary.add(name)
            vocabulary.update(str(v) for v in spec.get("enum", []) if len(str(v)) > 2)
    return vocabulary
