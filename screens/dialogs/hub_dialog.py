"""The league's hub: its address (kept in the settings) and this laptop's key (kept in a private
file, shown only by its last characters)."""

from __future__ import annotations

from collections.abc import Callable
from typing import ClassVar

from textual import on
from textual.app import ComposeResult
from textual.binding import Binding, BindingType
from textual.containers import Horizontal, Vertical
from textual.widgets import Button, Input, Label, Static

from referee.i18n import N_, _
from referee.store import settings
from referee.store.hub_key import HubKeyRefused, check_key, forget_hub_key, masked, save_hub_key

from ..literal import filled, literal
from ..prose import Prose
from .boxed_dialog import BoxedDialog


class HubDialog(BoxedDialog[bool]):
    """Dismisses with True once the hub (or its absence) is saved, False for Cancel."""

    DEFAULT_CSS = """
    HubDialog #problem { color: $error; height: auto; }
    HubDialog Input { margin-bottom: 1; }
    HubDialog Horizontal { height: auto; align-horizontal: right; margin-top: 1; }
    HubDialog Button { margin-left: 2; }
    """

    BINDINGS: ClassVar[list[BindingType]] = [
        Binding("escape", "cancel", N_("Cancel"), show=False),
    ]

    def __init__(self, url: str | None, key: str | None) -> None:
        """`url` and `key`: the hub in use and the key kept for it (None: none yet)."""
        super().__init__()
        self._url = url
        self._key = key

    def compose(self) -> ComposeResult:
        with Vertical():
            yield Label(filled("[b]$title[/]", title=_("Hub for the league")))
            yield Static(
                literal(
                    _(
                        "The sessions of this laptop are sent to the hub in the background; "
                        "its organiser gives the address and this laptop's key."
                    )
                )
            )
            yield Label(_("Address"))
            yield Input(self._url or "", placeholder="http://192.168.1.20:8766", id="url")
            yield Label(_("This laptop's key"))
            # The key is typed as stars and never put back on screen: only its last
            # characters say which one is kept.
            kept = (
                _("kept: {key}; type a new one to replace it").format(key=masked(self._key))
                if self._key
                else _("the key 'uno-referee hub key new NAME' printed")
            )
            yield Input(password=True, placeholder=kept, id="key")
            yield Static("", id="problem")
            with Horizontal():
                yield Button(_("No hub"), id="forget", variant="error")
                yield Button(_("Cancel"), id="cancel")
                yield Button(_("Save"), id="save", variant="primary")

    def on_mount(self) -> None:
        self.query_one("#url", Input).focus()

    @on(Input.Submitted, "#url")
    def _next(self) -> None:
        self.query_one("#key", Input).focus()

    @on(Input.Submitted, "#key")
    @on(Button.Pressed, "#save")
    def _save(self) -> None:
        url = self.query_one("#url", Input).value
        typed = self.query_one("#key", Input).value

        def keep() -> None:
            stored = settings.check("hub", url)
            key = check_key(typed) if typed or not self._key else None
            if key is not None:
                save_hub_key(key)
            settings.change("hub", stored)

        self._saved(keep)

    @on(Button.Pressed, "#forget")
    def _forget(self) -> None:
        def forget() -> None:
            settings.change("hub", None)
            forget_hub_key()

        self._saved(forget)

    def _saved(self, change: Callable[[], None]) -> None:
        """Make `change` and close; a refusal or the disk's error is said here instead."""
        try:
            change()
        except (settings.SettingsError, HubKeyRefused) as exc:
            self._problem(str(exc))
            return
        except OSError as exc:
            self._problem(
                _("The hub could not be saved: {reason}").format(reason=exc.strerror or exc)
            )
            return
        self.dismiss(True)

    @on(Button.Pressed, "#cancel")
    def action_cancel(self) -> None:
        self.dismiss(False)

    def _problem(self, text: str) -> None:
        self.query_one("#problem", Static).update(Prose(literal(text, lines=True)))
