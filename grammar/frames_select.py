"""Noun phrases → selectors: the noun, its adjectives, its count and the post-modifiers that
follow it («противника», «стоимостью 3 или меньше», «рядом с X», «в строю с X», «, обладающее
выстрелом», «, которое не перемещалось в этот ход»); attack nouns → attack kinds.

A post-modifier gives a *unary* property (a ``Qualifier`` string), the side, a count, a
``Relation`` to another selector, or a relative-clause ``Condition``.  A word that is none of
these makes the phrase Reject (``frames_base``)."""
from __future__ import annotations

import re
from contextvars import ContextVar
from collections.abc import Callable
from dataclasses import replace

from berserk.vocab import Qualifier as Q
from berserk.vocab import RelationKind as R
from berserk.vocab import SelectorNoun as N
from berserk.vocab import Side
from grammar import ast as A
from grammar.frames_base import (ATTACK_ADJ, ATTACK_NOUNS, NOUNS, QUALIFIERS,
                                 RELATION_ADJ, SELECTING, STRENGTH, Reject, _span)
from grammar.frames_words import (GEN_END, WITH_NOUNS, attack_ref, column_words, genitive_like, genitive_np,
                                  implicit_neighbour_cell, joined, nominative_ok, plural, terrain_class,
                                  with_list, without_list, written_after_s, cost_items, costlier, PREPOSED, bounded, disagrees, folded_words,
                                  _share_noun, share_noun, ROW_GENITIVE,
                                  except_items, life_items, marker_name)
from grammar.parts import NP, P

SELF = A.Selector(N.SELF)
#: «стоявшие …» read as «стоящие» only in a death's effects (the dead card's last place; elsewhere: Opaque)
STOOD_IS_LAST: ContextVar[bool] = ContextVar("stood_is_last", default=False)


class _Relative:
    """``items``: frames_relative.rel_items (set at its import — it reads noun phrases with
    np_post, np_post reads relative clauses with it)."""
    items: Callable = None


RELATIVE = _Relative()


# card-like nouns other than creature / card: a plural one selects every such card («ваши
# артефакты получают …»), as «ваши существа» does (audit F1: was one card, chosen)
_COUNTABLE = frozenset({N.ARTIFACT, N.TERRAIN, N.HOST, N.PARASITE, N.SYMBIOTE, N.COMPANION, N.DEFENDER,
                        N.MARKER, N.TOKEN, N.FLYER, N.CHARACTER, N.SUPPORT})
_CREATURE_OR_CARD = (N.CREATURE, N.CARD)          # (not in _COUNTABLE, nor is N.HERO)
_MASCULINE = frozenset({"artifact", "host", "parasite", "symbiote", "companion", "defender", "marker", "token"})


def _masculine_plural(np: NP, words: list | None) -> bool:
    """«артефакты», «симбиоты», «защитники», «маркеры»: a masculine noun of a consonant stem in
    -ы / -и is plural in every case (no singular form ends so; «местности», «карты» may be
    singular and are left to ``plural``); ``words``: ``folded_words(np)`` or None."""
    if np.noun not in _MASCULINE:
        return False
    words = folded_words(np) if words is None else words
    if words and words[-1] == "противника":
        words = words[:-1]
    return bool(words) and words[-1][-1:] in ("ы", "и")


