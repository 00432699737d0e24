"""A Heroes card's features from ``grammar.parse`` — the judge's first reader.

The grammar types a card's text once for every consumer (docs/grammar.md); the Heroes engine
reads its AST here.  ``adapt`` rewrites what is only a different *representation* of the same
meaning into the form the engine applies (every rewrite below names the two forms); ``why_bridge``
is the one place that decides a feature is read by the judge's own bridge
(judge/heroes/wording.py) instead, and says why: the grammar left it untyped, splits the card's
sentences otherwise, or still writes a meaning the engine does not apply the same way.
tests/heroes/test_fromgrammar.py checks that every adapted feature of the rulings' cards is the
bridge's node, so the switch changes no ruling.
"""
from __future__ import annotations

import re
from dataclasses import fields, replace
from functools import lru_cache
from itertools import pairwise

from berserk.text import fold
from berserk.vocab import AttackKind as K
from berserk.vocab import ConditionKind as CK
from berserk.vocab import DurationKind, Side, TriggerParam, Verb
from berserk.vocab import KeywordName as KW
from berserk.vocab import Qualifier as Q
from berserk.vocab import SelectorNoun as N
from berserk.vocab import TriggerEvent as E
from grammar import ast as A
from grammar import parse
from judge.core.trees import transform
from judge.heroes.model import GRAVEYARD, HAND, PLAY
from judge.heroes.phrases import DONE, NOTHING
from judge.heroes.readers import CREATE, glossary_keyword
from judge.heroes.wording import Feature, HCost, bridge_read, sentences
from judge.heroes.wording import feature as bridge_feature

SELF = A.Selector(noun=N.SELF)
IT = A.Selector(noun=N.IT)
PLAYER = A.Selector(noun=N.PLAYER)
#: ``Duration.until`` values the vocabulary names (the engine prints their Russian words)
DURATIONS = {d.value for d in DurationKind}
#: ``Action.params`` the engine reads as a summon's «из колоды»
FROM_DECK = "колоды"
#: what joins «A, при этом B» in the parsed text (heroes-15 119.4: B only if A was done)
AT_THAT = re.compile(r"^\s*,?\s*при\s+этом\s*,?\s*$")
#: verbs whose one unqualified singular target is a card the player picks (grammar R1)
_PICKED = {Verb.SEARCH, Verb.SUMMON, Verb.DESTROY}
#: ``Action.params`` of «возродите … под вашим контролем»
YOURS = "yours"
#: ``Action.params`` of Засада: this card played from the hand (term:Засада)
AMBUSH = "ambush"
#: ``Feature.fallback`` of a card whose sentences the grammar splits into other abilities
SPLIT = "грамматика делит текст на способности иначе, чем на предложения (111.1)"
#: ``Feature.fallback`` of a card whose untyped sentence may continue the one before (H-G1)
CONTINUED = "предложение без своего заголовка, которое грамматика не разобрала, может продолжать " \
    "предыдущую особенность (111.1)"


# ==================================================================== representation
def _bare(node):
    """The tree without spans (the bridge writes none; spans never decide a ruling)."""
    if isinstance(node, tuple):
        return tuple(_bare(x) for x in node)
    if not isinstance(node, A.Node):
        return node
    return type(node)(**{f.name: _bare(getattr(node, f.name)) for f in fields(node)
                         if f.name != "span"})


def _selector(s: A.Selector) -> A.Selector:
    # a card's name is matched folded (105.4): the engine writes it folded
    if any(q.startswith(f"{Q.NAMED}:") for q in s.qualifiers):
        s = replace(s, qualifiers=tuple(f"{Q.NAMED}:{fold(q.partition(':')[2])}"
                                        if q.startswith(f"{Q.NAMED}:") else q for q in s.qualifiers))
    # «эта карта» / «это существо» is the card itself (105.3)
    if s.noun in (N.CARD, N.CREATURE) and s.qualifiers == (Q.THIS,) and s.side is None \
            and not s.relations and s.count is None:
        return SELF
    return s


def _picked(s: A.Selector | None) -> A.Selector | None:
    """Grammar R1: a singular card with neither «все» nor «выбранн…» is one card the player
    picks; the engine writes that pick as ``chosen``."""
    if s is None or s.noun in (N.SELF, N.IT, N.PLAYER, N.OPPONENT) or s.count is not None \
            or {Q.ALL, Q.CHOSEN, Q.THIS} & set(s.qualifiers):
        return s
    return replace(s, qualifiers=(Q.CHOSEN,) + s.qualifiers)


