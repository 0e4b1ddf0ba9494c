"""One refereed statement: where it came from, what it said, and the ruling on it."""

from __future__ import annotations

from ..named import NamedTuple
from .events import Event
from .ruling import Ruling


class Step(NamedTuple):
    """A statement of a session and the ruling on it (`ruling.state`: the state it left).

    (A named tuple: a session keeps one for every move, made as it is opened.)"""

    seq: int
    """The source line of a `.uno` file, or the move number of a stored session."""
    text: str
    """The statement in notation (as stored, or as the formatter writes it)."""
    event: Event
    ruling: Ruling

    @property
    def round(self) -> int:
        """The round the statement belongs to (0 before `round 1`)."""
        return self.ruling.state.round_no
