"""Frozen value classes, written out: what `@dataclass(frozen=True, slots=True)` gives, for free.

`dataclass` generates and compiles each class's methods whenever its module is loaded, and
loading it loads `inspect` and `ast`: together more than the rest of a `check` run's own work.
A `Frozen` subclass lists its fields in order as `__slots__ = __match_args__ = (...)` and sets
each in its own `__init__` with `init` (as a frozen dataclass's `__init__` does); the rest is
shared:

- equal to an object of the same class with equal fields, and hashed by its fields (a class
  whose instances are equal only to themselves, as `eq=False` makes them, sets
  `__eq__ = object.__eq__` and `__hash__ = object.__hash__`);
- no field can be set or deleted once made (`FrozenInstanceError`);
- printed, matched (`case Play(card, color)`) and copied by its fields; `_replace(**changes)`
  gives a copy with some fields changed (as a named tuple's).
"""

from __future__ import annotations

from operator import attrgetter

TYPE_CHECKING = False  # as typing's, without loading typing (see referee.named)
if TYPE_CHECKING:
    from typing import Any, ClassVar, Self


def _no_values(_obj: object) -> tuple[()]:
    return ()


class FrozenInstanceError(AttributeError):
    """A field of a frozen object was set or deleted."""


init = object.__setattr__
"""How an `__init__` sets its fields."""


class Frozen:
    """Base of the engine's value classes (see the module's docstring)."""

    __slots__ = ()
    __match_args__: ClassVar[tuple[str, ...]] = ()
    _values: ClassVar[attrgetter[Any]]
    """The fields' values, in order (as a tuple)."""

    def __init_subclass__(cls, **kwargs: Any) -> None:
        super().__init_subclass__(**kwargs)
        names = cls.__match_args__
        if names:
            # In C; one name alone is asked twice, for a tuple all the same.
            cls._values = attrgetter(*names) if len(names) > 1 else attrgetter(*names, *names)
        else:
            # A class with no fields (`time`): all its instances are equal.
            cls._values = staticmethod(_no_values)  # type: ignore[assignment]

    def __eq__(self, other: object) -> bool:
        if other.__class__ is self.__class__:
            return bool(self._values(self) == self._values(other))
        return NotImplemented

    def __hash__(self) -> int:
        return hash(self._values(self))

    def __repr__(self) -> str:
        shown = ", ".join(f"{name}={getattr(self, name)!r}" for name in self.__match_args__)
        return f"{self.__class__.__qualname__}({shown})"

    def __setattr__(self, name: str, value: object) -> None:
        raise FrozenInstanceError(f"cannot assign to field {name!r}")

    def __delattr__(self, name: str) -> None:
        raise FrozenInstanceError(f"cannot delete field {name!r}")

    def __reduce__(self) -> tuple[type, tuple[Any, ...]]:
        # Copied and pickled through `__init__` (the frozen `__setattr__` refuses the default).
        return self.__class__, tuple(getattr(self, name) for name in self.__match_args__)

    def _replace(self, **changes: Any) -> Self:
        values = {name: getattr(self, name) for name in self.__match_args__}
        unknown = changes.keys() - values.keys()
        if unknown:
            raise TypeError(f"{self.__class__.__qualname__} has no field {sorted(unknown)[0]}")
        make: Any = self.__class__
        copy: Self = make(**{**values, **changes})
        return copy
