"""The whole rulebook as Markdown in English and Japanese (`uno-referee rules --markdown`)."""

from __future__ import annotations

from collections.abc import Iterator, Mapping

from ..engine.options import INT, OptionSpec
from ..engine.rules import VARIANTS, Variant
from ..engine.setup import editions, house_rules, option_specs
from ..engine.titles import FAMILIES
from ..i18n import LANGUAGES, N_
from ..i18n.catalogue import translations

COMMAND = "uno-referee rules --markdown > docs/rules.md"
"""The one command that writes docs/rules.md."""

# The document always holds both languages, whatever the language of the run: each text is
# looked up in each language's catalogue, never through the language in use.
_LANGS = LANGUAGES
_NAMES = {"en": "English", "ja": "日本語"}
"""Each language by its own name (a column heading), as language menus name them."""
_HEADINGS = {
    "rules": N_("Rules"),
    "options": N_("Options"),
    "option": N_("Option"),
    "values": N_("Values"),
    "defaults_this_edition_sets": N_("Defaults this edition sets"),
    "cannot_be_played_with": N_("Cannot be played with"),
    "defaults_while_it_is_on": N_("Defaults while it is on"),
    "the_rulebook": N_("The rulebook"),
    "contents": N_("Contents"),
}
"""The document's headings and labels (outside f-strings, where the catalogue finds them)."""


def both(message: str, context: str | None = None) -> tuple[str, ...]:
    """`message` in every language the product speaks, English first."""
    return tuple(
        translations(lang).pgettext(context, message)
        if context
        else translations(lang).gettext(message)
        for lang in _LANGS
    )


def label(message: str) -> str:
    """A heading or label in both languages, `English / 日本語` (once where they agree)."""
    texts = list(dict.fromkeys(both(message)))
    return " / ".join(texts)


def phrase(message: str, **fields: str | tuple[str, ...]) -> str:
    """A sentence in every language with its fields (a field may differ by language: a tuple,
    English first), `English / 日本語` (once where they agree)."""
    texts = []
    for i, text in enumerate(both(message)):
        texts.append(
            text.format(
                **{
                    name: value if isinstance(value, str) else value[i]
                    for name, value in fields.items()
                }
            )
        )
    return " / ".join(dict.fromkeys(texts))


def _cell(text: str) -> str:
    return " ".join(text.split()).replace("|", "\\|")


def _code(text: str) -> str:
    return f"`{text}`"


def _joined(items: list[str], lang: int) -> str:
    return both(", ", "list")[lang].join(items)


def _conditions(when: tuple[tuple[str, str], ...]) -> list[str]:
    return [f"`{key}` = `{value}`" for key, value in when]


def _table(rows: list[tuple[str, tuple[str, ...]]]) -> Iterator[str]:
    """A table with a column per language; each row a label and its texts."""
    yield "| | " + " | ".join(_NAMES[lang] for lang in _LANGS) + " |"
    yield "|---|" + "---|" * len(_LANGS)
    for name, texts in rows:
        yield f"| {label(name)} | " + " | ".join(_cell(text) for text in texts) + " |"


# Rules -----------------------------------------------------------------------------------------


def _note(texts: tuple[str, ...]) -> list[str]:
    """A paragraph in every language (once where the translation is missing)."""
    return [" / ".join(dict.fromkeys(texts)), ""]


def _variant(variant: Variant) -> Iterator[str]:
    if variant.when:
        yield from _note(
            tuple(
                text.format(conditions=_joined(_conditions(variant.when), i))
                for i, text in enumerate(both(N_("In force when {conditions}.")))
            )
        )
    if variant.table_default:
        yield from _note(both(N_("No rulebook settles this: it is the referee's own ruling.")))
    yield from _table([(N_("Rule"), both(variant.text)), (N_("Source"), both(variant.source))])
    yield ""


def _rules(variants: list[Variant]) -> Iterator[str]:
    """Each rule id once, with each of its texts (one per option value it depends on)."""
    if not variants:
        return
    yield f"### {label(_HEADINGS['rules'])}"
    yield ""
    by_id: dict[str, list[Variant]] = {}
    for variant in variants:
        by_id.setdefault(variant.id, []).append(variant)
    for rule_id, texts in by_id.items():
        yield f"#### `{rule_id}`"
        yield ""
        for variant in texts:
            yield from _variant(variant)


# Options ---------------------------------------------------------------------------------------


def _values(spec: OptionSpec) -> str:
    """The values a key takes, as typed (`integer`: any whole number, in words)."""
    values = (spec.values,) if isinstance(spec.values, str) else spec.values
    return ", ".join(label(INT) if value == INT else _code(value) for value in values)


def _family_heading(family: str) -> str:
    return phrase(
        N_("Default, {family} (`--rules {code}`)"), family=both(FAMILIES[family]), code=family
    )


