"""Facts a ruling records beside its words: what the statistics count (a penalty's cards, a
guilty challenge, a catch), typed, so that nothing downstream reads them from message keys."""

from __future__ import annotations

from ..named import NamedTuple

TYPE_CHECKING = False  # as typing's, without loading typing (see referee.named)
if TYPE_CHECKING:
    from typing import Literal, TypeAlias

FactKind: TypeAlias = (
    "Literal['penalty', 'guilty', 'caught', 'false-catch', 'misplay', 'table-penalty']"
)


class Fact(NamedTuple):
    """One fact of a ruling about one player."""

    kind: FactKind
    """`penalty`: the player drew `cards` as a penalty (a catch, a false catch, a misplay, a
    table penalty, a guilty or failed challenge beyond the card's own draw); `guilty`: a
    challenge found the player's card illegal; `caught`: the player was caught not calling
    UNO; `false-catch`: the player caught someone who could not be caught; `misplay`: the
    player's card was ruled a misplay; `table-penalty`: the table gave the player a penalty."""
    player: str
    cards: int = 0
