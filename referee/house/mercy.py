"""The mercy rule: a player holding the limit of cards or more is knocked out of the round."""

from __future__ import annotations

from collections.abc import Mapping

from ..engine.basics import NEXT, after_leaving, end_round
from ..engine.basics import Say as Basics
from ..engine.events import Play
from ..engine.messages import Key, Messages
from ..engine.options import HAND_SIZE_KEY, INT, OptionError, option
from ..engine.rules import RuleId, rule
from ..engine.ruling import Refusal
from ..engine.sources import NO_MERCY_GUIDE, NO_MERCY_SHEET
from ..engine.state import Game, Said, Table
from ..engine.units import HouseRule, register
from ..i18n import N_, _

KEY = option(
    "mercy",
    ("off", INT),
    "off",
    "off",
    "A player holding this many cards is knocked out of the round; their cards go to "
    "the bottom of the discard pile.",
    f"{NO_MERCY_SHEET} (Mercy Rule)",
)
KO_BONUS = option(
    "ko-bonus",
    INT,
    "0",
    "0",
    "Under 'target N', points the round's winner scores for each player knocked out.",
    "Table default: 0; No Mercy's 250 as open-source implementations give it",
    table_default=True,
    unit=KEY,
)
MERCY = rule(
    "mercy",
    "Mercy rule: a player holding the mercy limit of cards or more is knocked "
    "out of the round at once (no more drawing, no card played); their cards go to the "
    "bottom of the discard pile, play passes them over and a draw card they left "
    "waiting cannot be challenged. The last player left wins "
    "the round; under 'target N' the winner also scores the ko-bonus for each player "
    "knocked out. A draw accepted by the next player's move knocks out before that "
    "move; if that leaves one player, the accept is entered on its own.",
    f"{NO_MERCY_SHEET} (Mercy Rule); {NO_MERCY_GUIDE}; the rest: table default",
    unit=KEY,
)


class Say(Messages, namespace="mercy"):
    reaches = Key(
        "{player} reaches {limit} cards after {count} and is knocked out: '{player}: draw {count}'"
    )
    accept_alone = Key(
        "{player} reaches {limit} cards: the knock-out ends the round ('{player}: accept')"
    )
    knocked = Key(
        " {player} holds {count} cards and is knocked out (mercy rule): the cards go "
        "to the bottom of the discard pile."
    )
    last = Key(" {player} is the last player left and wins round {round}.")


@register
class Mercy(HouseRule):
    key = KEY
    title = N_("The mercy rule")

    def __init__(self, values: Mapping[str, str]) -> None:
        self.limit = int(values[KEY])
        hand_size = int(values[HAND_SIZE_KEY])
        if self.limit <= hand_size:
            raise OptionError(
                _("the mercy limit ({limit}) must be more than the hand size ({size})").format(
                    limit=self.limit, size=hand_size
                )
            )
        self.hand_limit = self.limit
        self.ko_bonus = int(values[KO_BONUS])

    def check_draw(
        self, g: Game, t: Table, seat: int, count: int, play: Play | None, until: bool
    ) -> None:
        """Reaching the limit while drawing knocks the player out at once: no more cards, and
        no card played."""
        held = t.hands[seat] + count
        if held > self.limit or (held == self.limit and play is not None):
            more = self.limit - t.hands[seat]
            raise Refusal(MERCY, Say.reaches(player=t.players[seat], limit=self.limit, count=more))

    def settle(self, g: Game, t: Table, said: Said, implied: bool) -> RuleId | None:
        """Knock out every player holding the limit or more."""
        if max(t.hands) < self.limit:
            return None
        over = [s for s in t.seated() if t.hands[s] >= self.limit]
        if not over:
            return None
        # The turn is said once, after the knock-outs.
        if said and said[-1][0] in NEXT and said.pop()[0] is Basics.next_clause:
            said.append(Basics.stop())
        for seat in over:
            self._knock_out(g, t, seat, said)
        left = t.seated()
        if implied:
            # An accept that knocks out the second-last player ends the round: nobody may
            # move on after it in the same statement.
            if len(left) == 1:
                raise Refusal(MERCY, Say.accept_alone(player=t.players[over[0]], limit=self.limit))
            return MERCY
        if len(left) == 1:
            # A draw still waiting is moot: its victim is out, or the winner's hand scores 0.
            t.pending = t.owed = None
            end_round(g, t, left[0], Said())
            said.append(Say.last(player=t.players[left[0]], round=g.round_no))
            return MERCY
        after_leaving(g, t, said)
        return MERCY

    def _knock_out(self, g: Game, t: Table, seat: int, said: Said) -> None:
        """The hand goes to the bottom of the discard pile and the seat leaves the round."""
        moved = t.leave(seat, MERCY)
        t.under_pile(moved)
        g.knocked = (*g.knocked, t.players[seat])
        if any(closer in t.out for closer in t.catchable.values()):
            t.catchable = {
                other: t.step(closer) if closer in t.out else closer
                for other, closer in t.catchable.items()
            }
        said.append(Say.knocked(player=t.players[seat], count=moved))
