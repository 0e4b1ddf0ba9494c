"""Rulings, cards and colours in the reader's language: the words a person reads.

The engine and the service give rulings as data (a rule id and message parts: catalogue keys
and their values); the edges that show them (the app, the command line, the scoreboard, the
exported sheets) put them into words here, each in its reader's language. The engine and the
service never import this package (an import contract keeps it so).
"""

from __future__ import annotations

from _string import formatter_parser  # type: ignore[import-not-found]  # see `_Formatter`
from collections.abc import Iterable

from ..engine.cards import COLOR_NAMES, COLORED_ACTIONS, DARK_COLORS, Card
from ..engine.messages import (
    CardNames,
    Codes,
    Colour,
    Message,
    Names,
    Quoted,
    Word,
    from_data,
    is_message,
    to_data,
)
from ..i18n import _, current
from ..i18n.catalogue import translations

TYPE_CHECKING = False  # as typing's, without loading typing (see referee.named)
if TYPE_CHECKING:
    from typing import Any

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
        colour=words.pgettext("colour", COLOR_NAMES[face.color]), rank=rank
    )


def _article(name: str) -> str:
    return ("an " if name[:1] in "aeiou" else "a ") + name


class _Formatter:
    """Rendering of parameters in one language; English specs choose articles, capitals and
    plurals (a Japanese template simply leaves them out).

    A template names each field (`{player}`, `{colour:a}`), as `messages.Key` requires: it is
    filled from what `string.Formatter` parses it with, without loading `string` (whose
    `Template` compiles a pattern at import, on every command that puts a ruling in words)."""

    def __init__(self, lang: str) -> None:
        self.lang = lang
        self.separator = translations(lang).pgettext("list", _LIST_SEPARATOR)

    def format_field(self, value: Any, format_spec: str) -> str:
        if isinstance(value, Colour):
            name = colour_name(value, self.lang)
            if format_spec == "a" and self.lang == "en":
                return _article(name)
            return name.upper() if format_spec == "upper" and self.lang == "en" else name
        if isinstance(value, Word):
            return value if self.lang == "en" else translations(self.lang).pgettext("word", value)
        if isinstance(value, bool) or value is None:
            return ""
        if isinstance(value, int) and "|" in format_spec:
            # `{n:it|them}`: the first word for one, the second for any other count.
            one, _, many = format_spec.partition("|")
            return one if value == 1 else many
        return format(self._plain(value), format_spec)

    def fill(self, template: str, values: dict[str, Any]) -> str:
        """`template` with each field's value put in words."""
        parts = []
        for literal, name, format_spec, _conversion in formatter_parser(template):
            parts.append(literal)
            if name is not None:
                parts.append(self.format_field(values[name], format_spec))
        return "".join(parts)

    def _plain(self, value: Any) -> Any:
        if isinstance(value, Card):
            return card_name(value, self.lang)
        if is_message(value):
            return render((value,), self.lang)
        if isinstance(value, Quoted):
            return render(value, self.lang)
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
    return "".join(
        formatter.fill(
            key.template if words is None else words.pgettext(key.key, key.template),
            dict(zip(key.fields, values, strict=True)),
        )
        for key, values in parts
    )


def render_data(keys: list[str], params: list[dict[str, Any]], lang: str | None = None) -> str:
    """A ruling given as JSON data (`messages.to_data`: keys and their parameters), in words:
    what a program that reads `replay --json` does to show a ruling in its reader's language.
    ValueError if the data are not the catalogue's."""
    return render(from_data(keys, params), lang)


def each(parts: Iterable[Message], lang: str | None = None) -> str | None:
    """Several messages that each stand alone (what the table waits for), in words, one after
    another; None for none."""
    separator = translations(lang or current()).pgettext("list", "; ")
    return separator.join(render((part,), lang) for part in parts) or None


def ruling_fields(rule: str, parts: Iterable[Message], lang: str | None = None) -> dict[str, Any]:
    """A ruling as JSON gives it: its rule id, its words in the reader's language (`ruling`),
    and its data (`key`, `params`: `messages.to_data`), from which a program can say it in
    any language the catalogue has."""
    parts = tuple(parts)
    keys, params = to_data(parts)
    return {"rule": rule, "ruling": render(parts, lang), "key": keys, "params": params}


def in_words(state: dict[str, Any], lang: str | None = None) -> dict[str, Any]:
    """The public state (`engine.public.public_state`) with what the table waits for beyond
    the next turn in words too (`pending`: text, or null), as `replay --json` prints it."""
    parts = from_data(state["pending_key"], state["pending_params"])
    return {**state, "pending": each(parts, lang)}


def import_problem(refused: Any) -> str:
    """Why a file was not imported (`service.ImportRefused`): its first statement that does
    not hold, with the ruling on it put into words; or the reason it gives."""
    t = refused.trouble
    if t is None:
        return str(refused.message)
    return _("{file}:{line}: {message} [{rule}]; nothing was imported").format(
        file=refused.file, line=t.seq, message=render(t.parts), rule=t.rule
    )
