"""Modal dialogs: challenge, confirm, import, the QR code and a ruling's rule."""

from .challenge_dialog import ChallengeDialog
from .confirm_dialog import ConfirmDialog
from .import_dialog import ImportDialog
from .qr_dialog import QrDialog
from .rule_dialog import TABLE_DEFAULT, RuleDialog, rule_text

__all__ = [
    "TABLE_DEFAULT", "ChallengeDialog", "ConfirmDialog", "ImportDialog", "QrDialog",
    "RuleDialog", "rule_text",
]
