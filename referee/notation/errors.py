"""The one exception the notation reader raises, located as `FILE:LINE:COL`."""

from __future__ import annotations

TYPE_CHECKING = False  # as typing's, without loading typing (see referee.named)


if TYPE_CHECKING:
    from ..engine.messages import Message


class NotationError(Exception):
    """A syntax error in a `.uno` file or the move box; `str()` is `FILE:LINE:COL: message`."""

    def __init__(self, file: str, line: int, col: int, message: str) -> None:
        super().__init__(file, line, col, message)
        self.file = file
        self.line = line
        self.col = col
        self.message = message

    @property
    def parts(self) -> tuple[Message, ...]:
        """The error as a ruling's data (`Recorded.parts`, `Trouble.parts`)."""
        from .error_words import Say  # only a refused line needs the engine's messages

        return (Say.problem(problem=self.message),)

    def __str__(self) -> str:
        return f"{self.file}:{self.line}:{self.col}: {self.message}"
