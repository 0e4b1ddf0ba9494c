"""The score sheet of a session and its exports (`exports/`): over the engine, under the service."""

from .model import Note, RoundInPlay, SessionRefused, Sheet, SheetRound, build_sheet

__all__ = ["Note", "RoundInPlay", "SessionRefused", "Sheet", "SheetRound", "build_sheet"]
