"""The one writer of a table with phones: it rules on each seat's proposals as they arrive, keeps
the scorekeeper's queue in arrival order, and records what holds (persisted before answered)."""

from __future__ import annotations

from collections import OrderedDict
from collections.abc import Mapping
from typing import TYPE_CHECKING, Any, Literal

from ..engine.events import (
    CardPlayed,
    CardsDrawn,
    ChallengeMade,
    DealerNamed,
    DrawAccepted,
    Event,
    HandRevealed,
    Header,
    JumpedIn,
    MisplayCaught,
    PlayerCaught,
    RoundStarted,
    StartTurned,
    UnoCalled,
)
from ..engine.moves import legal_moves
from ..engine.rounds import missing_hands
from ..engine.waiting import actor
from ..named import NamedTuple
from ..notation import NotationError, format_event, from_keyboard, read_move
from ..service.trouble import Parts
from .confirm import Confirm
from .seats import Seats
from .words import Say

if TYPE_CHECKING:
    from ..engine.state import Game
    from ..service import LiveSession, Preview, Recorded

SEAT_RULE = "seat"
"""The `rule` of a proposal refused because of who sent it, not a rule of the game."""
SCOREKEEPER_RULE = "scorekeeper"
TIME_RULE = "at-time"
"""An event's at-time rule (the engine's `at-time`): time is up, no new round begins."""
"""The `rule` of a proposal the scorekeeper turned down, or that waits for them."""

Status = Literal["recorded", "waiting", "refused", "rejected", "noted"]

PROPOSED = (
    CardPlayed,
    CardsDrawn,
    DrawAccepted,
    ChallengeMade,
    UnoCalled,
    PlayerCaught,
    JumpedIn,
    MisplayCaught,
)
"""What a seat's phone may propose, beside its hand at a round's end and a round's start card:
its own turn, calls, catches and challenges, and its own misplay once caught (the engine checks
the card really was illegal). Penalties and overrides are the table's rulings: the
scorekeeper's."""
TURN_ACTIONS = (CardPlayed, CardsDrawn, DrawAccepted)
"""What goes straight in under `plays`, from the seat on turn."""
ANSWERS_KEPT = 10_000
"""Answers kept for retried requests (the log keeps the ids of every recorded one for ever)."""


class Reply(NamedTuple):
    """The answer to one proposal, as data: the phone puts it into its own language."""

    status: Status
    request: str
    player: str
    text: str
    """The line in canonical notation (as sent, when it could not be read)."""
    rule: str
    parts: Parts
    seq: int | None = None
    stale: bool = False
    """It was proposed on a table that has moved on since, and was judged again."""


class Pending(NamedTuple):
    """A legal proposal waiting, in arrival order, for the scorekeeper or a second phone."""

    request: str
    player: str
    preview: Preview
    """Its ruling on the table as it will be once everything ahead of it is in."""
    stale: bool
    second: str | None = None
    """The challenged player, whose phone confirms a challenge's verdict."""
    seconded: bool | None = None
    """None: not yet; True: confirmed; False: disputed (the scorekeeper decides)."""
    group: str | None = None
    """The proposal it is part of, when one proposal made several lines (a round's opening):
    accepted or turned down together."""

    @property
    def text(self) -> str:
        reading = self.preview.reading
        return self.preview.text if isinstance(reading, NotationError) else reading[1]


