"""The referee: replays a session's events one at a time and rules on each."""

from __future__ import annotations

from collections.abc import Callable
from typing import Any

from . import events as ev
from .calls import CallsMixin
from .challenge import ChallengeMixin
from .editions import EDITIONS, PLANNED_EDITIONS
from .flip import FlipMixin
from .house import HouseMixin
from .nomercy import NoMercyMixin
from .options import OptionError, resolve
from .plays import PlaysMixin
from .rounds import RoundsMixin
from .ruling import Refusal, Ruling
from .scoring import parse_scoring


class SetupError(ValueError):
    """The header cannot be refereed: unknown edition, bad option, too few players."""


class Referee(PlaysMixin, FlipMixin, NoMercyMixin, HouseMixin, ChallengeMixin, CallsMixin,
              RoundsMixin):
    """Rules on a session's events in order, keeping only what the table can see.

    `apply` never raises for a bad event: it returns a refused Ruling and changes nothing.
    """

    def __init__(self, header: ev.Header) -> None:
        if header.edition in PLANNED_EDITIONS:
            raise SetupError(f"edition '{header.edition}' is not refereed by this version yet")
        if header.edition not in EDITIONS:
            raise SetupError(f"unknown edition '{header.edition}'")
        if not 2 <= len(header.players) <= 10:
            raise SetupError("a session needs 2 to 10 players")
        try:
            self.options = resolve(header.rules, header.edition, header.overrides)
            self.scoring = parse_scoring(header.scoring)
        except (OptionError, ValueError) as exc:
            raise SetupError(str(exc)) from exc
        self.header = header
        self.edition = EDITIONS[header.edition]
        self.players = header.players
        self._names = {name: name for name in header.players}
        self._names.update({name.casefold(): name for name in header.players})
        opt = self.options
        # Read once: these are consulted on every move.
        self.uno_penalty = int(opt["uno-penalty"])
        self.next_discard_window = opt["uno-window"] == "next-discard"
        self.false_catch_penalty = int(opt["false-catch-penalty"])
        self.hand_size = int(opt["hand-size"])
        self.mercy = 0 if opt["mercy"] == "off" else int(opt["mercy"])
        if opt["mercy"] != "off" and self.mercy <= self.hand_size:
            raise SetupError(f"the mercy limit ({self.mercy}) must be more than the hand size "
                             f"({self.hand_size})")
        self.customs = dict(header.customs)
        self.creeper_prev: int | None = None
        self.creeper_prev_next: list[int] = []
        self._init_rounds()
        self._handlers: dict[type, Callable[[Any], Ruling]] = {
            ev.RoundStarted: self._on_round, ev.DealerNamed: self._on_dealer,
            ev.StartTurned: self._on_start, ev.PlayerWentOut: self._on_out,
            ev.HandRevealed: self._on_hand, ev.TurnOverridden: self._on_turn_override,
            ev.CardPlayed: self._on_play, ev.CardsDrawn: self._on_draw,
            ev.DrawAccepted: self._on_accept, ev.ChallengeMade: self._on_challenge,
            ev.UnoCalled: self._on_uno, ev.PlayerCaught: self._on_catch,
            ev.MisplayCaught: self._on_misplay, ev.PenaltyGiven: self._on_penalty,
            ev.JumpedIn: self._on_jump, ev.HandAdjusted: self._on_adjust,
        }

    def apply(self, event: ev.Event) -> Ruling:
        """Rule on one event; on a refusal nothing changes."""
        table = self.table
        if table is not None:
            # A Creeper's three extra cards must be recorded right after the draw that found it.
            self.creeper_prev = table.creeper
            creeper_next = self.creeper_prev_next = table.creeper_next
            table.creeper, table.creeper_next = None, []
        try:
            ruling = self._handlers[type(event)](event)
            if self.mercy and self.table is not None:
                ruling = self._mercy(ruling)
            return ruling
        except Refusal as refusal:
            if table is not None:
                table.creeper, table.creeper_next = self.creeper_prev, creeper_next
            return Ruling(False, refusal.rule, refusal.text)

    def name(self, player: str) -> str:
        """The display name for a player as written in [Players]; Refusal if unknown."""
        found = self._names.get(player) or self._names.get(player.casefold())
        if found is None:
            raise Refusal("session", f"{player} is not at this table "
                                     f"(players: {', '.join(self.players)})")
        return found
