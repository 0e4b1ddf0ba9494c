"""The score sheet of a session and its exports (`exports/`): over the engine, under the service."""

# Each name is loaded from its module when first asked for (PEP 562): the sheet loads the
# engine, and the command line declares the export formats (`exports`) without it.
TYPE_CHECKING = False
if TYPE_CHECKING:
    from .model import Note, RoundInPlay, SessionRefused, Sheet, SheetRound, build_sheet
else:

    def __getattr__(name: str) -> object:
        if name not in __all__:
            raise AttributeError(f"module {__name__!r} has no attribute {name!r}")
        from . import model

        value = getattr(model, name)
        globals()[name] = value
        return value


__all__ = ["Note", "RoundInPlay", "SessionRefused", "Sheet", "SheetRound", "build_sheet"]
