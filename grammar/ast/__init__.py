"""The typed ability AST (``grammar.ast``): the node classes (``grammar.ast.nodes``, one frozen
dataclass per grammar rule, with the vocabulary notes) and the functions over them
(``grammar.ast.walk``: walking, spans, the canonical JSON pair).  Callers import this package
(``from grammar import ast as A``); the split is only the 700-line house rule."""
from grammar.ast.nodes import *  # noqa: F401,F403
from grammar.ast.nodes import __all__ as _NODES_ALL
from grammar.ast.walk import (  # noqa: F401
    NODE_TYPES, children, from_dict, is_typed, shift, to_dict, to_json, walk, with_span,
)

__all__ = [*_NODES_ALL, "NODE_TYPES", "children", "from_dict", "is_typed", "shift", "to_dict",
           "to_json", "walk", "with_span"]
