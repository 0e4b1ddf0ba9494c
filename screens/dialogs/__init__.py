"""Modal dialogs: challenge, confirm, import, the QR code, a ruling's rule and the phones'
scoreboard."""

from .challenge_dialog import ChallengeDialog
from .confirm_dialog import ConfirmDialog
from .import_dialog import ImportDialog
from .qr_dialog import QrDialog
from .rule_dialog import TABLE_DEFAULT, RuleDialog, rule_text
from .serve_dialog import SERVE_KEY, ServeDialog

__all__ = [
    "SERVE_KEY",
    "TABLE_DEFAULT",
    "ChallengeDialog",
    "ConfirmDialog",
    "ImportDialog",
    "QrDialog",
    "RuleDialog",
    "ServeDialog",
    "rule_text",
]
