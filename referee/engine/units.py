"""Rules as plugins: editions and house rules are registered units that hook into a turn.

A unit carries what it adds to the game: its option keys and values (`options.option`), its rule
ids with text and source (`rules.rule`), the cards it defines (`kinds`: what each does once
down), and the points where it hooks into a turn (the methods below; a unit overrides only those
it needs). The core engine calls the hooks of the units a table plays with, in order (edition
first, then house rules as registered), and never asks which unit it is talking to.

An edition is a deck and how it plays; a house rule is an option key that turns it on. Adding a
house rule is one module that declares its option and rules and registers its class:

    KEY = option("blue-zero", ("off", "on"), "off", "off", "...", "...", unit="blue-zero")
    BLUE_ZERO = rule("blue-zero", "A Blue 0 may be played on any colour.", "...",
                     unit="blue-zero")

    @register
    class BlueZero(HouseRule):
        key = KEY
        def matches(self, g, t, seat, face):
            return BLUE_ZERO if face.code == "b0" else None
"""

from __future__ import annotations

import _thread  # the lock below: `threading` would be loaded by every command for it
import importlib
from collections.abc import Iterable, Iterator, Mapping
from contextlib import contextmanager
from types import MappingProxyType

from ..i18n import supply, withdraw
from . import unit_index as _index
from .cards import KINDS, Card, CardKind, register_kind, unregister_kind
from .deck import Deck
from .events import ChallengeMade, Event, Play
from .messages import CATALOGUE, Messages
from .options import SPECS
from .rules import IDS, VARIANTS, RuleId
from .state import Game, Handler, Kind, PendingDraw, Said, Table
from .waiting import Wait

TYPE_CHECKING = False  # as typing's, without loading typing (see referee.named)
if TYPE_CHECKING:
    from typing import Any, ClassVar, TypeVar


