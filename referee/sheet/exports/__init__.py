"""The export formats of a score sheet (`formats` holds their table), one module each."""

from ..formats import FORMATS, Format

__all__ = ["FORMATS", "Format"]
