"""Running a loaded classic scenario: its actions through the engine, then ``expect``.

Each action names its cards when it is prepared (a response names its cards when it is declared,
even if it resolves after others); its dice and choices become the engine's ``Inputs``.  Card
references inside choices (``choices: {c3/2: {target: d4}}``) become the cards they name, so
the engine and the interpreter only ever see cards (and cells, for a move's destination).
"""
from __future__ import annotations

from collections.abc import Callable
from typing import Any

from berserk.errors import AmbiguousError, InputError, UnknownNameError
from berserk.vocab import AttackKind as K
from berserk.yamlio import MDict
from judge import cites as C
from judge.classic import board
from judge.classic.board import GRAVEYARD
from judge.classic.engine import Engine
from judge.classic.scenario import (
    ABILITY_ATTACKS,
    ZONES,
    Action,
    Outcome,
    Scenario,
    find_piece,
    unknown,
)
from judge.classic.state import Piece
from judge.core.context import Answers
from judge.core.trace import Inputs, Unnamed
from rulings.lookup import cite_labels

#: Action keys that carry the acting ability's own answers (judge/core/context.py).
ANSWER_KEYS = ("target", "targets", "x", "may", "option", "options")


def run(sc: Scenario, strict: bool = False) -> Outcome:
    engine = play(sc, strict)
    failures = check(sc, engine) if sc.expect is not None else []
    return Outcome(sc.path, sc.title, sc.question, engine.events, failures, sc.state, sc.answer)


def play(sc: Scenario, strict: bool = False) -> Engine:
    """Apply the scenario's actions (once: the engine changes ``sc.state``); ``check`` then
    compares any ``expect`` with the engine's trace and table."""
    engine = Engine(sc.state)
    for p in sc.state.pieces.values():
        if p.id not in sc.moves_given:
            p.moves_left = engine.move_points(p)
    given: list[tuple[Action, Inputs]] = []
    for action in sc.actions:
        try:
            _prepare(engine, sc, action, strict, given)()
        except Unnamed as err:
            raise InputError.at(f"строгий режим: сценарий не называет {err.what}", sc.path,
                                action.line, action.col, sc.text) from None
    if strict and not any(e.kind == "refused" for e in engine.events):
        _surplus(sc, given)
    return engine


def _surplus(sc: Scenario, given: list[tuple[Action, Inputs]]) -> None:
    """Strict mode names every roll the engine needs and no other: a die no action (or
    response) rolled is as wrong in a ruling as a missing one — every such action is named.
    A ruling with a refused ability is exempt: the judge rules it by the rules, not by the
    card text its dice were named for (the ``refused`` event says so)."""
    problems = []
    for action, inputs in given:
        if inputs.rolls:
            named = len(action.args.get("dice") or ())
            left = inputs.rolls[:5]
            shown = ", ".join(map(str, left)) + (" …" if len(inputs.rolls) > len(left) else "")
            problems += _fail(sc, action, "dice",
                              f"строгий режим: лишние броски кубика — действие использовало "
                              f"{named - len(inputs.rolls)} из {named}, не нужны ещё "
                              f"{len(inputs.rolls)}: {shown}").problems
    if problems:
        raise InputError(problems)


def _fail(sc: Scenario, action: Action, key: str, message: str) -> InputError:
    line, col = action.args.pos(key) if key in action.args else (action.line, action.col)
    return InputError.at(message, sc.path, line, col, sc.text)


def _resolve(sc: Scenario, ref, action: Action, key: str) -> Piece:
    try:
        piece = find_piece(sc.state, ref)
    except AmbiguousError as err:
        raise _fail(sc, action, key, f"{key}: {err}; укажите клетку или id") from None
    if piece is None:
        if board.is_cell(ref):
            message = f"{key}: на клетке {ref} нет карты"
        else:
            message = UnknownNameError("карта", ref, [p.id for p in sc.state.pieces.values()],
                                       head=f"{key}: карта «{ref}» не на столе").message
        raise _fail(sc, action, key, message)
    return piece


def _value(sc: Scenario, raw: Any, action: Action, key: str) -> Any:
    """A choice's value with card references turned into cards (cells of empty squares and
    plain values stay as they are)."""
    if isinstance(raw, list):
        return [_value(sc, r, action, key) for r in raw]
    if isinstance(raw, dict):
        return {k: (_value(sc, v, action, key) if k in ("target", "targets") else v)
                for k, v in raw.items()}
    if isinstance(raw, str):
        if board.is_cell(raw):
            return sc.state.at(raw) or raw
        return _resolve(sc, raw, action, key)
    return raw


def _choice_key(sc: Scenario, ref: str, action: Action) -> str:
    """«c3/2», «Рубака/2», «A:Рубака#2/1» → «<piece id>/<line>»."""
    card, _, line = str(ref).rpartition("/")
    if not card or not line.isdigit():
        raise _fail(sc, action, "choices", f"choices: ключ «{ref}» — карта и номер строки её "
                    "текста через «/» (например c3/2)")
    return f"{_resolve(sc, card, action, 'choices').id}/{line}"


