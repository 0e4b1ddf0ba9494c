"""The score sheet model (referee.sheet): issue 3 item 2; the Japanese five-round
scoring and the Minecraft UNO manual's example."""

from __future__ import annotations

import pytest
from hypothesis import given, settings
from hypothesis import strategies as st

from referee.notation import parse_session
from referee.render import render
from referee.service.replay import sheet_of as sheet_from
from referee.sheet import RoundInPlay, SessionRefused, Sheet
from tests.unit.manual_example import MANUAL_POINTS, MANUAL_RUNNING, SAMPLES

MANUAL_RANKS = {"B": 1, "C": 2, "D": 3, "A": 4}


def sample(name: str) -> Sheet:
    path = SAMPLES / name
    return sheet_from(parse_session(path.read_text(encoding="utf-8"), str(path)))


def sheet_of(text: str) -> Sheet:
    return sheet_from(parse_session(text, "test.uno"))


def competition_ranks(totals: dict[str, int], higher_wins: bool = True) -> dict[str, int]:
    """1, 2, 2, 4: one plus the number of players strictly better."""
    sign = 1 if higher_wins else -1
    return {p: 1 + sum(sign * t > sign * totals[p] for t in totals.values()) for p in totals}


def test_minecraft_manual_example_reproduced_exactly() -> None:
    """The Minecraft UNO manual's example: every round's points, running totals and ranks, the
    dealer, who went out."""
    sheet = sample("minecraft-five-rounds.uno")
    assert sheet.players == ("A", "B", "C", "D")
    assert [r.number for r in sheet.rounds] == [1, 2, 3, 4, 5]
    for i, rnd in enumerate(sheet.rounds):
        assert dict(rnd.points) == {p: pts[i] for p, pts in MANUAL_POINTS.items()}
        assert dict(rnd.running) == {p: run[i] for p, run in MANUAL_RUNNING.items()}
        assert dict(rnd.ranks) == competition_ranks(dict(rnd.running))
        assert sum(rnd.points.values()) == 0
        assert rnd.missing == ()
    assert [r.went_out for r in sheet.rounds] == ["B", "C", "B", "C", "B"]
    # Round 1's dealer is named; under the jp rules each round's winner deals the next.
    assert [r.dealer for r in sheet.rounds] == ["A", "B", "C", "B", "C"]
    assert dict(sheet.rounds[0].hands) == {"A": 40, "B": 0, "C": 70, "D": 8}  # +118 for B
    assert dict(sheet.score.ranks) == MANUAL_RANKS
    assert dict(sheet.score.totals) == {"A": -121, "B": 218, "C": 19, "D": -116}
    assert (sheet.score.finished, sheet.score.winner) == (True, "B")
    assert sheet.standings() == ["B", "C", "D", "A"]
    assert sheet.playing is None


def test_each_round_notes_who_went_out_on_which_line() -> None:
    """Issue 3 item 2: every number traced to the statements that made it."""
    path = SAMPLES / "minecraft-five-rounds.uno"
    lines = path.read_text(encoding="utf-8").splitlines()
    sheet = sample("minecraft-five-rounds.uno")
    for rnd in sheet.rounds:
        (note,) = rnd.notes
        assert note.rule == "going-out"
        assert lines[note.line - 1].split("#")[0].strip() == f"out {rnd.went_out}"
        assert render(note.parts) == f"{rnd.went_out} went out and wins round {rnd.number}."


