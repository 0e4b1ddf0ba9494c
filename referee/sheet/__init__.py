"""The score sheet of a session and its exports (`exports/`): over the engine, under the service."""

# Each name is loaded from its module when first asked for (PEP 562): the sheet loads the
# engine, and the command line declares the export formats (`exports`) without it.
TYPE_CHECKING = False
if TYPE_CHECKING:
    from .model import Note, RoundInPlay, SessionRefused, Sheet, SheetRound, build_sheet


__all__ = ["Note", "RoundInPlay", "SessionRefused", "Sheet", "SheetRound", "build_sheet"]

if not TYPE_CHECKING:
    from ..lazy_names import loader

    __getattr__ = loader(__name__, dict.fromkeys(__all__, "model"))