class Desk:
    """One session's writer for its phones and its scorekeeper. Use it from one thread."""

    def __init__(
        self, live: LiveSession, confirm: Confirm = "plays", codes: Mapping[str, str] | None = None
    ) -> None:
        self.live = live
        self.confirm: Confirm = confirm
        self.seats = Seats(live.header.players, codes)
        self.queue: list[Pending] = []
        self.alerts: list[str] = []
        """Players whose phone called the scorekeeper, oldest first (the app takes them)."""
        self.disputes: list[Reply] = []
        """Hands entered on a phone that the referee refused (not the count it tracked): the
        scorekeeper settles them, newest last."""
        self.catches: list[tuple[str, str]] = []
        """Catches a phone claimed and the referee refused, as (catcher, caught), oldest
        first: the players disagree, and an event's director may be wanted (the venue takes
        them)."""
        self.time_up = False
        """An event's round time is up at this table: no new round may begin (the venue sets
        it)."""
        self._answers: OrderedDict[str, Reply] = OrderedDict()
        self._stored = live.requests()

    # A seat's phone ----------------------------------------------------------------------------

    def propose(self, player: str, action: str, seen: int, request: str) -> Reply:
        """Rule on `player`'s proposal `action` (a move without its name, or `hand ...`) now."""
        earlier = self.answer(request)
        if earlier is not None:
            return earlier
        stale = seen != len(self.live.moves)
        action = from_keyboard(action, self.live.header.players).strip()
        if _whole_line(action, self.live.header):
            # A whole line as the notation writes it (`Bob: b3`, `round 2`): judged as sent,
            # then refused if it is not this seat's own (prefixing the sender's name would
            # only have made it unreadable, and hidden why it is refused).
            line = action
        elif action.casefold().startswith("hand") and not action[4:5].isalnum():
            line = f"hand {player}: {action[4:].lstrip(' :')}"
        else:
            line = f"{player}: {action}"
        preview = self.live.preview(line, after=self._ahead())
        reading = preview.reading
        if (
            self.time_up
            and not isinstance(reading, NotationError)
            and isinstance(reading[0], (RoundStarted, DealerNamed, StartTurned))
        ):
            return self._done(
                Reply(
                    "refused",
                    request,
                    player,
                    reading[1],
                    TIME_RULE,
                    (Say.time_up(),),
                    stale=stale,
                )
            )
        if not isinstance(reading, NotationError) and isinstance(reading[0], StartTurned):
            return self._open_round(player, reading[1], request, stale)
        if not isinstance(reading, NotationError):
            event = reading[0]
            # Whose line it is decides before the rules do: a phone sends its own seat's moves.
            why = (
                Say.scorekeeper_only()
                if not isinstance(event, (*PROPOSED, HandRevealed))
                else Say.not_yours(seat=player)
                if _actor(event) != player
                else None
            )
            if why is not None:
                return self._done(
                    Reply("refused", request, player, reading[1], SEAT_RULE, (why,), stale=stale)
                )
        answer = preview.answer
        if not answer.ok or preview.ruling is None or isinstance(reading, NotationError):
            status: Status = "noted" if answer.note else "refused"
            reply = Reply(
                status, request, player, answer.text, answer.rule, answer.parts, stale=stale
            )
            if not isinstance(reading, NotationError) and isinstance(reading[0], HandRevealed):
                # The hand a player says they hold does not agree with what the referee tracked.
                self.disputes.append(reply)
            if not isinstance(reading, NotationError) and isinstance(reading[0], PlayerCaught):
                self.catches.append((reading[0].player, reading[0].target))
            return self._done(reply)
        event = reading[0]
        second = None
        if isinstance(event, ChallengeMade) and event.verdict is not None:
            second = self._challenged(preview.state)
        self.queue.append(Pending(request, player, preview, stale, second))
        self._advance()
        return self.answer(request) or self._waiting(self.queue[-1])

    def _open_round(self, player: str, start: str, request: str, stale: bool) -> Reply:
        """A seat turns up the start card (`start CARD...`): the round is opened with it when it
        is not open yet (`round N`), and, where the round has no dealer yet, the seat that
        turned the card deals (`dealer NAME`). The lines go in together, as one proposal."""
        lines = []
        after = self._ahead()
        state = after or self.live.referee.state
        if state.phase in ("idle", "over"):
            lines.append(f"round {state.round_no + 1}")
        previews: list[Preview] = []
        for line in [*lines, "dealer", start]:
            if line == "dealer":
                # Whether the round needs one is the engine's to say: its state after the lines
                # before has a dealer (the rotation named one) or not.
                if state.dealer is not None:
                    continue
                line = f"dealer {player}"
            preview = self.live.preview(line, after=after)
            answer = preview.answer
            if not answer.ok or preview.ruling is None:
                status: Status = "noted" if answer.note else "refused"
                return self._done(
                    Reply(
                        status, request, player, answer.text, answer.rule, answer.parts, stale=stale
                    )
                )
            previews.append(preview)
            after = state = preview.ruling.state
        last = len(previews) - 1
        for index, preview in enumerate(previews):
            # The start line carries the proposal's id; the lines it needed carry ids of their own.
            own = request if index == last else f"{request}:{index + 1}"
            self.queue.append(Pending(own, player, preview, stale, group=request))
        self._advance()
        return self.answer(request) or self._waiting(self.queue[-1])

    def second(self, player: str, agree: bool) -> Reply | None:
        """The challenged player's phone confirms (or disputes) the verdict waiting for it;
        None if none waits."""
        for index, pending in enumerate(self.queue):
            if pending.second == player and pending.seconded is None:
                self.queue[index] = pending._replace(seconded=agree)
                if not agree:
                    self.alerts.append(player)
                self._advance()
                return self.answer(pending.request) or self._waiting(self.queue[index])
        return None

    def call(self, player: str) -> None:
        """`player`'s phone calls the scorekeeper to the table."""
        self.alerts.append(player)

    def answer(self, request: str) -> Reply | None:
        """What became of proposal `request` (None: never seen)."""
        found = self._answers.get(request)
        if found is not None:
            return found
        for pending in self.queue:
            if pending.request == request:
                return self._waiting(pending)
        seq = self._stored.get(request)
        if seq is not None:
            return Reply("recorded", request, "", "", SCOREKEEPER_RULE, (Say.retried(),))
        return None

    def legal(self, player: str) -> dict[str, Any]:
        """What `player`'s phone may propose now, as it sends it (the engine's legal moves, on
        the table as it will be once the queue is in), with the deck's faces on the side in
        play and its colours (the pad's buttons), and the verdict waiting for `player` to
        confirm, if any."""
        state = self._ahead() or self.live.referee.state
        header = self.live.header
        moves = []
        for event in legal_moves(state, player):
            line = format_event(event, header)
            moves.append(line.split(": ", 1)[1] if ": " in line else line)
        if player in missing_hands(state):
            moves.append("hand")
        deck, table = state.setup.deck, state.table
        side = table.side if table is not None else 0
        faces = [face.code for face in deck.cards if deck.on_side(face, side)]
        confirm = next(
            (p.text for p in self.queue if p.second == player and p.seconded is None), None
        )
        return {
            "moves": moves,
            "playing": state.phase == "play",
            "faces": list(dict.fromkeys(faces)),
            "colours": list(deck.colors(side)),
            "confirm": confirm,
            "mine": [p.text for p in self.queue if p.player == player],
        }

    # The scorekeeper ---------------------------------------------------------------------------

    def accept(self) -> Reply | None:
        """Record the first proposal in the queue (judged again on the table as it is now)."""
        if not self.queue:
            return None
        head = self.queue.pop(0)
        reply = self._record(head)
        while head.group is not None and self.queue and self.queue[0].group == head.group:
            following = self.queue.pop(0)
            if reply.status == "recorded":
                reply = self._record(following)
            else:
                self._refused_now(following, self.live.judge_again(following.preview).answer)
        self.recheck()
        return reply

    def reject(self) -> Reply | None:
        """Turn down the first proposal in the queue; the ones behind it are judged again."""
        if not self.queue:
            return None
        head = self.queue.pop(0)
        while head.group is not None and self.queue and self.queue[0].group == head.group:
            head = self.queue.pop(0)  # the lines of one proposal are turned down together
        reply = self._done(
            Reply(
                "rejected",
                head.request,
                head.player,
                head.text,
                SCOREKEEPER_RULE,
                (Say.rejected(text=head.text),),
                stale=head.stale,
            )
        )
        self.recheck()
        return reply

    def director(self, line: str, request: str) -> Reply:
        """An event's director records `line` at this table (time called, a player leaving),
        once for `request`: before the proposals waiting, which are then judged again."""
        earlier = self.answer(request)
        if earlier is not None:
            return earlier
        answer: Recorded = self.live.record(line, request=request)
        if answer.seq is not None:
            self._stored[request] = answer.seq
        reply = self._done(
            Reply(
                "recorded" if answer.ok else "refused",
                request,
                "",
                answer.text,
                answer.rule,
                answer.parts,
                answer.seq,
            )
        )
        self._rejudge()
        return reply

    def recheck(self) -> list[Reply]:
        """After anything changed the table (a typed move, an undo, a correction): every waiting
        proposal is judged again in order; the ones that no longer hold are answered so. The
        scorekeeper has acted: the calls and the refused hands are theirs now, and leave the
        list."""
        self.alerts.clear()
        self.disputes.clear()
        return self._rejudge()

    def _rejudge(self) -> list[Reply]:
        """Every waiting proposal judged again in order, then the ready ones recorded."""
        dropped: list[Reply] = []
        kept: list[Pending] = []
        state: Game | None = None
        for pending in self.queue:
            again = self.live.judge_again(pending.preview, after=state)
            if again.answer.ok and again.ruling is not None:
                kept.append(pending._replace(preview=again))
                state = again.ruling.state
            else:
                dropped.append(self._refused_now(pending, again.answer))
        self.queue = kept
        self._advance()
        return dropped

    # Inside -------------------------------------------------------------------------------------

    def _ahead(self) -> Game | None:
        """The state once every waiting proposal is in: a new one is judged after them."""
        last = self.queue[-1].preview.ruling if self.queue else None
        return last.state if last is not None else None

    def _ready(self, pending: Pending) -> bool:
        """Whether the first waiting proposal goes in without the scorekeeper."""
        if pending.second is not None and not pending.seconded:
            return False
        if self.confirm == "none":
            return True
        if self.confirm == "all":
            return False
        reading = pending.preview.reading
        event = reading[0] if not isinstance(reading, NotationError) else None
        if pending.second is not None:
            return True  # both phones agree: the verdict is confirmed
        if isinstance(event, UnoCalled):
            return True  # a claim of one's own: its moment is what counts
        return isinstance(event, TURN_ACTIONS) and pending.player == actor(pending.preview.state)

    def _advance(self) -> None:
        """Record, in order, the proposals at the head of the queue that need no one."""
        while self.queue and self._ready(self.queue[0]):
            head = self.queue.pop(0)
            reply = self._record(head)
            if reply.status != "recorded":
                self._rejudge()
                return

    def _record(self, pending: Pending) -> Reply:
        answer: Recorded = self.live.record(
            pending.preview, by=pending.player, request=pending.request
        )
        if not answer.ok:
            return self._refused_now(pending, answer)
        if answer.seq is not None:
            self._stored[pending.request] = answer.seq
        return self._done(
            Reply(
                "recorded",
                pending.request,
                pending.player,
                answer.text,
                answer.rule,
                answer.parts,
                answer.seq,
                pending.stale,
            )
        )

    def _refused_now(self, pending: Pending, answer: Recorded) -> Reply:
        return self._done(
            Reply(
                "refused",
                pending.request,
                pending.player,
                answer.text,
                answer.rule,
                answer.parts,
                stale=True,
            )
        )

    def _waiting(self, pending: Pending) -> Reply:
        if pending.second is not None and pending.seconded is None:
            parts: Parts = (Say.waiting_for(player=pending.second),)
        elif pending.seconded is False:
            parts = (Say.disputed(player=pending.second),)
        else:
            parts = (Say.waiting(),)
        return Reply(
            "waiting",
            pending.request,
            pending.player,
            pending.text,
            SCOREKEEPER_RULE,
            parts,
            stale=pending.stale,
        )

    def _done(self, reply: Reply) -> Reply:
        self._answers[reply.request] = reply
        while len(self._answers) > ANSWERS_KEPT:
            self._answers.popitem(last=False)
        return reply

    @staticmethod
    def _challenged(state: Game) -> str | None:
        t = state.table
        if t is None or t.pending is None:
            return None
        return t.players[t.pending.offender]


def _actor(event: Event) -> str | None:
    return getattr(event, "player", None)


def _whole_line(action: str, header: Header) -> bool:
    """Whether `action` reads as a line of its own (a name or a statement first): a seat's own
    move without its name never does."""
    try:
        read_move(action, header)
    except NotationError:
        return False
    return True
