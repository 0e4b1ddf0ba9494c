"""What a Japanese input method in full-width mode types is read as its ASCII forms."""

# Full-width letters are what this test types.
# ruff: noqa: RUF001

from __future__ import annotations

from textual import events
from textual.widgets import Input

from screens.samples import import_demo
from screens.table_screen import TableScreen

from .conftest import SAMPLES, text_of, type_line


async def test_a_full_width_space_is_a_space_in_the_move_box(make_app, service):
    demo = import_demo(service, SAMPLES).id
    app = make_app(session_id=demo)
    async with app.run_test(size=(80, 24)) as pilot:
        await pilot.pause()
        assert isinstance(app.screen, TableScreen)
        box = app.focused
        assert isinstance(box, Input)
        # U+3000 is the space an input method types in full-width mode; Python does not call
        # it printable, so without the app's help the box would drop it.
        await type_line(pilot, "ｚｚ\u3000ｚｚ", submit=False)
        assert box.value.replace("ｚ", "z") == "zz zz"
        await pilot.press("home", "shift+end")
        await type_line(pilot, "\u3000", submit=False)
        assert box.value == " "
        # As a terminal delivers a burst of keys, with the character on each (the space keeps
        # its place among the letters around it).
        await pilot.press("backspace")
        for char in "ｙ\u3000ｙ":
            key = events.Key("ideographic_space" if char == "\u3000" else char, char)
            key.set_sender(app)
            app._driver.send_message(key)
        await pilot.pause()
        assert box.value == "ｙ ｙ"
        await pilot.press(*["backspace"] * 3)
        await type_line(pilot, "ｚｚ\u3000ｒ５")
        verdict = text_of(pilot, "#verdict")
        # Two words, `zz r5`: the implied player's move starts with the word `zz`.
        assert verdict.endswith("got 'zz'")