def _every(s: A.Selector | None) -> A.Selector | None:
    """A filter («по героям», «героев»: which cards a bonus or a ban concerns) reaches every
    card it names; the grammar leaves the dative plural without ``all`` (R1), the engine
    writes it."""
    if s is None or s.noun in (N.SELF, N.IT) or Q.ALL in s.qualifiers:
        return s
    return replace(s, qualifiers=s.qualifiers + (Q.ALL,))


def _node(n: A.Node) -> A.Node:
    """One node, its children already rewritten."""
    if isinstance(n, A.Selector):
        return _selector(n)
    if isinstance(n, A.Duration) and n.until in DURATIONS:
        return replace(n, until=DurationKind(n.until))  # the vocabulary member: its Russian name
    if isinstance(n, A.Choice) and n.chooser == "owner":
        return replace(n, chooser=None)         # the ability's controller chooses: the default
    if isinstance(n, A.Keyword) and n.name in (KW.OVA, KW.OVZ) and n.value == 1:
        return replace(n, value=None)           # Опыт has no value in Heroes
    if isinstance(n, A.Trigger):
        if n.attack == K.ANY:
            n = replace(n, attack=None)
        if TriggerParam.EACH in n.params:       # «каждый раз»: Feature.every_time
            n = replace(n, params=tuple(p for p in n.params if p != TriggerParam.EACH))
        if n.event == E.STRENGTHENED and n.subject is None:
            n = replace(n, subject=SELF)
        if n.event == E.NEXT_ANY_TURN_START:    # «в начале следующего хода»: the very next turn
            n = replace(n, event=E.NEXT_TURN_START)           # (the bridge's reading: turn None)
        elif n.event == E.NEXT_TURN_START and n.turn is None:  # «… вашего следующего хода»
            n = replace(n, turn="own")
        return n
    if isinstance(n, (A.Protection, A.Reduction)) and K.ANY in n.against:
        return replace(n, against=tuple(x for a in n.against
                                        for x in ((K.STRIKE, K.SHOT) if a == K.ANY else (a,))))
    if isinstance(n, A.Bonus) and n.to == (K.STRIKE,):
        return replace(n, against=_every(n.against))
    if isinstance(n, A.Restriction) and n.what == Verb.ATTACK and n.params \
            and all(isinstance(p, A.Selector) for p in n.params):
        return replace(n, params=tuple(_every(p) for p in n.params))
    if isinstance(n, A.Permission) and n.what == Verb.ATTACK and n.kinds == (K.STRIKE,):
        return replace(n, kinds=())             # a creature's own attack is a strike (507.4)
    if isinstance(n, A.Restriction) and n.what == Verb.GET_WOUNDS and len(n.params) == 1 \
            and n.params[0] == ("from", A.Selector(noun=N.SPELL)):
        return replace(n, params=(), kinds=(K.SPELLS,))
    if isinstance(n, A.Condition) and n.what in (CK.WOUNDED, CK.UNWOUNDED) and not n.params \
            and not n.negated:
        return replace(n, what=CK.IS, params=(n.what,))
    if isinstance(n, A.Action):
        return _action(n)
    if isinstance(n, A.Attack) and n.target is not None:
        return replace(n, target=_picked(n.target))
    if isinstance(n, A.Wound) and n.target is not None and n.target.side == Side.OWN:
        return replace(n, target=_picked(n.target))
    return n


def _action(n: A.Action) -> A.Node:
    if n.verb in _PICKED and CREATE not in n.params:
        n = replace(n, target=_picked(n.target))
        if n.verb == Verb.SUMMON and n.target is not None and Q.IN_DECK in n.target.qualifiers:
            n = replace(n, params=n.params + (FROM_DECK,))
    if n.verb == Verb.WIN and n.by == PLAYER and n.target is None:
        return replace(n, by=None, target=PLAYER)   # «вы выигрываете»: the winner
    if n.verb == Verb.FIGHT and n.origin is not None and n.by is None:
        return replace(n, by=n.target, target=n.origin, origin=None)
    if n.verb == Verb.LOOK and n.target is not None and Q.TOP in n.target.qualifiers:
        return replace(n, params=n.params + (Q.TOP,))
    if n.verb == Verb.PUT and n.to == A.Selector(noun=N.DECK, qualifiers=(Q.BOTTOM,)):
        return replace(n, to=None, params=n.params + (Q.BOTTOM,))
    return n


