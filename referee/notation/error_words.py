"""The reader's errors as a ruling's data: one catalogue message (loaded only when an error is
turned into data, so that reading a file does not load the engine's message machinery)."""

from __future__ import annotations

from ..engine.messages import Key, Messages


class Say(Messages, namespace="notation"):
    # The reader's messages are whole sentences of the catalogue's `core` part, put into words
    # where the error is found; as a ruling's data they travel as this one message.
    problem = Key("{problem}")
    # Said after a refused line that still holds kana where the notation has only letters: the
    # input method was left in kana mode (`うの` for `uno`, `ｄらｗ` for `draw`).
    kana_mode = Key(
        "it looks typed in kana mode: switch the input method to alphanumeric "
        "(英数) and type it again ({problem})"
    )
