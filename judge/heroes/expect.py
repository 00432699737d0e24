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
      resolved: [Очищение/1, B:Дух/1]   # abilities executed from the queue, in this order
      cites: ["402.1", "term:Рывок"]     # every one cited somewhere in the trace
      not_cites: ["510.1"]
      cancelled: 1                  # legality cancellations (a number, or true / false)
      refused: 0                    # abilities the judge did not apply
      events: [died, result]        # kinds of trace events that must occur
"""
from __future__ import annotations

from typing import Any

from berserk.errors import AmbiguousError
from berserk.text import fold
from berserk.yamlio import MDict, MList
from judge.heroes import cites as C
from judge.heroes.model import ATTACKED, DEFENDED, PLAYERS, ZONES, EffKind, Obj
from judge.heroes.scenario import Loc, check_keys, find, unknown
from rulings.lookup import cite_labels

TOP = ("cites", "not_cites", "winner", "turn", "turn_number", "phase", "cancelled", "refused",
       "events", "resolved")
PLAYER = ("hand", "deck", "graveyard", "stock", "coins", "prayers", "failed_draws", "shuffled")
CARD = ("zone", "wounds", "lives", "strike", "closed", "controller", "owner", "weak", "poison",
        "extra_lives", "negative_lives", "strengthen", "weaken", "has", "used", "hidden",
        "stunned")
COIN_KEYS = ("open", "closed", "total")


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
        elif isinstance(value, MDict):
            check_keys(value, CARD, "ожидаемое свойство карты", loc)
            if "zone" in value and value["zone"] not in ZONES:
                loc.add(unknown("зона", value["zone"], ZONES), value.pos("zone"))
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
    }
    for key, value in want.items():
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