def test_notable_rulings_of_a_tracked_round() -> None:
    """The guilty Wild Draw Four challenge and the missed UNO of the classic sample, in order."""
    path = SAMPLES / "classic-challenge-catch.uno"
    lines = path.read_text(encoding="utf-8").splitlines()
    sheet = sample("classic-challenge-catch.uno")
    (rnd,) = sheet.rounds
    assert [n.rule for n in rnd.notes] == ["wd4-guilty", "uno-catch", "going-out"]
    statements = [lines[n.line - 1].split("#")[0].strip() for n in rnd.notes]
    assert statements == ["Alice: challenge shows g5", "Carol: catch Alice", "Dave: g+2"]
    assert "Bob draws 4" in render(rnd.notes[0].parts)
    assert render(rnd.notes[1].parts) == "Carol caught Alice not calling UNO: Alice draws 2."
    assert (rnd.dealer, rnd.went_out) == ("Alice", "Dave")
    # target 500: Dave scores the others' hands, which the sheet keeps to explain the 191.
    assert dict(rnd.points) == {"Alice": 0, "Bob": 0, "Carol": 0, "Dave": 191}
    assert sum(v for p, v in rnd.hands.items() if p != "Dave") == 191
    assert not sheet.score.finished


HEADER = """\
[Edition "classic"]
[Scoring "rounds 3"]
[Players "Ann, Bob, Cy"]
"""


def test_a_round_in_play_keeps_its_rulings() -> None:
    """A round begun and not over: nothing scored for it, its penalty already on the sheet."""
    sheet = sheet_of(
        HEADER + "round 1\ndealer Ann\nout Ann\nhand Bob: 10\nhand Cy: 5\n"
        'round 2\nstart r5\nCy: r7\nAnn: penalty 2 "slow play"\n'
    )
    assert len(sheet.rounds) == 1
    playing = sheet.playing
    assert isinstance(playing, RoundInPlay)
    assert (playing.number, playing.dealer) == (2, "Bob")  # en rules: the deal passes left
    (note,) = playing.notes
    assert (note.line, note.rule) == (12, "table-penalty")
    assert render(note.parts) == "Penalty (slow play): Ann draws 2."


def test_hands_still_to_enter_make_the_round_provisional() -> None:
    sheet = sheet_of(HEADER + "round 1\ndealer Cy\nout Ann\nhand Bob: 10\n")
    (rnd,) = sheet.rounds
    assert rnd.missing == ("Cy",)
    assert dict(rnd.hands) == {"Ann": 0, "Bob": 10}
    assert dict(rnd.points) == {"Ann": 10, "Bob": -10, "Cy": 0}
    assert rnd.dealer == "Cy"


def test_a_refused_statement_stops_the_sheet() -> None:
    """Lines after the game is decided are an error, reported with their line."""
    text = HEADER.replace("rounds 3", "rounds 1") + "round 1\nout Ann\nhand Bob: 1\nhand Cy: 2\n"
    assert sheet_of(text).score.finished
    with pytest.raises(SessionRefused) as caught:
        sheet_of(text + "round 2\n")
    assert (caught.value.line, caught.value.rule) == (8, "scoring")
    assert "the game is decided (Ann wins after round 1)" in render(caught.value.parts)


PENALTY = """\
[Edition "classic"]
[Scoring "penalty 50"]
[Players "Ann, Bob, Cy"]
[Rule "hand-size" "2"]

round 1
dealer Cy
start r7
Ann: r5
Bob: catch Ann
hand Ann: r1 r2 w
Bob: r3 uno
Cy: r4 uno
Bob: r9
"""


def test_penalty_points_are_traced_to_the_catch() -> None:
    """罰点方式 (the Minecraft UNO manual): the caught player's hand becomes penalty points; out at
    N, at once ("ゲームから外されます"): Ann plays no more, and Bob and Cy play the round out."""
    sheet = sheet_of(PENALTY)
    (rnd,) = sheet.rounds
    assert [(n.line, n.rule) for n in rnd.notes] == [
        (10, "uno-catch"),
        (11, "scoring"),
        (14, "going-out"),
    ]
    assert render(rnd.notes[1].parts) == (  # r1 + r2 + Wild
        "Ann records 53 penalty points. With 53 penalty points in all (the limit is 50), Ann is "
        "out of the game. Their cards go to the bottom of the draw pile. Bob plays next."
    )
    assert dict(rnd.points) == {"Ann": 53, "Bob": 0, "Cy": 0}
    assert dict(sheet.score.eliminated) == {"Ann": 1}
    assert dict(sheet.score.ranks) == {"Bob": 1, "Cy": 1, "Ann": 3}
    assert not sheet.score.finished  # Bob and Cy are both still in


