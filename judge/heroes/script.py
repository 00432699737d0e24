"""The actions of a Heroes scenario: reading them (every problem located) and doing them.

Verbs (docs/heroes.md has the Russian reference):

    - play: {card: Огненный шар, x: 2, free: true, fury: [A:Волк], choices: {…}}
    - attack: {by: Степной рубака, target: B.hero, defender: Лесной страж | none}
    - activate: {card: A.hero, ability: 1, x: 1, choices: {…}}
    - undead: {card: B:Скелет, x: 2}  # term:Немертвый: close X coins, wound it by X
    - end_turn                       # or {choices: {…}}: choices of the next turn's start too
    - start_turn                     # only with phase: start
    - concede: B
    - agree_draw

``choices`` answers what the action's abilities ask, keyed by the ability — ``<card>/<n>`` (the
n-th feature of the card): ``{target: B:Волк}``, ``{targets: [...]}``, ``{may: false}``,
``{x: 2}``, ``{discard: [...]}``, ``{search: Имя | none}``, ``{coins: open}``; plus ``order``
(``{B: [B:Дух/1, …], A: […]}``: the order of each player's simultaneous triggers, 402.1) and
``point`` (``{<card>/<n>: card}``: the trigger point used, 113.7) and ``reveal`` (``[cards]``: the
hidden characters revealed in the accumulation phase, 304.3).
"""
from __future__ import annotations

from dataclasses import dataclass
from typing import Any

from berserk.errors import AmbiguousError, InputError
from berserk.yamlio import MDict, MList
from judge.core.context import choice_points
from judge.core.trace import Inputs, Unnamed
from judge.heroes import cites as C
from judge.heroes.engine import Engine
from judge.heroes.model import PLAYERS
from judge.heroes.scenario import Loc, check_keys, find, unknown

VERBS = ("play", "attack", "activate", "undead", "end_turn", "start_turn", "concede",
         "agree_draw")
BARE = ("end_turn", "start_turn", "agree_draw")
#: Answers written on the action itself: they answer the card's feature ``ability`` (for
#: ``play``: its first feature that asks, e.g. the spell's ability or the creature's Найм).
SHORTCUTS = ("target", "targets", "may", "search", "discard", "ability")
KEYS = {
    "play": ("card", "x", "free", "fury", "choices", "player") + SHORTCUTS,
    "attack": ("by", "target", "defender", "choices"),
    "activate": ("card", "ability", "x", "choices") + SHORTCUTS[:-1],
    "undead": ("card", "x", "choices"),
    "end_turn": ("choices",),
    "start_turn": ("choices",),
    "concede": ("player",),
    "agree_draw": (),
}
REQUIRED = {"play": ("card",), "attack": ("by", "target"), "activate": ("card", "ability"),
            "undead": ("card", "x")}
REF_KEYS = ("card", "by", "target")


@dataclass
class Action:
    verb: str
    args: MDict
    line: int | None
    col: int | None


def read_actions(raw, doc: MDict, game, loc: Loc) -> list[Action]:
    if raw is None:
        return []
    if not isinstance(raw, MList):
        loc.add("actions должен быть списком действий", doc.pos("actions"))
        return []
    out = []
    for i, item in enumerate(raw):
        a = _action(item, raw.pos(i), game, loc)
        if a is not None:
            out.append(a)
    return out


def _action(item, pos, game, loc: Loc) -> Action | None:
    if isinstance(item, str) and item in BARE:
        args = MDict()
        args.line, args.col = pos
        return Action(item, args, *pos)
    if not isinstance(item, MDict) or len(item) != 1:
        loc.add("каждое действие — объект с одним ключом: play, attack, activate, end_turn …",
                pos)
        return None
    verb, args = next(iter(item.items()))
    apos = item.pos(verb)
    if verb not in VERBS:
        loc.add(unknown("действие", verb, VERBS), item.key_pos.get(verb))
        return None
    if args is None:
        args = MDict()
        args.line, args.col = apos
    if verb == "concede" and not isinstance(args, MDict):
        args = _wrap({"player": args}, apos)
    if not isinstance(args, MDict):
        loc.add(f"{verb}: ожидался объект полей ({', '.join(KEYS[verb])})", apos)
        return None
    check_keys(args, KEYS[verb], f"поле действия {verb}", loc)
    for key in REQUIRED.get(verb, ()):
        if key not in args:
            loc.add(f"у действия {verb} нет поля {key}", apos)
    for key in REF_KEYS:
        if key in args:
            _check_ref(game, args[key], args.pos(key), loc)
    for key in ("targets", "discard"):
        items = args.get(key)
        if isinstance(items, list):
            for i, r in enumerate(items):
                if not isinstance(r, list):
                    _check_ref(game, r, items.pos(i) if isinstance(items, MList) else args.pos(key),
                               loc)
    if isinstance(args.get("search"), str) and args["search"] not in ("none", "нет"):
        _check_ref(game, args["search"], args.pos("search"), loc)
    short = {k: args[k] for k in SHORTCUTS if k in args and k not in ("ability",)
             and not (verb == "attack" and k == "target")}
    problem = answer_problem(short) if short else None
    if problem:
        loc.add(f"{verb}: {problem}", apos)
    if "defender" in args and args["defender"] != "none":
        _check_ref(game, args["defender"], args.pos("defender"), loc)
    for key in ("fury",):
        items = args.get(key, [])
        if not isinstance(items, list):
            loc.add(f"{key}: список карт", args.pos(key))
        else:
            for i, r in enumerate(items):
                _check_ref(game, r, items.pos(i) if isinstance(items, MList) else args.pos(key), loc)
    if "ability" in args and (not isinstance(args["ability"], int) or args["ability"] < 1
                              or isinstance(args["ability"], bool)):
        loc.add(f"ability: номер особенности карты (1, 2 …), а не «{args['ability']}»",
                args.pos("ability"))
    if "x" in args and (not isinstance(args["x"], int) or isinstance(args["x"], bool)):
        loc.add(f"x: целое число, а не «{args['x']}»", args.pos("x"))
    if verb == "concede" and args.get("player") not in PLAYERS:
        loc.add(f"concede: игрок A или B, а не «{args.get('player')}»", apos)
    choices = args.get("choices")
    if choices is not None:
        _check_choices(choices, args.pos("choices"), game, loc)
    return Action(verb, args, *apos)