def _list(items: tuple, text: str) -> tuple:
    """Effect lists: an attack's riders are the effects after it; «оно может атаковать ещё
    раз» is the permission itself; «A, при этом B» is ``A, Conditional(done, (B …))``."""
    out: list = []
    for i, e in enumerate(items):
        if i and items[i - 1].span.end and e.span.start \
                and AT_THAT.match(text[items[i - 1].span.end:e.span.start]):
            rest = _list(items[i:], text)
            return tuple(out) + (A.Conditional(condition=DONE, effects=rest),)
        first = e.options[0] if isinstance(e, A.Choice) and len(e.options) == 2 and e.options[1] == NOTHING \
            else None
        if isinstance(first, A.Sequence_) and len(first.steps) > 1 and first.steps[0].span.end \
                and AT_THAT.match(text[first.steps[0].span.end:first.steps[1].span.start]):
            # the grammar's «может X, при этом Y» (Y a step of the option): the bridge's reading
            rest = _list(first.steps[1:] + tuple(items[i + 1:]), text)
            return tuple(out) + (replace(e, options=(first.steps[0], NOTHING)),
                                 A.Conditional(condition=DONE, effects=rest))
        if isinstance(e, A.Attack) and e.riders:
            out.extend((replace(e, riders=()),) + e.riders)
        elif isinstance(e, A.Choice) and len(e.options) == 2 and e.options[1] == NOTHING \
                and isinstance(e.options[0], A.Action) and e.options[0].verb == Verb.ATTACK \
                and "again" in e.options[0].params:
            out.append(e.options[0])
        else:
            out.append(e)
    return tuple(out)


def _walk(node, text: str):
    # lists of effects get the «, при этом» reading; every node its representation fix
    return transform(node, on_node=_node, on_list=lambda items: _list(items, text),
                     list_fields=_EFFECT_LISTS)


_EFFECT_LISTS = frozenset(("effects", "body", "options"))


def adapt(node: A.Node, text: str, spell: bool, name: str) -> A.Node:
    """The grammar's ability in the engine's form (same meaning)."""
    got = _bare(_walk(node, text))
    if isinstance(got, A.Activated):
        got = replace(got, cost=A.Cost(tap=got.cost.tap, counters=got.cost.coins
                                       if isinstance(got.cost.coins, int) else 0))
    if isinstance(got, A.Activated) and len(got.effects) == 1 \
            and isinstance(got.effects[0], A.Restriction) and got.effects[0].duration is not None:
        r = got.effects[0]                      # a static the card holds for a while
        got = replace(got, effects=(A.Gain(target=SELF, what=(replace(r, duration=None),),
                                           duration=r.duration),))
    if isinstance(got, A.Static) and len(got.effects) == 1 and isinstance(got.effects[0], A.Gain) \
            and got.effects[0].target == IT and got.condition is not None \
            and got.condition.subject == SELF:
        got = replace(got, effects=(replace(got.effects[0], target=SELF),))  # «пока оно …»
    if spell and isinstance(got, A.Static) and got.condition is None:
        got = A.Named(effect_kind="spell", name=name, body=got.effects)
    return got


# ==================================================================== features
def _cost(c: A.Cost) -> HCost:
    wound = sum(p.amount.value for p in c.parts if isinstance(p, A.Wound)
                and isinstance(p.amount, A.Fixed))
    discard = sum((p.amount.value if isinstance(p.amount, A.Fixed) else 1) for p in c.parts
                  if isinstance(p, A.Action) and p.verb == Verb.DISCARD)
    return HCost(tap=c.tap, coins=c.coins if isinstance(c.coins, int) else 0,
                 coins_x=not isinstance(c.coins, int), wound_own=wound, discard=discard)


def _zone(node: A.Node) -> str:
    """Where a feature works (202.2): from the graveyard when it is about this card there
    (113.12) or revives it; from the hand when it plays this card from there (Засада);
    elsewhere in play."""
    if isinstance(node, A.Triggered):
        if any(isinstance(n, A.Action) and n.verb == Verb.SUMMON and n.target == SELF
               and AMBUSH in n.params for e in node.effects for n in A.walk(e)):
            return HAND
        if node.trigger.event == E.TO_GRAVEYARD:
            return GRAVEYARD
        c = node.condition
        if c is not None and c.subject == SELF and Q.IN_GRAVEYARD in c.params:
            return GRAVEYARD
        if any(isinstance(n, A.Action) and n.verb == Verb.REVIVE and n.target == SELF
               for e in node.effects for n in A.walk(e)):
            return GRAVEYARD
    return PLAY