# Property: a random score-sheet-only session, through the engine, obeys its system -----------

NAMES = ("Ann", "Bob", "Cy", "Dee", "太郎")
SYSTEMS = st.one_of(
    st.builds("rounds {}".format, st.integers(1, 5)),
    st.builds("target {}".format, st.integers(1, 400)),
    st.builds("lowest {}".format, st.integers(1, 400)),
    st.just("none"),
)


@st.composite
def sessions(draw: st.DrawFn) -> tuple[str, str, list[tuple[str, dict[str, int]]]]:
    """A `[Scoring]` value, players and up to 6 rounds: who went out and each other hand."""
    players = NAMES[: draw(st.integers(2, 5))]
    rounds = []
    for _ in range(draw(st.integers(1, 6))):
        winner = draw(st.sampled_from(players))
        hands = {p: draw(st.integers(0, 150)) for p in players if p != winner}
        rounds.append((winner, hands))
    return draw(SYSTEMS), ", ".join(players), rounds


def _limit(system: str) -> int:
    return int(system.split()[1]) if " " in system else 0


def _decided(system: str, number: int, running: dict[str, int]) -> bool:
    kind = system.split()[0]
    return (
        kind == "none"
        or (kind == "rounds" and number >= _limit(system))
        or (kind in ("target", "lowest") and max(running.values()) >= _limit(system))
    )


@settings(max_examples=60, deadline=None)
@given(sessions())
def test_property_sheet_follows_the_system(game: tuple[str, str, list]) -> None:
    """Issue 3 done-when: zero-sum `rounds N` rounds, totals = sums of rounds, ranks consistent
    with totals after every round, and the game ends exactly when its system says."""
    system, players, rounds = game
    text = f'[Edition "classic"]\n[Scoring "{system}"]\n[Players "{players}"]\n'
    played = 0
    for number, (winner, hands) in enumerate(rounds, 1):
        text += f"round {number}\nout {winner}\n"
        text += "".join(f"hand {p}: {pts}\n" for p, pts in hands.items())
        played = number
        running = _totals(rounds[:number], system)
        if _decided(system, number, running):
            break
    sheet = sheet_of(text)
    names = sheet.players
    kind = system.split()[0]
    assert len(sheet.rounds) == played
    total = dict.fromkeys(names, 0)
    for number, rnd in enumerate(sheet.rounds, 1):
        if kind == "rounds":
            assert sum(rnd.points.values()) == 0
        total = {p: total[p] + rnd.points[p] for p in names}
        assert dict(rnd.running) == total == _totals(rounds[:number], system)
        if kind == "none":
            assert dict(rnd.ranks) == {p: 1 if p == rnd.went_out else 2 for p in names}
        else:
            assert dict(rnd.ranks) == competition_ranks(total, higher_wins=kind != "lowest")
        assert _decided(system, number, total) == (number == played and sheet.score.finished)
    assert dict(sheet.score.totals) == total
    assert sheet.score.finished == _decided(system, played, total)
    if sheet.score.finished:
        with pytest.raises(SessionRefused):
            sheet_of(text + f"round {played + 1}\n")


def _totals(rounds: list[tuple[str, dict[str, int]]], system: str) -> dict[str, int]:
    """The scoring systems, computed independently of referee.scoring."""
    kind = system.split()[0]
    players = {p for w, hands in rounds for p in (w, *hands)}
    total = dict.fromkeys(players, 0)
    for winner, hands in rounds:
        if kind == "lowest":
            for p, pts in hands.items():
                total[p] += pts
        else:
            total[winner] += sum(hands.values())
            if kind == "rounds":
                for p, pts in hands.items():
                    total[p] -= pts
    return total
