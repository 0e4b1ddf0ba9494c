"""What the session service says beside the referee's rulings, as catalogue messages (data: the
edges put them into words, each in its reader's language)."""

from __future__ import annotations

from ..engine.messages import Key, Messages


class Say(Messages, namespace="session"):
    no_longer_holds = Key(
        "move #{seq} '{text}' no longer holds ({why}); correct it before recording more"
    )
    earlier_no_longer_holds = Key(
        "move #{seq} '{text}' before it no longer holds ({why}); correct that first"
    )
    full = Key("this session holds {limit:,} moves, the limit of one session; start a new one")
    already = Key("move #{seq} is already '{text}'")
    not_canonical = Key("'{text}' would not read back as the same move")
    internal = Key(
        "the referee failed on this move ({error}: {detail}); nothing was recorded. "
        "This is a bug: please report it with the session file"
    )
