"""Russian ability text of «Берсерк» cards → typed AST.

    >>> from grammar import parse
    >>> card = parse("{tap}: Выстрел на 2, дальность 3.")
    >>> card.abilities[0].effects[0].range
    3

``parse`` accepts canonical text (``{code}`` icons, one ability per line) or any source notation
(emoji, ``<img alt>``): it normalises first.  It never raises on card text: whatever the grammar
cannot type becomes an ``Opaque`` node with its span.  ``strict_mode()`` (or ``parse(strict=True)``)
makes a transformer error raise instead — the test suite runs in it; ``clear_cache()`` forgets the
memoised lines.  ``parse(..., vocabulary=Vocabulary.of(names, classes))`` gives the parser the
card list's names and class names, so that another card's name («вызвать Эльма») or the card's
own name used as a class («за каждого вашего Линдвурма») is read as such.
"""
from grammar.ast import is_typed, to_dict, to_json, walk  # noqa: F401
from grammar.icons import normalise  # noqa: F401
from grammar.parser import (  # noqa: F401
    CardText,
    ParsedLine,
    clear_cache,
    grammar_hash,
    parse,
    strict_mode,
)
from grammar.tokens import Vocabulary  # noqa: F401
