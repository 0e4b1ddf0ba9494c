"""Card faces: codes, colours, kinds, and parsing of the notation's card and colour words.

The kinds a face can have are registered (`register_kind`): those the shipped editions print are
registered here, and an edition of its own may register more (its code, English name, draw
amount and usual points), which the notation then reads like any other.
"""

from __future__ import annotations

from ..named import NamedTuple
from .frozen import Frozen, init

# Colour codes, light side then Flip's dark side. The formatter writes the long names.
COLOR_NAMES: dict[str, str] = {
    "r": "red",
    "y": "yellow",
    "g": "green",
    "b": "blue",
    "pi": "pink",
    "te": "teal",
    "or": "orange",
    "pu": "purple",
}
LIGHT_COLORS = ("r", "y", "g", "b")
DARK_COLORS = ("pi", "te", "or", "pu")
_COLOR_WORDS = {**{c: c for c in COLOR_NAMES}, **{name: c for c, name in COLOR_NAMES.items()}}

# Kinds a coloured card can have, and their long names.
NUMBER_KINDS = tuple(str(n) for n in range(10))
COLORED_ACTIONS: dict[str, str] = {
    "s": "Skip",
    "r": "Reverse",
    "+2": "Draw Two",
    "+1": "Draw One",
    "f": "Flip",
    "+5": "Draw Five",
    "se": "Skip Everyone",
    "+4": "Draw Four",
    "da": "Discard All",
}
DARK_ACTIONS = ("+5", "r", "se", "f")
"""The actions of Flip's dark side (a dark colour): the Japanese manual prints names of their
own (ダークドロー5, ダークリバース, ダークスキップ, ダークフリップ), so `card_name` looks them
up apart."""
WILD_KINDS: dict[str, str] = {
    "w": "Wild",
    "w+4": "Wild Draw Four",
    "wsh": "Wild Shuffle Hands",
    "wsw": "Wild Swap Hands",
    "wc": "Wild Customizable",
    "cr": "Creeper",
    "w+2": "Wild Draw Two",
    "w+c": "Wild Draw Color",
    "wr+4": "Wild Reverse Draw Four",
    "w+6": "Wild Draw Six",
    "w+10": "Wild Draw Ten",
    "wcr": "Wild Color Roulette",
    "wr": "Wild Reverse",
    "ws": "Wild Skip",
    "ws2": "Wild Skip Two",
    "wt+2": "Wild Targeted Draw Two",
    "wfs": "Wild Forced Swap",
}
# How many cards each kind makes the next player draw.
DRAW_AMOUNTS: dict[str, int] = {
    "+2": 2,
    "+1": 1,
    "+5": 5,
    "+4": 4,
    "w+4": 4,
    "w+2": 2,
    "wr+4": 4,
    "w+6": 6,
    "w+10": 10,
}
# The three tables above hold every kind registered, the shipped ones and any added since
# (`register_kind` adds to them, `unregister_kind` takes out again).


class CardKind(NamedTuple):
    """A kind of card an edition brings: what the notation, the names and the draws need."""

    code: str
    """The kind's code: a Wild's whole code (`w+3`), or what follows a colour code (`+3`)."""
    name: str
    """The English name (`Wild Draw Three`, `Draw Three`), the catalogue's msgid (context
    `card`) for the other languages."""
    draws: int = 0
    """Cards the next player draws because of it."""
    wild: bool = True
    """A Wild (one face, no colour); else one face per colour."""
    points: int | None = None
    """Its usual value when a round is scored (an edition's deck may set its own)."""
    long_forms: tuple[str, ...] = ()
    """More long forms the notation accepts besides the name (`wild draw 3`)."""


