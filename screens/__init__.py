"""The Textual app (issue 5); the engine never imports this package."""

from .app import THEME, RefereeApp, build_app, run

__all__ = ["THEME", "RefereeApp", "build_app", "run"]
