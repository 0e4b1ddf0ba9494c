"""The house rules the referee ships with; importing this package registers them.

Each module is one house rule: its option key, its rules and its hooks. They never import each
other (an import-linter contract keeps them apart).
"""

from . import go_out_on_action, jump_in, mercy, multi_play, seven_o, stacking

__all__ = ["go_out_on_action", "jump_in", "mercy", "multi_play", "seven_o", "stacking"]
