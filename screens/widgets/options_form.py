"""The rule options of a new session: each with its meaning, source and table-default mark."""

from __future__ import annotations

from textual import on
from textual.app import ComposeResult
from textual.containers import Horizontal, Vertical
from textual.content import Content
from textual.widgets import Input, Label, Select, Static

from referee.engine.option_names import option_name
from referee.engine.options import INT, OptionSpec
from referee.engine.setup import option_specs, resolve
from referee.i18n import N_, _

from ..literal import filled

TABLE_DEFAULT = N_("(no official rule; table default)")
"""The mark of a rule or option the books are silent on, as `uno-referee rules` prints it
(translated where it is shown)."""


def choices(option: OptionSpec) -> list[str]:
    """The named values of an option."""
    return [value for value in option.values if value != INT]


def describe(option: OptionSpec) -> Content:
    """The option's meaning and source (from the rulebook, in the language in use)."""
    mark = " [b $warning]$mark[/]" if option.table_default else ""
    return filled(
        f"$meaning [dim]$source[/]{mark}",
        meaning=_(option.meaning),
        source=_("Source: {source}").format(source=_(option.source)),
        mark=_(TABLE_DEFAULT),
    )


class OptionsForm(Vertical):
    """One row per option; values start at the rulebook's defaults and follow it until edited."""

    DEFAULT_CSS = """
    OptionsForm { height: auto; }
    OptionsForm .option { height: auto; margin-bottom: 1; }
    OptionsForm .choice { height: auto; }
    OptionsForm .option Label { width: 24; padding-top: 1; }
    OptionsForm .option Select, OptionsForm .option Input { width: 24; }
    /* Under its key and value, the whole width: a Japanese meaning wraps badly in a column. */
    OptionsForm .option .meaning { width: 1fr; padding-left: 2; }
    """

    def __init__(self, rules: str = "en", *, id: str | None = None) -> None:  # noqa: A002 - Textual's name
        super().__init__(id=id)
        self.touched: set[str] = set()
        self.values: dict[str, str] = dict(resolve(rules, "classic"))

    def compose(self) -> ComposeResult:
        for key, option in option_specs().items():
            with Vertical(classes="option"):
                with Horizontal(classes="choice"):
                    # By its name; the key, as `--rule` and `[Rule]` take it, on hover.
                    label = Label(option_name(key))
                    label.tooltip = key
                    yield label
                    if option.values == INT:
                        yield Input(self.values[key], type="integer", id=f"opt-{key}")
                    else:
                        options = [(value, value) for value in choices(option)]
                        yield Select(
                            options, value=self.values[key], allow_blank=False, id=f"opt-{key}"
                        )
                yield Static(describe(option), classes="meaning")

    def describe_again(self) -> None:
        """Every option's name and meaning in the language in use (after a switch); the values
        stay."""
        for key, option in option_specs().items():
            choice = self.query_one(f"#opt-{key}").parent
            row = choice.parent if choice is not None else None
            if choice is not None:
                choice.query_one(Label).update(option_name(key))
            if row is not None:
                row.query_one(".meaning", Static).update(describe(option))

    def follow(self, rules: str, edition: str) -> None:
        """Set every option the user has not edited to the default of `rules` and `edition`."""
        for key, value in resolve(rules, edition).items():
            if key in self.touched:
                continue
            # Recorded before the widget changes: its Changed event then reads as ours.
            self.values[key] = value
            widget = self.query_one(f"#opt-{key}")
            if isinstance(widget, (Input, Select)):
                widget.value = value

    def overrides(self, rules: str, edition: str) -> list[tuple[str, str]]:
        """`[Rule]` lines: the options whose value differs from the rulebook's default."""
        defaults = resolve(rules, edition)
        return [(key, value) for key, value in self.values.items() if defaults[key] != value]

    @on(Select.Changed)
    @on(Input.Changed)
    def _edited(self, event: Select.Changed | Input.Changed) -> None:
        widget = event.control
        if widget is None or not (widget.id or "").startswith("opt-"):
            return
        event.stop()
        key = (widget.id or "").removeprefix("opt-")
        value = str(event.value).strip()
        if value != self.values.get(key):
            self.values[key] = value
            self.touched.add(key)
