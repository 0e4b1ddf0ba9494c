"""The session notation: parser and formatter for `.uno` files."""

# Each name is loaded from its module when first asked for (PEP 562): the reader and the writer
# load the whole engine, and a command that only shows a name (`visible`) needs none of it.
TYPE_CHECKING = False
if TYPE_CHECKING:
    from .errors import NotationError
    from .format import format_event, format_session
    from .keyboard import from_keyboard
    from .names import name_problem, normal_name, players_problem, visible
    from .parse import Reading, parse_move, parse_session, read_move


_HOMES = {
    "NotationError": "errors",
    "format_event": "format",
    "format_session": "format",
    "from_keyboard": "keyboard",
    "name_problem": "names",
    "normal_name": "names",
    "players_problem": "names",
    "visible": "names",
    "parse_move": "parse",
    "parse_session": "parse",
    "Reading": "parse",
    "read_move": "parse",
}
"""The module that holds each name."""

if not TYPE_CHECKING:
    from ..lazy_names import loader

    __getattr__ = loader(__name__, _HOMES)

__all__ = [
    "NotationError",
    "Reading",
    "format_event",
    "format_session",
    "from_keyboard",
    "name_problem",
    "normal_name",
    "parse_move",
    "parse_session",
    "players_problem",
    "read_move",
    "visible",
]
