"""UNO Table Referee: the rules engine, session notation and commands (no UI)."""

__version__ = "0.1.0"
