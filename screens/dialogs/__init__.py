"""Modal dialogs: actions by letter, catch, challenge, confirm, import, QR code, round start,
a rule, the phones' scoreboard."""

from .actions_menu import ActionsMenu
from .catch_dialog import CatchDialog
from .challenge_dialog import ChallengeDialog
from .confirm_dialog import ConfirmDialog
from .import_dialog import ImportDialog
from .qr_dialog import QrDialog
from .round_start_dialog import Kept, RoundStartDialog
from .rule_dialog import RuleDialog, rule_text
from .serve_dialog import SERVE_KEY, ServeDialog

__all__ = [
    "SERVE_KEY",
    "ActionsMenu",
    "CatchDialog",
    "ChallengeDialog",
    "ConfirmDialog",
    "ImportDialog",
    "Kept",
    "QrDialog",
    "RoundStartDialog",
    "RuleDialog",
    "ServeDialog",
    "rule_text",
]