class Unit:
    """Base of editions and house rules: declarations and hooks (see the module docstring)."""

    id: ClassVar[str]
    card_kinds: ClassVar[tuple[CardKind, ...]] = ()
    """New kinds of card this unit brings (`register` makes them known to the notation)."""
    texts: ClassVar[Mapping[str, Mapping[tuple[str | None, str], str]]] = MappingProxyType({})
    """By language, translations of this unit's texts the catalogue does not hold: (msgctxt or
    None, English) -> translation. Only a unit registered from outside the program needs them
    (the shipped units' texts are in the `.po` files, which win)."""
    messages: ClassVar[tuple[type[Messages], ...]] = ()
    """The unit's message declarations (`registered` takes their keys out again)."""
    kinds: Mapping[str, Kind] = MappingProxyType({})
    """The card kinds this unit defines (a unit may set them up in `__init__`, bound to its
    own option values)."""
    handlers: Mapping[type[Event], Handler] = MappingProxyType({})
    """Event types this unit referees first (a house rule's own statement: `jump`)."""
    draws_wait: ClassVar[RuleId | None] = None
    """Draw cards wait for their victim to take them or answer (stacking): under this rule."""
    top_kinds: ClassVar[frozenset[str]] = frozenset()
    """Kinds played with the card they turn up (`rf top pu5`)."""
    hand_limit: int | None = None
    """A hand this big leaves the round at once (the mercy rule)."""
    ko_bonus: int = 0
    """Points the round's winner scores per player knocked out (under `target N`)."""
    legality: ClassVar[Mapping[str, RuleId]] = MappingProxyType({})
    """For each challengeable card kind this unit defines, the rule that says when playing it
    is illegal: what a challenge of it asks (the core's Wild Draw Four: `wd4-legal`)."""

    def __init__(self, values: Mapping[str, str]) -> None:
        """Read the unit's own option values (`values` holds every key's value)."""

    # Hooks: each default does nothing. -----------------------------------------------------

    def begin_event(self, g: Game, t: Table) -> None:
        """Before any event of a round in play is refereed."""

    def after_forced_draw(self, g: Game, t: Table, seat: int) -> None:
        """After a draw the rules imposed on a seat (a draw card, a penalty)."""

    def check_face(self, t: Table | None, face: Card) -> None:
        """Refuse a face that cannot be named now (a card of the side not showing)."""

    def matches(self, g: Game, t: Table, seat: int, face: Card) -> RuleId | None:
        """A card that may go down though it matches neither colour nor number nor symbol:
        the rule that allows it, else None."""
        return None

    def check_play(self, g: Game, t: Table, seat: int, play: Play) -> None:
        """Refuse a play this unit does not allow, before the core checks matching."""

    def extra_cards(self, g: Game, t: Table, seat: int, play: Play, drawn: bool) -> int | None:
        """A play of several cards (`play.extra`) this unit allows: how many go down; None
        if it is not this unit's (the core refuses extra cards no unit allows). `drawn`: the
        card was just drawn."""
        return None

    def answer_pending(
        self, g: Game, t: Table, seat: int, pending: PendingDraw, face: Card
    ) -> bool:
        """The victim of a pending draw plays `face` on it: True if this unit lets them (or
        raise Refusal); False if the play is not this unit's business."""
        return False

    def check_challenge(self, g: Game, t: Table, pending: PendingDraw) -> None:
        """Refuse a challenge of the pending draw this unit does not allow."""

    def challenge(
        self,
        g: Game,
        t: Table,
        seat: int,
        pending: PendingDraw,
        guilty: bool,
        event: ChallengeMade,
        said: Said,
    ) -> tuple[RuleId, bool] | None:
        """Judge a challenge of a card this unit defines (`guilty` is already decided); None
        if the card is not this unit's."""
        return None

    def turn_draw(self, g: Game, t: Table, seat: int, count: int) -> RuleId | None:
        """A turn draw of `count` cards the core rules do not allow (more than one without
        draw to match): the rule that allows it, else None (or raise Refusal)."""
        return None

    def check_draw(
        self, g: Game, t: Table, seat: int, count: int, play: Play | None, until: bool
    ) -> None:
        """Refuse a draw of `count` cards this unit does not allow, before they are drawn
        (`until`: a draw until a colour, which the table counted)."""

    def after_play(self, g: Game, t: Table, seat: int, face: Card, said: Said) -> RuleId | None:
        """After a card's effect, before UNO and going out are ruled on. Returns the rule the
        ruling then rests on, or None if the unit had nothing to do."""
        return None

    def settle(self, g: Game, t: Table, said: Said, implied: bool) -> RuleId | None:
        """After an event (`implied`: after an implied accept, before the move that implied
        it): set right what the rules say happens at once (knock-outs). Returns the rule the
        ruling then rests on, or None if nothing happened."""
        return None

    def start(self, g: Game, t: Table, first: Card, said: Said) -> RuleId | None:
        """The start card's effect, when this unit's rules decide it; None for the core's."""
        return None

    def waiting(self, g: Game) -> Iterable[Wait]:
        """What the table waits for besides the core's waits."""
        return ()

    def candidates(self, g: Game, seat: int) -> Iterable[Event]:
        """Moves of this unit's own statements a player could make now, for `legal_moves`
        (the referee keeps those it accepts)."""
        return ()


class Edition(Unit):
    """A deck and how it plays (UNO, UNO Flip!, Show 'Em No Mercy...)."""

    deck: ClassVar[Deck]
    defaults: ClassVar[Mapping[str, Mapping[str, str]]] = MappingProxyType({})
    """Option defaults of this edition, by rulebook family (`en`, `jp`)."""
    refuses: ClassVar[tuple[tuple[str, str], ...]] = ()
    """Option values this edition cannot be played with."""


class HouseRule(Unit):
    """A house rule: on when its option key has a value other than `off`."""

    key: ClassVar[str]
    title: ClassVar[str] = ""
    """The rule's name as players know it, marked with `N_` (`setup.house_rule_title` shows it
    in the language in use); the id stands in where it is empty."""
    off: ClassVar[str] = "off"
    """The value of `key` that leaves the rule off."""
    implies: ClassVar[Mapping[str, str]] = MappingProxyType({})
    """Defaults of other options while this rule is on (a table may still override them)."""


EDITIONS: dict[str, type[Edition]] = {}
HOUSE_RULES: dict[str, type[HouseRule]] = {}

if TYPE_CHECKING:
    U = TypeVar("U", bound=type[Unit])


