"""Qualities: what a card *has* — keyword icons and words, protections, bonuses «±N к …»,
reductions «−N от …», attack declarations «<attack> [name] на N [, дальность R] [по X]»,
counters, markers, extra lives, quoted (granted) abilities.

One frame serves a stand-alone ability («+1 к ударам по горным»), the object of «получает /
имеет / получить» (a Gain), an item of «либо A, либо B» (a Choice) and the inside of a label
(«Строй: …»)."""
from __future__ import annotations

from dataclasses import replace

from berserk.vocab import AttackKind as K
from berserk.vocab import BonusTo
from berserk.vocab import ConditionKind as C
from berserk.vocab import KeywordName as KW
from berserk.vocab import MeasureKind as M
from berserk.vocab import Qualifier as Q
from berserk.vocab import SelectorNoun as N
from berserk.vocab import Side
from berserk.vocab import Verb as V
from grammar import ast as A
from grammar.frames_base import (AXES, ICON_KEYWORDS, KEYWORD_NOUNS, LATE, PROT, STRENGTH, TURN_OF, UNPROVEN,
                                 Ctx, Reject, Tails, _span, dmg, signed)
from grammar.frames_select import joined, take_np, take_np_list
from grammar.frames_list import shared_list
from grammar.frames_trigger import attack_through, event_trigger
from grammar.frames_words import attack_ref, granted
from grammar.parts import NP, P

# «+1 к <stat>»: what a bonus raises besides attacks (Bonus.to)
BONUS_NOUNS = {"range": K.RANGE, "die": K.DICE, "roll": K.DICE, "stat:move": KW.MOVE,
               "stat:health": KW.LIFE, "life": KW.LIFE, "stat:ova": KW.OVA, "stat:ovz": KW.OVZ,
               "poison": K.POISON}
_STAT_NOUNS = ("range", "die", "roll", "stat:move", "stat:ova", "stat:ovz", "stat:health")


def split_items(parts: list) -> list[tuple[str, list]]:
    """Top-level items of a verbless list, with the word that joined each to the previous one;
    «+1 к {strike} и {direct}» and «с полетом или телепортацией» stay one item."""
    items: list[tuple[str, list]] = []
    cur: list = []
    joiner = "and"
    commas: list[int] = []               # items joined by a bare comma
    words: set[str] = set()              # the joining words written
    for i, q in enumerate(parts):
        if isinstance(q, P) and q.kind in ("and", "or", "lcomma", "either"):
            nxt = parts[i + 1] if i + 1 < len(parts) else None
            if cur and isinstance(nxt, NP) and _continues_item(cur, nxt):
                cur.append(q)
                continue
            if cur:
                items.append((joiner, cur))
            cur = []
            joiner = "or" if q.kind in ("or", "either") else "and"
            if q.kind == "lcomma":
                commas.append(len(items))
            else:
                words.add(joiner)
            continue
        cur.append(q)
    if cur:
        items.append((joiner, cur))
    if words == {"or"}:
        # «A, B или C»: the commas of an enumeration ending in «или» join options too
        items = [("or", it) if k in commas else (j, it) for k, (j, it) in enumerate(items)]
    return items


def _continues_item(cur: list, nxt: NP) -> bool:
    if len(cur) >= 3 and isinstance(cur[-1], NP) and cur[-1].kind == "elided" and cur[-1].adjs \
            and not cur[-1].count and isinstance(cur[-2], P) and cur[-2].kind == "prep" and cur[-2].v in ("po", "v") \
            and (nxt.kind == "elided" or (nxt.kind == "noun" and nxt.noun in ("card", "creature"))) and nxt.adjs:
        # «удар по тёмной или степной карте»: adjectives joined before one noun, one target
        return True
    if len(cur) >= 2 and isinstance(cur[-2], P) and cur[-2].kind == "prep" and cur[-2].v == "s" \
            and nxt.kind == "noun" and (nxt.noun in KEYWORD_NOUNS or (nxt.noun or "").startswith("atk:")):
        return True
    if not (len(cur) >= 3 and isinstance(cur[0], P) and cur[0].kind == "signed") and \
            not (len(cur) >= 2 and isinstance(cur[0], NP) and cur[0].noun == "protection"):
        return False
    if not isinstance(cur[-1], NP):
        return False
    try:
        attack_ref(nxt)
        if cur[-1].noun != "protection":
            attack_ref(cur[-1])
    except Reject:
        return nxt.noun in _STAT_NOUNS and not nxt.count and not nxt.adjs \
            and (cur[-1].noun in _STAT_NOUNS or (cur[-1].noun or "").startswith("atk:"))
    return True


