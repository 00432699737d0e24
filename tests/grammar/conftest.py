import pytest

import grammar.parser as parser_module


@pytest.fixture(autouse=True)
def strict_transformer():
    """In tests a transformer error is a bug to see, not an Opaque to hide."""
    parser_module.STRICT = True
    yield
    parser_module.STRICT = False
