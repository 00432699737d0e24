"""Open heads: a named effect whose body is on the next lines.

«В начале боя воздействие «X»:» ends with a colon and nothing after it; the lines that follow
(«{first}: …», «{second}: …») are the effect's options by turn order.  Read line by line, the
head was a ``Named`` with an empty body (typed, meaning nothing) and each option a ``WhenOrder``
holding a ``Static`` of one-shot effects, detached from the moment and from the effect's name
(audit F15).  ``fold_option`` puts each option into the head's body as a ``Conditional`` on the
turn order; ``still_open`` tells the parser which heads got no body, so that it leaves them
Opaque instead of typed-but-empty.
"""
from __future__ import annotations

from dataclasses import replace

from berserk.vocab import ConditionKind as C
from grammar import ast as A


def _last_named(node) -> A.Named | None:
    """The ``Named`` that ``node`` ends in: the ability itself, or the last effect of a
    triggered / activated / static one."""
    if isinstance(node, A.Named):
        return node
    if isinstance(node, (A.Triggered, A.Activated, A.Static)) and node.effects \
            and isinstance(node.effects[-1], A.Named):
        return node.effects[-1]
    return None


def _option_of(node: A.WhenOrder) -> A.Conditional | None:
    """«{first}: <effects>» as an option of an open head: the effects of its plain sentences
    (a Static without condition or limit), under a turn-order condition."""
    if not node.inner:
        return None
    effects: list = []
    for ability in node.inner:
        if not isinstance(ability, A.Static) or ability.condition is not None or ability.limit is not None:
            return None                    # a cost, a trigger of its own: not an option's effect
        effects.extend(ability.effects)
    if not effects:
        return None
    order = A.Condition(C.TURN_ORDER, (node.order,), span=A.Span(node.span.start, node.span.start))
    return A.Conditional(order, tuple(effects), span=node.span)


def fold_option(previous, node):
    """``previous`` with ``node`` folded into its open head as one more option, or None when
    ``previous`` has no open head (or ``node`` is no option).  A head whose body so far is
    options only stays open for the next one: «{first}: …» then «{second}: …»."""
    if not isinstance(node, A.WhenOrder):
        return None                        # (most nodes: asked for every ability of a card)
    head = _last_named(previous)
    if head is None or not all(isinstance(e, A.Conditional) and e.condition.what == C.TURN_ORDER
                               for e in head.body):
        return None
    option = _option_of(node)
    if option is None:
        return None
    grown = replace(head, body=head.body + (option,), span=A.Span(head.span.start, node.span.end))
    if previous is head:
        return grown
    effects = previous.effects[:-1] + (grown,)
    return replace(previous, effects=effects, span=A.Span(previous.span.start, node.span.end))


def still_open(node) -> bool:
    """Does the ability end in a named effect that got no body at all?"""
    head = _last_named(node)
    return head is not None and not head.body
