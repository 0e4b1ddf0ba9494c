"""Self-play: a real game with real hands, played by random players, checked against the engine."""

from .driver import SelfPlay
from .outcomes import Divergence, Stats, Tendencies

__all__ = ["Divergence", "SelfPlay", "Stats", "Tendencies"]