def qualities(parts: list, ctx: Ctx, tails: Tails) -> list:
    """A verbless list → quality nodes; «A или B» → one Choice."""
    items = split_items(parts)
    if not items:
        raise Reject("empty")
    # «+1 или -1 к броску кубика»: a bare sign shares the rest of the next item
    for k in range(len(items) - 1):
        j0, it = items[k]
        if len(it) == 1 and isinstance(it[0], P) and it[0].kind == "signed":
            nxt = items[k + 1][1]
            if len(nxt) > 1 and isinstance(nxt[0], P) and nxt[0].kind == "signed":
                items[k] = (j0, it + nxt[1:])
    for k in range(len(items) - 1, 0, -1):
        it, prev = items[k][1], items[k - 1][1]
        if items[k][0] == "and" and isinstance(it[0], P) and it[0].kind == "prep" and it[0].v == "po" \
                and any(isinstance(q, NP) and (q.noun or "").startswith("atk:") for q in prev[:2]) \
                and not any(isinstance(q, P) and q.kind == "prep" and q.v == "po" for q in prev):
            # «Два выстрела на 1, дальность 3, по разным целям»: the attack's target after a comma
            items[k - 1:k + 1] = [(items[k - 1][0], prev + it)]
    nodes, joiners = [], []
    note = tails.take_note("target")      # «(по разным картам)»: after the last attack
    if note is None:
        note = tails.take_note("target_only")          # «(только по карте противника)»
    for joiner, item in items:
        if nodes and joiner == "and" and isinstance(nodes[-1], (A.Reduction, A.Bonus)) \
                and nodes[-1].condition is None and _dealt(item) is not None:
            # «−1 от ударов, нанесённых не по диагонали»: which of those attacks, by direction
            nodes[-1] = replace(nodes[-1], condition=_dealt(item), span=_span([nodes[-1]] + item))
            continue
        node = quality(item, ctx, tails)
        if nodes and isinstance(nodes[-1], A.Attack) and isinstance(node, A.Bonus) and joiner == "and" \
                and node.duration is None:
            # «Магический удар на 0-1-2, +1 к удару за каждую {counter}»: a rider of the attack
            a = nodes[-1]
            nodes[-1] = replace(a, riders=a.riders + (node,), span=_span([a, node]))
            continue
        if isinstance(node, A.Keyword) and node.value is None and node.name in _ADDED_UP and nodes \
                and joiner == "and" and isinstance(nodes[-1], A.Bonus) and isinstance(nodes[-1].amount, A.Fixed) \
                and nodes[-1].amount.value > 0:
            # «+1 к {strike} и {ova}»: the bonus reaches the keyword too — its number added up (R2)
            node = A.Keyword(node.name, nodes[-1].amount.value, span=node.span)
        nodes.append(node)
        joiners.append(joiner)
    if note is not None:
        last = next((k for k in range(len(nodes) - 1, -1, -1) if isinstance(nodes[k], A.Attack)), None)
        if last is None or nodes[last].target is not None:
            raise Reject("a target note without an attack")
        a = nodes[last]
        nodes[last] = replace(a, target=note)
    k = 0
    while k + 1 < len(nodes):
        if joiners[k + 1] == "or" and _same_keyword(nodes[k], nodes[k + 1]):
            # «{ova}1 или +1 к {ova}» is one meaning (judge R2): the keyword, its number added up
            nodes[k:k + 2] = [A.with_span(nodes[k], _span(nodes[k:k + 2]))]
            del joiners[k + 1]
        k += 1
    nodes, joiners = shared_list(nodes, joiners, tails)      # «A и B по X», «к {strike} и {direct}»
    if len(nodes) > 1 and "or" in joiners[1:]:
        if "and" in joiners[1:]:
            raise Reject("«и» and «или» in one list")
        return [A.Choice(tuple(nodes), tails.use("chooser") or "owner", span=_span(parts))]
    return nodes


def _dealt(item: list) -> A.Condition | None:
    """«нанесённых [не] по диагонали» after an attack list → Condition(direction, (axis,))."""
    if not (2 <= len(item) <= 3 and isinstance(item[0], NP) and item[0].kind == "elided"
            and item[0].adjs == ("dealt",) and not item[0].count):
        return None
    neg = len(item) == 3 and isinstance(item[1], P) and item[1].kind == "neg"
    last = item[-1]
    if len(item) == 3 and not neg or not (isinstance(last, P) and last.kind == "adv" and last.v in AXES):
        return None
    return A.Condition(C.DIRECTION, (AXES[last.v],), neg, span=_span(item))


# keywords whose numbers add up (a bonus to them is more of the keyword)
_ADDED_UP = (KW.OVA, KW.OVZ, KW.ARMOR, KW.REGEN)