class Card(Frozen):
    """One card face. Instances are interned by `card()`, so identity is equality."""

    code: str
    """The short code the formatter writes (`r7`, `gs`, `w+4`)."""
    color: str | None
    """Colour code, or None for a Wild."""
    kind: str
    """Rank: `0`-`9`, an action code (`s`, `r`, `+2`...) or a Wild code (`w`, `w+4`...)."""
    index: int
    """The face's place among all faces (`faces()`), for counting faces in a `bytes`."""

    __slots__ = __match_args__ = ("code", "color", "kind", "index")

    __eq__ = object.__eq__  # one face, one object: identity is equality
    __hash__ = object.__hash__

    def __init__(self, code: str, color: str | None, kind: str, index: int = -1) -> None:
        init(self, "code", code)
        init(self, "color", color)
        init(self, "kind", kind)
        init(self, "index", index)

    @property
    def is_wild(self) -> bool:
        return self.color is None

    @property
    def is_number(self) -> bool:
        return self.kind in NUMBER_KINDS

    @property
    def draws(self) -> int:
        """Cards the next player draws because of this card (0 for most cards)."""
        return DRAW_AMOUNTS.get(self.kind, 0)

    @property
    def name(self) -> str:
        """The long English name, e.g. `Red 7`, `Blue Skip`, `Wild Draw Four`."""
        if self is UNSEEN:
            return UNSEEN_NAME
        if self.color is None:
            return WILD_KINDS[self.kind]
        rank = self.kind if self.kind in NUMBER_KINDS else COLORED_ACTIONS[self.kind]
        return f"{COLOR_NAMES[self.color].capitalize()} {rank}"

    def __repr__(self) -> str:
        return f"Card({self.code})"


UNSEEN_NAME = "an unseen card"

_CARDS: dict[str, Card] = {}


def card(code: str) -> Card:
    """The interned card for a canonical short code (`r7`, `w+4`); KeyError if there is none."""
    return _CARDS[code]


KINDS: dict[str, CardKind] = {}
"""The kinds registered since the shipped ones, by code."""
_faces = 0
"""How many face indexes were ever handed out (an index is never reused)."""


def _add(code: str, color: str | None, kind: str) -> Card:
    global _faces
    if code in _CARDS:
        raise ValueError(f"card {code} is registered twice")
    face = _CARDS[code] = Card(code, color, kind, _faces)
    _faces += 1
    return face


def _register() -> None:
    for color in COLOR_NAMES:
        for kind in (*NUMBER_KINDS, *COLORED_ACTIONS):
            _add(color + kind, color, kind)
    for kind in WILD_KINDS:
        _add(kind, None, kind)


_register()


def register_kind(kind: CardKind) -> tuple[Card, ...]:
    """Make a new kind of card known (its faces, name, draws and long forms); registering the
    same declaration again is harmless. ValueError for a code or a name already taken."""
    if KINDS.get(kind.code) is kind:
        return kind_faces(kind.code)
    code = kind.code.lower()
    if (
        code != kind.code
        or not code
        or " " in code
        or code in KINDS
        or code in WILD_KINDS
        or code in COLORED_ACTIONS
        or code in NUMBER_KINDS
    ):
        raise ValueError(f"card kind {kind.code!r} is taken or not a code")
    forms = [form.lower() for form in (kind.name, *kind.long_forms)]
    taken = _WILD_WORDS if kind.wild else _ACTION_WORDS
    if any(form in taken for form in forms):
        raise ValueError(f"card kind {kind.code}: a long form is taken")
    faces = (
        (_add(code, None, code),)
        if kind.wild
        else tuple(_add(color + code, color, code) for color in COLOR_NAMES)
    )
    KINDS[code] = kind
    (WILD_KINDS if kind.wild else COLORED_ACTIONS)[code] = kind.name
    if kind.draws:
        DRAW_AMOUNTS[code] = kind.draws
    taken.update(dict.fromkeys(forms, code))
    _long_words_changed()
    return faces


