"""Help: the move language first, then the keys of each screen, on one scrolling page."""

from __future__ import annotations

from typing import ClassVar

from textual.app import ComposeResult
from textual.binding import Binding, BindingType
from textual.containers import VerticalScroll
from textual.screen import ModalScreen
from textual.widgets import Static

from referee.i18n import N_, _

from . import glyphs
from .widgets.footer import Footer

# Each page is one text, so that a translation can lay its columns out anew; the move language
# in it (`Bob: r5`, `draw`, `uno`) is the notation and stays as it is. `{right}` is the Right
# arrow key, drawn as the symbols in use allow.
KEYS = N_("""\
[b $accent]Table[/]
  [b]F2[/] draw, or accept a Wild Draw Four    [b]F3[/] late UNO call
  [b]F4[/] catch a missed UNO (who caught whom) [b]F5[/] challenge a Wild Draw Four
  [b]F6[/] undo the last move (it waits in the box, Enter puts it back)
  [b]F7[/] enter the hands, or start a round: every move or the score only
  [b]F8[/] score sheet   [b]F9[/] history, corrections   [b]F10[/] rules in force
  [b]F12[/] the scoreboard on the players' phones (a QR code to scan)
  [b]Enter[/] record the move   [b]{right}[/] take the suggestion   [b]Tab[/] ruling log
  [b]Esc[/] back to the sessions; click a player's name to start their move

[b $accent]Everywhere[/]  [b]F1[/] help  [b]Ctrl+P[/] palette  [b]Ctrl+L[/] language  \
[b]Esc[/] back  [b]Ctrl+Q[/] quit
  [b]Ctrl+O[/] every action of the screen by a letter, for keyboards without F keys
[b $accent]Sessions[/]  [b]Enter[/] resume  [b]F2[/] new  [b]F3[/] import  [b]F4[/] demo  \
[b]F6[/] standings  [b]Delete[/] delete
[b $accent]Score sheet[/]  [b]F2[/] export  [b]F3[/] QR code  [b]F12[/] the scoreboard on phones
[b $accent]History[/]  [b]Enter[/] pick a move  [b]F2[/] preview  [b]F3[/] apply  \
[b]F6[/] undo
""")

MOVES = N_("""\
[b $accent]The move box[/] takes the move language of .uno files. The player the
table waits on is implied: [b]r5[/] is [b]Bob: r5[/] on Bob's turn. Name anyone else.
  [b]r5  gs  yr  b+2[/]      a card: colour + number, s skip, r reverse, +2
  [b]w blue  w+4 red[/]      a Wild names its colour
  [b]r5 uno[/]               UNO called as the card went down
  [b]draw[/]  [b]draw g4[/]        drew one and kept it / drew one and played it
  [b]accept[/]  [b]challenge guilty[/]  [b]challenge shows g5[/]   a Wild Draw Four
  [b]Carol: uno[/]  [b]Dave: catch Carol[/]       late UNO call / a catch
  [b]4: catch 3[/]  [b]Da: catch C[/]   a player by seat number, or the start of one name
  [b]Dave: misplay y9[/]  [b]Dave: penalty 2[/]   penalties ruled at the table
  [b]round 2[/]  [b]dealer Ana[/]  [b]start r7[/]  [b]start w red[/]   a round begins
  [b]hand Carol: r5 g+2 w[/]  [b]hand Carol: 27[/]   a hand left at the end
  [b]round 3[/]  [b]out Ben[/]  [b]hand Ana: 27[/]   a round kept for the score only: who
  went out and the hands left, no moves (rounds of both kinds may be mixed)
  [b]turn Carol[/]  [b]Carol: takes 2[/]      table overrides, logged as such
""")


class HelpScreen(ModalScreen[None]):
    """Escape, F1 or q closes it."""

    DEFAULT_CSS = """
    HelpScreen { align: center middle; }
    HelpScreen VerticalScroll {
        width: 96;
        max-width: 100%;
        height: auto;
        max-height: 100%;
        background: $surface;
        border: thick $primary 60%;
        padding: 0 1;
    }
    HelpScreen #keys { margin-top: 1; }
    """

    BINDINGS: ClassVar[list[BindingType]] = [Binding("escape,f1,q", "close", N_("Close"))]

    def compose(self) -> ComposeResult:
        # The move language comes first: it is what a table looks up while playing, and at
        # 80x24 the second text starts below the fold. The page has the focus, so the arrow
        # and page keys scroll it at once, however long the app has been running.
        with VerticalScroll(id="page"):
            yield Static(_(MOVES), id="moves")
            yield Static(_(KEYS).format(right=glyphs.current().arrow), id="keys")
        yield Footer()

    def on_mount(self) -> None:
        self.query_one("#page", VerticalScroll).focus()

    def action_close(self) -> None:
        self.dismiss(None)