def _wrap(d: dict, pos) -> MDict:
    out = MDict(d)
    out.line, out.col = pos
    for k in d:
        out.val_pos[k] = pos
    return out


def _check_ref(game, raw, pos, loc: Loc) -> None:
    try:
        found = find(game, raw)
    except AmbiguousError as err:
        loc.add(f"{err}; уточните: A:имя, имя#2 или A.hero", pos)
        return
    if found is None:
        names = sorted({o.name for o in game.objs.values()} | {"A.hero", "B.hero"})
        loc.add(unknown("карта", raw, names).replace("неизвестное карта", "неизвестная карта")
                + " (карты сценария: в игре, в руках, колодах, на кладбищах)", pos)


def _check_choices(choices, pos, game, loc: Loc) -> None:
    if not isinstance(choices, MDict):
        loc.add("choices: объект «<карта>/<номер особенности>: ответ», order, point", pos)
        return
    for key, value in choices.items():
        kpos = choices.key_pos.get(key)
        if key == "order":
            lists = value.values() if isinstance(value, dict) else [value]
            for v in lists:
                if not isinstance(v, list):
                    loc.add("order: список способностей «<карта>/<номер>» (или по игрокам A/B)",
                            choices.pos(key))
                    continue
                for item in v:
                    _check_label(str(item), choices.pos(key), game, loc)
            continue
        if key == "point":
            if not isinstance(value, dict):
                loc.add("point: объект «<карта>/<номер>: карта»", choices.pos(key))
            continue
        if key == "reveal":                     # 304.3: hidden cards revealed
            if not isinstance(value, list):
                loc.add("reveal: список скрытых карт, которые игрок раскрывает (или [])",
                        choices.pos(key))
                continue
            for r in value:
                _check_ref(game, r, choices.pos(key), loc)
            continue
        _check_label(str(key), kpos, game, loc)
        problem = answer_problem(value)
        if problem:
            loc.add(f"choices «{key}»: {problem}", choices.pos(key))
            continue
        refs = []
        if isinstance(value, dict):
            for k in ("target", "search", "summon", "revive"):
                if k in value and value[k] not in ("none", "нет", False):
                    refs.extend(value[k] if isinstance(value[k], list) else [value[k]])
            for k in ("targets", "discard"):
                v = value.get(k)
                if isinstance(v, list):
                    refs.extend(x for x in v if not isinstance(x, list))
                    refs.extend(y for x in v if isinstance(x, list) for y in x)
            if isinstance(value.get("distribute"), dict):
                refs.extend(value["distribute"])
        elif isinstance(value, str):
            refs.append(value)
        for r in refs:
            _check_ref(game, r, choices.pos(key), loc)


#: The answers a feature's choice may carry, and the shape of each.
ANSWER_KEYS = ("target", "targets", "may", "options", "option", "x", "discard", "random",
               "search", "summon", "revive", "coins", "feature", "distribute", "ability")