def selector(np: NP, posts: list | None = None) -> A.Selector:
    """A noun phrase (+ the post-modifier items ``np_post`` read after it) → Selector."""
    quals: list[str] = []
    relations: list[A.Relation] = []
    side = None
    count = None
    condition = None
    words = None
    if np.kind == "self":
        noun = N.SELF
        if np.opp:
            noun, side = N.CARD, Side.ENEMY
            quals.append(f"{Q.NAMED}:self")
    elif np.kind == "pron":
        noun = N.PLAYER if np.noun == "you" else N.IT
    elif np.kind == "ref":
        noun = N.CARD
        quals.append(f"{Q.NAMED}:{np.noun.replace('ё', 'е')}")
    elif np.kind == "quoted":
        raise Reject("quoted text as a selector")
    elif np.kind == "elided":
        noun = N.CREATURE
        if not any(a in SELECTING or a.startswith(("el:", "ord:")) for a in np.adjs):
            raise Reject("elided noun phrase without a selecting adjective")
    else:
        n = np.noun or ""
        words = folded_words(np)            # (folded once for both tests)
        if disagrees(np, words):
            raise Reject("an adjective that does not agree with its noun")
        if n.startswith("cls:"):
            noun = N.CREATURE
            quals.append(f"{Q.CLASS}:{n[4:]}")
        elif n.startswith("hero:"):
            noun = N.HERO
            quals.append(f"{Q.CLASS}:{n[5:]}")
        elif n == "terrain":
            noun = N.TERRAIN
            cls = terrain_class(np.text)
            if cls:
                quals.append(f"{Q.CLASS}:{cls}")        # «есть горы»: a terrain of that class (R8)
        elif n in NOUNS:
            noun = NOUNS[n]
        elif n == "place":
            noun = N.CELL                    # «на его место», «на месте погибшего»: whose cell
        elif n in ("deck_top", "deck_bottom"):
            noun = N.DECK                    # «на верх колоды», «в низ вашей колоды»
            quals.append(Q.TOP if n == "deck_top" else Q.BOTTOM)
        elif n == "inc_token":
            noun = N.TOKEN
            quals.append(f"{Q.KIND}:incarnation")
        elif n.startswith("atk:") and n[4:] in ATTACK_NOUNS:
            noun = N.ATTACK
            kind_adjs = tuple(a for a in np.adjs if a in ATTACK_ADJ or a in STRENGTH)
            kinds, strengths = attack_ref(NP("noun", n, kind_adjs))
            quals.append(f"{Q.KIND}:{'|'.join(kinds)}")         # «дальних немагических атак»: any of them
            quals.extend(f"{Q.STRENGTH}:{s}" for s in strengths)
            np = NP(np.kind, np.noun, tuple(a for a in np.adjs if a not in kind_adjs), np.count, np.name,
                    np.opp, np.span, np.text)
        else:
            raise Reject(f"noun {n!r} is not a selector")
    for a in np.adjs:
        if a in QUALIFIERS:         # (the usual adjective first: no other branch reads these)
            quals.append(QUALIFIERS[a])
            continue
        if a == "own":
            side = Side.OWN
        elif a == "own_their":
            quals.append(Q.OWN_OF_SUBJECT)
        elif a in ("attacked", "attacker"):
            role = N.ATTACKED if a == "attacked" else N.ATTACKER
            if noun in (N.CREATURE, N.CARD):
                noun = role
            else:
                raise Reject(f"«{a}» on a {noun}")
        elif a == "poss":
            relations.append(A.Relation(R.OF, A.Selector(N.IT)))
        elif a.startswith("el:"):
            quals.append(f"{Q.ELEMENT}:{a[3:]}")
        elif a.startswith("ord:"):
            if noun not in (N.ROW, N.COLUMN):
                raise Reject("ordinal on a noun")
            quals.append(f"{Q.ORDINAL}:{a[4:]}")
        elif a in RELATION_ADJ:
            relations.append(A.Relation(RELATION_ADJ[a], SELF))
        elif a.startswith("adj:") and a.endswith(":it") and a[4:-3] in ("near", "opposite", "behind"):
            # «стоящее рядом с ней существо»: the pronoun's own word is its span (its gender
            # decides what it names: frames_ability._trigger_pronoun)
            relations.append(A.Relation(_SIDE_ADV[a[4:-3]], A.Selector(N.IT, span=written_after_s(np))))
        elif a == "adj:near:each_other":
            # «стоящие рядом друг с другом»: adjacent to one another (no card outside them)
            if not (np.count and np.count[0] == "n" and isinstance(np.count[1], int) and np.count[1] >= 2):
                raise Reject("«друг с другом» without two cards")
            relations.append(A.Relation(R.ADJACENT, A.Selector(N.EACH_OTHER)))
        elif a == "adj:near:self":
            # «соседняя с <этой картой> клетка»: the card is written (a span), not the implicit
            # neighbour of «соседняя клетка» (implicit_neighbour_cell)
            relations.append(A.Relation(R.ADJACENT, A.Selector(N.SELF, span=written_after_s(np))))
        else:
            raise Reject(f"adjective {a!r} is not a qualifier")
    if np.opp:
        side = Side.ENEMY
    if np.count:
        count = _count(np.count, quals, noun)
    elif Q.ALL not in quals:           # (asked once for the three kinds of noun below)
        if noun in _CREATURE_OR_CARD and plural(np, words):
            quals.append(Q.ALL)        # «ваши горные существа»: every one, not one chosen
        elif noun in _COUNTABLE and (plural(np, words) or _masculine_plural(np, words)):
            quals.append(Q.ALL)        # «ваши артефакты», «маркеры на клетках рядом»: every one (audit F1)
        elif noun == N.HERO and Q.CHOSEN not in quals and (np.opp or "own" in np.adjs):
            quals.append(Q.ALL)        # «героя противника», «вашего героя»: one per side (heroes-15 502.10)
    if noun == N.SELF and (Q.ALL in quals or any(a in ("own", "each", "other") or a.startswith("adj:")
                                                  or a in RELATION_ADJ for a in np.adjs)):
        # «за каждого вашего стоящего рядом Линдвурма»: the name as a class — the other cards of
        # this name, not this card (judge R11)
        if not np.name:
            raise Reject("the card's name as a class")
        noun = N.CREATURE
        quals = [q for q in quals if q != Q.ALL] + [Q.ALL, Q.OTHER, f"{Q.NAMED}:{np.name.replace('ё', 'е')}"]
    if np.name and np.kind == "noun":
        quals.append(f"{Q.NAMED}:{marker_name(np.name) if np.noun == 'marker' else np.name}")  # «маркер «ловушки»»
    for q in posts or ():
        if isinstance(q, A.Relation):
            relations.append(q)
        elif isinstance(q, A.Condition):
            if condition is not None:
                raise Reject("two relative clauses")
            condition = q
        elif isinstance(q, tuple) and q[0] == "side":
            side = q[1]
        else:
            quals.append(q)
    # (no duplicate to drop among fewer than two qualifiers: the tuple without the dict)
    return A.Selector(noun, side, tuple(dict.fromkeys(quals)) if len(quals) > 1 else tuple(quals), count,
                      tuple(relations), condition, span=np.span)      # (the noun phrase's own span)