def _same_keyword(a, b) -> bool:
    """«{ova}1» or «+1 к {ova}»: a valued keyword and the bonus of the same number to it."""
    return isinstance(a, A.Keyword) and isinstance(b, A.Bonus) and isinstance(a.value, int) \
        and b.to == (a.name,) and b.amount == A.Fixed(a.value) and not b.strengths and b.against is None \
        and b.per is None and b.condition is None and b.attacker is None \
        and b.maximum is None and a.against is None


def _attack_target(item: list, j: int) -> tuple[A.Selector, int]:
    """An attack's target, «по темной или степной карте» included (any_of: one card, either)."""
    sels, j, joiner = take_np_list(item, j)
    return joined(sels, joiner), j


def attack_targets(parts: list, i: int) -> tuple[list[str], list[str], int]:
    """«к среднему и сильному метанию», «от выстрелов, метаний и разрядов» → kinds, strengths."""
    kinds: list[str] = []
    strengths: list[str] = []
    lead: list[str] = []
    while i + 2 < len(parts) and isinstance(parts[i], NP) and parts[i].kind == "elided" \
            and parts[i].adjs and all(a in STRENGTH for a in parts[i].adjs) \
            and isinstance(parts[i + 1], P) and parts[i + 1].kind in ("and", "or", "lcomma") \
            and isinstance(parts[i + 2], NP) and any(a in STRENGTH for a in parts[i + 2].adjs):
        lead += [STRENGTH[a] for a in parts[i].adjs]
        i += 2
    first = parts[i]
    if isinstance(first, NP) and first.count == ("all",) and first.noun == "atk:any":
        # «от всех немагических атак»: every such attack is the kind itself
        first = NP(first.kind, first.noun, first.adjs, None, first.name, first.opp, first.span, first.text)
    k, s = attack_ref(first)
    kinds += k
    strengths += lead + s
    j = i + 1
    if kinds == [K.ANY] and j < len(parts) and isinstance(parts[j], NP) and parts[j].kind == "elided" \
            and parts[j].adjs == ("flying",):
        kinds = [K.FLYERS]
        j += 1
    while j + 1 < len(parts) and isinstance(parts[j], P) and parts[j].kind in ("and", "or", "lcomma") \
            and isinstance(parts[j + 1], NP):
        try:
            k, s = attack_ref(parts[j + 1])
        except Reject:
            break
        if bool(s) != bool(strengths) and strengths:
            raise Reject("strengths not shared by every attack")
        kinds += k
        strengths += s
        j += 2
    return kinds, list(dict.fromkeys(strengths)), j


def quality(item: list, ctx: Ctx, tails: Tails):
    sp = _span(item)
    q0 = item[0]
    if isinstance(q0, P) and q0.kind == "icon_kw":
        code, _, val = q0.v.partition(":")
        value = int(val) if val.isdigit() else ("X" if val else None)
        against = None
        if len(item) != 1:
            # «{ova}2 по летающим существам»: the attack experience against some targets only
            if code != "ova" or value is None:
                raise Reject("icon keyword tail")
            against = _keyword_against(item[1:], ICON_KEYWORDS[code], sp).against
        node = A.Keyword(ICON_KEYWORDS[code], value, against, span=sp)
        return A.Unknown(code, (node,), span=sp) if node.name in UNPROVEN else node
    if isinstance(q0, P) and q0.kind == "icon_unknown" and len(item) == 1:
        return A.Unknown(q0.v, span=sp)
    if isinstance(q0, P) and q0.kind == "icon_prot":
        if len(item) != 1:
            raise Reject("icon protection tail")
        return A.Protection(PROT[q0.v], span=sp)
    if isinstance(q0, P) and q0.kind == "signed":
        return _signed(item, ctx, tails, sp)
    if isinstance(q0, NP) and q0.kind == "quoted":
        if len(item) != 1:
            raise Reject("quoted tail")
        return granted(q0, ctx)
    if isinstance(q0, NP) and q0.kind == "noun" and q0.noun == "ability" and q0.name and not q0.adjs \
            and not q0.count and not q0.opp and len(item) == 1:
        # «получает особенность «…»»: the same as «получает «…»» (the quote is the noun's name)
        at = min(k for k in (q0.text.find("«"), q0.text.find('"'), len(q0.text)) if k >= 0)
        inner = q0.text[at + 1:]
        if at == len(q0.text) or not inner.endswith(("»", '"')):
            raise Reject("ability: quoted what")
        return granted(NP("quoted", None, name=inner[:-1], span=A.Span(q0.span.start + at, q0.span.end)), ctx)
    if isinstance(q0, NP):
        return _nominal(item, ctx, tails, sp)
    raise Reject(f"quality {q0!r}")


