"""Two languages, one catalogue: the reader's language and the translated texts (gettext)."""

from .catalogue import LANGUAGES, N_, NC_, _, current, ngettext, pgettext, supply, use, withdraw
from .choice import choose, locale_language

__all__ = [
    "LANGUAGES",
    "NC_",
    "N_",
    "_",
    "choose",
    "current",
    "locale_language",
    "ngettext",
    "pgettext",
    "supply",
    "use",
    "withdraw",
]
