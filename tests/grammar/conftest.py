import pytest

from grammar import strict_mode


@pytest.fixture(autouse=True)
def strict_transformer():
    """In tests a transformer error is a bug to see, not an Opaque to hide."""
    with strict_mode():
        yield