def _inputs(sc: Scenario, a: Action, strict: bool) -> Inputs:
    args = a.args
    choices: dict[str, Any] = {k: args[k] for k in ("step_up", "x", "ability") if k in args}
    raw = args.get("choices") or {}
    for ref, value in raw.items():
        choices[_choice_key(sc, ref, a)] = _value(sc, value, a, "choices")
    if "order" in args:
        choices["order"] = [_choice_key(sc, r, a) for r in args["order"]]
    return Inputs(args.get("dice", []), choices, strict)


def _answers(sc: Scenario, a: Action, with_target: bool) -> Answers | None:
    args = a.args
    raw = {k: args[k] for k in ANSWER_KEYS if k in args and (with_target or k != "target")}
    if not raw:
        return None
    for k in ("target", "targets"):
        if k in raw:
            raw[k] = _value(sc, raw[k], a, k)
    return Answers(raw)


def _prepare(engine: Engine, sc: Scenario, a: Action, strict: bool,
             given: list[tuple[Action, Inputs]], as_response: bool = False
             ) -> Callable[[], object]:
    """The action as a call; ``given`` collects the inputs of it and its responses (to find
    the dice nobody rolled)."""
    args = a.args
    inputs = _inputs(sc, a, strict)
    given.append((a, inputs))

    def piece(key: str) -> Piece:
        return _resolve(sc, args.get(key), a, key)

    def begin(call):
        def go():
            engine.begin(inputs)
            return call()
        return go

    if a.verb == "start_turn":
        return begin(lambda: engine.start_turn(str(args.get("by"))))
    if a.verb == "end_turn":
        return begin(engine.end_turn)
    if a.verb == "start_fight":
        return begin(engine.start_fight)
    if a.verb == "open":
        target = piece("target")
        return begin(lambda: engine.open_by_effect(target, str(args.get("source",
                                                                        "эффект карты"))))
    if a.verb == "equip":
        item, host = piece("card"), piece("host")
        return begin(lambda: engine.equip(item, host))
    actor = piece("by")
    if a.verb == "move":
        to = args["to"]
        return begin(lambda: engine.move(actor, list(to) if isinstance(to, list) else [to]))
    if a.verb == "charge":
        return begin(lambda: engine.charge(actor))
    if a.verb == "anti_air":
        return begin(lambda: engine.anti_air(actor))

    def responses():
        return [_prepare(engine, sc, r, strict, given, as_response=True)
                for r in a.responses]

    if a.verb in ("effect", "use"):
        answers = _answers(sc, a, with_target=True)
        if a.verb == "use":
            return begin(lambda: engine.use(actor, None, inputs, answers or Answers(),
                                            responses(), as_response))
        return begin(lambda: engine.use_effect(actor, None, inputs, as_response,
                                               answers or Answers(), responses()))
    target = piece("target")
    if a.verb == "finish":
        return begin(lambda: engine.finish_action(actor, target, inputs, as_response))
    kind = str(args.get("kind", K.STRIKE)) if a.verb == "attack" else a.verb
    if kind != K.STRIKE and kind not in ABILITY_ATTACKS:
        raise _fail(sc, a, "kind", unknown("вид атаки", kind, (K.STRIKE,) + ABILITY_ATTACKS))
    if "defender" in args:
        d = args["defender"]
        inputs.choices["defender"] = (None if d in (None, "none", "нет", False)
                                      else piece("defender"))

    def go():
        if kind == K.STRIKE:
            return engine.strike(actor, target, inputs, responses(), as_response)
        return engine.ability_attack(actor, target, kind, inputs, responses(), as_response)
    return begin(go)


# ---------------------------------------------------------------- expectations
def check(sc: Scenario, engine: Engine, expect: MDict | None = None) -> list[str]:
    """Every expectation of ``expect`` (default: the scenario's) compared with the engine's
    trace and table — each key and each property, always: a failure never hides another."""
    exp, st = (sc.expect if expect is None else expect), sc.state
    failures: list[str] = []
    cited = {c for e in engine.events for c in e.cites}

    def where(key) -> str:
        line, _col = exp.pos(key)
        return f"{sc.path}:{line}"

    for key, value in exp.items():
        if key == "cites":
            missing = [str(c) for c in value if str(c) not in cited]
            if missing:
                failures.append(f"{where(key)}: в решении нет ссылок на {_names(missing)} "
                                f"(есть: {_names(sorted(cited))})")
        elif key == "not_cites":
            extra = [str(c) for c in value if str(c) in cited]
            if extra:
                failures.append(f"{where(key)}: решение ссылается на {_names(extra)}, "
                                "хотя не должно")
        elif key == "winner":
            want = None if value in (None, "none") else str(value)
            if st.winner != want:
                failures.append(f"{where(key)}: победитель {st.winner or 'не определён'}, "
                                f"ожидался {want or 'никто'}")
        elif key == "turn":
            if st.turn != str(value):
                failures.append(f"{where(key)}: сейчас ход {st.turn}, ожидался {value}")
        elif key in ("cancelled", "refused"):
            n = sum(1 for e in engine.events if e.kind == key)
            want = value if isinstance(value, int) and not isinstance(value, bool) else None
            if (want is not None and n != want) or (want is None and bool(n) != bool(value)):
                failures.append(f"{where(key)}: событий «{key}» {n}, ожидалось {value}")
        elif key == "events":
            kinds = [e.kind for e in engine.events]
            for k in value:
                if k not in kinds:
                    failures.append(f"{where(key)}: нет события вида «{k}»")
        elif key == "order":
            failures.extend(_check_order(engine, value, where(key)))
        elif key == "triggered":
            fired = [f"{e.data.get('card')}/{e.data.get('line')}" for e in engine.events
                     if e.kind == "trigger"]
            want = [_expect_key(sc, r) for r in value]
            # «triggered: []» says nothing triggered (a subsequence of anything would say nothing)
            if (fired if not want else _subsequence(want, fired)):
                failures.append(f"{where(key)}: сработали {fired or 'никакие'}, ожидались (в "
                                f"этом порядке) {want}")
        else:
            failures.extend(_check_card(sc, key, value, where(key)))
    return failures