def icon_ability(tok) -> A.Node | None:
    """A unit that is one keyword or protection icon («{zoo}», «{ova}1») — a third of all
    units: its node without the chunk parse."""
    sp = A.Span(tok.start, tok.end)
    if tok.type == "ICON_PROT":
        return A.Protection(PROT[tok.value], span=sp)
    if tok.type == "ICON_KW":
        code, _, val = tok.value.partition(":")
        value = int(val) if val.isdigit() else ("X" if val else None)
        node = A.Keyword(ICON_KEYWORDS[code], value, span=sp)
        return A.Unknown(code, (node,), span=sp) if node.name in UNPROVEN else node
    return None


def _signed(item, ctx, tails, sp):
    amount = signed(item[0])
    if len(item) == 3 and isinstance(item[1], P) and item[1].kind == "prep" and item[1].v == "k" \
            and isinstance(item[2], P) and item[2].kind == "icon_kw" and ":" not in item[2].v:
        code = item[2].v
        if code not in ("ova", "ovz", "armor", "regen"):
            raise Reject("bonus to an icon")
        return A.Bonus(define_x(amount, tails), (ICON_KEYWORDS[code],), duration=tails.use("duration"), span=sp)
    if len(item) >= 3 and isinstance(item[1], P) and item[1].kind == "prep" and item[1].v in ("k", "ot") \
            and isinstance(item[2], NP):
        if item[1].v == "k":
            return _bonus(amount, item, tails, sp)
        return _reduction(amount, item, tails, sp)
    if len(item) >= 3 and isinstance(item[1], NP) and (item[1].noun or "").startswith("atk:") \
            and isinstance(item[2], P) and item[2].kind == "prep" and item[2].v == "po":
        # «+1 {strike} по летающим»: the «к» left out before the attack
        return _bonus(amount, [item[0], P("prep", "k", item[1].span)] + list(item[1:]), tails, sp)
    if len(item) == 2 and isinstance(item[1], NP) and (item[1].noun or "").startswith("atk:") \
            and item[1].text.lower().endswith(("ам", "ям", "у", "ю")):
        # «+1 ударам»: the dative says «к», left out
        return _bonus(amount, [item[0], P("prep", "k", item[1].span)] + list(item[1:]), tails, sp)
    if len(item) == 2 and isinstance(item[1], NP) and item[1].noun in BONUS_NOUNS and not item[1].adjs:
        # «+1{move}», «+2{health}»
        return A.Bonus(define_x(amount, tails), (BONUS_NOUNS[item[1].noun],),
                       duration=tails.use("duration"), span=sp)
    raise Reject("signed")


def _bonus(amount, item, tails, sp):
    np = item[2]
    strengths: list = []
    if np.noun in ("roll", "die") and np.adjs == ("next",) and not np.count:
        # «+X к следующему броску кубика»
        np = NP(np.kind, np.noun, (), None, np.name, np.opp, np.span, np.text)
        item = item[:2] + [np] + item[3:]
        nxt_roll = True
    else:
        nxt_roll = False
    if np.noun in BONUS_NOUNS and not np.adjs and not np.count:
        to = [BONUS_NOUNS[np.noun]]
        j = 3
        # «+1 к дальности разряда», «+1 к броскам кубика»
        if to == [K.RANGE] and j < len(item) and isinstance(item[j], NP) and (item[j].noun or "").startswith("atk:"):
            k, s = attack_ref(item[j])
            if s or len(k) != 1:
                raise Reject("range of what")
            try:
                to = [BonusTo.range_of(k[0])]
            except ValueError:
                raise Reject(f"range of {k[0]}") from None
            j += 1
        elif to == [K.DICE] and j < len(item) and isinstance(item[j], NP) and item[j].noun == "die":
            if item[j].opp or np.opp:
                raise Reject("bonus to the opponent's dice")      # «к броску кубика противника»
            j += 1
        if nxt_roll:
            to = [BonusTo.NEXT_DICE]
        while j + 1 < len(item) and isinstance(item[j], P) and item[j].kind in ("and", "lcomma") \
                and isinstance(item[j + 1], NP) and item[j + 1].noun in BONUS_NOUNS and not item[j + 1].adjs:
            to.append(BONUS_NOUNS[item[j + 1].noun])
            j += 2
    else:
        nxt = "next" in np.adjs
        if nxt:
            item = item[:2] + [NP(np.kind, np.noun, tuple(a for a in np.adjs if a != "next"), np.count,
                                  np.name, np.opp, np.span, np.text)] + item[3:]
        to, strengths, j = attack_targets(item, 2)
        if nxt:
            try:
                to = [BonusTo.next_of(t) for t in to]
            except ValueError:
                raise Reject(f"next {to}") from None
    against = per = cond = attacker = None
    while j < len(item):
        q = item[j]
        nxt = item[j + 1] if j + 1 < len(item) else None
        if isinstance(q, P) and q.kind == "prep" and q.v == "po" and isinstance(nxt, NP) and against is None:
            sels, j, joiner = take_np_list(item, j + 1)
            against = joined(sels, joiner)
            continue
        if isinstance(q, P) and q.kind == "prep" and q.v == "za" and isinstance(nxt, NP) and per is None:
            per, j = per_measure(item, j + 1)
            continue
        if isinstance(q, P) and q.kind == "pri" and cond is None:
            trig = event_trigger(q)
            j += 1
            if j + 1 < len(item) and isinstance(item[j], P) and item[j].kind == "prep" and item[j].v == "po":
                target, j = take_np(item, j + 1)
                trig = A.Trigger(trig.event, trig.attack, trig.strength, target=target,
                                 params=trig.params, span=_span([trig, target]))
            cond = A.Condition(C.EVENT, (trig,), span=trig.span)
            continue
        if isinstance(q, P) and q.kind == "turnref" and q.v in TURN_OF and cond is None and j + 1 == len(item):
            cond = A.Condition(TURN_OF[q.v], span=q.span)      # «+1 к {strike} в ход противника»
            j += 1
            continue
        if isinstance(q, NP) and attacker is None and against is None and q.kind in ("noun", "elided") \
                and j == 3 and _genitive_plural(q):
            # «+1 к ударам летающих существ»: whose attacks
            attacker, j = take_np(item, j)
            continue
        raise Reject("bonus tail")
    amount = define_x(amount, tails)
    maximum = None
    if not isinstance(amount, A.Variable) and tails.maximum not in (None, -1):
        maximum = tails.use("maximum")
    return A.Bonus(amount, tuple(dict.fromkeys(to)), tuple(strengths), against,
                   tails.use("duration"), per, cond, attacker, maximum, span=sp)