def _count(c: tuple, quals: list, noun) -> tuple | None:
    if c[0] == "n":
        return (c[1], c[1])
    if c[0] == "or_less":
        return (0, c[1]) if isinstance(c[1], int) else None
    if c[0] == "or_more":
        return (c[1], None)
    if c[0] == "all":
        quals.append(Q.ALL)
        return None
    if c[0] == "x":
        quals.append(f"{Q.COUNT}:X")
        return None
    if c[0] == "ord":
        if noun not in (N.ROW, N.COLUMN, N.CARD):
            raise Reject("ordinal count")
        quals.append(f"{Q.ORDINAL}:{c[1]}")
        return None
    raise Reject(f"count {c!r}")


_SIDE_ADV = {"near": R.ADJACENT, "opposite": R.OPPOSITE, "behind": R.BEHIND}
_HIS = "his"        # a row «в его N-м ряду», until take_np knows whose («противника»)
_HIS_END = f":{_HIS}"


_PLACES = ("graveyard", "cell", "field", "deck", "hand", "half", "row")


def np_posts(parts: list) -> list | None:
    """All of ``parts`` read as post-modifiers of one noun phrase (their items in order); None
    when any part is not one."""
    out: list = []
    j = 0
    while j < len(parts):
        hit = np_post(parts, j)
        if hit is None:
            return None
        got, j = hit
        out.extend(got)
    return out


# the kinds of part a post-modifier starts with: a P of these kinds, a noun phrase of these nouns
_POST_KINDS = frozenset({"prep", "rel_part", "rel_which", "adv", "unknown", "neg"})
_POST_NOUNS = frozenset({"row", "half", "field", "cost"})


