"""Small operations on AST nodes shared by the transformer's rule sets."""
from __future__ import annotations

from dataclasses import fields

from grammar import ast as A


def bind_subject(effect, subject: A.Selector):
    """An effect whose implicit doer («получить 2 раны», «закрыться») is ``subject``."""
    if isinstance(effect, A.Wound) and effect.target.noun == "self":
        return A.Wound(subject, effect.amount, span=effect.span)
    if isinstance(effect, A.Action) and effect.target is None:
        return A.Action(effect.verb, subject, effect.params, span=effect.span)
    return effect


def define_x(damage, where):
    """Apply «где X — …» / «(максимум N)» to the Variable inside ``damage``."""
    if not where or not isinstance(damage, A.Variable):
        return damage
    return A.Variable(damage.name, damage.offset, where.get("maximum") or damage.maximum,
                      where.get("definition") or damage.definition, span=damage.span)


def split_limit(items):
    """Separate a Limit from the other items; a Limit nested in an effect tuple (an effect that
    carries «(не более 2 раз за ход)» mid-sentence) belongs to the whole ability too."""
    limit = next((i for i in items if isinstance(i, A.Limit)), None)
    rest = []
    for item in items:
        if isinstance(item, A.Limit) or item is None:
            continue
        if isinstance(item, tuple) and any(isinstance(x, A.Limit) for x in item):
            limit = limit or next(x for x in item if isinstance(x, A.Limit))
            item = tuple(x for x in item if not isinstance(x, A.Limit))
        rest.append(item)
    return rest, limit


def with_limit(node, limit):
    if limit is None:
        return node
    if hasattr(node, "limit"):
        return type(node)(**{**node_fields(node), "limit": limit})
    return node


def node_fields(node) -> dict:
    out = {f.name: getattr(node, f.name) for f in fields(node)}
    return out


def flatten(items):
    for item in items:
        if isinstance(item, tuple):
            yield from item
        elif item is not None:
            yield item