def register(cls: U) -> U:
    """Class decorator: make an edition or house rule available to sessions."""
    if issubclass(cls, Edition):
        table: dict[str, Any] = EDITIONS
    elif issubclass(cls, HouseRule):
        table = HOUSE_RULES
        cls.id = getattr(cls, "id", None) or cls.key
    else:
        raise TypeError(f"{cls.__name__} is neither an Edition nor a HouseRule")
    if cls.__module__ not in _index.MODULES:
        load_standard()  # a unit from outside the program comes after the shipped ones
    if cls.id in table and table[cls.id] is not cls:
        raise ValueError(f"unit {cls.id} is registered twice")
    global _version
    for kind in cls.card_kinds:
        register_kind(kind)
    for lang, texts in cls.texts.items():
        supply(lang, texts)
    table[cls.id] = cls
    _version += 1
    return cls


def unregister(cls: type[Unit]) -> None:
    """Take a unit out again (a test's own house rule)."""
    global _version
    for table in (EDITIONS, HOUSE_RULES):
        if table.get(cls.id) is cls:
            del table[cls.id]
            _version += 1


@contextmanager
def registered(*units: type[Unit]) -> Iterator[None]:
    """Register `units` for a while (a test's own edition or house rule); afterwards take out
    everything they added: the units, their card kinds, translations, messages, options and
    rules (those declared with the unit's id)."""
    load_standard()  # the shipped units keep their places ahead of these
    done: list[type[Unit]] = []
    try:
        for unit in units:
            done.append(register(unit))
        yield
    finally:
        for unit in reversed(done):
            _forget(unit)


def _forget(unit: type[Unit]) -> None:
    unregister(unit)
    for kind in unit.card_kinds:
        if KINDS.get(kind.code) is kind:
            unregister_kind(kind.code)
    for lang, texts in unit.texts.items():
        withdraw(lang, texts)
    for declared in unit.messages:
        for key in [key for key in CATALOGUE if key.startswith(f"{declared.namespace}.")]:
            del CATALOGUE[key]
    for key in [key for key, spec in SPECS.items() if spec.unit == unit.id]:
        del SPECS[key]
    for rid, variants in list(VARIANTS.items()):
        variants[:] = [v for v in variants if v.unit != unit.id]
        if not variants:
            del VARIANTS[rid]
            del IDS[rid]


_version = 0


def units_version() -> int:
    """Changes whenever a unit is registered or taken out (setups made before are stale)."""
    return _version


_loaded = False
_through = 0
"""How many of the shipped unit modules (`unit_index.MODULES`, in order) are imported."""
_LOADING = _thread.RLock()
REGISTRY_LOCK = _LOADING
"""Held while units are loaded: a reader that goes through the registries (resolving a table,
building its setup) holds it too, so that another thread loading a unit cannot change them
under it."""


def loaded_through() -> int:
    """How many of the shipped unit modules are loaded, in their order (all once
    `load_standard` ran)."""
    return len(_index.MODULES) if _loaded else _through


def load_through(position: int) -> None:
    """Register the shipped units up to `unit_index.MODULES[position]`, and every one before it.

    Always a prefix, in the order a full load takes: so the editions, options, rules and card
    faces registered sit in the same order whatever a session named first (that order is
    output, and house rules hook in in it)."""
    global _through
    if _loaded or position < _through:
        return
    # A hub rules on sessions from several threads at once: one loads the units while the
    # others wait, and none sees a registry half filled. Re-entrant: loading a unit may ask
    # again from the same thread.
    with _LOADING:
        while _through <= position:
            importlib.import_module(_index.MODULES[_through])
            _through += 1


def load_standard() -> None:
    """Register the editions and house rules that ship with the referee (once)."""
    global _loaded
    if _loaded:
        return
    with _LOADING:
        if _loaded:
            return
        load_through(len(_index.MODULES) - 1)
        # A module the index does not list yet still loads (the index's test says to make it).
        # By name, so that the core never imports a unit (units import the core).
        for name in standard_modules():
            importlib.import_module(name)
        _loaded = True


def standard_modules() -> list[str]:
    """The shipped unit modules, in the order a full load imports them: the editions in their
    listed order, then the house rules in name order."""
    parent = __package__.rpartition(".")[0]
    found = []
    for package, listing in (("editions", "ORDER"), ("house", "NAMES")):
        names = getattr(importlib.import_module(f"{parent}.{package}"), listing)
        found += [f"{parent}.{package}.{name}" for name in names]
    return found