def np_post(parts: list, i: int, places: bool = True) -> tuple[list, int] | None:
    """A post-modifier at parts[i] that belongs to the noun phrase before it → (items, next
    index): qualifier strings, ("side", Side), Relations, a relative-clause Condition.  None
    when parts[i] is not one.  ``places=False``: «на / в <place>» is not read as where the
    card stands (after a verb that puts or moves it, the place is the destination)."""
    p = parts[i]
    # (every noun phrase ends with a part that is no post-modifier: told by its kind at once)
    if p.__class__ is P:
        if p.kind not in _POST_KINDS:
            return None
    elif p.__class__ is not NP or p.kind != "noun" or p.noun not in _POST_NOUNS:
        return None
    nxt = parts[i + 1] if i + 1 < len(parts) else None
    if not places and isinstance(p, P) and p.kind == "prep" and p.v in ("na", "v") \
            and isinstance(nxt, NP) and nxt.noun in _PLACES:
        return None
    if isinstance(p, P) and p.kind == "prep" and p.v == "s" and isinstance(nxt, P) and nxt.kind == "icon_kw" \
            and nxt.v.startswith("move:") and nxt.v[5:].isdecimal() and i + 2 < len(parts) and isinstance(parts[i + 2], P) \
            and parts[i + 2].kind in ("ormore", "orless"):
        # «с {move}3 или больше», «с {move}2 или меньше»
        return [f"{Q.MOVE_MIN if parts[i + 2].kind == 'ormore' else Q.MOVE_MAX}:{nxt.v[5:]}"], i + 3
    if isinstance(p, P) and p.kind == "prep" and p.v == "s" and isinstance(nxt, NP) and nxt.noun == "stat:move" \
            and isinstance(nxt.num, int) and not nxt.adjs and not nxt.count:
        # «с {move} 1» (exactly), «с {move}2 или меньше / больше»
        name, k = bounded(parts, i + 2, Q.MOVE, Q.MOVE_MAX, Q.MOVE_MIN)
        return [f"{name}:{nxt.num}"], k
    if isinstance(p, P) and p.kind == "prep" and p.v == "bez" and isinstance(nxt, P) and nxt.kind == "icon_kw" \
            and ":" not in nxt.v:
        try:
            return without_list(parts, i + 2, nxt)      # «без {regen}»
        except Reject:
            return None
    if isinstance(p, P) and p.kind == "prep" and p.v == "s" and isinstance(nxt, P) and nxt.kind == "icon_kw" \
            and ":" not in nxt.v:
        try:
            return with_list(parts, i + 2, nxt)            # «с {regen} или {armor}»
        except Reject:
            return None
    if isinstance(p, P) and p.kind == "prep" and p.v == "krome" and isinstance(nxt, NP):
        return except_items(parts, i)
    if isinstance(p, P) and p.kind == "prep" and isinstance(nxt, NP):
        w, n = p.v, nxt.noun or ""
        if w == "v" and n == "squad" and ("own" in nxt.adjs or nxt.opp):
            return [("side", Side.OWN if "own" in nxt.adjs else Side.ENEMY)], i + 2
        if w == "s" and n in ("stat:health", "life") and nxt.count and nxt.count[0] in ("or_less", "or_more") \
                and set(nxt.adjs) <= {"current"} and isinstance(nxt.count[1], int):
            # «с 4 или менее {health}», «с 3 или менее текущими {health}»
            name = Q.LIFE_MAX if nxt.count[0] == "or_less" else Q.LIFE_MIN
            return [f"{name}:{nxt.count[1]}"], i + 2
        if w == "s" and n == "stat:health" and life_items(parts, i) is not None:
            return life_items(parts, i)                 # «с {health} 3 или менее», «с 3 {health} или более»
        if w == "s" and nxt.adjs == ("greatest",) and not nxt.count and nxt.noun in ("stat:health", "life"):
            return [Q.MOST_LIFE], i + 2          # «с наибольшим {health}»: the most of all
        if w == "s" and nxt.adjs in (("greatest",), ("least",)) and not nxt.count and n in ("stat:health", "life",
                                                                                             "cost"):
            # «с наименьшим {health}», «с наибольшей / наименьшей стоимостью»: of all that fit
            most = nxt.adjs == ("greatest",)
            if n == "cost":
                return [Q.MOST_COST if most else Q.LEAST_COST], i + 2
            return [Q.MOST_LIFE if most else Q.LEAST_LIFE], i + 2
        if w == "s" and n == "name" and nxt.adjs == ("same",) and not nxt.count:
            return [Q.SAME_NAME], i + 2           # «карта с таким же именем» (as the one shown)
        if w == "s" and n == "element" and not nxt.adjs and not nxt.count:
            return [Q.ELEMENTAL], i + 2          # «существо со стихией» (not neutral, 107.2)
        if w == "bez" and n == "wound":
            return [Q.UNWOUNDED], i + 2
        if w == "s" and n == "wound" and not nxt.adjs and not nxt.count:
            return [Q.WOUNDED], i + 2                    # «существо с ранами»
        if w == "s" and n == "cost" and not nxt.adjs and nxt.kind == "noun":
            return cost_items(parts, i + 1)             # «со стоимостью 3 или менее»
        if w == "bez" and (n in WITH_NOUNS or n.startswith("atk:")):
            try:
                return without_list(parts, i + 2, nxt)  # «без полёта», «без выстрела и метания»
            except Reject:
                return None
        if w == "s" and n == "poison" and not nxt.count:
            return [Q.POISONED], i + 2
        if w == "s" and n == "marker" and nxt.name:
            return [f"{Q.MARKER}:{marker_name(nxt.name)}"], i + 2
        if w == "bez" and n == "marker" and nxt.name and not nxt.adjs and not nxt.count and not nxt.opp:
            # «существа без маркера «ловкости»»: none of that marker on it
            return [A.Condition("is", (f"{Q.MARKER}:{marker_name(nxt.name)}",), True, span=_span(parts[i:i + 2]))], i + 2
        if w == "s" and nxt.kind == "quoted":
            return [f"{Q.MARKER}:{marker_name(nxt.name)}"], i + 2        # «клетка с «вратами»»
        if w == "s" and (n in WITH_NOUNS or n.startswith("atk:")):
            return with_list(parts, i + 2, nxt)
        if w == "na" and n == "graveyard":
            return [Q.IN_GRAVEYARD] + ([("side", Side.OWN)] if "own" in nxt.adjs else []), i + 2
        if w == "na" and n == "field":
            return [Q.ON_FIELD], i + 2
        if w == "na" and n == "half" and not nxt.count and set(nxt.adjs) in ({"own"}, {"poss"}, set()) \
                and nxt.text.lower().split()[-1 - nxt.opp] == "половине":
            # «на половине поля боя противника», «на вашей половине (поля боя)», «(существа противника) на его половине»
            j, enemy = i + 2, nxt.opp
            if j < len(parts) and isinstance(parts[j], NP) and parts[j].noun == "field" and not parts[j].adjs:
                enemy = enemy or parts[j].opp
                j += 1
            if (enemy == ("own" in nxt.adjs)) != ("poss" in nxt.adjs and not enemy):
                return None
            return [f"{Q.HALF}:{_HIS if 'poss' in nxt.adjs else Side.ENEMY if enemy else Side.OWN}"], j
        if w == "na" and n == "cell" and nxt.kind == "noun" and ("this" in nxt.adjs or "chosen" in nxt.adjs):
            return [A.Relation(R.ON_CELL, selector(nxt))], i + 2
        if w == "na" and n == "cell" and nxt.kind == "noun" and not nxt.count:
            # «(существо) на соседней клетке / на клетке с маркером «огня»»: where it stands
            cell, j = take_np(parts, i + 1)
            return [A.Relation(R.ON_CELL, cell, span=_span(parts[i:j]))], j
        if w == "v" and n == "row" and nxt.adjs == ("chosen",) and not nxt.count and not nxt.opp:
            return [f"{Q.ROW}:{Q.CHOSEN}"], i + 2                      # «в выбранном ряду»
        if w == "v" and n == "row" and nxt.adjs == ("each",) and not nxt.count and not nxt.opp:
            return [f"{Q.ROW}:each"], i + 2          # «в каждом ряду»: one per row (judge: refused)
        if w == "v" and n == "row" and nxt.adjs == ("own_their",) and not nxt.count and not nxt.opp:
            return [A.Relation(R.SAME_ROW, SELF, span=_span(parts[i:i + 2]))], i + 2   # «в своём ряду»
        if w == "v" and nxt.kind == "pron" and nxt.noun == "it" and nxt.text.lower() in ("его", "ее", "её") \
                and i + 2 < len(parts) and isinstance(parts[i + 2], NP) and parts[i + 2].noun == "row" \
                and not parts[i + 2].opp and all(a.startswith("ord:") for a in parts[i + 2].adjs) \
                and (parts[i + 2].adjs or (parts[i + 2].count and parts[i + 2].count[0] == "ord")):
            # «существо противника в его втором ряду»: the row of the one just named (take_np
            # resolves «его» to the opponent when the noun says «противника»)
            row = parts[i + 2]
            rows = [a[4:] for a in row.adjs] + ([str(row.count[1])] if row.count else [])
            return [f"{Q.ROW}:{'|'.join(rows)}:{_HIS}"], i + 3
        if w == "v" and n == "row":
            rows = [a[4:] for a in nxt.adjs if a.startswith("ord:")]
            if nxt.count and nxt.count[0] == "ord":
                rows.append(str(nxt.count[1]))
            if rows and set(nxt.adjs) - {a for a in nxt.adjs if a.startswith("ord:")} <= {"own"}:
                whose = ":own" if "own" in nxt.adjs else ":enemy" if nxt.opp else ""
                return [f"{Q.ROW}:{'|'.join(rows)}{whose}"], i + 2
        if w == "s" and nxt.kind in ("pron", "self") and i + 3 < len(parts) and isinstance(parts[i + 2], P) \
                and parts[i + 2].kind == "prep" and parts[i + 2].v == "v" and isinstance(parts[i + 3], NP) \
                and parts[i + 3].noun == "formation" and not parts[i + 3].adjs:
            # «(стояли) с ним в строю»
            return [A.Relation(R.IN_FORMATION_WITH, selector(nxt), span=_span(parts[i:i + 4]))], i + 4
        if w == "v" and n == "formation":
            if i + 3 < len(parts) and isinstance(parts[i + 2], P) and parts[i + 2].kind == "prep" \
                    and parts[i + 2].v == "s" and isinstance(parts[i + 3], NP):
                other, j = take_np(parts, i + 3)
                return [A.Relation(R.IN_FORMATION_WITH, other, span=_span(parts[i:j]))], j
            return [A.Relation(R.IN_FORMATION_WITH, SELF, span=_span(parts[i:i + 2]))], i + 2
        if w == "v" and n in ("row", "column") and nxt.count == ("n", 1) and not nxt.adjs and not nxt.opp \
                and i + 3 < len(parts) and isinstance(parts[i + 2], P) and parts[i + 2].kind == "prep" \
                and parts[i + 2].v == "s" and isinstance(parts[i + 3], NP):
            # «в одном ряду / столбце с X»
            other, j = take_np(parts, i + 3)
            return [A.Relation(R.SAME_ROW if n == "row" else R.SAME_COLUMN, other, span=_span(parts[i:j]))], j
        if w == "v" and n in ("row", "column") and nxt.adjs == ("same",) and not nxt.count and not nxt.opp:
            # «в том же ряду / столбце, что и X»
            k = i + 2 + (i + 2 < len(parts) and isinstance(parts[i + 2], P) and parts[i + 2].kind == "lcomma")
            if k < len(parts) and isinstance(parts[k], P) and parts[k].kind == "unknown" and parts[k].v.lower() == "что":
                k += 1 + (k + 1 < len(parts) and isinstance(parts[k + 1], P) and parts[k + 1].kind == "and")
                if k < len(parts) and isinstance(parts[k], NP):
                    other, j = take_np(parts, k)
                    return [A.Relation(R.SAME_ROW if n == "row" else R.SAME_COLUMN, other, span=_span(parts[i:j]))], j
        if w == "v" and n == "column" and i + 3 < len(parts) and isinstance(parts[i + 2], P) \
                and parts[i + 2].kind == "prep" and parts[i + 2].v == "s" and isinstance(parts[i + 3], NP):
            other, j = take_np(parts, i + 3)
            return [A.Relation(R.SAME_COLUMN, other, span=_span(parts[i:j]))], j
        if w == "iz" and n in ("deck", "hand", "graveyard") and not nxt.count and set(nxt.adjs) <= {"own"}:
            # «из вашей колоды», «из кладбища противника»: whose zone it is (g7a: was dropped)
            whose = [("side", Side.OWN)] if "own" in nxt.adjs else [("side", Side.ENEMY)] if nxt.opp else []
            return [{"deck": Q.IN_DECK, "hand": Q.IN_HAND, "graveyard": Q.IN_GRAVEYARD}[n]] + whose, i + 2
        if w == "v" and n in ("hand", "deck") and not nxt.count and set(nxt.adjs) <= {"own"} \
                and nxt.text.lower().split()[-1 - nxt.opp] in ("руке", "колоде"):
            # «карты в вашей руке», «в руке противника» (Heroes zones, 201–207): where it lies
            whose = [("side", Side.OWN)] if "own" in nxt.adjs else [("side", Side.ENEMY)] if nxt.opp else []
            return [Q.IN_HAND if n == "hand" else Q.IN_DECK] + whose, i + 2
        if w == "v":
            return column_words(parts, i + 1)
        return None
    if isinstance(p, NP) and p.kind == "noun" and p.noun == "row" and ROW_GENITIVE.search(p.text.lower()):
        # «клетка [вашего] третьего ряда [противника]»: a row in the genitive
        rows = [a[4:] for a in p.adjs if a.startswith("ord:")]
        rest = set(p.adjs) - {f"ord:{r}" for r in rows}
        if p.count and p.count[0] == "ord":
            rows.append(str(p.count[1]))
        elif p.count:
            rows = []
        if rows and rest <= {"own"}:
            whose = ":own" if "own" in p.adjs else ":enemy" if p.opp else ""
            return [f"{Q.ROW}:{'|'.join(rows)}{whose}"], i + 1
    if isinstance(p, NP) and p.kind == "noun" and p.noun == "half" and set(p.adjs) <= {"own"} and not p.count \
            and p.text.lower().split()[-1 - p.opp].startswith("половин") and p.text.lower().split()[-1 - p.opp] == "половины":
        # «клетка вашей половины поля боя», «клетки половины поля боя противника»
        j, enemy = i + 1, p.opp
        if j < len(parts) and isinstance(parts[j], NP) and parts[j].noun == "field" and not parts[j].adjs:
            enemy = enemy or parts[j].opp
            j += 1
        if enemy == ("own" in p.adjs):
            return None
        return [f"{Q.HALF}:{Side.ENEMY if enemy else Side.OWN}"], j
    if isinstance(p, NP) and p.kind == "noun" and p.noun == "field" and not p.adjs and not p.count:
        # «клетка / половина поля боя [противника]»: of the battlefield (its side, if said)
        return ([("side", Side.ENEMY)] if p.opp else []), i + 1
    if isinstance(p, P) and p.kind in ("rel_part", "rel_which"):
        got = RELATIVE.items(p)
        if got is not None:
            return got, i + 1
        return None
    if isinstance(p, NP) and p.noun == "cost" and p.kind == "noun":
        return costlier(parts, i) if p.adjs else cost_items(parts, i)      # «большей стоимости, чем X (…)»
    if isinstance(p, P) and p.kind == "adv" and p.v in ("near", "opposite", "behind", "left", "right"):
        return _position(parts, i)
    if isinstance(p, P) and p.kind == "adv" and p.v == "по диагонали" and isinstance(nxt, P) and nxt.kind == "prep" \
            and nxt.v == "ot" and i + 2 < len(parts) and isinstance(parts[i + 2], NP):
        # «(стоящее) по диагонали от X»: on a cell diagonally next to X
        other, k = take_np(parts, i + 2)
        return [A.Relation(R.DIAGONAL, other, span=_span(parts[i:k]))], k
    if isinstance(p, P) and p.kind == "unknown" and (p.v or "").lower() in PREPOSED and isinstance(nxt, NP) \
            and nxt.kind in ("self", "pron", "noun", "ref"):
        # «(стоящее) перед X», «(на клетках) вокруг X» (frames_words.PREPOSED)
        what, nouns = PREPOSED[p.v.lower()]
        other, k = take_np(parts, i + 1)
        return ([A.Relation(what, other, span=_span(parts[i:k]))], k) if other.noun in nouns else None
    if isinstance(p, P) and p.kind == "neg" and isinstance(nxt, P) and nxt.kind == "adv" \
            and nxt.v in ("near", "opposite", "behind", "left", "right"):
        # «клетка не рядом с X»: the shape of «…, которая не стоит рядом с X»
        got = _position(parts, i + 1)
        ok = got is not None and all(isinstance(r, A.Relation) for r in got[0])
        return ([A.Condition("is", tuple(got[0]), True, span=_span(parts[i:got[1]]))], got[1]) if ok else None
    return None


