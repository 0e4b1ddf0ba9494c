"""The message catalogue: every fragment of a ruling as a key, an English template and fields.

A ruling is data: a rule id and a few `Message`s (a key and its parameters). The words are
chosen only where a person reads it (`referee.render`, used by the app, the command line and
the scoreboard): each key is looked up in the catalogue and its parameters filled in, cards and
colours named in the reader's language. Nothing in the engine builds or edits a sentence.
`to_data` and `from_data` carry messages to programs as JSON (`replay --json`).

Each module declares its messages on a `Messages` subclass:

    class Say(Messages, namespace="turn"):
        played = Key("{player} played {card}")

    raise Refusal(MATCH, Say.played(player="Ann", card=face))

The key of `Say.played` is `turn.played` (a message is the key and its values); declaring a
key twice, or two templates with the same key, fails at import. A template's fragment carries
its own leading punctuation (`; {player} is skipped`): a ruling reads as its parts in order.
"""

from __future__ import annotations

# What `string.Formatter().parse` calls, without loading `string` (its Template compiles a
# pattern at import); typeshed has no stub for it.
from _string import formatter_parser  # type: ignore[import-not-found]
from collections.abc import Iterable
from keyword import iskeyword
from types import CodeType, FunctionType

from .cards import UNSEEN, Card, card

TYPE_CHECKING = False  # as typing's, without loading typing (see referee.named)
if TYPE_CHECKING:
    from typing import Any, ClassVar, Protocol, TypeAlias


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


class Word(str):
    """A word from a short closed list (what a player did, a side of the Flip deck) as a
    parameter: rendered from the catalogue in the reader's language. Declare the list with
    `words()` so that the catalogue has every one."""

    __slots__ = ()


WORDS: dict[str, None] = {}
"""Every declared `Word`, in declaration order."""


def words(*names: str) -> tuple[Word, ...]:
    """Declare words a message may carry; returns them as `Word`s."""
    WORDS.update(dict.fromkeys(names))
    return tuple(Word(name) for name in names)


if TYPE_CHECKING:
    # For type checkers only: a key is a generated function (`Key`).
    class MessageKey(Protocol):
        """One entry of the catalogue: calling it with its fields makes a message."""

        key: str
        """`namespace.attribute`, set when the declaring `Messages` class is created."""
        template: str
        """The English text, with `{field}` placeholders."""
        fields: tuple[str, ...]
        """The placeholders, in order of first appearance: a message's values come in this order."""

        def __call__(self, **params: Any) -> Message: ...


Message: TypeAlias = "tuple[MessageKey, tuple[Any, ...]]"
"""A key and its parameter values (in the key's field order): one fragment of a ruling, not
yet in any language. A plain tuple, as rulings are made on every move."""


class Quoted(tuple[Message, ...]):
    """A ruling's parts quoted in another message (why a stored move no longer holds): it
    reads as that ruling reads."""

    __slots__ = ()


def Key(template: str) -> MessageKey:
    """A catalogue entry for `template`: a function taking its fields as keywords.

    The function is generated (as dataclasses generate `__init__`) so that making a message
    costs one plain call: rulings are made on every move. Its code is compiled once for each
    number of fields and given the key's field names: compiling each is what cost at start.
    """
    fields = tuple(dict.fromkeys(name for _, name, _, _ in formatter_parser(template) if name))
    if not all(name.isidentifier() and not iskeyword(name) for name in fields):
        raise ValueError(f"a message's fields are names: {template!r}")
    code = _CODE.get(len(fields))
    if code is None:
        names = ", ".join(f"_{n}" for n in range(len(fields)))
        source = (
            f"def make(*, {names}):\n    return (make, ({names},))\n"
            if fields
            else "def make():\n    return (make, ())\n"
        )
        compiled: dict[str, Any] = {}
        exec(source, compiled)
        code = _CODE[len(fields)] = compiled["make"].__code__
    # Its own function, whose `make` is itself (the message's first element is its key), and
    # whose keyword arguments are the fields, in order.
    namespace: dict[str, Any] = {}
    make = namespace["make"] = FunctionType(code.replace(co_varnames=fields), namespace)
    make.template, make.fields, make.key = template, fields, ""  # type: ignore[attr-defined]
    key: MessageKey = namespace["make"]
    return key