def _genitive_plural(np: NP) -> bool:
    words = np.text.lower().split()
    return bool(words) and words[-1].endswith(("ых", "их", "ов", "ев")) or \
        (bool(words) and words[-1] in ("существ", "карт"))


def per_measure(item: list, j: int) -> tuple[A.Measure, int]:
    """«за каждую {counter} [на X]», «за каждую потраченную {counter}», «за каждое
    <selector>» → Measure."""
    np = item[j]
    if np.noun == "counter" and (not np.adjs or np.adjs in (("each",), ("spent",), ("each", "spent"))):
        kind = M.SPENT_COUNTERS if "spent" in np.adjs else M.COUNTERS
        j += 1
        of = None
        if j + 1 < len(item) and isinstance(item[j], P) and item[j].kind == "prep" and item[j].v == "na" \
                and isinstance(item[j + 1], NP):
            of, j = take_np(item, j + 1)
        return A.Measure(kind, of, span=_span(item[j - 1:j] + [np])), j
    if np.noun == "marker" and np.adjs in ((), ("each",)) and not np.count:
        # «за каждый маркер «ярости» [на X]»
        j += 1
        of = None
        if j + 1 < len(item) and isinstance(item[j], P) and item[j].kind == "prep" and item[j].v == "na" \
                and isinstance(item[j + 1], NP):
            of, j = take_np(item, j + 1)
        params = (f"{Q.NAMED}:{np.name}",) if np.name else ()
        return A.Measure(M.MARKERS, of, params=params, span=np.span), j
    if np.noun == "wound" and np.adjs in ((), ("each",)):
        j += 1
        of = None
        if j + 1 < len(item) and isinstance(item[j], P) and item[j].kind == "prep" and item[j].v == "na":
            of, j = take_np(item, j + 1)
        return A.Measure(M.WOUNDS, of, span=np.span), j
    sel, k = take_np(item, j)
    return A.Measure(M.COUNT, sel, span=sel.span), k


def _reduction(amount, item, tails, sp):
    if isinstance(amount, A.Fixed):
        amount = A.Fixed(abs(amount.value), span=amount.span)
    to, strengths, j = attack_targets(item, 2)
    source = None
    while j < len(item):
        q = item[j]
        if isinstance(q, NP) and source is None and q.kind in ("noun", "elided"):
            source, j = take_np(item, j)
            continue
        raise Reject("reduction tail")
    return A.Reduction(define_x(amount, tails), tuple(to), tuple(strengths), source,
                       span=sp)