def _position(parts: list, i: int) -> tuple[list, int] | None:
    """«рядом с X», «напротив X», «справа и слева от X», «рядом» alone (next to this card)."""
    p = parts[i]
    j = i + 1
    sides = [p.v]
    while j + 1 < len(parts) and isinstance(parts[j], P) and parts[j].kind in ("and", "or") \
            and isinstance(parts[j + 1], P) and parts[j + 1].kind == "adv":
        sides.append(parts[j + 1].v)
        j += 2
    if set(sides) == {"left", "right"}:
        what = R.LEFT_RIGHT
    elif len(sides) == 1 and sides[0] in _SIDE_ADV:
        what = _SIDE_ADV[sides[0]]
    else:
        return None
    if j + 1 < len(parts) and isinstance(parts[j], P) and parts[j].kind == "prep" \
            and parts[j].v in ("s", "ot"):
        k = j + 1
        at_least = isinstance(parts[k], P) and parts[k].kind == "even"
        if at_least:
            k += 1                                   # «рядом с хотя бы одним …»
        if k < len(parts) and isinstance(parts[k], NP) and parts[k].kind == "quoted" and not at_least \
                and parts[k].name:
            # «рядом с «гнездом»»: a marker named alone, as «рядом с маркером «гнездо»»
            other = A.Selector(N.MARKER, qualifiers=(f"{Q.NAMED}:{marker_name(parts[k].name)}",), span=parts[k].span)
            return [A.Relation(what, other, span=_span(parts[i:k + 1]))], k + 1
        if k < len(parts) and isinstance(parts[k], NP):
            other, k = take_np(parts, k)
            if at_least and other.count and other.count[0] == other.count[1]:
                other = A.Selector(other.noun, other.side, other.qualifiers, (other.count[0], None),
                                   other.relations, other.condition, other.members, span=other.span)
            return [A.Relation(what, other, span=_span(parts[i:k]))], k
    if what in (R.OPPOSITE, R.BEHIND) and j < len(parts) and isinstance(parts[j], NP) \
            and parts[j].kind in ("self", "pron", "noun", "elided") and genitive_like(parts[j]):
        other, k = take_np(parts, j)
        return [A.Relation(what, other, span=_span(parts[i:k]))], k
    if j == i + 1 and what in (R.ADJACENT, R.OPPOSITE, R.BEHIND):
        return [A.Relation(what, SELF, span=p.span)], j
    return None


