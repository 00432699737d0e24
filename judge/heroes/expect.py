"""``expect`` of a Heroes scenario: validated at load (unknown keys with did-you-mean, cards of
the scenario, clause ids of heroes-15) and compared with the judged game.

    expect:
      winner: A                    # A | B | draw | none
      turn: B                      # the active player now; turn_number, phase
      A: {hand: 3, deck: 10, graveyard: [Огненный шар], coins: {open: 2, closed: 3},
          prayers: 2, failed_draws: 1, shuffled: true}
      A.hero: {wounds: 5, lives: 15, closed: true}
      B:Волк: {zone: graveyard, wounds: 0, lives: 2, strike: 3, closed: true, controller: A,
               weak: true, poison: 2, extra_lives: 1, has: [Рывок], used: [attacked, 2]}
      # round 2: properties changed in play (104.3.1, 109), combined cards (105.4), Кладка
      Самоход: {cost: 5, type: существо, elements: [горы], classes: [механизм],
                names: [Самоход, Теневик], parts: [Теневик]}
      Яйцо: {mined: [Огненный дракончик], matured: 1}
      # the deck top first (204.3; a number: so many cards the scenario left unnamed), 525.2
      A: {deck_order: [Волк, 2], next_hire: 1}
      resolved: [Очищение/1, B:Дух/1]   # abilities executed from the queue, in this order
      cites: ["402.1", "term:Рывок"]     # every one cited somewhere in the trace
      not_cites: ["510.1"]
      cancelled: 1                  # legality cancellations (a number, or true / false)
      refused: 0                    # abilities the judge did not apply
      events: [died, result]        # kinds of trace events that must occur
"""
from __future__ import annotations

from typing import Any

from berserk.errors import AmbiguousError, UnknownNameError
from berserk.text import fold
from berserk.vocab import HEROES_CLASSES, HEROES_TYPES, CardType, Element
from berserk.yamlio import MDict, MList
from judge.heroes import cites as C
from judge.heroes.model import ATTACKED, DEFENDED, PLAYERS, ZONES, EffKind, Obj
from judge.heroes.scenario import FILLER, Loc, check_keys, find, unknown
from rulings.lookup import cite_labels

TOP = ("cites", "not_cites", "winner", "turn", "turn_number", "phase", "cancelled", "refused",
       "events", "resolved")
PLAYER = ("hand", "deck", "graveyard", "stock", "coins", "prayers", "failed_draws", "shuffled",
          "deck_order", "next_hire")
CARD = ("zone", "wounds", "lives", "strike", "closed", "controller", "owner", "weak", "poison",
        "extra_lives", "negative_lives", "strengthen", "weaken", "has", "used", "hidden",
        "stunned", "cost", "elements", "type", "classes", "names", "parts", "mined", "matured")
COIN_KEYS = ("open", "closed", "total")
#: A deck card the scenario did not name (``deck: [3]``), as ``deck_order`` shows it (a
#: scenario writes a number of them, as in ``deck:``, or «"?"» for one).
UNNAMED = "?"
#: Card properties that are counts (an integer ≥ 0, never true/false).
COUNTS = ("cost", "matured")
#: Card properties that are lists of names, compared as a multiset (order does not matter:
#: a combined card's names, its parts, the cards it mined).
NAME_LISTS = ("names", "parts", "mined")
#: Every class of «Берсерк. Герои» (107.3.3): a card may become one of another type (109.2).
ALL_CLASSES = tuple(sorted(set().union(*HEROES_CLASSES.values())))
FOLDED_CLASSES = frozenset(fold(c) for c in ALL_CLASSES)


#: List expectations that say «at least these»: an empty one would say nothing (refused).
AT_LEAST = ("cites", "not_cites", "events")