def _option_columns(*first: str) -> Iterator[str]:
    """A Markdown table's head: the option, the given columns, then each family's default."""
    columns = [
        label(_HEADINGS["option"]),
        *first,
        *(_family_heading(family) for family in FAMILIES),
    ]
    yield "| " + " | ".join(columns) + " |"
    yield "|" + "---|" * len(columns)


def _options(specs: list[OptionSpec]) -> Iterator[str]:
    if not specs:
        return
    yield f"### {label(_HEADINGS['options'])}"
    yield ""
    yield from _option_columns(label(_HEADINGS["values"]))
    for spec in specs:
        values = _values(spec)
        defaults = " | ".join(_code(spec.default(family)) for family in FAMILIES)
        yield f"| `{spec.key}` | {_cell(values)} | {defaults} |"
    yield ""
    for spec in specs:
        yield f"#### `{spec.key}`"
        yield ""
        if spec.table_default:
            yield from _note(
                both(N_("No rulebook settles the default: it is the referee's own choice."))
            )
        yield from _table([(N_("Meaning"), both(spec.meaning)), (N_("Source"), both(spec.source))])
        yield ""


# Editions and house rules ----------------------------------------------------------------------


def _edition_notes(
    defaults: Mapping[str, Mapping[str, str]], refuses: tuple[tuple[str, str], ...]
) -> Iterator[str]:
    changed = sorted({key for family in defaults.values() for key in family})
    if changed:
        yield f"{label(_HEADINGS['defaults_this_edition_sets'])}:"
        yield ""
        yield from _option_columns()
        for key in changed:
            cells = " | ".join(
                _code(defaults[family][key]) if key in defaults.get(family, {}) else ""
                for family in FAMILIES
            )
            yield f"| `{key}` | {cells} |"
        yield ""
    if refuses:
        yield (
            f"{label(_HEADINGS['cannot_be_played_with'])}: "
            + ", ".join(f"`{key}` = `{value}`" for key, value in refuses)
        )
        yield ""


def _sections() -> Iterator[tuple[str, str, list[Variant], list[OptionSpec], list[str]]]:
    """(heading, unit id, rules, options, notes) for the core, each edition, each house rule."""
    specs = option_specs()
    houses = house_rules()
    house_keys = {house.key: house_id for house_id, house in houses.items()}

    def owner(spec: OptionSpec) -> str:
        return spec.unit or house_keys.get(spec.key, "")

    def variants_of(unit: str) -> list[Variant]:
        return [v for variants in VARIANTS.values() for v in variants if v.unit == unit]

    def options_of(unit: str) -> list[OptionSpec]:
        return [spec for spec in specs.values() if owner(spec) == unit]

    yield (label(N_("Core rules: every edition")), "", variants_of(""), options_of(""), [])
    for edition_id, edition in editions().items():
        deck = edition.deck
        notes = [
            *_table([(N_("Cards"), both(deck.title)), (N_("Source"), both(deck.source))]),
            "",
            *_edition_notes(edition.defaults, edition.refuses),
        ]
        yield (
            phrase(N_("Edition {id}: {title}"), id=_code(edition_id), title=both(deck.title)),
            edition_id,
            variants_of(edition_id),
            options_of(edition_id),
            notes,
        )
    for house_id, house in houses.items():
        title = both(house.title) if house.title else house_id
        notes = _note(
            tuple(
                text.format(key=f"`{house.key}`", off=f"`{house.off}`")
                for text in both(N_("On when {key} is not {off}."))
            )
        )
        if house.implies:
            notes += [
                f"{label(_HEADINGS['defaults_while_it_is_on'])}: "
                + ", ".join(f"`{key}` = `{value}`" for key, value in house.implies.items()),
                "",
            ]
        yield (
            phrase(N_("House rule {id}: {title}"), id=_code(house_id), title=title),
            house_id,
            variants_of(house_id),
            options_of(house_id),
            notes,
        )


def markdown() -> str:
    """docs/rules.md: every rule and option, grouped by the core, edition and house rule that
    declares it, each text in every language with its source."""
    lines = [f"# {label(_HEADINGS['the_rulebook'])}", ""]
    for text in dict.fromkeys(
        both(
            N_(
                "Written by {command} from the rules in the code and the message catalogue: change "
                "those and run the command again, rather than editing this file."
            )
        )
    ):
        lines += [text.format(command=f"`{COMMAND}`"), ""]
    sections = list(_sections())
    lines += [f"## {label(_HEADINGS['contents'])}", ""]
    lines += [f"- {heading}" for heading, *_rest in sections]
    lines.append("")
    for heading, _unit, variants, options, notes in sections:
        lines += [f"## {heading}", "", *notes]
        lines += [*_rules(variants), *_options(options)]
    while lines and not lines[-1]:
        lines.pop()
    return "\n".join(lines) + "\n"
