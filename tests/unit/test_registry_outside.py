"""A house rule and an edition with a card kind of its own, registered from outside `referee/`
(issue 25): the referee, self-play, `uno-referee rules`, the catalogue check and the docs check
all see them, and once they are taken out again nothing of them is left.

The units are in `extension_units`: "a Skip may not be played on a Skip" (`skip-on-skip`) and
`drawthree`, the classic deck with four Wild Draw Threes (`w+3`)."""

# Japanese is written with full-width brackets and colons.
# ruff: noqa: RUF001

from __future__ import annotations

import random
from collections import Counter
from collections.abc import Iterator

import pytest

from referee import cli
from referee.engine import Referee
from referee.engine import events as ev
from referee.engine.cards import WILD_KINDS, card, parse_card_words, parse_short_card
from referee.engine.messages import CATALOGUE
from referee.engine.rules import VARIANTS
from referee.engine.ruling import Ruling
from referee.engine.setup import editions, house_rules, option_specs
from referee.engine.units import registered
from referee.i18n import build, supply, withdraw
from referee.notation import format_session, parse_move, parse_session
from referee.render import card_name, render
from tests.selfplay import SelfPlay, Tendencies
from tests.selfplay.tables import house_rule_settings, random_header
from tests.selfplay.unit_models import modelled
from tests.unit import doc_tables
from tests.unit.extension_units import (
    DRAW_THREE,
    HOUSE_JA,
    SKIP_ON_SKIP,
    DrawThreeModel,
    SkipOnSkipModel,
    declare_edition,
    declare_house_rule,
)

# A few games each: enough to meet every card and the refusal, quick on a loaded machine.
GAMES = 12


@pytest.fixture
def outside() -> Iterator[None]:
    with (
        registered(declare_house_rule(), declare_edition()),
        modelled(SKIP_ON_SKIP, SkipOnSkipModel()),
        modelled(DRAW_THREE, DrawThreeModel()),
    ):
        yield


def table(edition: str = "classic", skip_on_skip: str | None = "on") -> tuple[ev.Header, Referee]:
    overrides = ((SKIP_ON_SKIP, skip_on_skip),) if skip_on_skip else ()
    head = ev.Header(edition, ("Ann", "Bob", "Cy"), overrides=overrides)
    ref = Referee(head)
    for event in (ev.RoundStarted(1), ev.DealerNamed("Cy"), parse_move("start r7", head)):
        assert ref.apply(event).ok
    return head, ref


def test_the_house_rule_refuses_a_skip_on_a_skip(outside: None) -> None:
    head, ref = table()
    assert ref.apply(parse_move("Ann: rs", head)).ok  # Bob is skipped
    state = ref.state
    move = parse_move("Cy: gs", head)
    asked = ref.check(move)
    ruling = ref.apply(move)
    assert (asked.ok, asked.rule, ruling.ok, ruling.rule) == (
        False,
        SKIP_ON_SKIP,
        False,
        SKIP_ON_SKIP,
    )
    assert render(ruling.parts, "en") == "Green Skip may not go on a Skip (skip-on-skip on)"
    assert render(ruling.parts, "ja").endswith("はスキップの上に出せません（skip-on-skip on）")
    assert ref.state is state  # refused: nothing changed
    assert ref.apply(parse_move("Cy: r3", head)).ok
    # Off, the same Skip goes down.
    head, ref = table(skip_on_skip=None)
    assert ref.apply(parse_move("Ann: rs", head)).ok
    assert ref.apply(parse_move("Cy: gs", head)).ok


def test_the_edition_plays_its_wild_draw_three(outside: None) -> None:
    head, ref = table(DRAW_THREE, None)
    ruling = ref.apply(parse_move("Ann: w+3 green", head))
    assert (ruling.ok, ruling.rule) == (True, "wild-draw-three")
    assert ref.table is not None and ref.table.hands == [6, 10, 7]
    assert ref.apply(parse_move("Cy: g5", head)).ok  # Bob missed his turn
    # The notation reads it in every form and writes its code.
    face = card("w+3")
    assert (face.is_wild, face.draws, face.name) == (True, 3, "Wild Draw Three")
    assert parse_short_card("W+3") == (face, None)
    for words in (["wild", "draw", "three"], ["wild", "draw", "3"]):
        assert parse_card_words(words, 0) == (face, None, 3)
    assert card_name(face, "ja") == "ワイルドドロー3"
    events: list[ev.Event] = [
        ev.RoundStarted(1),
        ev.DealerNamed("Cy"),
        parse_move("start r7", head),
        parse_move("Ann: wild draw 3 green", head),
    ]
    text = format_session(ev.Session(head, events))
    assert "Ann: w+3 green" in text
    assert parse_session(text, "three.uno").events == events


