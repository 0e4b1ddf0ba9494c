"""The seating editor: add, rename, reorder and remove players, 2 to 10, names checked as typed."""

from __future__ import annotations

from textual import on
from textual.app import ComposeResult
from textual.containers import Horizontal, Vertical
from textual.message import Message
from textual.validation import ValidationResult, Validator
from textual.widgets import Button, Input, OptionList, Static

from referee.i18n import _, ngettext
from referee.notation import name_problem, normal_name

from ..glyphs import current
from ..literal import filled, literal
from ..prose import Prose
from .line_input import LineInput

MAX_PLAYERS = 10


class NameValidator(Validator):
    """Checks a name against the names already seated (except the one being renamed)."""

    def __init__(self, seated: PlayerList) -> None:
        super().__init__()
        self.seated = seated

    def validate(self, value: str) -> ValidationResult:
        problem = name_problem(normal_name(value), self.seated.others())
        return self.failure(problem) if problem else self.success()


class PlayerList(Vertical):
    """The players clockwise as seated; the list is the `[Players]` order."""

    DEFAULT_CSS = """
    PlayerList { height: auto; }
    PlayerList > Horizontal { height: auto; }
    PlayerList #seats { width: 30; height: auto; min-height: 4; max-height: 12;
                        border: round $primary 50%; }
    PlayerList #tools { width: 1fr; height: auto; padding-left: 1; }
    PlayerList #tools Horizontal { height: auto; }
    PlayerList #tools Button { min-width: 6; margin-right: 1; }
    PlayerList #name-problem { color: $error; height: auto; }
    """

    class PlayersChanged(Message):
        """The seating changed (a player added, renamed, moved or removed)."""

    def __init__(self, *, id: str | None = None) -> None:  # noqa: A002 - Textual's name
        super().__init__(id=id)
        self.players: list[str] = []

    def compose(self) -> ComposeResult:
        with Horizontal():
            yield OptionList(id="seats")
            with Vertical(id="tools"):
                yield LineInput(
                    placeholder=_("a player's name, then Enter"),
                    id="name",
                    validators=[NameValidator(self)],
                    validate_on=["changed"],
                )
                yield Static("", id="name-problem")
                # Compact buttons: one line for the five, so the form fits 80x24.
                glyphs = current()
                with Horizontal():
                    yield Button(_("Add"), id="add", variant="primary", compact=True)
                    yield Button(_("Rename"), id="rename", compact=True)
                    yield Button(
                        glyphs.up, id="up", compact=True, tooltip=_("seat one place earlier")
                    )
                    yield Button(
                        glyphs.down, id="down", compact=True, tooltip=_("seat one place later")
                    )
                    yield Button(_("Remove"), id="remove", variant="error", compact=True)

    def on_mount(self) -> None:
        self.query_one("#seats", OptionList).border_title = _("Seating, clockwise")
        if self.players:
            # Composed again (a language switch): the seated players stay.
            self._redraw(0)

    def others(self) -> list[str]:
        """Names the typed name must differ from: all, or all but the one highlighted (rename)."""
        return list(self.players)

    def add(self, name: str) -> str | None:
        """Seat `name` last; the problem in words if it cannot be."""
        name = normal_name(name)
        if len(self.players) >= MAX_PLAYERS:
            return _("a table seats at most {n} players").format(n=MAX_PLAYERS)
        problem = name_problem(name, self.players)
        if problem is None:
            self.players.append(name)
            self._redraw(len(self.players) - 1)
        return problem

    def _highlighted(self) -> int | None:
        return self.query_one("#seats", OptionList).highlighted

    def _redraw(self, highlight: int | None = None) -> None:
        seats = self.query_one("#seats", OptionList)
        seats.clear_options()
        seats.add_options(
            filled(f"{i + 1}. $name", name=name) for i, name in enumerate(self.players)
        )
        if self.players:
            seats.highlighted = min(highlight or 0, len(self.players) - 1)
        self.post_message(self.PlayersChanged())

    def _say(self, problem: str | None) -> None:
        self.query_one("#name-problem", Static).update(Prose(literal(problem or "", lines=True)))

    @on(Input.Changed, "#name")
    def _typed(self, event: Input.Changed) -> None:
        box = self.query_one("#name", LineInput)
        if event.value != box.value or event.value == box.given_back:
            # Typed before a line went out (keys come in bursts), or a refused name put back
            # whose problem is shown already.
            return
        result = event.validation_result
        typed = bool(event.value.strip())
        self._say(
            None
            if result is None or result.is_valid or not typed
            else "; ".join(result.failure_descriptions)
        )

    @on(Input.Submitted, "#name")
    def _entered(self, event: Input.Submitted) -> None:
        # One name a line, typed ahead or pasted as a list, seated in order. A refused name
        # stops the rest (the seating order is the point of the list): it stays in the box to
        # be corrected, and the names after it come back one at a time.
        box = self.query_one("#name", LineInput)
        name = event.value
        if not box.take(name):
            return
        if not name.strip():
            box.done()
            return
        problem = self.add(name)
        if problem is None:
            self._say(None)
            box.done()
            return
        box.give_back(name)
        held = box.held()
        self._say(
            problem
            if not held
            else problem
            + "\n"
            + ngettext(
                "{n} more name typed after it waits: it comes back into the box once this one is "
                "seated.",
                "{n} more names typed after it wait: they come back into the box one at a time, "
                "each once the one before is seated.",
                held,
            ).format(n=held)
        )

    @on(Button.Pressed, "#add")
    def _add(self) -> None:
        box = self.query_one("#name", LineInput)
        problem = self.add(box.value)
        self._say(problem)
        if problem is None:
            box.value = ""
            box.done()
            box.focus()

    @on(Button.Pressed, "#rename")
    def _rename(self) -> None:
        index = self._highlighted()
        box = self.query_one("#name", Input)
        if index is None:
            self._say(_("highlight the player to rename in the list"))
            return
        others = self.players[:index] + self.players[index + 1 :]
        name = normal_name(box.value)
        problem = name_problem(name, others)
        self._say(problem)
        if problem is None:
            self.players[index] = name
            box.value = ""
            self._redraw(index)

    @on(Button.Pressed, "#up, #down")
    def _move(self, event: Button.Pressed) -> None:
        index = self._highlighted()
        if index is None:
            return
        to = index + (-1 if event.button.id == "up" else 1)
        if 0 <= to < len(self.players):
            self.players[index], self.players[to] = self.players[to], self.players[index]
            self._redraw(to)

    @on(Button.Pressed, "#remove")
    def _remove(self) -> None:
        index = self._highlighted()
        if index is not None and self.players:
            del self.players[index]
            self._redraw(index)
