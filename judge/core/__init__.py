"""The ruleset-free core of the judge: the trace and inputs, the choice context, the Port a
ruleset implements, and the effect interpreter with its handler tables.

Importing the package registers every handler (judge/core/effects.py, judge/core/verbs.py), so
whoever imports any part of the core gets the complete interpreter.
"""
from judge.core import effects, verbs  # noqa: F401  (register the handlers)
