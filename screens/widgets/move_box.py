"""The move box: the notation's move language, the current player's name implied, suggestions,
and what the line typed would do (the session service's preview), asked as it is typed."""

from __future__ import annotations

from collections.abc import Callable

from textual.geometry import Size
from textual.reactive import Reactive
from textual.suggester import Suggester
from textual.widgets import Input

from referee.engine import Referee
from referee.engine.state import Game
from referee.i18n import _
from referee.notation import NotationError, from_keyboard
from referee.notation.error_words import Say as Reading
from referee.render import render
from referee.service import Preview
from referee.suggest import actor, completions

from ..glyphs import current
from .line_input import LineInput

STATEMENT_WORDS = frozenset({"round", "dealer", "start", "out", "hand", "turn"})
"""Statements that begin with a keyword, not with a player's name."""


def player_named(typed: str, players: tuple[str, ...] | list[str]) -> str | None:
    """The player `typed` stands for: the name itself (any case), a seat number (`2` is the
    second in seating order), or the start of exactly one name (`Ch` for Chika); else None."""
    folded = typed.strip().casefold()
    if not folded:
        return None
    for name in players:
        if name.casefold() == folded:
            return name
    if folded.isdigit() and 1 <= int(folded) <= len(players):
        return players[int(folded) - 1]
    starting = [name for name in players if name.casefold().startswith(folded)]
    return starting[0] if len(starting) == 1 else None


def expand(text: str, ref: Referee) -> str:
    """The move line for what was typed: `r5` means the player the table waits on, `Bob: r5`.

    A line that names a player (`Carol: catch Dave`, or `Carol catch` missing its colon, which
    the parser then explains) or starts a statement (`round 2`, `hand Bob: 12`) is kept as typed,
    except that a name may be typed as its seat number or the start of one name only (`2: r5`,
    `Ch: catch D`): the line recorded names them in full.
    """
    typed = from_keyboard(text, ref.players).strip()
    if not typed or typed.split()[0].casefold() in STATEMENT_WORDS:
        return typed
    if ":" in typed:
        who, _colon, move = typed.partition(":")
        full = player_named(who, ref.players)
        if full is None:
            return typed
        return f"{full}:{_catch_target(move, ref)}"
    folded = typed.casefold()
    for player in ref.players:
        name = player.casefold()
        if folded == name or folded.startswith(name + " "):
            return typed
    acting = actor(ref)
    return f"{acting}: {_catch_target(typed, ref)}" if acting else typed


def _catch_target(move: str, ref: Referee) -> str:
    """`catch D` with the caught player named in full, when `D` stands for one player only."""
    words = move.split(maxsplit=1)
    if len(words) == 2 and words[0].casefold() == "catch":
        full = player_named(words[1], ref.players)
        if full is not None:
            return f"{move[: len(move) - len(move.lstrip())]}catch {full}"
    return move


KANA_MODE = Reading.kana_mode
"""The service's word for a line that still holds kana after the keyboard's forms were read."""


def problem(typed: str, preview: Preview, line: str) -> str | None:
    """Why `typed` is not a move, its column counted in what was typed (the box may have put
    the player's name before it, making `line`); None if it reads as one statement.

    Only the notation is judged here: what the referee says of a move that reads well is its
    ruling, shown when the screen records it."""
    reading = preview.reading
    if not isinstance(reading, NotationError):
        return None
    implied = len(line) - len(from_keyboard(typed).strip())
    said = _("column {column}: {problem}").format(
        column=max(reading.col - implied, 1), problem=reading.message
    )
    # A line typed in kana mode: the service says so first (switch to 英数), and so does the box.
    parts = preview.answer.parts
    if parts and parts[0][0].key == KANA_MODE.key:
        return render((KANA_MODE(problem=said),))
    return said


def empty_line() -> str:
    """What an empty line is told."""
    return _("Type a move, e.g. 'r5', 'w+4 blue', 'draw' or 'Carol: catch Dave'")