def answer_problem(value: Any) -> str | None:
    """What is wrong with the shape of one ability's answers (None when fine)."""
    if isinstance(value, (str, bool)) or value is None:
        return None
    if isinstance(value, list):
        return None if all(isinstance(v, (str, list)) for v in value) else \
            "список целей — имена карт"
    if not isinstance(value, dict):
        return f"ответ — объект, имя карты, список или true/false, а не «{value}»"
    for k, v in value.items():
        if k not in ANSWER_KEYS:
            return unknown("поле ответа", k, ANSWER_KEYS)
        if k == "may" and not (isinstance(v, bool) or (isinstance(v, list) and all(
                isinstance(b, bool) for b in v))):
            return f"may: true или false, а не «{v}»"
        if k in ("options", "option") and not all(
                isinstance(b, (bool, int)) for b in (v if isinstance(v, list) else [v])):
            return f"{k}: номера вариантов или true/false, а не «{v}»"
        if k == "x" and (not isinstance(v, int) or isinstance(v, bool)):
            return f"x: целое число, а не «{v}»"
        if k in ("target", "random", "search", "revive") and not isinstance(v, str):
            return f"{k}: имя карты, а не «{v}»"
        if k == "summon" and not (isinstance(v, str) or (isinstance(v, list) and all(
                isinstance(x, str) for x in v))):
            return f"summon: имя карты, список имён или none, а не «{v}»"
        if k in ("targets", "discard") and not (isinstance(v, str) or (isinstance(v, list) and all(
                isinstance(x, (str, list)) for x in v))):
            return f"{k}: список имён карт, а не «{v}»"
        if k == "coins" and v not in ("open", "closed"):
            return f"coins: open или closed, а не «{v}»"
        if k == "feature" and not isinstance(v, (int, str)):
            return f"feature: номер или текст особенности, а не «{v}»"
        if k == "distribute" and not (isinstance(v, dict) and all(
                isinstance(n, int) and not isinstance(n, bool) for n in v.values())):
            return f"distribute: объект «карта: число», а не «{v}»"
        if k == "ability" and (not isinstance(v, int) or isinstance(v, bool)):
            return f"ability: номер особенности, а не «{v}»"
    return None


def _check_label(label: str, pos, game, loc: Loc) -> None:
    card, sep, line = label.rpartition("/")
    if not sep or not card:
        loc.add(f"«{label}»: способность пишется «<карта>/<номер особенности>», например "
                "«A:Лучник/1»", pos)
        return
    _check_ref(game, card, pos, loc)


# ---------------------------------------------------------------- doing them
def _with_shortcuts(engine: Engine, action: Action) -> dict:
    """``choices`` plus the answers written on the action itself (``target: …``)."""
    args = action.args
    choices = dict(args.get("choices") or {})
    short = {k: args[k] for k in SHORTCUTS if k in args and k != "ability"}
    if action.verb == "attack":
        short.pop("target", None)               # an attack's target is its own field
    if not short or action.verb not in ("play", "activate"):
        return choices
    card = engine.resolve_ref(args.get("card"))
    line = args.get("ability")
    if card is None:
        return choices
    if line is None:
        feats = engine.printed(card)
        asking = [f for f in feats if f.node is not None and f.reason is None
                  and (choice_points(f.node).targets or choice_points(f.node).options)]
        line = (asking or feats or [None])[0].line if (asking or feats) else 1
    key = f"{card.id}/{line}"
    merged = dict(choices.get(key) or {}) if isinstance(choices.get(key), dict) else {}
    merged.update(short)
    choices[key] = merged
    return choices


def perform(engine: Engine, action: Action, strict: bool, path: str, text: str) -> None:
    inputs = Inputs(choices={}, strict=strict)
    engine.set_choices(inputs, _with_shortcuts(engine, action))
    try:
        _dispatch(engine, action)
    except Unnamed as err:
        raise InputError.at(f"строгий режим: сценарий не называет {err.what}", path,
                            action.line, action.col, text) from None


def _dispatch(e: Engine, action: Action) -> None:
    args, verb = action.args, action.verb
    g = e.g
    if verb == "play":
        card = e.resolve_ref(args["card"])
        player = str(args.get("player", card.owner))
        fury = [e.resolve_ref(r) for r in args.get("fury", [])]
        e.play(card, player, x=args.get("x"), free=bool(args.get("free", False)), fury=fury)
    elif verb == "attack":
        by, target = e.resolve_ref(args["by"]), e.resolve_ref(args["target"])
        raw = args.get("defender")
        defender = "none" if raw == "none" else (e.resolve_ref(raw) if raw is not None else None)
        e.strike_attack(by, target, by.controller, defender)
    elif verb == "activate":
        card = e.resolve_ref(args["card"])
        e.activate(card, int(args["ability"]), card.controller, args.get("x"))
    elif verb == "undead":                      # term:Немертвый: the opponent closes X coins
        e.undead_wound(e.resolve_ref(args["card"]), g.active, args.get("x"))
    elif verb == "end_turn":
        e.end_turn()
    elif verb == "start_turn":
        if g.phase != "start":
            e.illegal("Начало хода: сценарий начинается не с этапа начала хода (phase: start)",
                      C.MAIN)
            return
        e.start_turn()
    elif verb == "concede":
        if not e.refuse_if_over():
            p = str(args["player"])
            e.emit("concede", f"Игрок {p} сдаётся.", C.DEFEAT, C.WIN)
            e.finish([p])
    elif verb == "agree_draw":
        if not e.refuse_if_over():
            e.emit("agree", "Игроки соглашаются на ничью.", C.DRAW_OFFER, C.DRAW_GAME)
            e.finish(list(PLAYERS))


def resolver(engine_game) -> Any:
    def resolve(raw):
        try:
            return find(engine_game, raw)
        except AmbiguousError:
            return None
    return resolve