def why_bridge(node: A.Node) -> str | None:
    """Why a feature is read by the bridge and not from the grammar's AST (None: it is not).
    The one place that decides it."""
    if not A.is_typed(node):
        return "грамматика не разобрала текст"
    for n in A.walk(node):
        if isinstance(n, A.Static) and n.limit is not None:
            return "ограничение «N раз за …» на постоянной способности судья не применяет"
        if isinstance(n, A.Restriction) and n.what == Verb.ATTACK and n.kinds:
            return "запрет атаки одним видом атак («ударом») судья применяет ко всем атакам"
        if isinstance(n, A.Action) and n.verb == Verb.REVIVE and YOURS in n.params:
            return "возрождение «под вашим контролем» судья не применяет"
    return None


def _merge(abilities: list) -> list:
    """heroes-15 111.1 / H-G1: a sentence without a head of its own right after a triggered or
    activated feature on the same line continues its effects («Найм: … . Возьмите карту.»)."""
    out: list = []
    for line, a, text in abilities:
        prev = out[-1] if out else None
        if prev is not None and prev[0] == line and isinstance(prev[1], (A.Triggered, A.Activated)) \
                and isinstance(a, A.Static) and a.condition is None and A.is_typed(a) \
                and A.is_typed(prev[1]) and not any(isinstance(e, A.Gain) for e in a.effects):
            out[-1] = (line, replace(prev[1], effects=prev[1].effects + a.effects),
                       f"{prev[2]} {text}")
            continue
        out.append((line, a, text))
    return out


def _continued_untyped(pieces: list) -> bool:
    """A sentence the grammar leaves untyped right after a triggered or activated one on the
    same line: the bridge may read it as that feature's continuation (H-G1)."""
    return any(p[0] == q[0] and isinstance(p[1], (A.Triggered, A.Activated))
               and not A.is_typed(q[1]) for p, q in pairwise(pieces))


@lru_cache(maxsize=4096)
def read(text: str | None, name: str, spell: bool = False) -> tuple[Feature, ...]:
    """Every feature of a card text, numbered from 1 in the order printed: from the grammar's
    AST where ``why_bridge`` lets it, else from the bridge."""
    if not text:
        return ()
    raw_lines = [ln.strip() for ln in text.split("\n")]
    said = [(i, s) for i, ln in enumerate(raw_lines) for s in sentences(ln)]
    parsed = parse(text, name=name)
    if len(parsed.abilities) != len(said):
        return tuple(replace(f, fallback=SPLIT) for f in bridge_read(text, name, spell))
    pieces = [(i, a, s) for (i, s), a in zip(said, parsed.abilities)]
    if not spell and _continued_untyped(pieces):
        return tuple(replace(f, fallback=CONTINUED) for f in bridge_read(text, name, spell))
    if not spell:
        pieces = _merge(pieces)
    out = []
    for n, (_, a, s) in enumerate(pieces, start=1):
        out.append(feature_of(n, s, a, parsed.text, spell, name))
    return tuple(out)


def feature(line: int, text: str, spell: bool, name: str) -> Feature:
    """One sentence → its Feature (a feature copied or granted by its text)."""
    parsed = parse(text, name=name)
    if len(parsed.abilities) != 1:
        return bridge_feature(line, text, spell, name)
    return feature_of(line, text, parsed.abilities[0], parsed.text, spell, name)


def feature_of(line: int, sentence: str, ability: A.Node, parsed: str, spell: bool,
               name: str) -> Feature:
    why = why_bridge(ability)
    if why is not None:
        return replace(bridge_feature(line, sentence, spell, name), fallback=why)
    node = adapt(ability, parsed, spell, name)
    if isinstance(node, A.Keyword):
        got = glossary_keyword(node)
        if got is not None:
            node, zone, coins = got
            return Feature(line, sentence, node, cost=HCost(coins=coins) if coins else None,
                           zone=zone)
    every = isinstance(ability, A.Triggered) and TriggerParam.EACH in ability.trigger.params
    cost = _cost(ability.cost) if isinstance(ability, A.Activated) else None
    return Feature(line, sentence, node, cost=cost, every_time=every, zone=_zone(node))
