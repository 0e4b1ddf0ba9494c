"""Stacking: a draw card may go on the draw card its player was to take, adding to the draw."""

from __future__ import annotations

from collections.abc import Mapping

from ..engine.cards import Card
from ..engine.messages import Key, Messages
from ..engine.options import option
from ..engine.rulebook import GOING_OUT
from ..engine.rules import RuleId, rule
from ..engine.ruling import Refusal
from ..engine.sources import (
    EN_SHEET,
    HOUSE_RULES,
    JA_WIKIPEDIA,
    NO_MERCY_SHEET,
    NO_STACKING,
    WIKIBOOKS,
)
from ..engine.state import Game, PendingDraw, Table
from ..engine.units import HouseRule, register
from ..i18n import N_

KEY = option(
    "stacking",
    ("off", "same", "progressive", "higher"),
    "off",
    "off",
    "Stacking draw cards on draw cards.",
    f"Not official: {NO_STACKING}; {EN_SHEET}, House Rules: Stacking",
)
STACK_CHALLENGE_KEY = option(
    "stack-challenge",
    ("on", "off"),
    "on",
    "on",
    "Under stacking, whether a Wild Draw Four played into a stack may be challenged: on, as in "
    "the digital games; off, as in Japanese Wikipedia's house rules.",
    f"{JA_WIKIPEDIA}, コンピュータゲーム (on), ハウスルール (off)",
    unit="stacking",
)
STACKING = rule(
    "stacking",
    "Stacking: a Draw Two may be played on a Draw Two and a Wild Draw "
    "Four on a Wild Draw Four, adding to the draw; the player who does not stack "
    "draws the total and misses their turn, by 'accept' or by the next player "
    "acting; the last Wild Draw Four's player names the colour.",
    f"{EN_SHEET}, House Rules: Stacking",
    when=((KEY, "same"),),
    unit=KEY,
)
rule(
    "stacking",
    "Progressive stacking: as same-card stacking, and a Wild Draw Four may go on a "
    "Draw Two (never a Draw Two on a Wild Draw Four); the player who does not stack draws the "
    "total.",
    f"{HOUSE_RULES} (Progressive UNO); {WIKIBOOKS}",
    when=((KEY, "progressive"),),
    unit=KEY,
)
rule(
    "stacking",
    "Stacking by value: any draw card of equal or higher draw value may go on a "
    "pending draw, whatever its colour; the player who does not stack draws the total.",
    NO_MERCY_SHEET,
    when=((KEY, "higher"),),
    unit=KEY,
)
STACK_CHALLENGE = rule(
    "stack-challenge",
    "A stacked Wild Draw Four can still be challenged: "
    "guilty, its player draws 4 for every Wild Draw Four in the stack; "
    "innocent, the challenger draws the whole stack plus 2.",
    f"{JA_WIKIPEDIA}, コンピュータゲーム",
    when=(("challenge", "on"), (STACK_CHALLENGE_KEY, "on")),
    unit=KEY,
)
rule(
    "stack-challenge",
    "A Wild Draw Four played into a stack cannot be challenged: its victim "
    "stacks or draws the total.",
    f"{JA_WIKIPEDIA}, ハウスルール",
    when=(("challenge", "on"), (STACK_CHALLENGE_KEY, "off")),
    unit=KEY,
)


class Say(Messages, namespace="stacking"):
    went_out = Key(
        "{offender} went out with the {card}: {victim} draws {amount}, and the round ends"
    )
    cannot = Key(
        "{card} can't be stacked on the {pending} ({mode} stacking): play a draw card "
        "that stacks, or accept the {amount}"
    )
    into_stack = Key(
        "a Wild Draw Four played into a stack cannot be challenged: stack on it or "
        "accept the {amount}"
    )


def can_stack(mode: str, face: Card, pending: Card) -> bool:
    """Whether `face` may go on a pending draw card under a stacking mode."""
    if not face.draws:
        return False
    if mode == "same":
        return face.kind == pending.kind
    if mode == "progressive":
        # Wikibooks: a Wild Draw Four may go on a Draw Two, not the reverse.
        return face.kind == pending.kind or (face.kind == "w+4" and pending.kind == "+2")
    return mode == "higher" and face.draws >= pending.draws


@register
class Stacking(HouseRule):
    key = KEY
    title = N_("Stacking")
    draws_wait = STACKING

    def __init__(self, values: Mapping[str, str]) -> None:
        self.mode = values[KEY]
        self.stacked_challenge = values[STACK_CHALLENGE_KEY] == "on"

    def answer_pending(
        self, g: Game, t: Table, seat: int, pending: PendingDraw, face: Card
    ) -> bool:
        """The victim stacks: refuse a card that does not stack on the pending one."""
        names = t.players
        if t.went_out(pending.offender):
            raise Refusal(
                GOING_OUT,
                Say.went_out(
                    offender=names[pending.offender],
                    card=pending.card,
                    victim=names[pending.victim],
                    amount=pending.amount,
                ),
            )
        if not can_stack(self.mode, face, pending.card):
            raise Refusal(
                STACKING,
                Say.cannot(card=face, pending=pending.card, mode=self.mode, amount=pending.amount),
            )
        return True

    def matches(self, g: Game, t: Table, seat: int, face: Card) -> RuleId | None:
        """Stacking by value needs no colour match."""
        pending = t.pending
        if self.mode == "higher" and pending is not None and pending.victim == seat:
            return STACKING
        return None

    def check_challenge(self, g: Game, t: Table, pending: PendingDraw) -> None:
        if not self.stacked_challenge and pending.amount > pending.card.draws:
            raise Refusal(STACK_CHALLENGE, Say.into_stack(amount=pending.amount))
