"""The one exception the notation reader raises, located as `FILE:LINE:COL`."""

from __future__ import annotations

from ..engine.messages import Key, Message, Messages


class Say(Messages, namespace="notation"):
    # The reader's messages are whole sentences of the catalogue's `core` part, put into words
    # where the error is found; as a ruling's data they travel as this one message.
    problem = Key("{problem}")


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
        return (Say.problem(problem=self.message),)

    def __str__(self) -> str:
        return f"{self.file}:{self.line}:{self.col}: {self.message}"
