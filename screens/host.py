"""What the screens ask of the app (open a table, start a session...), apart from the app itself.

The screens call back into the app that shows them; naming the app's class would make each
screen import the module that imports every screen. They name this base class instead, which
`RefereeApp` fills in.
"""

from __future__ import annotations

import datetime
from collections.abc import Callable
from pathlib import Path

from textual.app import App
from textual.screen import Screen

from referee.service import SessionService

TYPE_CHECKING = False
if TYPE_CHECKING:  # names in annotations only: the table's modules load when a table opens
    from referee.engine.events import Header

    from .hub_sync import HubSync
    from .sitting import Keeping, Sitting


class Host(App[None]):
    """The app as its screens see it."""

    service: SessionService
    today: Callable[[], datetime.date]
    """Where new sessions get their default date."""
    cwd: Path
    """Where import paths and exports are relative to."""
    hub_sync: HubSync
    """The background sync with the league's hub (idle when none is set)."""

    def open_session(self, session_id: str, *, read_only: bool = False) -> Screen[None] | None:
        """Push the table of a stored session (None if it could not be opened)."""
        raise NotImplementedError

    def new_session(self) -> None:
        raise NotImplementedError

    def start_session(self, header: Header, dealer: str, keeping: Keeping = "track") -> None:
        raise NotImplementedError

    def open_demo(self) -> None:
        raise NotImplementedError

    def import_file(self) -> None:
        raise NotImplementedError

    def show_scoreboard(self, sitting: Sitting) -> None:
        raise NotImplementedError

    def choose_hub(self) -> None:
        """Ask for the league's hub and this laptop's key."""
        raise NotImplementedError
