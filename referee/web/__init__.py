"""The phone scoreboard: one stored session served read-only to the table's phones."""

from .board import board_of
from .links import LinkError, local_address, new_token, scoreboard_url
from .server import ServeError, ServerOptions, create_app, serve

__all__ = ["LinkError", "ServeError", "ServerOptions", "board_of", "create_app",
           "local_address", "new_token", "scoreboard_url", "serve"]
