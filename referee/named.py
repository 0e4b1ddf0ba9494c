"""Named tuples declared as with `typing.NamedTuple`, made without loading `typing`.

`class Move(NamedTuple): ...` with this module's `NamedTuple` makes the same class as
`typing.NamedTuple` does (a `collections.namedtuple` with the class's fields, defaults, methods
and docstrings), and type checkers read it as `typing.NamedTuple` itself. Every command makes
dozens of these classes: `typing` costs more to load than most modules of the engine, and its
`NamedTuple` compiles each field's annotation (a string here: `from __future__ import
annotations`) as it checks it. Nothing here reads the annotations but for their names.

The class is made as `collections.namedtuple` makes it, but for its `__new__`: `namedtuple`
compiles one from source for every class (most of what a class cost to make), where here the
code compiled for a number of fields is given each class's field names (as `messages.Key`
does): the class costs a sixth of what `namedtuple` took to make it, and every command makes
a dozen or more before it answers. Its other methods are shared by every class, reading the
class's fields."""

from __future__ import annotations

from operator import itemgetter
from types import FunctionType

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
            if any(field.startswith("_") for field in fields):
                raise ValueError(f"Field names cannot start with an underscore: {fields!r}")
            defaults = []
            for field in fields:
                if field in namespace:
                    defaults.append(namespace[field])
                elif defaults:
                    raise TypeError(
                        f"non-default field {field} cannot follow a default field in {name}"
                    )
            made = _named_tuple(name, fields, tuple(defaults), namespace["__module__"])
            made.__annotations__ = dict(namespace.get("__annotations__", {}))
            made.__qualname__ = namespace.get("__qualname__", name)
            for key, value in namespace.items():
                if key in _KEPT:
                    raise AttributeError(f"cannot overwrite NamedTuple attribute {key}")
                if key not in _OWN and key not in fields:
                    setattr(made, key, value)
            return made

    NamedTuple = type.__new__(_Declared, "NamedTuple", (), {"__module__": __name__})

    try:
        # The C accessor `collections.namedtuple` gives each field (a property where there is none).
        from _collections import _tuplegetter
    except ImportError:  # pragma: no cover - another interpreter

        def _tuplegetter(index, doc):
            return property(itemgetter(index), doc=doc)

    _GLOBALS = {"_tuple_new": tuple.__new__, "__builtins__": {}}
    """What a `__new__` sees: the tuple's constructor, and no built-in name."""

    _NEW_CODE = {}
    """The code of a `__new__`, by its number of fields (their names are given to each class)."""

    def _named_tuple(name, fields, defaults, module):
        """The class `collections.namedtuple(name, fields, defaults=defaults, module=module)`
        makes (its fields were checked by the declaration)."""
        code = _NEW_CODE.get(len(fields))
        if code is None:
            names = "".join(f"_{n}, " for n in range(len(fields)))
            compiled = {}
            exec(f"def __new__(_cls, {names}):\n    return _tuple_new(_cls, ({names}))\n", compiled)
            code = _NEW_CODE[len(fields)] = compiled["__new__"].__code__
        defaulted = fields[len(fields) - len(defaults) :]
        new = FunctionType(code.replace(co_varnames=("_cls", *fields)), _GLOBALS, "__new__")
        new.__defaults__ = defaults
        new.__qualname__ = f"{name}.__new__"
        listed = ", ".join(fields) + ("," if len(fields) == 1 else "")
        new.__doc__ = f"Create new instance of {name}({listed})"
        body = {
            "__doc__": f"{name}({listed})",
            "__slots__": (),
            "_fields": fields,
            "_field_defaults": dict(zip(defaulted, defaults, strict=True)),
            "__new__": new,
            "_make": classmethod(_make),
            "_replace": _replace,
            "__repr__": _repr,
            "_asdict": _asdict,
            "__getnewargs__": _getnewargs,
            "__match_args__": fields,
        }
        for index, field in enumerate(fields):
            body[field] = _tuplegetter(index, f"Alias for field number {index}")
        made = type(name, (tuple,), body)
        made.__module__ = module
        return made

    def _make(cls, iterable):
        """Make a new instance from a sequence or iterable."""
        result = tuple.__new__(cls, iterable)
        if len(result) != len(cls._fields):
            raise TypeError(f"Expected {len(cls._fields)} arguments, got {len(result)}")
        return result

    def _replace(self, /, **changes):
        """Return a new instance replacing specified fields with new values."""
        result = self._make(map(changes.pop, self._fields, self))
        if changes:
            raise ValueError(f"Got unexpected field names: {list(changes)!r}")
        return result

    def _repr(self):
        """Return a nicely formatted representation string."""
        shown = (f"{field}={value!r}" for field, value in zip(self._fields, self, strict=True))
        return f"{self.__class__.__name__}({', '.join(shown)})"

    def _asdict(self):
        """Return a new dict which maps field names to their values."""
        return dict(zip(self._fields, self, strict=True))

    def _getnewargs(self):
        """Return self as a plain tuple. Used by copy and pickle."""
        return tuple(self)

    _repr.__name__, _getnewargs.__name__ = "__repr__", "__getnewargs__"