def check_expect(expect: MDict, game, loc: Loc) -> None:
    for key, value in expect.items():
        pos = expect.key_pos.get(key)
        if key in AT_LEAST + ("resolved",) and not isinstance(value, list):
            loc.add(f"expect.{key} — список", expect.pos(key))
            continue
        if key in AT_LEAST and not value:
            loc.add(f"expect.{key}: пустой список ничего не проверяет — уберите его или "
                    "назовите, что ожидается", expect.pos(key))
            continue
        if key in ("cites", "not_cites"):
            for i, cid in enumerate(value):
                problem = C.cite_problem(str(cid))
                if problem:
                    loc.add(problem, value.pos(i) if isinstance(value, MList) else pos)
        elif key == "winner":
            if value not in ("A", "B", "draw", "none", None):
                loc.add(f"winner: A, B, draw или none, а не «{value}»", expect.pos(key))
        elif key in TOP:
            continue
        elif key in PLAYERS:
            if not isinstance(value, MDict):
                loc.add(f"expect.{key}: объект (hand, deck, graveyard, coins …)", expect.pos(key))
                continue
            check_keys(value, PLAYER, "ожидание по игроку", loc)
            if isinstance(value.get("coins"), MDict):
                check_keys(value["coins"], COIN_KEYS, "поле монет", loc)
            _check_player_values(value, loc)
        elif isinstance(value, MDict):
            check_keys(value, CARD, "ожидаемое свойство карты", loc)
            if "zone" in value and value["zone"] not in ZONES:
                loc.add(unknown("зона", value["zone"], ZONES), value.pos("zone"))
            _check_card_values(value, loc)
            try:
                found = find(game, str(key))
            except AmbiguousError as err:
                loc.add(f"{err}; уточните: A:имя, имя#2 или A.hero", pos)
                continue
            if found is None:
                names = sorted({o.name for o in game.objs.values()} | {"A.hero", "B.hero"})
                loc.add(unknown("карта", key, names).replace("неизвестное карта",
                                                             "неизвестная карта"), pos)
        else:
            loc.add(unknown("поле expect", key, TOP + PLAYERS + ("<карта>",)), pos)


def _count_problem(key: str, v: Any) -> str | None:
    if isinstance(v, int) and not isinstance(v, bool) and v >= 0:
        return None
    return f"{key}: целое число ≥ 0, а не «{v}»"


def _names_of(key: str, value: Any, what: str, pos, loc: Loc) -> list[tuple[int, str]]:
    """The strings of the list ``value`` with their indices; every other item (or a value that
    is no list) is a located problem."""
    if not isinstance(value, list):
        loc.add(f"{key}: список — {what}, а не «{value}»", pos)
        return []
    out = []
    for i, item in enumerate(value):
        if not isinstance(item, str) or not item.strip():
            loc.add(f"{key}: в списке — {what}, а не «{item}»",
                    value.pos(i) if isinstance(value, MList) else pos)
        else:
            out.append((i, item))
    return out


def _class(word: str) -> str | None:
    return fold(word.strip()) if fold(word.strip()) in FOLDED_CLASSES else None


def _check_card_values(want: MDict, loc: Loc) -> None:
    """The round-2 card properties: each value of its shape, each name of its vocabulary."""
    for key in COUNTS:
        if key in want and _count_problem(key, want[key]):
            loc.add(_count_problem(key, want[key]), want.pos(key))
    if "type" in want:
        kind = CardType.of(want["type"]) if isinstance(want["type"], str) else None
        if kind is not None and kind not in HEROES_TYPES:       # a classic type
            loc.add(f"type: в «Героях» нет типа «{kind}»; есть: {', '.join(HEROES_TYPES)} "
                    f"[{C.TYPES}]", want.pos("type"))
        elif kind is None:
            loc.add(UnknownNameError("тип", want["type"], HEROES_TYPES,
                                     head=f"type: неизвестный тип карты «{want['type']}» "
                                          f"[{C.TYPES}]").message, want.pos("type"))
    for key, word, words, known, canon in (
            ("elements", "стихия", "стихии карты", tuple(Element), Element.of),
            ("classes", "класс", "классы карты", ALL_CLASSES, _class)):
        if key not in want:
            continue
        items = want[key]
        for i, item in _names_of(key, items, words, want.pos(key), loc):
            if canon(item) is None:
                gender = "неизвестная" if key == "elements" else "неизвестный"
                loc.add(UnknownNameError(word, item, known,
                                         head=f"{key}: {gender} {word} «{item}»").message,
                        items.pos(i) if isinstance(items, MList) else want.pos(key))
    for key in NAME_LISTS:
        if key in want:
            _names_of(key, want[key], "имена карт", want.pos(key), loc)


