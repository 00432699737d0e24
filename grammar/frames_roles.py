"""Which card of a trigger «это X» / a pronoun after it names (audit F5).

After a trigger with one named card the pronoun is that card and the judge resolves it from the
event (``Selector(it)`` / ``Selector(X, this)``, docs §1 «Pronouns»).  When the trigger names two
cards that fit, or the only card that fits is named inside the trigger's place, the AST must say
which one: the qualifier ``role:<field>`` names the ``Trigger`` field that holds it
(``role:subject`` the doer, ``role:target`` the one it was done to, ``role:destination`` /
``role:origin`` the card named in the place).  It is written only where the sentence decides:

* the noun: «это существо» after «ваше существо уничтожает карту противника» — one of the two
  cards is called by that noun, the other by another (a «карта» is no «существо» antecedent when
  a «существо» is named too);
* the event: a destroyed card has left the battle field, so after «X уничтожает Y» an effect that
  acts on a card on the field (open, close, move, wound, heal, gain / lose …) names X;
* the place: «при перемещении на клетку, которую занимает закрытое существо противника, это
  существо …» — the card itself is never «это существо» once another creature was named, and the only one named is
  in the destination;
* agreement: «при <событии> по этому существу … его» — the pronoun agrees with the named card
  (существо: его / ему / него …), the doer the event implies has no noun: the named card.  When
  it is the card itself (``Selector(self)``) the pronoun is written ``Selector(self)``.

Anything else the two-role sentences say stays refused, as before.
"""
from __future__ import annotations

from dataclasses import replace

from berserk.vocab import Qualifier as Q
from berserk.vocab import SelectorNoun as N
from berserk.vocab import TriggerEvent as TE
from berserk.vocab import Verb as V
from grammar import ast as A
from grammar.frames_base import Reject, rewrite
from grammar.frames_clause import _CARD_NOUNS
# (a node's children as ``A.children`` gives them, by the class's own function: no iterator)
from grammar.nodeinit import CHILDREN as _KIDS

_OWN_SCOPE = (A.Triggered, A.Activated, A.Static)

#: verbs that act on a card on the battle field (a destroyed card is no longer there)
_FIELD_VERBS = frozenset({V.OPEN, V.CLOSE, V.MOVE, V.TELEPORT, V.SWAP, V.PUT, V.MARKER})
_FIELD_NODES = (A.Wound, A.Heal, A.Gain, A.Lose, A.Poison)

#: pronoun forms by gender (m/n against f); «им», «их» (also plural) decide nothing
_MN = frozenset({"он", "оно", "его", "него", "ему", "нему", "ним", "нем", "нём"})
_F = frozenset({"она", "ее", "её", "нее", "неё", "ей", "ней", "ею", "нею"})


def leading_refs(effects) -> list:
    """The «это X» / pronoun selectors of the effects before the body names a card of its own
    (pre-order; nested abilities have their own antecedents)."""
    out, stack = [], list(reversed(effects))
    while stack:
        n = stack.pop()
        if isinstance(n, _OWN_SCOPE):
            continue
        if isinstance(n, A.Selector):
            if n.noun == N.IT or Q.THIS in n.qualifiers:
                out.append(n)
            elif n.noun in _CARD_NOUNS:
                break
        stack.extend(reversed(_KIDS[n.__class__](n)))
    return out


def _holders(effects) -> dict:
    """id(selector) → the effect node whose ``target`` it is (nested abilities not entered)."""
    out, stack = {}, list(effects)
    while stack:
        n = stack.pop()
        if isinstance(n, _OWN_SCOPE):
            continue
        t = getattr(n, "target", None)
        if isinstance(t, A.Selector):
            out[id(t)] = n
        stack.extend(_KIDS[n.__class__](n))
    return out


def _on_field(node) -> bool:
    """Does ``node`` act on its target as a card on the battle field?"""
    if isinstance(node, A.Action):
        return node.verb in _FIELD_VERBS
    return isinstance(node, _FIELD_NODES)


def _pick(trig: A.Trigger, fits: list, ref: A.Selector, holder) -> str | None:
    """The role «это X» names among two that fit (see the module doc), or None."""
    same = [f for f, s in fits if s.noun == ref.noun]
    if len(same) == 1:
        return same[0]
    if trig.event == TE.DESTROYS and trig.also == () and holder is not None and _on_field(holder):
        return "subject"
    return None


def _gender_of_words(text: str) -> str | None:
    low = text.lower()
    if "существ" in low:
        return "n"
    if "карт" in low:
        return "f"
    return None