def _keyword_against(rest: list, name, sp) -> A.Keyword:
    against = None
    if rest:
        if not (isinstance(rest[0], P) and rest[0].kind == "prep" and rest[0].v == "po"):
            raise Reject("keyword tail")
        against, j = take_np(rest, 1)
        if j != len(rest):
            raise Reject("keyword tail")
    return A.Keyword(name, against=against, span=sp)


def _nominal(item: list, ctx: Ctx, tails: Tails, sp):
    np: NP = item[0]
    n = np.noun or ""
    rest = item[1:]
    if np.opp and (n in KEYWORD_NOUNS or n in ("protection", "vampirism", "poison") or n.startswith("atk:")):
        raise Reject("an ability «противника»")      # «Защита противника от …»: no side to keep it
    if n in ("superiority", "elusiveness") and not np.adjs and not np.count and not np.opp:
        # «Превосходство [над драконами]», «Неуловимость [от гномов]»: over / from whom
        name = KW.SUPERIORITY if n == "superiority" else KW.ELUSIVE
        if not rest:
            against = A.Selector(N.CREATURE, Side.ENEMY, (Q.ALL,)) if name == KW.SUPERIORITY else None
            if against is None:
                raise Reject("elusive from whom")
            return A.Keyword(name, against=against, span=sp)
        if len(rest) >= 2 and isinstance(rest[0], P) and rest[0].kind == "prep" \
                and rest[0].v == ("nad" if name == KW.SUPERIORITY else "ot"):
            whom, j = take_np(rest, 1)
            if j == len(rest):
                if Q.ALL not in whom.qualifiers and whom.count is None:
                    whom = replace(whom, qualifiers=(Q.ALL,) + whom.qualifiers)
                return A.Keyword(name, against=whom, span=sp)
        raise Reject("superiority tail")
    if n == "vampirism" and isinstance(np.num, int) and not rest and not np.adjs:
        return A.Keyword(KW.VAMPIRISM, np.num, span=sp)        # «Вампиризм 2» (Heroes keyword)
    if n == "poison" and isinstance(np.num, int) and not rest and not np.adjs:
        return A.Keyword(KW.POISONING, np.num, span=sp)        # «Отравление 1»: the state
    if n in KEYWORD_NOUNS and not np.adjs and not np.count:
        name = KEYWORD_NOUNS[n]
        if name == KW.JUMP and len(rest) == 1 and isinstance(rest[0], P) and rest[0].kind == "range" \
                and rest[0].v.isdigit():
            return A.Keyword(KW.JUMP, int(rest[0].v), span=sp)
        if name == KW.VAMPIRISM:
            if not rest:
                return A.Vampirism(span=sp)
            if len(rest) == 1 and isinstance(rest[0], P) and rest[0].kind == "amount":
                return A.Vampirism(define_x(dmg(rest[0]), tails), span=sp)
            raise Reject("vampirism tail")
        if not rest:
            if name.valued and not isinstance(np.num, int) and name in (KW.ARMOR, KW.REGEN):
                raise Reject("keyword without its number")
            return A.Keyword(name, np.num if isinstance(np.num, int) else None, span=sp)
        raise Reject("keyword tail")
    if n in ("stat:move", "stat:health") and isinstance(np.num, int) and not np.adjs and not np.count and not rest:
        # «получает {move}2»: the value (written with its number)
        return A.Keyword(KW.MOVE if n == "stat:move" else KW.LIFE, np.num, span=sp)
    if n in ("stat:ova", "stat:ovz", "stat:ovs") and not np.adjs and not np.count and not rest:
        # «Опыт в атаке 1» (a bare «Опыт в атаке» is 1)
        return A.Keyword(ICON_KEYWORDS[n[5:]], np.num if isinstance(np.num, int) else 1, span=sp)
    if not rest and not np.count and not np.opp and (np.kind == "elided" or n in ("creature",)) \
            and len(np.adjs) == 1 and np.adjs[0] in ("flying", "incorporeal"):
        # «Летающий», «Бестелесное существо»: the keyword
        return A.Keyword(KW.FLYING if np.adjs[0] == "flying" else KW.INCORPOREAL, span=sp)
    if n == "protection" and rest and isinstance(rest[0], P) and rest[0].kind == "prep" and rest[0].v == "ot":
        return protection(rest[1:], sp)
    if n == "atk:strike" and set(np.adjs) in ({"directed"}, {"unanswerable"}) \
            and not any(isinstance(r, P) and r.kind == "amount" for r in rest):
        return _keyword_against(rest, KW.DIRECT if "directed" in np.adjs else KW.UNANSWERABLE, sp)
    if n == "atk:direct" and not np.adjs:
        return _keyword_against(rest, KW.DIRECT, sp)
    if n.startswith("atk:") or n in ("finishing", "poison"):
        return attack(item, tails, sp, ctx)
    if n == "prophecy" and isinstance(np.num, int) and not rest and not np.adjs:
        return A.Action(V.PROPHECY, amount=A.Fixed(np.num), span=sp)
    if n == "prophecy" and np.num is None and len(rest) == 1 and isinstance(rest[0], P) and rest[0].kind == "amount" \
            and not np.adjs and rest[0].v.isdigit():
        return A.Action(V.PROPHECY, amount=dmg(rest[0]), span=sp)      # «пророчество на 1»
    if n == "counter" and not rest and not np.adjs:
        c = np.count
        return A.Keyword(KW.COUNTER, c[1] if c and c[0] == "n" else ("X" if c and c[0] == "x" else 1), span=sp)
    if n == "marker" and np.name and not rest and not np.adjs and not np.count:
        return A.Action(V.MARKER, None, (np.name,), span=sp)
    if n == "ambush" and isinstance(np.num, int) and not rest and not np.adjs and not np.count:
        # «…, Засада N» (term:Засада Х): the card may be played from the hand for N coins
        play = A.Action(V.SUMMON, A.Selector(N.SELF, span=sp), ("ambush",), amount=A.Fixed(np.num), span=sp)
        return A.Choice((play, A.Action(V.NOTHING, span=sp)), span=sp)
    if n in ("stat:health", "life") and "extra" in np.adjs and not rest and set(np.adjs) == {"extra"}:
        c = np.count
        if c and c[0] != "n":
            raise Reject("extra lives count")
        return A.Bonus(A.Fixed(c[1] if c else 1), (KW.LIFE,), span=sp)
    raise Reject(f"nominal {n}")


