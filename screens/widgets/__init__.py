"""Reusable widgets of the table app: the card, the seating, alerts, the move box, the log."""

from .alerts import Alert, Alerts, alerts
from .card_view import CARD_COLORS, CardView, color_swatch
from .move_box import MoveBox, MoveSuggester, empty_line, expand, problem
from .options_form import TABLE_DEFAULT, OptionsForm
from .player_list import PlayerList
from .ruling_log import RulingLog
from .seating import NAME_CELLS, Seating, fit
from .table_status import TableStatus, TurnBanner, banner
from .totals_chart import TotalsChart

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
    "alerts",
    "banner",
    "color_swatch",
    "empty_line",
    "expand",
    "fit",
    "problem",
]