def _names(ids) -> str:
    """Cited ids as a person reads them (numbers, titles: rulings.lookup.cite_label)."""
    return ", ".join(cite_labels(C.BOOK, ids))


def _expect_key(sc: Scenario, ref: str) -> str:
    card, _, line = str(ref).rpartition("/")
    found = find_piece(sc.state, card)
    return f"{found.id if found else card}/{line}"


def _subsequence(want: list, got: list) -> Any:
    """None when ``want`` occurs in ``got`` in this order (not necessarily adjacent), else the
    first item that does not."""
    it = iter(got)
    for w in want:
        if not any(g == w for g in it):
            return w
    return None


def _check_order(engine: Engine, value, where: str) -> list[str]:
    kinds = [e.kind for e in engine.events]
    missing = _subsequence([str(v) for v in value], kinds)
    if missing is not None:
        return [f"{where}: события не идут в порядке {list(value)} (нет «{missing}» после "
                f"предыдущих; были: {', '.join(kinds)})"]
    return []


def _markers(piece: Piece) -> dict:
    return {k: v for k, v in piece.markers.items() if k not in ("poison", "anti_air")}


def _check_card(sc: Scenario, ref, want: MDict, where: str) -> list[str]:
    """Every property of ``want`` against one card.  A cell names the card on it at the end;
    when the cell is empty then, an expectation that says so (``dead`` or ``empty``) is about
    the card that stood there at the start — and its other properties are checked too."""
    st = sc.state
    try:
        piece = find_piece(st, ref)
    except AmbiguousError as err:
        return [f"{where}: {err}"]
    empty = False
    if piece is None:
        if not board.is_cell(ref):
            return [f"{where}: карта «{ref}» не найдена"]
        if "dead" not in want and "empty" not in want:
            return [f"{where}: на клетке {ref} нет карты"]
        empty = True
        piece = st.pieces.get(sc.occupants.get(ref, ""))
        about_card = [k for k in want if k != "empty"]
        if piece is None and about_card:
            return [f"{where}: на клетке {ref} нет карты и не было в начале — свойства "
                    f"{', '.join(about_card)} проверить не у кого"]
    actual = {"empty": empty}
    if piece is not None:
        actual |= _actual(st, piece)
    out = []
    name = piece.name if piece is not None else ref
    for k, v in want.items():
        got = actual.get(k)
        if k == "markers" and isinstance(v, list):         # names only: each is there
            lacking = [str(m) for m in v if str(m) not in got]
            if lacking or (not v and got):                 # «markers: []» — none at all
                out.append(f"{where}: у «{name}» маркеры {got or 'никакие'}, ожидались "
                           f"{list(v) if v else 'никакие'}")
            continue
        if not _same(got, v):
            out.append(f"{where}: «{name}».{k} = {got!r}, ожидалось {v!r}")
    return out


def _same(got: Any, want: Any) -> bool:
    """Equal and of one kind: ``closed: 1`` or ``wounds: false`` is not what the table says
    (Python's True == 1 would pass them)."""
    return got == want and (isinstance(got, bool) == isinstance(want, bool))


def _actual(st, piece: Piece) -> dict[str, Any]:
    host = st.host_of(piece)
    return {"wounds": piece.wounds, "lives": piece.lives, "closed": piece.closed,
            "hidden": piece.hidden, "counters": piece.counters,
            "poison": piece.markers.get("poison", 0), "dead": piece.zone == GRAVEYARD,
            "zone": next((k for k, v in ZONES.items() if v == piece.zone), piece.zone),
            "cell": st.position(piece), "moves_left": piece.moves_left, "acted": piece.acted,
            "host": host.name if host else None, "on": host.name if host else None,
            "extra_lives": piece.extra_lives, "markers": _markers(piece),
            "effects": len(piece.effects)}