# «занятую существом противника»: the participle, then its agent in the instrumental
_OCCUPIED_BY_RE = re.compile(r"^занят(?:ая|ую|ой|ые|ых)\s+\S+(?:ом|ем|ой|ей|ами|ями|ым|им|ыми|ими)\b")


def _occupied_by(np: NP, parts: list, j: int) -> tuple[A.Relation, int] | None:
    """«клетка, занятая <кем>» → Relation(occupied_by, who) — as «клетка, которую занимает
    <кто>».  The lexer reads «занятую» as the adjective «занятая» and hangs it on the agent's
    noun phrase; only after a cell and with the agent in the instrumental is it the participle."""
    if np.noun != "cell" or j + 1 >= len(parts) or not (isinstance(parts[j], P) and parts[j].kind == "lcomma"):
        return None
    agent = parts[j + 1]
    if not isinstance(agent, NP) or agent.kind != "noun" or not agent.adjs or agent.adjs[0] != "occupied" \
            or agent.noun not in (N.CREATURE, N.CARD) or not _OCCUPIED_BY_RE.match(agent.text.lower()):
        return None
    who, k = take_np(parts[:j + 1] + [replace(agent, adjs=agent.adjs[1:])] + parts[j + 2:], j + 1)
    return A.Relation(R.OCCUPIED_BY, who, span=_span(parts[j:k])), k


