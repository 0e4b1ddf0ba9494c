"""The message catalogue: every fragment of a ruling as a key, an English template and fields.

A ruling is data: a rule id and a few `Message`s (a key and its parameters). The words are
chosen only when a person reads it: `render(parts)` looks each key up in the catalogue and fills
in the parameters, naming cards and colours in the reader's language. Nothing in the engine
builds or edits a sentence.

Each module declares its messages on a `Messages` subclass:

    class Say(Messages, namespace="turn"):
        played = Key("{player} played {card}")

    raise Refusal(MATCH, Say.played(player="Ann", card=face))

The key of `Say.played` is `turn.played` (a message is the key and its values); declaring a
key twice, or two templates with the same key, fails at import. A template's fragment carries
its own leading punctuation (`; {player} is skipped`): a ruling reads as its parts in order.
"""

from __future__ import annotations

import string
from collections.abc import Iterable
from typing import Any, ClassVar, Protocol, cast

from .cards import COLOR_NAMES, Card


class Colour(str):
    """A colour code as a parameter: rendered as the colour's name (`""` reads "none").

    Format specs: `{colour:a}` adds the English article ("an orange"), `{colour:upper}`
    shouts it (the colour before a Wild Draw Four, which the challenger checks)."""

    __slots__ = ()


class Names(tuple[str, ...]):
    """Player names as one parameter: "Ann, Bob"."""

    __slots__ = ()


class CardNames(tuple[Card, ...]):
    """Cards as one parameter, by name: "Red 5, Blue Skip"."""

    __slots__ = ()


class Codes(tuple[Card, ...]):
    """Cards as one parameter, in notation: "r5 rs"."""

    __slots__ = ()


class MessageKey(Protocol):
    """One entry of the catalogue: calling it with its fields makes a message."""

    key: str
    """`namespace.attribute`, set when the declaring `Messages` class is created."""
    template: str
    """The English text, with `{field}` placeholders."""
    fields: tuple[str, ...]
    """The placeholders, in order of first appearance: a message's values come in this order."""

    def __call__(self, **params: Any) -> Message: ...


Message = tuple[MessageKey, tuple[Any, ...]]
"""A key and its parameter values (in the key's field order): one fragment of a ruling, not
yet in any language. A plain tuple, as rulings are made on every move."""


def Key(template: str) -> MessageKey:
    """A catalogue entry for `template`: a function taking its fields as keywords.

    The function is generated (as dataclasses generate `__init__`) so that making a message
    costs one plain call: rulings are made on every move."""
    fields = tuple(dict.fromkeys(name for _, name, _, _ in string.Formatter().parse(template)
                                 if name))
    names = ", ".join(fields)
    source = (f"def make(*, {names}):\n    return (make, ({names},))\n" if fields
              else "def make():\n    return (make, ())\n")
    namespace: dict[str, Any] = {}
    exec(source, namespace)
    make = namespace["make"]
    make.template, make.fields, make.key = template, fields, ""
    return cast(MessageKey, make)


def is_message(value: Any) -> bool:
    return type(value) is tuple and len(value) == 2 and hasattr(value[0], "template")


CATALOGUE: dict[str, MessageKey] = {}
"""Every message, by key; filled as the modules that declare them are imported."""


class Messages:
    """Base of a module's message declarations; see the module docstring."""

    namespace: ClassVar[str]

    def __init_subclass__(cls, namespace: str, **kwargs: Any) -> None:
        super().__init_subclass__(**kwargs)
        cls.namespace = namespace
        for name, value in vars(cls).items():
            if not hasattr(value, "template"):
                continue
            if value.key:
                raise ValueError(f"message {value.key} is declared twice")
            value.key = f"{namespace}.{name}"
            if value.key in CATALOGUE:
                raise ValueError(f"two messages have the key {value.key}")
            CATALOGUE[value.key] = value


# Rendering -----------------------------------------------------------------------------------

def _article(name: str) -> str:
    return ("an " if name[:1] in "aeiou" else "a ") + name


class _Formatter(string.Formatter):
    """English rendering of parameters; specs choose articles, capitals and plurals."""

    def format_field(self, value: Any, format_spec: str) -> str:
        if isinstance(value, Colour):
            name = COLOR_NAMES.get(value, "none")
            if format_spec == "a":
                return _article(name)
            return name.upper() if format_spec == "upper" else name
        if isinstance(value, bool) or value is None:
            return ""
        if isinstance(value, int) and "|" in format_spec:
            # `{n:it|them}`: the first word for one, the second for any other count.
            one, _, many = format_spec.partition("|")
            return one if value == 1 else many
        return str(super().format_field(_plain(value), format_spec))


def _plain(value: Any) -> Any:
    if isinstance(value, Card):
        return value.name
    if is_message(value):
        return render((value,))
    if isinstance(value, CardNames):
        return ", ".join(face.name for face in value)
    if isinstance(value, Codes):
        return " ".join(face.code for face in value)
    if isinstance(value, Names):
        return ", ".join(value)
    return value


_FORMATTER = _Formatter()


def render(parts: Iterable[Message], lang: str = "en") -> str:
    """The parts of a ruling as one text. Only English is written yet (`lang` is for the
    Japanese catalogue to come)."""
    return "".join(_FORMATTER.vformat(key.template, (), dict(zip(key.fields, values, strict=True)))
                   for key, values in parts)
