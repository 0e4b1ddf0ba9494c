"""Named tuples declared as with `typing.NamedTuple`, made without loading `typing`.

`class Move(NamedTuple): ...` with this module's `NamedTuple` makes the same class as
`typing.NamedTuple` does (a `collections.namedtuple` with the class's fields, defaults, methods
and docstrings), and type checkers read it as `typing.NamedTuple` itself. Every command makes
dozens of these classes: `typing` costs more to load than most modules of the engine, and its
`NamedTuple` compiles each field's annotation (a string here: `from __future__ import
annotations`) as it checks it. Nothing here reads the annotations but for their names.
"""

from __future__ import annotations

from collections import namedtuple

TYPE_CHECKING = False  # as typing's, without loading typing
if TYPE_CHECKING:
    from typing import NamedTuple as NamedTuple
else:
    _OWN = frozenset({"__module__", "__qualname__", "__annotations__"})
    """Set by the class statement: what the named tuple is given in its own way."""
    _KEPT = frozenset(
        {"__new__", "__init__", "__slots__", "__getnewargs__", "_fields", "_field_defaults",
         "_make", "_replace", "_asdict", "_source"}
    )  # fmt: skip
    """What a named tuple defines itself: a class may not override it (as `typing` says)."""

    class _Declared(type):
        """The type of `NamedTuple`: a class declared on it is made a named tuple."""

        def __new__(cls, name, bases, namespace):
            if bases != (NamedTuple,):
                raise TypeError("a named tuple is declared on NamedTuple alone")
            fields = tuple(namespace.get("__annotations__", ()))
            defaults = []
            for field in fields:
                if field in namespace:
                    defaults.append(namespace[field])
                elif defaults:
                    raise TypeError(
                        f"non-default field {field} cannot follow a default field in {name}"
                    )
            made = namedtuple(name, fields, defaults=defaults, module=namespace["__module__"])
            made.__annotations__ = dict(namespace.get("__annotations__", {}))
            made.__qualname__ = namespace.get("__qualname__", name)
            for key, value in namespace.items():
                if key in _KEPT:
                    raise AttributeError(f"cannot overwrite NamedTuple attribute {key}")
                if key not in _OWN and key not in fields:
                    setattr(made, key, value)
            return made

    NamedTuple = type.__new__(_Declared, "NamedTuple", (), {"__module__": __name__})