def _check_player_values(want: MDict, loc: Loc) -> None:
    if "next_hire" in want and _count_problem("next_hire", want["next_hire"]):
        loc.add(_count_problem("next_hire", want["next_hire"]), want.pos("next_hire"))
    if "deck_order" not in want:
        return
    order = want["deck_order"]
    if not isinstance(order, list):
        loc.add(f"deck_order: список карт колоды сверху вниз, а не «{order}»",
                want.pos("deck_order"))
        return
    for i, item in enumerate(order):
        named = isinstance(item, str) and item.strip()
        unnamed = isinstance(item, int) and not isinstance(item, bool) and item > 0
        if not (named or unnamed):
            loc.add(f"deck_order: имя карты или число карт, которые сценарий не назвал (как в "
                    f"deck:), а не «{item}»",
                    order.pos(i) if isinstance(order, MList) else want.pos("deck_order"))


def deck_names(order: list) -> list[str]:
    """``deck_order`` as names top first: a number N is N cards the scenario did not name
    (``deck: [Волк, 3]`` is written back as ``deck_order: [Волк, 3]``), each «?»."""
    out: list[str] = []
    for item in order:
        if isinstance(item, int) and not isinstance(item, bool):
            out.extend([UNNAMED] * item)
        else:
            out.append(str(item))
    return out


# ---------------------------------------------------------------- comparing
def compare(expect: MDict | None, engine) -> list[str]:
    """Every expectation compared with the judged game — each key and each property, always:
    a failure never hides another."""
    if not expect:
        return []
    out: list[str] = []
    g = engine.g
    events = engine.events
    cited = {c for e in events for c in e.cites}
    for key, want in expect.items():
        if key == "cites":
            missing = [str(c) for c in want if C.canonical(str(c)) not in cited]
            if missing:
                out.append("нет ссылок на пункты: " + ", ".join(cite_labels(C.BOOK, missing)))
        elif key == "not_cites":
            extra = [str(c) for c in want if C.canonical(str(c)) in cited]
            if extra:
                out.append("есть лишние ссылки: " + ", ".join(cite_labels(C.BOOK, extra)))
        elif key == "winner":
            got = g.result or "none"
            if str(want or "none") != got:
                out.append(f"победитель: ожидался {want}, получилось {got}")
        elif key == "turn":
            if not same(g.active, want):
                out.append(f"ход: ожидался {want}, сейчас ходит {g.active}")
        elif key == "turn_number":
            if not same(g.turn, want):
                out.append(f"номер хода: ожидался {want}, сейчас {g.turn}")
        elif key == "phase":
            if not same(g.phase, want):
                out.append(f"фаза: ожидалась {want}, сейчас {g.phase}")
        elif key in ("cancelled", "refused"):
            n = engine.trace.count(key)
            if (isinstance(want, bool) and want != (n > 0)) or \
                    (not isinstance(want, bool) and not same(n, want)):
                out.append(f"{key}: ожидалось {want}, событий {n}")
        elif key == "events":
            kinds = {e.kind for e in events}
            missing = [k for k in want if k not in kinds]
            if missing:
                out.append("нет событий: " + ", ".join(missing))
        elif key == "resolved":
            out.extend(_resolved(want, engine))
        elif key in PLAYERS:
            out.extend(_player(key, want, engine))
        else:
            try:
                o = find(g, str(key))
            except AmbiguousError as err:       # two copies ended in one zone: say which
                out.append(f"{key}: {err}; уточните: A:имя или имя#2")
                continue
            out.extend(_card(str(key), o, want, engine))
    return out


def same(got: Any, want: Any) -> bool:
    """Equal and of one kind: ``closed: 1`` or ``wounds: false`` is not what the game says
    (Python's True == 1 would pass them)."""
    return got == want and isinstance(got, bool) == isinstance(want, bool)


def _resolved(want: list, engine) -> list[str]:
    labels = [engine.norm_label(w) for w in want]
    got = engine.resolved
    if not labels and got:                  # «resolved: []» — nothing was resolved
        return [f"очередь: ожидалось, что ничего не выполнится, выполнено {', '.join(got)}"]
    i = 0
    for lab in got:
        if i < len(labels) and lab == labels[i]:
            i += 1
    if i < len(labels):
        return [f"очередь: ожидалось выполнение {', '.join(labels)} в этом порядке, выполнено "
                f"{', '.join(got) or 'ничего'}"]
    return []


def _names(ids: list[str], engine) -> list[str]:
    return [engine.g.objs[i].name for i in ids]