_CODE: dict[int, CodeType] = {}
"""The code of a key's function, by its number of fields."""


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


# Messages as JSON ---------------------------------------------------------------------------

_TYPED: dict[type, str] = {
    Colour: "colour",
    Word: "word",
    Card: "card",
    CardNames: "cards",
    Codes: "codes",
    Names: "names",
    Quoted: "quoted",
}
"""How a parameter of each kind is written: `{"card": "r5"}`, so that a program renders it as
the program does (a card by its name, a colour by its name, in the reader's language)."""


def to_data(parts: Iterable[Message]) -> tuple[list[str], list[dict[str, Any]]]:
    """A ruling's parts as JSON data: their keys, and for each its parameters by field name.
    Plain values stay as they are (text, numbers, true/false, null); typed ones are one-key
    objects (`{"card": "r5"}`, `{"colour": "b"}`, `{"word": "played"}`, `{"names": [...]}`,
    `{"cards": [...]}`, `{"codes": [...]}`), a message within a message is
    `{"key": ..., "params": {...}}` and a ruling quoted in one is
    `{"quoted": {"key": [...], "params": [...]}}`. `from_data` reads them back."""
    keys: list[str] = []
    params: list[dict[str, Any]] = []
    for key, values in parts:
        keys.append(key.key)
        params.append(
            {name: _value_data(value) for name, value in zip(key.fields, values, strict=True)}
        )
    return keys, params


def _value_data(value: Any) -> Any:
    kind = _TYPED.get(type(value))
    if kind == "card":
        return {kind: value.code}
    if kind in ("cards", "codes"):
        return {kind: [face.code for face in value]}
    if kind == "names":
        return {kind: list(value)}
    if kind == "quoted":
        keys, params = to_data(value)
        return {kind: {"key": keys, "params": params}}
    if kind is not None:
        return {kind: str(value)}
    if is_message(value):
        (key,), (fields,) = to_data((value,))
        return {"key": key, "params": fields}
    return value if value is None or isinstance(value, bool | int) else str(value)


def from_data(keys: list[str], params: list[dict[str, Any]]) -> tuple[Message, ...]:
    """The parts `to_data` gave (ValueError for an unknown key, field or card)."""
    if len(keys) != len(params):
        raise ValueError("as many parameter objects as keys")
    return tuple(_message_of(key, values) for key, values in zip(keys, params, strict=True))


def _message_of(name: Any, values: Any) -> Message:
    key = CATALOGUE.get(name) if isinstance(name, str) else None
    if key is None or not isinstance(values, dict) or set(values) != set(key.fields):
        raise ValueError(f"not a message of the catalogue: {name!r}")
    return key, tuple(_value_of(values[field]) for field in key.fields)


def _value_of(data: Any) -> Any:
    if not isinstance(data, dict):
        return data
    if set(data) == {"key", "params"}:
        return _message_of(data["key"], data["params"])
    ((kind, what),) = data.items()
    if kind == "card":
        return _card_of(what)
    if kind in ("cards", "codes"):
        faces = tuple(_card_of(code) for code in what)
        return CardNames(faces) if kind == "cards" else Codes(faces)
    if kind == "names":
        return Names(tuple(str(name) for name in what))
    if kind == "quoted" and isinstance(what, dict) and set(what) == {"key", "params"}:
        return Quoted(from_data(what["key"], what["params"]))
    if kind == "colour":
        return Colour(what)
    if kind == "word":
        return Word(what)
    raise ValueError(f"not a parameter: {data!r}")


def _card_of(code: Any) -> Card:
    if code == UNSEEN.code:
        return UNSEEN
    try:
        return card(code)
    except (KeyError, TypeError):
        raise ValueError(f"not a card: {code!r}") from None