_PROT_NOUNS = {"poison": K.POISON, "magic_noun": K.MAGIC, "spell": K.SPELLS, "effect": K.EFFECTS,
               "flight": K.FLYERS}


def protection(rest: list, sp) -> A.Protection:
    """«Защита от <attacks | отравления | магии | заклинаний | воздействий | летающих>»."""
    against: list[str] = []
    strengths: list[str] = []
    up_to = None
    j = 0
    while j < len(rest):
        q = rest[j]
        if isinstance(q, P) and q.kind in ("and", "or", "lcomma"):
            j += 1
            continue
        if isinstance(q, NP) and q.noun == "magnitude" and not q.adjs and against and up_to is None \
                and j == len(rest) - 1 and isinstance(q.num, int):
            up_to = A.Fixed(q.num, span=q.span)          # «… величиной 1»
            j += 1
            continue
        if isinstance(q, NP) and q.noun == "magnitude" and not q.adjs and against and up_to is None \
                and j + 1 < len(rest) and isinstance(rest[j + 1], P) and rest[j + 1].kind == "bare" \
                and rest[j + 1].v.split(":")[0] in ("XVAR", "NUM"):
            # «… величиной X или менее», «величиной 2»
            up_to = dmg(rest[j + 1])
            j += 2
            if j < len(rest) and isinstance(rest[j], P) and rest[j].kind == "orless":
                j += 1
            continue
        if not isinstance(q, NP):
            raise Reject("protection item")
        n = q.noun or ""
        if n in _PROT_NOUNS and not q.adjs:
            against.append(_PROT_NOUNS[n])
        elif (q.kind == "elided" and q.adjs == ("flying",)) or (n in ("atk:any", "creature", "card")
                                                                 and q.adjs == ("flying",) and not q.count):
            against.append(K.FLYERS)
        else:
            if n == "atk:any" and q.count and q.count[0] == "all":
                q = NP(q.kind, q.noun, q.adjs, None, q.name, q.opp, q.span, q.text)
            k, s = attack_ref(q)
            if strengths and not s:
                raise Reject("protection strengths not shared")
            against += k
            strengths += s
        j += 1
        if j < len(rest) and isinstance(rest[j], NP) and rest[j].noun in ("card", "creature") \
                and len(rest[j].adjs) == 1 and rest[j].adjs[0].startswith("el:") and not rest[j].count \
                and n.startswith("atk:"):
            # «защита от атак степных карт»: only the attacks of cards of that element
            against.append(f"{Q.ELEMENT}:{rest[j].adjs[0][3:]}")
            j += 1
        if j < len(rest) and isinstance(rest[j], NP) and rest[j].adjs == ("flying",) and not rest[j].count \
                and (rest[j].kind == "elided" or rest[j].noun in ("creature", "card")) and against and against[-1] == K.ANY:
            # «от атак летающих [существ]»: every attack of a flyer
            against[-1] = K.FLYERS
            j += 1
    if not against:
        raise Reject("protection empty")
    return A.Protection(tuple(dict.fromkeys(against)), tuple(dict.fromkeys(strengths)), up_to, span=sp)


