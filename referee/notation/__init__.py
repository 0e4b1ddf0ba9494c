"""The session notation: parser and formatter for `.uno` files."""

from .errors import NotationError
from .format import format_event, format_session
from .keyboard import from_keyboard
from .names import name_problem, normal_name, players_problem, visible
from .parse import Reading, parse_move, parse_session, read_move

__all__ = ["NotationError", "Reading", "format_event", "format_session", "from_keyboard",
           "name_problem", "normal_name", "parse_move", "parse_session", "players_problem",
           "read_move", "visible"]
