"""`referee.named.NamedTuple` makes the classes `typing.NamedTuple` makes, without `typing`."""

from __future__ import annotations

import copy
import pickle
import subprocess
import sys
import typing
from typing import Any

import pytest

from referee import named

# The same declaration, made by each (an annotation is a string: `from __future__ import
# annotations`, as in every module of the program).
SOURCE = '''
from __future__ import annotations

class Point(NamedTuple):
    """A point on the table."""

    x: int
    """Across."""
    y: int = 0
    label: str | None = None

    def moved(self, by: int) -> Point:
        return self._replace(x=self.x + by)

    @property
    def far(self) -> bool:
        return abs(self.x) > 10

    @classmethod
    def origin(cls) -> Point:
        return cls(0)

    def __repr__(self) -> str:
        return f"<{self.x},{self.y}>"
'''


def made_by(maker: object) -> Any:
    space: dict[str, object] = {"NamedTuple": maker, "__name__": "referee.example"}
    exec(SOURCE, space)
    made = space["Point"]
    assert isinstance(made, type)
    return made


OURS = made_by(named.NamedTuple)
THEIRS = made_by(typing.NamedTuple)


def test_the_same_class() -> None:
    for attribute in ("__name__", "__qualname__", "__module__", "__doc__", "__match_args__"):
        assert getattr(OURS, attribute) == getattr(THEIRS, attribute), attribute
    assert OURS._fields == THEIRS._fields == ("x", "y", "label")
    assert OURS._field_defaults == THEIRS._field_defaults == {"y": 0, "label": None}
    assert OURS.__mro__[1:] == THEIRS.__mro__[1:] == (tuple, object)
    # Annotations are kept as written (typing makes forward references of them): nothing
    # reads them at run time.
    assert list(OURS.__annotations__) == list(THEIRS.__annotations__)


@pytest.mark.parametrize("made", [OURS, THEIRS], ids=["ours", "typing"])
def test_the_same_behaviour(made: Any) -> None:
    point = made(3, label="a")
    assert point == (3, 0, "a") and tuple(point) == (3, 0, "a")
    assert point.moved(20) == made(23, 0, "a") and point.moved(20).far and not point.far
    assert made.origin() == (0, 0, None)
    assert repr(point) == "<3,0>"
    assert point._asdict() == {"x": 3, "y": 0, "label": "a"}
    assert made._make([1, 2, 3]) == (1, 2, 3)
    match point:
        case made(x, y):
            assert (x, y) == (3, 0)
    with pytest.raises(AttributeError):
        point.x = 4
    with pytest.raises(TypeError):
        made()


PLAIN = """
class Plain(NamedTuple):
    a: int
    b: str = "x"
"""


def plain_by(maker: object, source: str = PLAIN) -> Any:
    space: dict[str, object] = {"NamedTuple": maker, "__name__": "referee.example"}
    exec(source, space)
    return next(value for key, value in space.items() if key[:1].isupper() and key != "NamedTuple")


@pytest.mark.parametrize(
    "source",
    [
        PLAIN,
        "class Empty(NamedTuple):\n    pass\n",
        "class One(NamedTuple):\n    only: int\n",
        "class Many(NamedTuple):\n" + "".join(f"    f{n}: int = {n}\n" for n in range(12)),
    ],
    ids=["plain", "no-field", "one-field", "twelve-defaults"],
)
def test_what_a_class_gives_is_what_typing_gives(source: str) -> None:
    ours, theirs = plain_by(named.NamedTuple, source), plain_by(typing.NamedTuple, source)
    fields = theirs._fields
    values = tuple(range(len(fields)))
    for attribute in ("__doc__", "_fields", "_field_defaults", "__match_args__", "__slots__"):
        assert getattr(ours, attribute) == getattr(theirs, attribute), attribute
    assert ours.__new__.__defaults__ == theirs.__new__.__defaults__
    assert ours.__new__.__qualname__ == theirs.__new__.__qualname__
    assert ours.__new__.__doc__ == theirs.__new__.__doc__
    for field in fields:
        assert getattr(ours, field).__doc__ == getattr(theirs, field).__doc__
    mine, typings = ours(*values), theirs(*values)
    assert repr(mine).replace("referee.example.", "") == repr(typings)
    assert mine == typings and hash(mine) == hash(typings)
    assert mine._asdict() == typings._asdict()
    assert mine.__getnewargs__() == typings.__getnewargs__() == values
    assert ours._make(values) == mine and type(ours._make(values)) is ours
    assert not hasattr(mine, "__dict__")
    assert copy.copy(mine) == mine and copy.deepcopy(mine) == mine
    if fields:
        assert mine._replace(**{fields[0]: "new"}) == ("new", *values[1:])
        assert ours(**dict(zip(fields, values, strict=True))) == mine
    # Too many values to make one, a field it does not have: refused in the same words.
    refused: list[tuple[Any, Any, tuple[Any, ...], dict[str, Any]]] = [
        (ours._make, theirs._make, ((*values, 9),), {}),
        (mine._replace, typings._replace, (), {"nope": 1}),
    ]
    for our_call, their_call, args, kwargs in refused:
        with pytest.raises(Exception) as ours_error:
            our_call(*args, **kwargs)
        with pytest.raises(Exception) as their_error:
            their_call(*args, **kwargs)
        assert type(ours_error.value) is type(their_error.value)
        assert str(ours_error.value) == str(their_error.value)
    if fields and not ours._field_defaults:
        with pytest.raises(TypeError) as ours_missing:
            ours()
        with pytest.raises(TypeError) as their_missing:
            theirs()
        assert str(ours_missing.value) == str(their_missing.value)


def test_pickled_by_name() -> None:
    from referee.engine.cards import CardKind

    kind = CardKind("+3", "Draw Three", 3, wild=False)
    assert pickle.loads(pickle.dumps(kind)) == kind


@pytest.mark.parametrize(
    ("body", "error"),
    [
        ("    x: int = 0\n    y: int\n", TypeError),
        ("    x: int\n    def _replace(self): pass\n", AttributeError),
        ("    x: int\n    __slots__ = ()\n", AttributeError),
        ("    _x: int\n", ValueError),
    ],
)
def test_refused_as_typing_refuses(body: str, error: type[Exception]) -> None:
    for maker in (named.NamedTuple, typing.NamedTuple):
        with pytest.raises(error):
            exec(f"class Bad(NamedTuple):\n{body}", {"NamedTuple": maker, "__name__": "m"})


def test_loads_no_typing() -> None:
    code = "import referee.named, sys; assert 'typing' not in sys.modules, 'typing loaded'"
    done = subprocess.run([sys.executable, "-c", code], capture_output=True, text=True)
    assert done.returncode == 0, done.stderr
