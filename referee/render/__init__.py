"""Words for people: what the engine and the service give as data, said in the reader's
language (rulings, cards, colours). Only the edges import it: the app, the command line, the
scoreboard and the exported sheets."""

from .words import (
    CARD_PATTERN,
    DARK_CARD,
    card_name,
    colour_name,
    each,
    import_problem,
    in_words,
    render,
    render_data,
    ruling_fields,
)

__all__ = [
    "CARD_PATTERN",
    "DARK_CARD",
    "card_name",
    "colour_name",
    "each",
    "import_problem",
    "in_words",
    "render",
    "render_data",
    "ruling_fields",
]