def take_np(parts: list, i: int, places: bool = True) -> tuple[A.Selector, int]:
    """The noun phrase at parts[i] with every post-modifier after it → (Selector, next index)."""
    np = parts[i] if i < len(parts) else None
    if not isinstance(np, NP):
        raise Reject("noun phrase expected")
    posts: list = []
    j = i + 1
    while j < len(parts):
        occupant = _occupied_by(np, parts, j) if np.noun == "cell" else None     # (its first test)
        if occupant is not None:
            rel, j = occupant
            posts.append(rel)
            continue
        hit = np_post(parts, j, places)
        if hit is None:
            break
        q, j = hit
        posts.extend(q)
    if posts and any(isinstance(x, str) and x.endswith(_HIS_END) for x in posts):
        if not np.opp:
            raise Reject("whose row: «его»")
        posts = [x[:-len(_HIS)] + Side.ENEMY if isinstance(x, str) and x.endswith(f":{_HIS}") else x
                 for x in posts]
    sel = selector(np, posts)
    owner = _owner(sel, parts, j)
    if owner is not None:
        sel, j = owner
    if np.noun == "place" and not any(r.what == R.OF for r in sel.relations):
        raise Reject("«место» without whose")          # a bare «место» is no cell we can name
    q = parts[j] if j < len(parts) else None
    if q.__class__ is NP and q.kind == "noun" and sel.noun == N.TARGET:
        if (q.noun or "").startswith("atk:") and not q.adjs and q.count and q.count[0] == "ord" \
                and not sel.relations:
            # «цель первого разряда»: the target of that attack of this ability
            kinds, _s = attack_ref(NP("noun", q.noun))
            attack = A.Selector(N.ATTACK, qualifiers=(f"{Q.KIND}:{kinds[0]}", f"{Q.ORDINAL}:{q.count[1]}"),
                                span=q.span)
            sel = A.Selector(sel.noun, sel.side, sel.qualifiers, sel.count, (A.Relation(R.OF, attack),),
                             sel.condition, sel.members, span=_span([sel, q]))
            j += 1
        elif (q.noun in ("finishing", "poison") or (q.noun or "").startswith("atk:")) and not q.adjs:
            j += 1                      # «цель добивания»: the target of this very effect
    if j > i + 1:
        sel = A.with_span(sel, _span(parts[i:j]))
    return sel, j


def _owner(sel: A.Selector, parts: list, j: int):
    """A genitive right after an attack or a card: whose it is — «{strike} Громилы» (the
    attack of Громила), «верхняя карта колоды» (the top card of the deck)."""
    if j >= len(parts) or not isinstance(parts[j], NP):
        return None
    q = parts[j]
    if sel.noun == N.ATTACK and q.kind in ("self", "ref", "noun", "elided") and q.noun != "field":
        # the owner's own word, not its «противника» («ударом закрытое существо противника»
        # is the attack and its target, not the strike of a closed creature)
        words = q.text.lower().split()[:-1] if q.opp else q.text.lower().split()
        if q.kind == "self" or (words and GEN_END.search(words[-1])):
            whose, k = take_np(parts, j)
            return A.Selector(sel.noun, sel.side, sel.qualifiers, sel.count,
                              sel.relations + (A.Relation(R.OF, whose),), sel.condition, sel.members,
                              span=_span([sel, whose])), k
    if sel.noun in (N.HOST, N.PARASITE, N.SYMBIOTE) and not sel.relations and q.kind in ("self", "ref", "noun") \
            and q.noun not in ("field", "row", "cell", "half") and genitive_np(q):
        # «хозяин Разумного вихря» (of this card: the plain host), «хозяин выбранного существа»
        whose, k = take_np(parts, j)
        if whose.noun == N.SELF and not whose.qualifiers:
            return A.with_span(sel, _span([sel, whose])), k
        rel = R.HOST_OF if sel.noun == N.HOST else R.PARASITE_OF
        return A.Selector(sel.noun, sel.side, sel.qualifiers, sel.count,
                          (A.Relation(rel, whose),), sel.condition, sel.members,
                          span=_span([sel, whose])), k
    if sel.noun in (N.CARD, N.CREATURE) and q.kind == "noun" and (q.noun or "").startswith("cls:") \
            and not q.adjs and not q.count and not q.opp and genitive_np(q):
        # «вашу карту нежити»: a card of that class
        cls = f"{Q.CLASS}:{q.noun[4:]}"
        rest = posts_after(parts, j + 1)
        return A.Selector(sel.noun, sel.side, sel.qualifiers + (cls,) + tuple(x for x in rest[0] if isinstance(x, str)),
                          sel.count, sel.relations + tuple(x for x in rest[0] if isinstance(x, A.Relation)),
                          sel.condition, sel.members, span=_span([sel, q])), rest[1]
    if sel.noun == N.CELL and not sel.relations and not sel.count and q.kind in ("self", "ref", "noun", "elided") \
            and not q.count and q.noun not in ("field", "row", "cell", "half", "place") and genitive_np(q):
        # «клетка погибшего», «на месте уничтоженного существа»: the cell that card stands
        # (stood) on, as «на его клетку»
        whose, k = take_np(parts, j)
        if whose.noun not in (N.CREATURE, N.CARD, N.SELF, N.ATTACKED, N.ATTACKER, N.HOST, N.PARASITE,
                              N.SYMBIOTE, N.ARTIFACT, N.HERO):
            return None
        return A.Selector(sel.noun, sel.side, sel.qualifiers, sel.count, (A.Relation(R.OF, whose),),
                          sel.condition, sel.members, span=_span([sel, whose])), k
    if sel.noun in (N.HAND, N.DECK, N.GRAVEYARD) and sel.side is None and q.kind == "noun" and q.noun == "owner" \
            and not q.adjs and not q.count:
        return A.with_span(sel, _span([sel, q])), j + 1          # «в руку / под низ колоды владельца»
    if sel.noun == N.CARD and q.kind == "noun" and q.noun == "deck" and not q.count:
        side = Side.ENEMY if q.opp else Side.OWN if "own" in q.adjs or not q.adjs else None
        if set(q.adjs) - {"own"} or (q.opp and q.adjs):
            return None
        return A.Selector(sel.noun, sel.side or side, sel.qualifiers + (Q.IN_DECK,), sel.count,
                          sel.relations, sel.condition, sel.members, span=_span([sel, q])), j + 1
    return None