def _player(p: str, want: MDict, engine) -> list[str]:
    out = []
    pl = engine.g.players[p]
    for key, value in want.items():
        if key in ("hand", "deck", "graveyard", "stock"):
            ids = pl.zone(key)
            if isinstance(value, list):
                got = _names(ids, engine)
                if sorted(map(fold, got)) != sorted(fold(str(v)) for v in value):
                    out.append(f"{p}.{key}: ожидалось {value}, есть {got}")
            elif not same(len(ids), value):
                out.append(f"{p}.{key}: ожидалось {value} карт, есть {len(ids)}")
        elif key == "coins":
            got = {"open": pl.open_coins, "closed": pl.closed_coins, "total": len(pl.coins)}
            wants = value if isinstance(value, dict) else {"open": value}
            for k, v in wants.items():
                if not same(got.get(k), v):
                    out.append(f"{p}.coins.{k}: ожидалось {v}, есть {got.get(k)}")
        elif key == "deck_order":             # top first; the order is the point (204.3)
            got = [UNNAMED if engine.g.objs[i].card is FILLER else engine.g.objs[i].name
                   for i in pl.deck]
            if [fold(n) for n in got] != [fold(n) for n in deck_names(value)]:
                out.append(f"{p}.deck_order: ожидалось сверху вниз {list(value)}, есть {got}")
        elif key == "shuffled":
            if not same(pl.shuffled, value):
                out.append(f"{p}: колода {'не ' if not pl.shuffled else ''}перемешивалась, "
                           f"ожидалось shuffled: {value}")
        else:
            got = getattr(pl, key)
            if not same(got, value):
                out.append(f"{p}.{key}: ожидалось {value}, есть {got}")
    return out


def _card(ref: str, o: Obj | None, want: MDict, engine) -> list[str]:
    if o is None:
        return [f"{ref}: карта не найдена"]
    out = []
    got: dict[str, Any] = {
        "zone": o.zone, "wounds": o.wounds, "lives": engine.lives(o),
        "strike": engine.strike(o), "closed": o.closed, "controller": o.controller,
        "owner": o.owner, "weak": engine.weak(o), "poison": engine.poison_of(o),
        "extra_lives": o.count(EffKind.EXTRA_LIFE), "negative_lives": o.count(EffKind.NEG_LIFE),
        "strengthen": o.count(EffKind.STRENGTHEN), "weaken": o.count(EffKind.WEAKEN),
        "hidden": o.hidden, "stunned": o.has_effect(EffKind.STUN),
        "cost": engine.cost(o), "type": o.kind, "matured": o.count(EffKind.MATURE),
    }
    lists = {"elements": [str(e) for e in o.elements], "classes": list(o.classes),
             "names": list(o.names),
             "parts": [p.name for p in o.parts], "mined": [c.name for c, _ in o.mined]}
    for key, value in want.items():
        if key in lists:
            canon = Element.of if key == "elements" else fold
            have = sorted(fold(str(x)) for x in lists[key])
            if have != sorted(fold(str(canon(str(v)) or v)) for v in value):
                out.append(f"{ref}.{key}: ожидалось {list(value)}, есть {lists[key]}")
            continue
        if key == "type":                   # «карта поддержки» is «поддержка»
            value = CardType.of(str(value)) or value
        if key == "has":
            names = {fold(f.text.rstrip(".")) for f in engine.features(o)}
            names |= {fold(getattr(k, "ru", k)) for k in engine.keywords(o)}
            missing = [v for v in value if fold(str(v)).rstrip(".") not in names]
            if missing:
                out.append(f"{ref}: нет особенностей {missing}")
            elif not value and names:       # «has: []» — no features at all
                out.append(f"{ref}: ожидалось, что особенностей нет, есть {sorted(names)}")
        elif key == "used":
            marks = {ATTACKED: ATTACKED, DEFENDED: DEFENDED}
            have = {marks.get(k, k[1:] if k.startswith("L") else k) for k, n in o.used.items()
                    if n}
            wanted = {str(v) for v in value}
            if wanted != {str(h) for h in have}:
                out.append(f"{ref}: маркеры «1 раз за ход» {sorted(have)}, ожидались "
                           f"{sorted(wanted)}")
        elif not same(got.get(key), value):
            out.append(f"{ref}.{key}: ожидалось {value}, есть {got.get(key)}")
    return out
