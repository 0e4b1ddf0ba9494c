"""Reusable widgets of the table app: the card, the seating, alerts, the move box, the log."""

# Each name is loaded from its module when first asked for (PEP 562): the app's first screen
# loads only what it shows, not every widget of the table. (`alerts` is the module; its function
# of the same name is `alerts.alerts`.)
TYPE_CHECKING = False
if TYPE_CHECKING:
    from .alerts import Alert, Alerts
    from .card_view import CARD_COLORS, CardView, color_swatch
    from .move_box import MoveBox, MoveSuggester, empty_line, expand, problem
    from .options_form import TABLE_DEFAULT, OptionsForm
    from .player_list import PlayerList
    from .ruling_log import RulingLog
    from .seating import NAME_CELLS, Seating, fit
    from .table_status import TableStatus, TurnBanner, banner
    from .totals_chart import TotalsChart

_HOMES = {
    "Alert": "alerts",
    "Alerts": "alerts",
    "CARD_COLORS": "card_view",
    "CardView": "card_view",
    "color_swatch": "card_view",
    "MoveBox": "move_box",
    "MoveSuggester": "move_box",
    "empty_line": "move_box",
    "expand": "move_box",
    "problem": "move_box",
    "TABLE_DEFAULT": "options_form",
    "OptionsForm": "options_form",
    "PlayerList": "player_list",
    "RulingLog": "ruling_log",
    "NAME_CELLS": "seating",
    "Seating": "seating",
    "fit": "seating",
    "TableStatus": "table_status",
    "TurnBanner": "table_status",
    "banner": "table_status",
    "TotalsChart": "totals_chart",
}
"""The module that holds each name."""

if not TYPE_CHECKING:
    from referee.lazy_names import loader

    __getattr__ = loader(__name__, _HOMES)

__all__ = [
    "CARD_COLORS",
    "NAME_CELLS",
    "TABLE_DEFAULT",
    "Alert",
    "Alerts",
    "CardView",
    "MoveBox",
    "MoveSuggester",
    "OptionsForm",
    "PlayerList",
    "RulingLog",
    "Seating",
    "TableStatus",
    "TotalsChart",
    "TurnBanner",
    "banner",
    "color_swatch",
    "empty_line",
    "expand",
    "fit",
    "problem",
]