def posts_after(parts: list, j: int, places: bool = True) -> tuple[list, int]:
    """The post-modifiers from parts[j] on (qualifier strings and Relations only)."""
    got: list = []
    while j < len(parts):
        hit = np_post(parts, j, places)
        if hit is None or any(not isinstance(x, (str, A.Relation)) for x in hit[0]):
            break
        got.extend(hit[0])
        j = hit[1]
    return got, j


def one_or_more(parts: list, i: int) -> A.Selector | None:
    """«существо или существ [противника]»: one card or several of the same kind — one selector
    with count (1, None); a side written once after the plural is both's (M6: was the last
    member's, and the plural read as «all»)."""
    if not (i + 2 < len(parts) and isinstance(parts[i], NP) and isinstance(parts[i + 1], P)
            and parts[i + 1].kind == "or" and isinstance(parts[i + 2], NP)):
        return None
    a, b = parts[i], parts[i + 2]
    if a.kind != "noun" or b.kind != "noun" or a.noun != b.noun or a.noun not in ("creature", "card") \
            or a.count or b.count or a.opp or a.adjs != b.adjs or plural(a) or not plural(b):
        return None
    first, _ = take_np(parts, i)
    second, _ = take_np(parts, i + 2)
    if first.side is not None or first.relations or second.relations or first.count or first.condition:
        return None
    return A.Selector(first.noun, second.side, first.qualifiers, (1, None), span=_span([first, second]))


def take_np_list(parts: list, i: int) -> tuple[list[A.Selector], int, str]:
    """«X, Y и Z», «X или Y» → selectors; the joining word ('and'/'or') is returned."""
    parts = _share_noun(parts, i)
    one = one_or_more(parts, i)
    if one is not None:
        return [one], i + 3, "and"
    sels = []
    joiner = "and"
    sel, j = take_np(parts, i)
    sels.append(sel)
    while j + 1 < len(parts) and isinstance(parts[j], P) and parts[j].kind in ("and", "or", "lcomma") \
            and isinstance(parts[j + 1], NP) and parts[j + 1].kind != "quoted":
        if parts[j].kind == "or":
            joiner = "or"
        sel, j = take_np(parts, j + 1)
        sels.append(sel)
    return sels, j, joiner


def subject_of(subj_parts: list) -> A.Selector | None:
    """The subject noun phrase(s) before a verb → one selector (joined when several)."""
    parts = [q for q in subj_parts if not (isinstance(q, P) and q.kind in ("also",))]
    if not parts:
        return None
    if not isinstance(parts[0], NP):
        raise Reject("subject expected")
    if not nominative_ok(parts[0]):
        raise Reject("subject in an oblique case")
    sels, j, joiner = take_np_list(parts, 0)
    if len(sels) == 1 and sels[0].noun == N.ATTACK and j + 1 < len(parts) and isinstance(parts[j], P) \
            and parts[j].kind == "prep" and parts[j].v == "po":
        # «{strike} ваших существ по закрытым существам (являются безответными)»: whom it hits
        whom, j = take_np(parts, j + 1)
        sels = [A.with_span(replace(sels[0], relations=sels[0].relations + (A.Relation(R.AGAINST, whom),)),
                            _span(parts[:j]))]
    if j != len(parts):
        raise Reject("subject tail")
    return joined(sels, joiner)


__all__ = ["SELF", "implicit_neighbour_cell", "joined", "one_or_more", "share_noun", "np_post", "selector", "subject_of", "take_np", "take_np_list"]
