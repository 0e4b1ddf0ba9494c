"""The session notation: parser and formatter for `.uno` files."""

from .errors import NotationError
from .format import format_event, format_session
from .parse import parse_move, parse_session

__all__ = ["NotationError", "format_event", "format_session", "parse_move", "parse_session"]
