"""How a table takes its phones' proposals: which legal ones wait for the scorekeeper."""

from __future__ import annotations

from typing import Literal

Confirm = Literal["all", "plays", "none"]
"""`all`: every proposal waits for the scorekeeper's Enter; `plays`: a play, draw or UNO call
of the seat on turn goes straight in, catches, challenges, hands and the rest wait; `none`:
everything legal goes straight in."""

CONFIRM_MODES: tuple[Confirm, ...] = ("all", "plays", "none")
