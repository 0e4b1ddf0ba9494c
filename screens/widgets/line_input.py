"""An input box that hands over one line at a time, so lines typed ahead or pasted never merge."""

from __future__ import annotations

from textual import events
from textual.widget import Widget
from textual.widgets import Input
from textual.widgets.input import Selection


async def own_binding(widget: Widget, event: events.Key) -> bool:
    """Run `widget`'s own binding for `event` now, if it has one: whether it did.

    Textual runs a binding when its key has bubbled up to the app, by which time the box has
    already taken the printable keys typed after it: a Backspace in a burst would delete the
    wrong character. The box's own editing keys are run here instead, in the order they came.
    """
    for binding in widget._bindings.key_to_bindings.get(event.key, ()):
        event.stop()
        event.prevent_default()
        await widget.run_action(binding.action)
        return True
    return False


class LineInput(Input):
    """Each Enter hands the line over (`Submitted.value`) and leaves the box for the next one.

    A terminal delivers a burst of keys (or a paste) faster than a screen handles Enter: the keys
    typed after an Enter reach the box before the screen has taken the line. Textual runs Enter's
    binding only when the key has bubbled up to the app, after the box has already taken the
    keys that follow it, so the box handles Enter itself, in the order the keys came: the line
    goes out with the Enter and what follows starts the next line.

    The screen calls `take` first with every line. A line it refuses goes back into the box to be
    corrected (`give_back`); the lines typed after it are not acted on (each would be judged on a
    table that did not happen) but wait, and come back into the box one at a time, each after the
    line before it is taken (`done`).
    """

    def __init__(self, *args: object, **kwargs: object) -> None:
        super().__init__(*args, **kwargs)  # type: ignore[arg-type]
        self._in_flight = 0
        """Lines handed over that the screen has not taken yet."""
        self._held = 0
        """Of those, how many were typed after a refused line: they wait."""
        self._draft = ""
        """What was typed after the refused line without an Enter: it waits after them."""
        self.waiting: list[str] = []
        """Lines typed after a refused one, in order, to come back into the box one at a time."""
        self.given_back: str | None = None
        """The refused line put back into the box, until the box holds something else."""
        self._repaint_due = False
        """The box was emptied by a hand-over without being redrawn yet (see `hand_over`)."""

    # Handing over ------------------------------------------------------------------------------

    def hand_over(self) -> None:
        """Send the line in the box to the screen and start an empty one."""
        value = self.value
        result = self.validate(value) if "submitted" in self.validate_on else None
        self._in_flight += 1
        # Emptied at once, so that the keys typed after the Enter start the next line; but
        # drawn empty only when the screen takes the line (`take`): a frame painted in between
        # would hold back the frame with the ruling until the next one (a frame at 60 Hz).
        self.set_reactive(Input.value, "")
        self.set_reactive(Input.selection, Selection.cursor(0))
        self._repaint_due = True
        self.post_message(self.Submitted(self, value, result))

    async def _on_key(self, event: events.Key) -> None:
        if event.key == "enter":
            event.stop()
            event.prevent_default()
            self.hand_over()
        else:
            await own_binding(self, event)

    async def action_submit(self) -> None:
        # Enter is handled as it comes (`_on_key`); this runs only when called by name.
        self.hand_over()

    def _on_paste(self, event: events.Paste) -> None:
        text = event.text.replace("\r\n", "\n").replace("\r", "\n")
        if "\n" not in text:
            return  # one line: Input's own paste
        event.stop()
        event.prevent_default()
        # What was before the selection starts the first line, what was after it ends the last.
        start, end = sorted(self.selection)
        before, after = self.value[:start], self.value[end:]
        lines = text.split("\n")
        lines[0] = before + lines[0]
        for line in lines[:-1]:
            if line.strip():  # a blank line in a pasted list is no line to enter
                self.value = line
                self.hand_over()
        self.value = lines[-1] + after
        self.cursor_position = len(lines[-1])

    # The screen's side -------------------------------------------------------------------------

    def take(self, line: str) -> bool:
        """A handed-over line reached the screen: whether to act on it now (False: it was typed
        after a refused line, and waits)."""
        if self._repaint_due:
            # Nothing was typed since the hand-over: the box is drawn empty with the ruling.
            self._repaint_due = False
            self.mutate_reactive(Input.value)
        self._in_flight = max(self._in_flight - 1, 0)
        if not self._held:
            return True
        self._held -= 1
        self.waiting.append(line)
        if not self._held and self._draft:
            self.waiting.append(self._draft)
            self._draft = ""
        return False

    def give_back(self, line: str) -> None:
        """The screen refused `line`: it goes back into the box; what was typed after it waits."""
        draft = self.value
        self._held = self._in_flight
        if self._held:
            self._draft = draft
        elif draft.strip():
            self.waiting.append(draft)
        self.given_back = line
        self.value = line
        self.cursor_position = len(line)

    def done(self) -> None:
        """The screen took the line: the next waiting one comes into the box, if it is free."""
        if self.waiting and not self._in_flight and not self.value.strip():
            line = self.waiting.pop(0)
            self.value = line
            self.cursor_position = len(line)

    def held(self) -> int:
        """How many lines wait behind the one given back."""
        return len(self.waiting) + self._held + bool(self._draft)

    def _watch_value(self, value: str) -> None:
        self._repaint_due = False
        if value != self.given_back:
            self.given_back = None
        super()._watch_value(value)
