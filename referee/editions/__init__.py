"""The editions the referee ships with; `units.load_standard` registers them (importing a
module registers its edition)."""

ORDER = ("classic", "swap", "shuffle", "minecraft", "minimalista", "allwild", "flip", "nomercy")
"""The order editions are listed in (a session's `[Edition]` names one) and loaded in."""
