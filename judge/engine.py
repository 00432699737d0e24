"""The judge's public engine entry, kept where users imported it before the split.

``from judge.engine import Engine, Inputs`` keeps working: the classic engine lives in
judge/classic/engine.py and the ruleset-free trace and inputs in judge/core/trace.py; this module
only names them.
"""
from __future__ import annotations

from judge.classic.engine import Engine, Event, Inputs, Unnamed

__all__ = ["Engine", "Event", "Inputs", "Unnamed"]
