"""The table's phones: seats and their credentials, proposals from the seats, the scorekeeper's
queue, and the one writer that rules on them (`Desk`)."""

from .confirm import CONFIRM_MODES, Confirm
from .desk import Desk, Pending, Reply
from .seats import Join, Seats

__all__ = ["CONFIRM_MODES", "Confirm", "Desk", "Join", "Pending", "Reply", "Seats"]
