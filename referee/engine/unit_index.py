"""Which shipped unit brings which edition and option (made by `unit_index_build`).

Generated: do not edit; run `python -m referee.engine.unit_index_build`. The engine reads it to
load only the units a session needs (`setup.resolve`, `units.load_through`).
"""

MODULES = (
    "referee.editions.classic",
    "referee.editions.swap",
    "referee.editions.shuffle",
    "referee.editions.minecraft",
    "referee.editions.minimalista",
    "referee.editions.allwild",
    "referee.editions.flip",
    "referee.editions.nomercy",
    "referee.house.go_out_on_action",
    "referee.house.jump_in",
    "referee.house.mercy",
    "referee.house.multi_play",
    "referee.house.seven_o",
    "referee.house.stacking",
)
"""The shipped unit modules, in the order a full load imports them."""
EDITIONS = {
    "classic": 0,
    "swap": 1,
    "shuffle": 2,
    "minecraft": 3,
    "minimalista": 4,
    "allwild": 5,
    "flip": 6,
    "nomercy": 7,
}
"""Edition id -> position in MODULES of the module that registers it."""
TITLES = {
    "classic": "UNO (108 cards)",
    "swap": "UNO 2016 (112: Wild Swap Hands, 3 Wild Customizable)",
    "shuffle": "UNO 2017 (112: Wild Shuffle Hands, 3 Wild Customizable)",
    "minecraft": "Minecraft UNO (108 + 4 Creeper)",
    "minimalista": "UNO Minimalista (108 + 4 Wild)",
    "allwild": "UNO All Wild (112 Wild cards)",
    "flip": "UNO Flip! (112 two-sided cards)",
    "nomercy": "UNO Show 'Em No Mercy (168 cards)",
}
"""Edition id -> its deck's title as the catalogue holds it (English): a list names
editions without loading them."""
HOUSE = {
    "go-out-on-action": (8, "allowed"),
    "jump-in": (9, "off"),
    "mercy": (10, "off"),
    "multi-play": (11, "off"),
    "seven-o": (12, "off"),
    "stacking": (13, "off"),
}
"""A house rule's option key -> (position of its module, the value that leaves
it off)."""
OPTIONS = {
    "wd4-legal": (-1, "color", "playable"),
    "wd4-guilty": (-1, "draw", "retract"),
    "challenge": (-1, "on", "on"),
    "uno-window": (-1, "next-action", "next-discard"),
    "uno-penalty": (-1, "2", "2"),
    "late-uno": (-1, "allowed", "allowed"),
    "false-catch-penalty": (-1, "0", "0"),
    "uno-on-passive": (-1, "no", "no"),
    "misplay-penalty": (-1, "2", "2"),
    "coaching-penalty": (-1, "2", "2"),
    "dealer-rotation": (-1, "left", "winner"),
    "two-player-reverse": (-1, "skip", "skip"),
    "start-card": (-1, "edition", "edition"),
    "start-reverse": (-1, "dealer", "dealer"),
    "start-wild": (-1, "name", "name"),
    "draw": (-1, "one", "one"),
    "hand-size": (-1, "7", "7"),
    "swap-optional": (1, "yes", "yes"),
    "shuffle-last-card": (2, "redeal", "redeal"),
    "creeper-trigger": (3, "every-draw", "every-draw"),
    "two-player-reverse-draw": (7, "self", "self"),
    "go-out-on-action": (8, "allowed", "allowed"),
    "jump-in": (9, "off", "off"),
    "mercy": (10, "off", "off"),
    "ko-bonus": (10, "0", "0"),
    "multi-play": (11, "off", "off"),
    "seven-o": (12, "off", "off"),
    "stacking": (13, "off", "off"),
    "stack-challenge": (13, "on", "on"),
}
"""Every option key, in the order of a full load -> (position of the module that
declares it, -1 for the core; default under the `en` rules; under `jp`)."""
