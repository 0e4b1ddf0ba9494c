"""Statistics across sessions: each session's figures, the league book, and standings."""

from .figures import COUNTERS, FIGURES_VERSION, blank_figures, session_figures, usable_figures

__all__ = ["COUNTERS", "FIGURES_VERSION", "blank_figures", "session_figures", "usable_figures"]