def unregister_kind(code: str) -> None:
    """Forget a kind `register_kind` added (a test's own edition); its faces can no longer be
    named."""
    kind = KINDS.pop(code)
    for face in kind_faces(code):
        del _CARDS[face.code]
    (WILD_KINDS if kind.wild else COLORED_ACTIONS).pop(code)
    DRAW_AMOUNTS.pop(code, None)
    taken = _WILD_WORDS if kind.wild else _ACTION_WORDS
    for form in [form for form, to in taken.items() if to == code]:
        del taken[form]
    _long_words_changed()


def kind_faces(kind: str) -> tuple[Card, ...]:
    """The faces of a kind: one Wild, or one per colour."""
    return tuple(face for face in _CARDS.values() if face.kind == kind)


def faces() -> int:
    """How many face indexes there are (the length of a face count)."""
    return _faces


def no_faces() -> bytes:
    """No face counted, for as many faces as are registered now."""
    global _no_faces
    if len(_no_faces) != _faces:
        _no_faces = bytes(_faces)
    return _no_faces


_no_faces = b""

UNSEEN = Card("?", None, "?")
"""Flip: a face in the discard pile nobody has seen (the back of a card played on the other
side). Not registered, so no notation can name it."""

# Long forms: `red 7`, `blue skip`, `wild draw four`. Each maps a word sequence to a short code
# suffix (coloured) or a Wild code.
_ACTION_WORDS: dict[str, str] = {
    "skip": "s",
    "reverse": "r",
    "draw two": "+2",
    "draw 2": "+2",
    "draw one": "+1",
    "draw 1": "+1",
    "flip": "f",
    "draw five": "+5",
    "draw 5": "+5",
    "skip everyone": "se",
    "draw four": "+4",
    "draw 4": "+4",
    "discard all": "da",
}
_WILD_WORDS: dict[str, str] = {name.lower(): code for code, name in WILD_KINDS.items()}
_WILD_WORDS.update(
    {
        "wild draw 4": "w+4",
        "wild draw 2": "w+2",
        "wild shuffle": "wsh",
        "wild swap": "wsw",
        "wild reverse draw 4": "wr+4",
        "wild draw 6": "w+6",
        "wild draw 10": "w+10",
        "wild targeted draw 2": "wt+2",
    }
)
_max_long_words = 0


def _long_words_changed() -> None:
    global _max_long_words
    _max_long_words = max(len(k.split()) for k in (*_WILD_WORDS, *_ACTION_WORDS)) + 1


_long_words_changed()


def parse_color(word: str) -> str | None:
    """The colour code for a colour word (`red`, `r`, `PINK`), or None."""
    return _COLOR_WORDS.get(word.lower())


def parse_short_card(word: str) -> tuple[Card, int | None] | None:
    """A short card code (`r7`, `W+4`, `wc2`) as (card, customizable number), or None."""
    low = word.lower()
    found = _CARDS.get(low)
    if found is not None:
        return found, None
    if len(low) == 3 and low.startswith("wc") and low[2] in "123":
        return _CARDS["wc"], int(low[2])
    return None


def parse_card_words(words: list[str], start: int) -> tuple[Card, int | None, int] | None:
    """Read one card at `words[start]`, in short or long form.

    Returns:
        (card, customizable number or None, number of words used), or None if no card starts there.
    """
    short = parse_short_card(words[start])
    if short is not None:
        return short[0], short[1], 1
    # Longest match first, so `wild draw four` wins over `wild`.
    for size in range(min(_max_long_words, len(words) - start), 0, -1):
        phrase = " ".join(words[start : start + size]).lower()
        if phrase in _WILD_WORDS:
            return _CARDS[_WILD_WORDS[phrase]], None, size
        first, _, rest = phrase.partition(" ")
        color = _COLOR_WORDS.get(first)
        if color is None or not rest:
            continue
        if rest in NUMBER_KINDS:
            return _CARDS[color + rest], None, size
        if rest in _ACTION_WORDS:
            return _CARDS[color + _ACTION_WORDS[rest]], None, size
    return None
