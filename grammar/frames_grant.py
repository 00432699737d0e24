"""«имеет A и При …»: an ability granted without its «» after a list of qualities.

berserk-nxt drops the «» around a granted ability; ``repairs.restore_granted`` puts them back
when the ability comes right after «имеет / получает».  After a list («имеет {direct} и При
{strike} … — …») the evidence is the same one the repair reads: a trigger head written with a
capital letter in mid-sentence, right after «и».  Everything from that head to the end of the
clause is the granted ability, read recursively as an ability (``Ctx.reparse``: typed, or the
clause refuses), as if quoted; the qualities before «и» are read as usual.
"""
from __future__ import annotations

from grammar.frames_base import TRIGGER_KINDS, Ctx, Reject, Tails
from grammar.frames_quality import qualities
from grammar.parts import P


def _head_at(parts: list, ctx: Ctx) -> int | None:
    for i in range(2, len(parts)):
        q = parts[i]
        if q.__class__ is P and q.kind in TRIGGER_KINDS:
            prev = parts[i - 1]
            if prev.__class__ is P and prev.kind == "and" and ctx.text[q.span.start:q.span.start + 1].isupper():
                return i
            return None
    return None


def qualities_and_grant(parts: list, ctx: Ctx, tails: Tails) -> list | None:
    """The qualities of «A[, B] и <Ability>» and the granted ability, or None when ``parts``
    hold no such unquoted ability."""
    i = _head_at(parts, ctx)
    if i is None:
        return None
    if ctx.reparse is None or tails.duration is not None or tails.limit is not None \
            or tails.condition is not None:
        # a tail read off the clause: the gain's or the granted ability's?
        raise Reject("an unquoted granted ability with a tail")
    lo, hi = parts[i].span.start, parts[-1].span.end
    granted = ctx.reparse(ctx.text[lo:hi], lo)
    return qualities(parts[:i - 1], ctx, tails) + [granted]


__all__ = ["qualities_and_grant"]