def define_x(d, tails: Tails):
    """The clause's «где X — …» and «(максимум N)» / «(минимум N)» applied to a variable."""
    if not isinstance(d, A.Variable):
        return d
    where = tails.use("where") if tails.where is not None else None
    maximum = tails.use("maximum") if tails.maximum not in (None, -1) else d.maximum
    minimum = tails.use("minimum") if tails.minimum not in (None, -1) else d.minimum
    definition = where if isinstance(where, A.Measure) else d.definition
    return A.Variable(d.name, d.offset, maximum, definition, d.factor, minimum, span=d.span)


def attack(item: list, tails: Tails, sp, ctx: Ctx | None = None) -> A.Node:
    """«Выстрел [«name»] на 2-3-4[, дальность 3] [по X] …» → Attack / Finishing / Poison."""
    np: NP = item[0]
    n = np.noun
    if n == "atk:assault":
        raise Reject("assault is not declared")
    kind = n
    if n.startswith("atk:"):
        kinds, strengths = attack_ref(NP("noun", n))
        kind = kinds[0]
    count = (1, 1)
    times = None
    if np.count:
        c = np.count
        if c[0] == "n":
            count = (c[1], c[1])
        elif c[0] == "or_less":
            count = (1, c[1])
        elif c[0] == "x" and c[1] in ("x", "X"):
            times = A.Variable("X")                  # «X разрядов на 2, где X — …»
        else:
            raise Reject("attack count")
    if np.adjs and not (set(np.adjs) <= {"simple", "unanswerable"} and kind == K.STRIKE):
        raise Reject("attack adjectives")
    if np.opp:
        raise Reject("attack of the opponent")      # «разряд противника на 1»: not this card's attack
    unanswerable = "unanswerable" in np.adjs
    damage = rng = target = through = None
    j = 1
    while j < len(item):
        q = item[j]
        if isinstance(q, P) and q.kind == "amount" and damage is None:
            damage = define_x(dmg(q), tails)
            j += 1
            continue
        if isinstance(q, P) and q.kind == "range" and rng is None and q.v.isdigit():
            rng = int(q.v)
            j += 1
            continue
        if isinstance(q, P) and q.kind == "prep" and q.v in ("po", "v") and j + 1 < len(item) \
                and isinstance(item[j + 1], NP) and target is None:
            target, j = _attack_target(item, j + 1)  # «по X», «разряд в существо / в ту же цель»
            continue
        if isinstance(q, P) and q.kind == "only" and j + 2 < len(item) and isinstance(item[j + 1], P) \
                and item[j + 1].kind == "prep" and item[j + 1].v == "po" and isinstance(item[j + 2], NP) \
                and target is None:
            target, j = _attack_target(item, j + 2)  # «…, только по хозяину»
            continue
        through, j = attack_through(item, j, through, kind)    # «[только] через свободную клетку», else refuse
    if target is not None and target.noun == N.HERO and Q.ALL in target.qualifiers:
        # an attack has one target: «выстрел на 1 по герою противника» — that hero (502.5)
        target = replace(target, qualifiers=tuple(q for q in target.qualifiers if q != Q.ALL))
    if kind == "finishing":
        if damage is None or np.name:
            raise Reject("finishing")
        return A.Finishing(damage, target, span=sp)
    if kind == "poison":
        if damage is None or np.name:
            raise Reject("poison")
        return A.Poison(damage, target, span=sp)
    if damage is None:
        if kind == K.DISCHARGE:
            damage = A.Fixed(0)          # bare «Разряд» is strength 0 (the seed rules)
        elif kind == K.UCHR:
            damage = A.Fixed(1)          # bare «Удар через ряд» deals 1
        elif kind != K.STRIKE or np.name:
            raise Reject("attack without amount")
        # «объявить простой удар»: the card's own strike (damage None)
    riders: list = [A.Keyword(KW.UNANSWERABLE, span=np.span)] if unanswerable else []
    if tails.note("not_closing"):
        riders.append(A.Restriction(V.CLOSE, span=np.span))     # «не закрываясь»: the attacker stays open
    rider = tails.take_note("rider_parts")
    if rider is not None:
        sub = Tails()
        riders += LATE.clause_effects(list(rider), ctx, sub)
        sub.check()
    if times is not None:
        if isinstance(damage, A.Variable):
            raise Reject("two variables in one attack")
        times = define_x(times, tails)
    return A.Attack(kind, damage, rng, np.name, count, target, tuple(riders), times, through, span=sp)


__all__ = ["icon_ability", "attack", "attack_targets", "define_x", "granted", "per_measure", "protection",
           "qualities", "quality", "split_items"]
