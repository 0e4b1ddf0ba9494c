"""Background sync with the league's hub: a thread worker sends the sessions at start, every
minute and soon after a session changes, and keeps a status line for the sessions screen."""

from __future__ import annotations

import contextlib
import time
from typing import NamedTuple

from textual.app import App
from textual.timer import Timer

from referee.i18n import _, ngettext
from referee.store.paths import Layout

# The sync client (urllib, http.client, the chain's hashing) loads in the worker's thread when
# a hub is set: the app starts no slower for the many tables that have none.

SYNC_SECONDS = 60.0
"""How often the app syncs while it runs (a hub that could not be reached is tried again then)."""

SOON_SECONDS = 10.0
"""A recorded move or a closed table asks for a sync this long after the last such change:
a burst of moves at the table is sent once, not once a move."""

APP_TIMEOUT = 15.0
"""Seconds the app's background sync waits for one answer of the hub."""


class Status(NamedTuple):
    """What the status line says: sessions waiting, when the hub last took them all, why not."""

    waiting: int | None = None
    """Sessions the hub has not acknowledged as they are now (None until first counted)."""
    synced_at: float | None = None
    """`time.time()` when a sync last ended with the hub reached."""
    problem: str | None = None
    """Why the last sync could not use the hub (None once it could again)."""
    running: bool = False
    not_sent: int = 0
    """Sessions the last sync could not send (a hand-edited file, a fork)."""


def ago(seconds: float) -> str:
    """`just now`, `3 min ago`, `2 h ago`: how long since the last sync."""
    if seconds < 60:
        return _("just now")
    minutes = int(seconds // 60)
    if minutes < 60:
        return ngettext("{n} min ago", "{n} min ago", minutes).format(n=minutes)
    hours = minutes // 60
    return ngettext("{n} h ago", "{n} h ago", hours).format(n=hours)


def status_line(status: Status, url: str, now: float) -> str:
    """The sessions screen's line about the hub, in one sentence."""
    n = status.waiting
    if status.problem is not None:
        if n is None:
            return _("The hub cannot be used: {reason} (trying again)").format(
                reason=status.problem
            )
        return ngettext(
            "{n} session waiting; the hub cannot be used: {reason} (trying again)",
            "{n} sessions waiting; the hub cannot be used: {reason} (trying again)",
            n,
        ).format(n=n, reason=status.problem)
    if status.synced_at is None:
        if n is None:
            return _("Syncing with the hub at {url}…").format(url=url)
        return ngettext(
            "{n} session waiting; syncing with the hub at {url}…",
            "{n} sessions waiting; syncing with the hub at {url}…",
            n,
        ).format(n=n, url=url)
    when = ago(max(0.0, now - status.synced_at))
    if status.not_sent:
        return ngettext(
            "{n} session not taken by the hub (see 'uno-referee sync'), last sync {ago}",
            "{n} sessions not taken by the hub (see 'uno-referee sync'), last sync {ago}",
            status.not_sent,
        ).format(n=status.not_sent, ago=when)
    if not n:
        return _("Every session is on the hub, last sync {ago}").format(ago=when)
    return ngettext(
        "{n} session waiting, last sync {ago}", "{n} sessions waiting, last sync {ago}", n
    ).format(n=n, ago=when)


class HubSync:
    """The app's one sync with its hub. Runs `sync()` in a thread worker, never in the app's
    own thread: a ruling never waits on the network, and sync reads the sessions without their
    lock (read-only), so recording never waits on it either."""

    def __init__(self, app: App[None], layout: Layout) -> None:
        self.app = app
        self.layout = layout
        self.url: str | None = None
        self.key: str | None = None
        self.status = Status()
        self._running = False
        self._again = False
        """A sync was asked for while one ran: run another when it ends (what changed meanwhile
        may have been read before the change)."""
        self._soon: Timer | None = None
        self._every: Timer | None = None

    @property
    def active(self) -> bool:
        """A hub is set and this laptop has a key for it."""
        return self.url is not None and self.key is not None

    def use(self, url: str | None, key: str | None) -> None:
        """Sync with the hub at `url` (None: no hub), from now on; a sync starts at once."""
        self.url, self.key = url, key
        self.status = Status()
        if self._every is not None:
            self._every.stop()
            self._every = None
        if not self.active:
            return
        self._every = self.app.set_interval(SYNC_SECONDS, self.now)
        self.now()

    def soon(self) -> None:
        """Sync a little later (a session changed): once for a burst of changes."""
        if not self.active:
            return
        if self._soon is not None:
            self._soon.stop()
        self._soon = self.app.set_timer(SOON_SECONDS, self.now)

    def now(self) -> None:
        """Start a sync unless one is running (then another follows it)."""
        if not self.active:
            return
        if self._running:
            self._again = True
            return
        self._running = True
        self.status = self.status._replace(running=True)
        url, key = self.url, self.key
        assert url is not None and key is not None
        # A thread worker: `sync` blocks on the network and the disk. exit_on_error=False: a
        # sync that fails in a way not foreseen must not end the app at the table.
        self.app.run_worker(
            lambda: self._work(url, key), thread=True, group="hub-sync", exit_on_error=False
        )

    def _work(self, url: str, key: str) -> None:
        """In the worker's thread: count, sync, count again, and hand each state to the app."""
        from referee.league.client import HubClient, HubError
        from referee.league.sync import sync, waiting
        from referee.store import SessionError

        status = self.status
        try:
            status = status._replace(waiting=waiting(self.layout, url))
            self._tell(url, status)
            # A hub that never answers holds the app's exit for as long as this (the worker
            # thread is joined when the app quits): a quarter of the command's patience.
            client = HubClient(url, key, timeout=APP_TIMEOUT)
            outcome = sync(self.layout, client, lambda _said: None)
            status = status._replace(
                waiting=waiting(self.layout, url),
                synced_at=time.time(),
                problem=None,
                not_sent=len(outcome.problems),
            )
        except HubError as exc:
            status = status._replace(problem=exc.message)
        except (SessionError, OSError) as exc:
            reason = exc.message if isinstance(exc, SessionError) else (exc.strerror or str(exc))
            status = status._replace(problem=reason)
        finally:
            self._tell(url, status._replace(running=False), done=True)

    def _tell(self, url: str, status: Status, done: bool = False) -> None:
        with contextlib.suppress(RuntimeError):  # the app has closed: nothing to show
            self.app.call_from_thread(self._told, url, status, done)

    def _told(self, url: str, status: Status, done: bool) -> None:
        if url == self.url:  # not the answer of a hub given up meanwhile
            self.status = status
        if done:
            self._running = False
            if self._again:
                self._again = False
                self.now()
        for screen in self.app.screen_stack:
            shown = getattr(screen, "hub_changed", None)
            if callable(shown):
                shown()

    def line(self) -> str | None:
        """The status line now, or None when no hub is set."""
        if self.url is None:
            return None
        if self.key is None:
            return _(
                "The hub at {url} is set, but this laptop has no key for it yet (command "
                "palette: Hub for the league)"
            ).format(url=self.url)
        return status_line(self.status, self.url, time.time())
