"""The `uno-referee` command line, on top of the session service; `main` is the console script."""

# `main` here is the function: it hides the submodule of the same name as an attribute of the
# package (`referee.cli.main` is the function); reach the module with
# importlib.import_module("referee.cli.main").
from .main import INTERNAL_ERROR, build_parser, main

__all__ = ["INTERNAL_ERROR", "build_parser", "main"]