class MoveSuggester(Suggester):
    """Completes what was typed from the moves the table could make now (`hints.completions`)."""

    def __init__(self, referee: Callable[[], Referee]) -> None:
        # No cache of Textual's (by prefix): the same prefix completes differently after every
        # move. The lines are kept per state instead: the keys typed between two moves ask the
        # referee once.
        super().__init__(use_cache=False, case_sensitive=False)
        self._referee = referee
        self._lines: tuple[Game, list[str]] | None = None

    def lines(self, ref: Referee) -> list[str]:
        """`hints.completions` of the referee's state, asked once per state (a state the
        referee ruled on never changes)."""
        if self._lines is None or self._lines[0] is not ref.state:
            self._lines = (ref.state, completions(ref))
        return self._lines[1]

    async def get_suggestion(self, value: str) -> str | None:
        if not value.strip():
            return None
        # Suggestions are ASCII; what was typed may be full-width (the same length as ASCII).
        value = from_keyboard(value, self._referee().players).casefold()
        ref = self._referee()
        who = actor(ref)
        prefix = f"{who}: ".casefold() if who else None
        for line in self.lines(ref):
            folded = line.casefold()
            if folded.startswith(value):
                return line
            if prefix and ":" not in value and folded.startswith(prefix):
                short = line[len(prefix) :]
                if short.casefold().startswith(value):
                    return short
        return None


def placeholder() -> str:
    """What the empty box says, in the language in use."""
    return _("a move: r5 {dot} w+4 blue {dot} draw {dot} NAME: catch NAME (F1: all moves)").format(
        dot=current().dot
    )


class MoveBox(LineInput):
    """An input for move lines, one at a time; `refuse` marks it invalid until the next edit."""

    DEFAULT_CSS = """
    MoveBox { width: 1fr; height: 3; }
    """

    # The box's size never follows what is typed in it: a change of its virtual size (the
    # text's width) is repainted, not laid out again with the whole screen.
    virtual_size = Reactive(Size(0, 0), layout=False)

    def __init__(
        self,
        referee: Callable[[], Referee],
        preview: Callable[[str], Preview],
        *,
        id: str | None = None,  # noqa: A002 - Textual's name
    ) -> None:
        super().__init__(
            placeholder=placeholder(),
            suggester=MoveSuggester(referee),
            # Judged by the screen when it takes the line (`preview`), not at the Enter: in a
            # burst the moves typed before it are recorded by then, and the implied player
            # follows them.
            validate_on=[],
            select_on_focus=False,
            id=id,
        )
        # A steady cursor: a blinking one repaints the screen twice a second, and a repaint
        # just before an Enter holds the frame with the ruling back until the next one.
        self.cursor_blink = False
        self._referee = referee
        self._preview = preview
        self._previewed: tuple[str, str, Preview] | None = None
        """The last line previewed: as typed, as expanded, and what recording it would do."""

    def line(self, typed: str | None = None) -> str:
        """The move line for `typed` (else what the box holds), with the implied player's name."""
        return expand(self.value if typed is None else typed, self._referee())

    def preview(self, typed: str) -> tuple[str, Preview]:
        """The move line for `typed` and what recording it would do now (the session service's
        `preview`: read and judged, nothing changed).

        Asked as the line is typed, so that Enter finds it ready: a line is expanded, read and
        judged once for as long as the table stays as it was, and again once it moved on (the
        implied player may be another by then).
        """
        kept = self._previewed
        if kept is not None and kept[0] == typed and kept[2].state is self._referee().state:
            return kept[1], kept[2]
        line = self.line(typed)
        preview = self._preview(line)
        self._previewed = (typed, line, preview)
        return line, preview

    def refuse(self, typed: str) -> None:
        """Put the refused line back, shown as refused (the engine said no); an edit clears it."""
        self.give_back(typed)
        self.add_class("-invalid")

    def _on_input_changed(self, event: Input.Changed) -> None:
        # The refused line coming back is no edit, nor a change the box has moved on from (the
        # emptying after a hand-over is announced when the screen takes the line).
        if event.value != self.given_back and event.value == self.value:
            self.remove_class("-invalid")
        # What the line would do is asked now, between keys, rather than after the Enter; a
        # line already handed over, or one typed ahead of it, is asked when it is taken.
        if event.value == self.value and event.value.strip() and not self.disabled:
            self.preview(event.value)