def _agrees(text: str | None, ref: A.Selector, named: A.Selector) -> bool:
    """Does the pronoun ``ref`` agree with the card named at ``named`` (both spans in ``text``)?"""
    if text is None or ref.span == A.NOSPAN or named.span == A.NOSPAN:
        return False
    word = text[ref.span.start:ref.span.end].strip().lower()
    gender = _gender_of_words(text[named.span.start:named.span.end])
    return (word in _MN and gender == "n") or (word in _F and gender == "f")


def _with_role(ref: A.Selector, role: str) -> A.Selector:
    """``ref`` bound to the card in the trigger's ``role`` field (``role:<field>``)."""
    return replace(ref, qualifiers=ref.qualifiers + (f"{Q.ROLE}:{role}",))


def bind_roles(trig: A.Trigger, effects: list, text: str | None = None) -> list:
    """``effects`` with «это X» / a pronoun after ``trig`` bound to a role where the sentence says
    which card it is; Reject where the AST could not say it (module doc)."""
    refs = leading_refs(effects)
    if not refs:
        return effects
    roles = (("subject", trig.subject), ("target", trig.target), ("destination", trig.destination),
             ("origin", trig.origin))
    direct = [(f, s) for f, s in roles[:2]
              if s is not None and s.span != A.NOSPAN and s.noun not in (N.SELF, N.IT)]
    nested = [(f, n) for f, s in roles if s is not None for n in A.walk(s)
              if isinstance(n, A.Selector) and n is not s and n.noun not in (N.SELF, N.IT, N.CELL)]
    holders = None
    swaps: dict = {}
    for ref in refs:
        def fit(s, ref=ref):
            return ref.noun == N.IT or s.noun == ref.noun or N.CARD in (s.noun, ref.noun)
        fits = [(f, s) for f, s in direct if fit(s)]
        this = Q.THIS in ref.qualifiers
        if this and len(fits) >= 2:
            if holders is None:
                holders = _holders(effects)
            role = _pick(trig, fits, ref, holders.get(id(ref)))
            if role is None:
                raise Reject("«это X» after a trigger naming two such cards")
            swaps[id(ref)] = _with_role(ref, role)
            continue
        if not fits:
            inner = [(f, s) for f, s in nested if fit(s)]
            if inner:
                if this and len(inner) == 1 and inner[0][0] in ("destination", "origin") \
                        and inner[0][1].noun == ref.noun:
                    swaps[id(ref)] = _with_role(ref, inner[0][0])
                    continue
                raise Reject("«это X» / a pronoun of a card named inside a trigger's place")
        if ref.noun == N.IT and not direct and not nested and trig.subject is not None \
                and trig.subject.span == A.NOSPAN and trig.subject.noun != N.SELF \
                and trig.target is not None and trig.target.noun == N.SELF and trig.target.span != A.NOSPAN:
            # «при вампиризме по этому существу ранить его»: the card named («этому») or the one
            # the event implies (who did it)?  The pronoun's gender decides: the named card
            if not _agrees(text, ref, trig.target) or ref.qualifiers:
                raise Reject("a pronoun after «по этой карте»: this card or the event's doer")
            swaps[id(ref)] = A.Selector(N.SELF, span=ref.span)
    if not swaps:
        return effects
    return [rewrite(e, lambda n: swaps.get(id(n)) if isinstance(n, A.Selector) else None) for e in effects]


def bind_head(trig: A.Trigger, text: str | None = None) -> A.Trigger:
    """A pronoun inside the trigger's target («ваша карта уничтожает существо противника большей стоимости,
    чем она сама»): the card the trigger named before it, its subject, when the pronoun agrees with
    it → ``Selector(it, ("role:subject",))``; any other pronoun there refuses."""
    if trig.target is None:
        return trig
    its = [n for n in A.walk(trig.target) if isinstance(n, A.Selector) and n.noun == N.IT]
    if not its:
        return trig
    subject = trig.subject
    if subject is None or subject.span == A.NOSPAN or subject.noun in (N.SELF, N.IT) \
            or any(n.qualifiers or not _agrees(text, n, subject) for n in its):
        raise Reject("a pronoun inside the trigger's target")
    bound = {id(n): A.Selector(N.IT, qualifiers=(f"{Q.ROLE}:subject",), span=n.span) for n in its}
    return replace(trig, target=rewrite(trig.target, lambda n: bound.get(id(n))))


__all__ = ["bind_head", "bind_roles", "leading_refs"]
