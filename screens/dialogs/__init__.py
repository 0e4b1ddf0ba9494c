"""Modal dialogs: actions by letter, catch, challenge, confirm, import, QR code, round start,
a rule, the phones' scoreboard, the league's hub."""

# Each name is loaded from its module when first asked for (PEP 562): the app's first
# screen loads only what it shows, not every dialog and widget of the table.
TYPE_CHECKING = False
if TYPE_CHECKING:
    from .actions_menu import ActionsMenu
    from .catch_dialog import CatchDialog
    from .challenge_dialog import ChallengeDialog
    from .confirm_dialog import ConfirmDialog
    from .hub_dialog import HubDialog
    from .import_dialog import ImportDialog
    from .qr_dialog import QrDialog
    from .round_start_dialog import Kept, RoundStartDialog
    from .rule_dialog import RuleDialog, rule_text
    from .serve_dialog import SERVE_KEY, ServeDialog

_HOMES = {
    "ActionsMenu": "actions_menu",
    "CatchDialog": "catch_dialog",
    "ChallengeDialog": "challenge_dialog",
    "ConfirmDialog": "confirm_dialog",
    "HubDialog": "hub_dialog",
    "ImportDialog": "import_dialog",
    "QrDialog": "qr_dialog",
    "Kept": "round_start_dialog",
    "RoundStartDialog": "round_start_dialog",
    "RuleDialog": "rule_dialog",
    "rule_text": "rule_dialog",
    "SERVE_KEY": "serve_dialog",
    "ServeDialog": "serve_dialog",
}
"""The module that holds each name."""

if not TYPE_CHECKING:
    from referee.lazy_names import loader

    __getattr__ = loader(__name__, _HOMES)

__all__ = [
    "SERVE_KEY",
    "ActionsMenu",
    "CatchDialog",
    "ChallengeDialog",
    "ConfirmDialog",
    "HubDialog",
    "ImportDialog",
    "Kept",
    "QrDialog",
    "RoundStartDialog",
    "RuleDialog",
    "ServeDialog",
    "rule_text",
]
