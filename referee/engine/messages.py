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

from ..i18n import current
from ..i18n.catalogue import translations
from .cards import COLOR_NAMES, COLORED_ACTIONS, DARK_COLORS, Card


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

DARK_CARD = "dark card"
"""The catalogue's context for the names of Flip's dark-side actions (`cards.DARK_ACTIONS`)."""

CARD_PATTERN = "{colour} {rank}"
"""How a coloured card is named from its colour and rank (`Red 7`); the catalogue's Japanese
puts them together its own way (赤の7)."""

_LIST_SEPARATOR = ", "


def colour_name(code: str, lang: str | None = None) -> str:
    """A colour's name in the reader's language (`red`, 赤); "none" reads as the empty code."""
    name = COLOR_NAMES.get(code, "none")
    if (lang or current()) == "en":
        return name
    return translations(lang or current()).pgettext("colour", name)


def card_name(face: Card, lang: str | None = None) -> str:
    """A card's long name in the reader's language (`Red 7`, `Wild Draw Four`, 赤の7)."""
    lang = lang or current()
    if lang == "en":
        return face.name
    words = translations(lang)
    if face.color is None or face.kind == "?":
        return words.pgettext("card", face.name)
    if face.is_number:
        rank = face.kind
    else:
        # Flip's dark actions have names of their own in the Japanese manual (ダークスキップ),
        # unlike the same kinds elsewhere (No Mercy's Skip Everyone).
        context = DARK_CARD if face.color in DARK_COLORS else "card"
        rank = words.pgettext(context, COLORED_ACTIONS[face.kind])
    return words.pgettext("card", CARD_PATTERN).format(
        colour=words.pgettext("colour", COLOR_NAMES[face.color]), rank=rank)


def _article(name: str) -> str:
    return ("an " if name[:1] in "aeiou" else "a ") + name


class _Formatter(string.Formatter):
    """Rendering of parameters in one language; English specs choose articles, capitals and
    plurals (a Japanese template simply leaves them out)."""

    def __init__(self, lang: str) -> None:
        super().__init__()
        self.lang = lang
        self.separator = translations(lang).pgettext("list", _LIST_SEPARATOR)

    def format_field(self, value: Any, format_spec: str) -> str:
        if isinstance(value, Colour):
            name = colour_name(value, self.lang)
            if format_spec == "a" and self.lang == "en":
                return _article(name)
            return name.upper() if format_spec == "upper" and self.lang == "en" else name
        if isinstance(value, Word):
            return value if self.lang == "en" else translations(self.lang).pgettext("word",
                                                                                    value)
        if isinstance(value, bool) or value is None:
            return ""
        if isinstance(value, int) and "|" in format_spec:
            # `{n:it|them}`: the first word for one, the second for any other count.
            one, _, many = format_spec.partition("|")
            return one if value == 1 else many
        return str(super().format_field(self._plain(value), format_spec))

    def _plain(self, value: Any) -> Any:
        if isinstance(value, Card):
            return card_name(value, self.lang)
        if is_message(value):
            return render((value,), self.lang)
        if isinstance(value, CardNames):
            return self.separator.join(card_name(face, self.lang) for face in value)
        if isinstance(value, Codes):
            return " ".join(face.code for face in value)
        if isinstance(value, Names):
            return self.separator.join(value)
        return value


_FORMATTERS: dict[str, _Formatter] = {}


def render(parts: Iterable[Message], lang: str | None = None) -> str:
    """The parts of a ruling as one text, in `lang` (the language in use by default)."""
    lang = lang or current()
    formatter = _FORMATTERS.get(lang)
    if formatter is None:
        formatter = _FORMATTERS[lang] = _Formatter(lang)
    # English is the templates as written; another language looks each one up by its key.
    words = None if lang == "en" else translations(lang)
    return "".join(formatter.vformat(key.template if words is None
                                     else words.pgettext(key.key, key.template), (),
                                     dict(zip(key.fields, values, strict=True)))
                   for key, values in parts)
