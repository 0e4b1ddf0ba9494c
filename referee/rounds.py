"""Round life: dealer, deal and start card, going out, the hands left, and the score so far."""

from __future__ import annotations

from typing import TYPE_CHECKING

from . import events as ev
from .cards import Card
from .ruling import Refusal, Ruling
from .scoring import RoundResult, ScoreSheet, score
from .table import Table

if TYPE_CHECKING:
    from .engine import Referee

_SPECIAL_WILDS = ("wsh", "wsw", "wc", "cr")


class RoundsMixin:
    def _init_rounds(self: Referee) -> None:
        self.round_no = 0
        self.phase = "idle"
        """idle (before round 1), setup (dealer/start or out), play, over (awaiting hands)."""
        self.table: Table | None = None
        self.dealer: str | None = None
        self.seats: dict[str, int] = {}
        self.results: list[RoundResult] = []
        self.winner: str | None = None
        self.revealed: dict[str, int] = {}
        """Points entered for each hand this round."""
        self.revealed_cards: dict[Card, int] = {}
        self.penalties: list[tuple[str, int]] = []
        self.penalty_due: set[str] = set()
        self.knocked: list[str] = []
        """Players the mercy rule knocked out of this round."""
        self.sheet: ScoreSheet = score(self.scoring, self.players, [])

    # Round boundaries ------------------------------------------------------------------------

    def _on_round(self: Referee, event: ev.RoundStarted) -> Ruling:
        if event.number != self.round_no + 1:
            raise Refusal("session", f"expected round {self.round_no + 1}, not {event.number}")
        if self.phase in ("setup", "play"):
            raise Refusal("going-out", f"round {self.round_no} is not over: nobody has gone out")
        missing = self.missing_hands()
        if missing:
            raise Refusal("round-hands", f"round {self.round_no} needs the hands of "
                                         f"{', '.join(missing)} before round {event.number}")
        if self.sheet.finished:
            raise Refusal("scoring", self._decided_text())
        previous, winner = self.dealer, self.winner
        self.round_no = event.number
        self.phase = "setup"
        self.table = None
        self.winner = None
        self.revealed = {}
        self.revealed_cards = {}
        self.penalties = []
        self.penalty_due = set()
        self.knocked = []
        active = self._active_players()
        self.seats = {name: i for i, name in enumerate(active)}
        if previous is None:
            self.dealer = None
            return Ruling(True, "session", f"Round {event.number} begins.")
        if self.options["dealer-rotation"] == "winner" and winner in self.seats:
            self.dealer = winner
        else:
            self.dealer = self._left_of(previous, active)
        return Ruling(True, "dealer-rotation",
                      f"Round {event.number} begins; {self.dealer} deals.")

    def _active_players(self: Referee) -> tuple[str, ...]:
        out = self.sheet.eliminated
        return tuple(p for p in self.players if p not in out)

    def _left_of(self: Referee, name: str, active: tuple[str, ...]) -> str:
        i = self.players.index(name)
        for step in range(1, len(self.players) + 1):
            candidate = self.players[(i + step) % len(self.players)]
            if candidate in active:
                return candidate
        return name

    def _on_dealer(self: Referee, event: ev.DealerNamed) -> Ruling:
        if self.phase != "setup":
            raise Refusal("session", "the dealer is named at the start of a round, before `start`")
        name = self.name(event.player)
        if name not in self.seats:
            raise Refusal("session", f"{name} is out of the game")
        self.dealer = name
        return Ruling(True, "deal", f"{name} deals round {self.round_no}.")

    def _on_out(self: Referee, event: ev.PlayerWentOut) -> Ruling:
        if self.phase != "setup":
            raise Refusal("session", "`out` is for scorekeeping-only rounds, before any `start`; "
                                     "in a tracked round a player goes out with their last card")
        name = self.name(event.player)
        if name not in self.seats:
            raise Refusal("session", f"{name} is out of the game")
        self.phase = "over"
        self.winner = name
        self._record_result()
        return Ruling(True, "going-out", f"{name} went out and wins round {self.round_no}.")

    # Deal and start card ---------------------------------------------------------------------

    def _on_start(self: Referee, event: ev.StartTurned) -> Ruling:
        if self.phase != "setup":
            raise Refusal("session", "`start` comes once, at the beginning of a round")
        if self.dealer is None:
            raise Refusal("session", f"name the dealer of round {self.round_no} first "
                                     "(`dealer NAME`)")
        *returned, first = event.cards
        number_only = self.options["start-card"] == "number-only"
        back = self.edition.start_back
        for face in event.cards:
            if face not in self.edition.deck or not self.edition.on_side(face, 0):
                raise Refusal("card-in-edition", f"{face.name} is not in the "
                                                 f"{self.edition.id} deck"
                              + (" on its light side" if face in self.edition.deck else ""))
        for face in returned:
            if not (face.kind in back or (number_only and not face.is_number)):
                raise Refusal("start-card", f"{face.name} is not sent back as a start card: "
                                            "it starts play")
        if first.kind in back or (number_only and not first.is_number):
            raise Refusal("start-card", f"{first.name} is sent back: turn another card")
        # All Wild: a start card's action is ignored and no colour is named (dossier 8).
        if self.edition.id == "allwild":
            if event.color is not None:
                raise Refusal("allwild", "All Wild cards take no colour")
        elif first.is_wild and event.color is None:
            raise Refusal("wild-color", f"the player left of the dealer names the colour for "
                                        f"the {first.name}: `start {first.code} red`")
        if event.color is not None and (not first.is_wild
                                        or event.color not in self.edition.colors(0)):
            raise Refusal("wild-color", f"{first.name} takes no colour" if not first.is_wild
                          else "that colour is not in this deck")
        players = tuple(self.seats)
        table = Table(players, self.edition, self.seats[self.dealer])
        n = len(players)
        dealt = self.hand_size * n
        if dealt + 1 > self.edition.size:
            raise Refusal("deal", f"{n} hands of {self.hand_size} do not fit in the deck")
        table.hands = [self.hand_size] * n
        table.known = [{} for _ in players]
        table.draw_pile = self.edition.size - dealt - 1
        table.discard(first)
        table.top, table.color = first, event.color or first.color
        self.table = table
        self.phase = "play"
        return self._start_effect(table, first)

    def _start_effect(self: Referee, table: Table, first: Card) -> Ruling:
        dealer = table.dealer
        left = table.step(dealer)
        name = table.players
        if self.edition.id == "allwild":
            table.turn = left
            return Ruling(True, "allwild", f"{first.name} starts, its action ignored; "
                                           f"{name[left]} plays first.")
        if self.options["start-card"] == "number-only" or first.is_number:
            table.turn = left
            return Ruling(True, "start-card", f"{first.name} starts; {name[left]} plays first.")
        kind = first.kind
        if first.draws:
            # A Draw Two, or Flip's Draw One (dossier 5.2: "same rule applies").
            table.draw(left, first.draws)
            self._creeper_after_draw(left)
            table.turn = table.step(left)
            text = (f"{name[left]} draws {first.draws} and is skipped; {name[table.turn]} "
                    "plays first.")
        elif kind == "r":
            table.direction = -1
            table.turn = dealer
            text = f"the dealer, {name[dealer]}, plays first and play goes to the right."
        elif kind == "s":
            table.turn = table.step(left)
            text = f"{name[left]} is skipped; {name[table.turn]} plays first."
        else:
            table.turn = left
            rule = "start-special-wild" if kind in _SPECIAL_WILDS else "start-card"
            return Ruling(True, rule, f"{first.name} starts; {name[left]} named "
                                      f"{table.color_name()} and plays first.")
        return Ruling(True, "start-card", f"{first.name} starts: {text}")

    # Going out and the hands left ------------------------------------------------------------

    def _end_round(self: Referee, seat: int) -> str:
        table = self.table
        assert table is not None
        self.winner = table.players[seat]
        table.winner = seat
        table.turn = None
        table.catchable.clear()
        table.must_play = None
        self.phase = "over"
        self._record_result()
        return f" {self.winner} is out and wins round {self.round_no}."

    def missing_hands(self: Referee) -> list[str]:
        """Losers whose hands the scoring system still needs before the next round."""
        if self.phase != "over" or self.scoring.kind in ("none", "penalty"):
            return []
        return [p for p in self.seats
                if p != self.winner and p not in self.revealed and p not in self.knocked]

    def _record_result(self: Referee) -> None:
        result = RoundResult(self.winner, dict(self.revealed), tuple(self.penalties),
                             tuple(self.knocked), int(self.options["ko-bonus"]))
        if len(self.results) == self.round_no:
            self.results[-1] = result
        else:
            self.results.append(result)
        self.sheet = score(self.scoring, self.players, self.results)

    def _decided_text(self: Referee) -> str:
        who = self.sheet.winner or "a tie"
        return f"the game is decided ({who} wins after round {self.sheet.finished_after})"

    def _on_hand(self: Referee, event: ev.HandRevealed) -> Ruling:
        name = self.name(event.player)
        mid_round = self.phase == "play" and name in self.penalty_due
        if self.phase != "over" and not mid_round:
            raise Refusal("round-hands", "hands are entered when a round is over"
                          + (" (or right after a penalty ruling)"
                             if self.scoring.kind == "penalty" else ""))
        if name not in self.seats:
            raise Refusal("session", f"{name} did not play this round")
        if not mid_round and name in self.revealed:
            raise Refusal("round-hands", f"{name}'s hand is already entered")
        table = self.table
        count = table.hands[self.seats[name]] if table is not None else None
        if event.cards is not None:
            points = self._check_cards(name, event.cards, count, mid_round)
        else:
            points = event.points if event.points is not None else 0
            top = (count if count is not None else 108) * self.edition.max_value
            if points < 0 or points > top or (count == 0 and points):
                raise Refusal("round-hands", f"{points} points cannot be {name}'s hand"
                              + (f" of {count} cards" if count is not None else ""))
        if mid_round:
            self.penalty_due.discard(name)
            self.penalties.append((name, points))
            return Ruling(True, "scoring", f"{name} records {points} penalty points.", True)
        self.revealed[name] = points
        self._record_result()
        return Ruling(True, "round-hands", f"{name} holds {points} points.")

    def _check_cards(self: Referee, name: str, cards: tuple[Card, ...], count: int | None,
                     mid_round: bool) -> int:
        if count is not None and len(cards) != count:
            raise Refusal("round-hands", f"{name} holds {count} cards, not {len(cards)}")
        if name == self.winner and cards:
            raise Refusal("round-hands", f"{name} went out and holds no cards")
        table = self.table
        tally: dict[Card, int] = {}
        side = table.side if table is not None else None
        for face in cards:
            self._check_side(face, side)
            tally[face] = tally.get(face, 0) + 1
        if table is not None:
            held = table.known[self.seats[name]]
            missing = [face.name for face, n in held.items() if tally.get(face, 0) < n]
            if missing:
                raise Refusal("round-hands", f"{name} is known to hold {', '.join(missing)}, "
                                             "which this hand leaves out")
        for face, n in tally.items():
            seen = self.revealed_cards.get(face, 0) if not mid_round else 0
            if table is not None:
                seen += table.pile_counts.get(face, 0)
            if seen + n > self.edition.deck[face]:
                raise Refusal("conservation", f"the deck has {self.edition.deck[face]} "
                                              f"{face.name}; {seen} are already accounted for")
        if not mid_round:
            for face, n in tally.items():
                self.revealed_cards[face] = self.revealed_cards.get(face, 0) + n
        return self.edition.points(cards)
