"""Move-box hints: the actor, playable faces and quick moves follow the engine's state."""

from __future__ import annotations

from referee.engine import Referee
from referee.engine.cards import card
from referee.engine.events import CardPlayed, DealerNamed, Header, Play, RoundStarted, StartTurned
from referee.suggest import actor, completions, playable, quick_moves


def table(start: str = "r7", color: str | None = None) -> Referee:
    ref = Referee(Header(edition="classic", players=("Ann", "Bob", "Cy"), scoring="none"))
    for event in (RoundStarted(1), DealerNamed("Cy"), StartTurned((card(start),), color)):
        assert ref.apply(event).ok
    return ref


def test_playable_matches_colour_number_symbol_and_wilds() -> None:
    ref = table("r7")
    codes = {face.code for face in playable(ref)}
    assert {"r0", "r9", "rs", "g7", "b7", "y7", "w", "w+4"} <= codes
    assert not codes & {"g5", "bs", "y+2"}
    assert [f.code for f in playable(ref)][:1] == ["r0"]  # the colour in force first


def test_playable_excludes_faces_whose_copies_are_all_down() -> None:
    ref = table("r0")  # the only Red 0 is the start card
    assert card("r0") not in playable(ref)


def test_actor_and_quick_moves_follow_a_pending_wild_draw_four() -> None:
    ref = table("r7")
    assert actor(ref) == "Ann" and quick_moves(ref) == {"draw": "Ann: draw"}
    assert ref.apply(CardPlayed("Ann", Play(card("w+4"), color="b"))).ok
    assert actor(ref) == "Bob"
    assert quick_moves(ref) == {"accept": "Bob: accept", "challenge": "Bob: challenge "}
    assert playable(ref) == []


def test_catch_suggestion_names_a_catcher_other_than_the_target() -> None:
    ref = Referee(
        Header(
            edition="classic",
            players=("Ann", "Bob"),
            scoring="none",
            overrides=(("hand-size", "2"),),
        )
    )
    for event in (
        RoundStarted(1),
        DealerNamed("Bob"),
        StartTurned((card("r7"),), None),
        CardPlayed("Ann", Play(card("r5"))),
    ):
        assert ref.apply(event).ok
    moves = quick_moves(ref)
    assert moves["catch:Ann"] == "Bob: catch Ann" and moves["uno"] == "Ann: uno"
    assert "Bob: r5" in completions(ref) and "Bob: w red" in completions(ref)