class Counting(SelfPlay):
    """Self-play that also counts the rules the referee refused moves under."""

    def __init__(self, seed: int) -> None:
        # More probes of illegal moves than usual: the house rule's refusals are the point (a
        # card it refuses, put down and caught, is a misplay: the play check decides both).
        super().__init__(seed, tendencies=Tendencies(illegal_probe=0.5))
        self.refused: Counter[str] = Counter()

    def ask(self, event: ev.Event, before: tuple[object, ...] | None = None) -> Ruling:
        asked = super().ask(event, before)
        if not asked.ok:
            self.refused[asked.rule] += 1
        return asked


def test_self_play_plays_the_edition_and_the_house_rule(outside: None) -> None:
    assert DRAW_THREE in editions()
    assert (SKIP_ON_SKIP, "on") in house_rule_settings()
    rng = random.Random(25)
    sim = Counting(25)
    for _ in range(GAMES):
        sim.play_game(random_header(rng, DRAW_THREE, rng.choice(("en", "jp"))))
    assert sim.stats.rules.get("wild-draw-three", 0) > 0
    for _ in range(GAMES):
        header = random_header(
            rng, "classic", rng.choice(("en", "jp")), vary=0, fixed=((SKIP_ON_SKIP, "on"),)
        )
        sim.play_game(header)
    stats = sim.stats
    assert stats.games == 2 * GAMES
    assert stats.checks_agreed == stats.actions > 0
    assert stats.refusals_checked > 0
    # The real game's players tried Skips on Skips, which the referee refused under the rule.
    assert sim.refused[SKIP_ON_SKIP] > 0


def test_uno_referee_rules_lists_them(outside: None, capsys: pytest.CaptureFixture[str]) -> None:
    argv = ["rules", "--edition", DRAW_THREE, "--rule", f"{SKIP_ON_SKIP}=on"]
    assert cli.main(argv) == 0
    out = capsys.readouterr().out
    for text in (
        "wild-draw-three",
        "the next player draws 3",
        SKIP_ON_SKIP,
        "A Skip may not be played on a Skip.",
        "House rule of the extension test",
    ):
        assert text in out
    assert cli.main([*argv, "--lang", "ja"]) == 0
    out = capsys.readouterr().out
    assert "スキップの上にスキップは出せません。" in out and "3枚引いて" in out
    assert cli.main(["rules", "--markdown"]) == 0
    out = capsys.readouterr().out
    assert f"Edition `{DRAW_THREE}`" in out and f"House rule `{SKIP_ON_SKIP}`" in out


def test_the_catalogue_check_sees_their_texts(outside: None) -> None:
    templates = build.templates()
    assert ("card", "Wild Draw Three") in {(m.context, m.id) for m in templates["rulings"]}
    assert (None, "A Skip may not be played on a Skip.") in {
        (m.context, m.id) for m in templates["rules"]
    }
    # Their Japanese comes with them, so the catalogue has no problem ...
    assert build.check() == []
    # ... and a text without it is reported.
    key = (None, "A Skip may not be played on a Skip.")
    withdraw("ja", {key: HOUSE_JA[key]})
    try:
        assert build.check() == [f"ja/rules: not in the catalogue: |{key[1]}"]
    finally:
        supply("ja", {key: HOUSE_JA[key]})


def test_the_docs_check_sees_them(outside: None) -> None:
    found = doc_tables.stale()
    for line in (
        f"docs/notation.md editions: not documented: {DRAW_THREE}",
        f"docs/notation.md option keys: not documented: {SKIP_ON_SKIP}",
        "docs/notation.md Wild cards: not documented: w+3",
        f"README.md editions: not documented: {DRAW_THREE}",
        f"README.md house rules: not documented: {SKIP_ON_SKIP}",
    ):
        assert line in found
    assert any(line.startswith("docs/rules.md is stale") for line in found)


def test_taken_out_nothing_of_them_is_left() -> None:
    with registered(declare_house_rule(), declare_edition()):
        assert SKIP_ON_SKIP in option_specs() and "w+3" in WILD_KINDS
    assert DRAW_THREE not in editions() and SKIP_ON_SKIP not in house_rules()
    assert SKIP_ON_SKIP not in option_specs()
    assert not {"skip-on-skip", "wild-draw-three"} & set(VARIANTS)
    assert not [key for key in CATALOGUE if key.startswith("skip_on_skip.")]
    assert parse_short_card("w+3") is None and "w+3" not in WILD_KINDS
    assert parse_card_words(["wild", "draw", "three"], 0) == (card("w"), None, 1)
    assert doc_tables.stale() == []
    # Declared again, they register again (nothing of the first time is in the way).
    with registered(declare_house_rule(), declare_edition()):
        assert DRAW_THREE in editions()
