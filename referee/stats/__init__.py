"""Statistics across sessions: each session's figures, the league book, and standings."""

# Each name is loaded from its module when first asked for (PEP 562): the league book
# (`stats.league`) is read without the figures, which load the engine.
TYPE_CHECKING = False
if TYPE_CHECKING:
    from .figures import COUNTERS, FIGURES_VERSION, blank_figures, session_figures, usable_figures


__all__ = ["COUNTERS", "FIGURES_VERSION", "blank_figures", "session_figures", "usable_figures"]

if not TYPE_CHECKING:
    from ..lazy_names import loader

    __getattr__ = loader(__name__, dict.fromkeys(__all__, "figures"))
