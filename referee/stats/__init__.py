"""Statistics across sessions: each session's figures, the league book, and standings."""

# Each name is loaded from its module when first asked for (PEP 562): the league book
# (`stats.league`) is read without the figures, which load the engine.
TYPE_CHECKING = False
if TYPE_CHECKING:
    from .figures import COUNTERS, FIGURES_VERSION, blank_figures, session_figures, usable_figures
else:

    def __getattr__(name: str) -> object:
        if name not in __all__:
            raise AttributeError(f"module {__name__!r} has no attribute {name!r}")
        from . import figures

        value = getattr(figures, name)
        globals()[name] = value
        return value


__all__ = ["COUNTERS", "FIGURES_VERSION", "blank_figures", "session_figures", "usable_figures"]
