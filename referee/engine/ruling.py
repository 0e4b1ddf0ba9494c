"""Rulings: the engine's answer to every event, as data (a rule id and message parts)."""

from __future__ import annotations

from ..named import NamedTuple
from .facts import Fact
from .messages import Message
from .rules import RuleId

TYPE_CHECKING = False  # as typing's, without loading typing (see referee.named)

if TYPE_CHECKING:
    from .state import Game


class Ruling(NamedTuple):
    """What the referee said about one event: accepted or refused, the rule it rests on, and
    the message parts that say it (data: the edges put them into the reader's words with
    `referee.render.render`; `messages.to_data` gives them to programs as JSON).

    `state` is the state the event leaves: the new state of an accepted event, the unchanged
    one of a refused event. It is never changed afterwards. (A tuple: one is made for every
    move, and a tuple is the cheapest object Python makes.)
    """

    ok: bool
    rule: RuleId
    parts: tuple[Message, ...] | list[Message]
    notable: bool
    """Worth a line on the score sheet: penalties, challenges, misplays, overrides."""
    state: Game
    facts: tuple[Fact, ...] = ()
    """What it records, typed (`facts.Fact`): what the statistics count."""

    def __repr__(self) -> str:
        return f"Ruling(ok={self.ok}, rule={self.rule!r}, keys={[k.key for k, _ in self.parts]})"


def changes_nothing(before: Game, ruling: Ruling) -> bool:
    """An accepted event that leaves the game as it was: a late catch with no penalty, a false
    catch without one, an UNO call that cannot apply. The referee accepts it (stored sessions
    hold such lines and must replay); a table records it only if it wants the note."""
    return ruling.ok and ruling.state.same_as(before)


class Refusal(Exception):
    """Raised while an event is refereed on a fork; the fork is dropped and the ruling refused."""

    def __init__(self, rule: RuleId, message: Message) -> None:
        super().__init__(rule)
        self.rule = rule
        self.message = message
