"""Each session's figures and the standings over several, worked out by hand (issue 15)."""

from __future__ import annotations

import datetime
from pathlib import Path
from typing import Any

import pytest

from referee.engine import Referee
from referee.notation import parse_session
from referee.service.replay import replay_session
from referee.stats import COUNTERS, session_figures, usable_figures
from referee.stats.league import League
from referee.stats.selection import Played, Selection, month_range
from referee.stats.standings import standings

ROOT = Path(__file__).resolve().parents[2]
SAMPLES = ROOT / "sample_sessions"
MADE = Path(__file__).resolve().parent / "stats_sessions"


def figures_of(path: Path) -> dict[str, Any]:
    session = parse_session(path.read_text(encoding="utf-8"), path.name)
    done = replay_session(session, Referee(session.header))
    assert done.trouble is None
    return session_figures(session.header, done.steps, done.referee.state)


def nonzero(row: dict[str, int]) -> dict[str, int]:
    return {key: value for key, value in row.items() if value}


def test_a_tracked_round_with_a_guilty_challenge_and_a_catch():
    # classic-challenge-catch.uno, by its comments: Bob's Wild Draw Four is challenged by
    # Alice and found guilty (Bob draws 4); Alice misses UNO and Carol catches her (Alice
    # draws 2); Dave goes out and scores 82 + 100 + 9 (the hands at the end).
    figures = figures_of(SAMPLES / "classic-challenge-catch.uno")
    assert figures["scoring"] == "target" and figures["rounds"] == 1
    assert figures["finished"] is False and figures["places"] is None
    players = figures["players"]
    assert nonzero(players["Alice"]) == {
        "rounds": 1,
        "tracked": 1,
        "challenges": 1,
        "challenges_won": 1,
        "uno_missed": 1,
        "uno_caught": 1,
        "penalty_cards": 2,
    }
    assert nonzero(players["Bob"]) == {
        "rounds": 1,
        "tracked": 1,
        "wd4_played": 1,
        "wd4_challenged": 1,
        "wd4_guilty": 1,
        "penalty_cards": 4,
    }
    assert nonzero(players["Carol"]) == {"rounds": 1, "tracked": 1, "catches": 1}
    assert nonzero(players["Dave"]) == {
        "rounds": 1,
        "tracked": 1,
        "rounds_won": 1,
        "points": 191,
        "total": 191,
    }
    assert usable_figures(figures, ("Alice", "Bob", "Carol", "Dave"))


def test_every_penalty_in_one_round():
    # penalties-en.uno: Ann's challenge of the first +4 is innocent (6 drawn: 4 for the card,
    # 2 penalty), her second is guilty (Cy draws 4); Cy catches Bob (2); Cy misplays (2);
    # Bob is given 2 for slow play; Ann's catch of Bob is false (2); Cy is coached (2).
    players = figures_of(MADE / "penalties-en.uno")["players"]
    assert nonzero(players["Ann"]) == {
        "tracked": 1,
        "challenges": 2,
        "challenges_won": 1,
        "false_catches": 1,
        "penalty_cards": 2 + 2,
    }
    assert nonzero(players["Bob"]) == {
        "tracked": 1,
        "uno_missed": 1,
        "uno_caught": 1,
        "table_penalties": 1,
        "penalty_cards": 2 + 2,
    }
    assert nonzero(players["Cy"]) == {
        "tracked": 1,
        "wd4_played": 2,
        "wd4_challenged": 2,
        "wd4_guilty": 1,
        "catches": 1,
        "misplays": 1,
        "table_penalties": 1,
        "penalty_cards": 2 + 4 + 2,
    }


def test_japanese_rules_tracked_then_scoring_only():
    # jp-shuffle-hands.uno: round 1 tracked (次郎 plays a +4 that is accepted, 太郎 misses
    # UNO and 花子 catches him: 2 cards), round 2 scoring-only (no rulings counted).
    # Rounds 5 scoring: round 1, 次郎 wins 35 + 137; 太郎 -35, 花子 -137. Round 2: 花子 wins
    # 23 + 41 = 64; 太郎 -23, 次郎 -41.
    figures = figures_of(SAMPLES / "jp-shuffle-hands.uno")
    players = figures["players"]
    assert figures["scoring"] == "rounds" and figures["rounds"] == 2
    assert nonzero(players["太郎"]) == {
        "rounds": 2,
        "tracked": 1,
        "points": -35 - 23,
        "total": -58,
        "uno_missed": 1,
        "uno_caught": 1,
        "penalty_cards": 2,
    }
    assert nonzero(players["花子"]) == {
        "rounds": 2,
        "tracked": 1,
        "rounds_won": 1,
        "points": -137 + 64,
        "total": -73,
        "catches": 1,
    }
    assert nonzero(players["次郎"]) == {
        "rounds": 2,
        "tracked": 1,
        "rounds_won": 1,
        "points": 172 - 41,
        "total": 131,
        "wd4_played": 1,
    }


def test_scoring_only_rounds_give_points_and_placings_only():
    figures = figures_of(MADE / "scoring-only-jp.uno")
    assert figures["finished"] is True and figures["winner"] == "花子"
    assert figures["places"] == {"花子": 1, "たろう": 2, "Ken": 3}
    players = figures["players"]
    assert nonzero(players["たろう"]) == {
        "rounds": 2,
        "rounds_won": 1,
        "points": -10 + 25,
        "total": 15,
    }
    assert nonzero(players["Ken"]) == {"rounds": 2, "points": -50, "total": -50}
    assert all(counter not in players[name] for name in players for counter in COUNTERS)


def test_a_finished_game_of_five_rounds():
    figures = figures_of(SAMPLES / "minecraft-five-rounds.uno")
    assert figures["places"] == {"A": 4, "B": 1, "C": 2, "D": 3} and figures["winner"] == "B"
    assert [figures["players"][p].get("rounds_won", 0) for p in "ABCD"] == [0, 3, 2, 0]


# Standings ----------------------------------------------------------------------------------


def played(
    sid: str, path: Path, date: str, labels: tuple[str, ...] = (), event: str | None = None
) -> Played:
    return Played(sid, date, event, None, labels, figures_of(path))


@pytest.fixture
def evenings() -> list[Played]:
    return [
        played("aaaaaa", SAMPLES / "jp-shuffle-hands.uno", "2026-01-02", ("winter",)),
        played("bbbbbb", MADE / "scoring-only-jp.uno", "2026-01-05", ("winter",)),
        played(
            "cccccc",
            SAMPLES / "classic-challenge-catch.uno",
            "2025-03-06",
            event="Thursday UNO night",
        ),
    ]


def test_standings_merge_names_and_leave_guests_out(evenings):
    league = League(aliases={"たろう": "太郎"}, guests={"Ken"})
    table = standings(evenings, league, Selection(label="winter"))
    assert [s.id for s in table.sessions] == ["aaaaaa", "bbbbbb"]
    assert {line.name for line in table.players} == {"太郎", "花子", "次郎"}
    taro, hanako = table.line("太郎"), table.line("花子")
    assert taro is not None and hanako is not None
    assert taro.names == ["たろう"]
    # 太郎: two sessions, one finished game (second), rounds 2 + 2 with one won (as たろう).
    assert (taro.sessions, taro.games, taro.wins, taro.average_place) == (2, 1, 0, 2.0)
    assert (taro.rounds, taro.rounds_won, taro.tracked) == (4, 1, 1)
    assert taro.points == {"rounds": [4, -58 + 15]}
    assert taro.average_points("rounds") == pytest.approx(-43 / 4)
    assert taro.counts["uno_caught"] == 1 and taro.counts["penalty_cards"] == 2
    assert (hanako.games, hanako.wins, hanako.win_rate, hanako.rounds_won) == (1, 1, 1.0, 2)
    assert hanako.rank == 1 and taro.rank == 2
    # Head to head: the one finished game both played (Ken left out as a guest).
    [pair] = table.pairs
    assert (pair.first, pair.second) == ("太郎", "花子")
    assert (pair.games, pair.first_higher, pair.second_higher, pair.ties) == (1, 0, 1, 0)
    assert pair.points == {"rounds": [1, 15, 35]}
    assert taro.rival == "花子" and hanako.rival is None


def test_guests_counted_when_asked(evenings):
    league = League(aliases={"たろう": "太郎"}, guests={"Ken"})
    table = standings(evenings, league, Selection(label="winter", guests=True))
    ken = table.line("Ken")
    assert ken is not None and ken.guest and ken.average_place == 3.0
    assert len(table.pairs) == 3


def test_without_the_merge_two_people(evenings):
    table = standings(evenings, League(), Selection(label="winter"))
    assert table.line("たろう") is not None and table.line("太郎") is not None


def test_one_session_never_merges_two_of_its_own_players(evenings):
    # Merging two names who sat at one table would count two people as one: in that session
    # each keeps their own name.
    table = standings(evenings, League(aliases={"花子": "太郎"}), Selection(label="winter"))
    hanako, taro = table.line("花子"), table.line("太郎")
    # 花子 sat with 太郎 in the first session: there she is herself; in the second, where
    # 太郎 did not play, her figures are his.
    assert hanako is not None and hanako.sessions == 1 and hanako.games == 0
    assert taro is not None and taro.sessions == 2 and taro.wins == 1


def test_selections(evenings):
    everything = standings(evenings, League(), Selection())
    assert len(everything.sessions) == 3
    january = Selection(since=datetime.date(2026, 1, 1), until=datetime.date(2026, 1, 3))
    assert [s.id for s in standings(evenings, League(), january).sessions] == ["aaaaaa"]
    first, last = month_range("2025-03")
    march = standings(evenings, League(), Selection(since=first, until=last))
    assert [s.id for s in march.sessions] == ["cccccc"]
    event = standings(evenings, League(), Selection(event="Thursday UNO night"))
    assert [s.id for s in event.sessions] == ["cccccc"]
    assert standings(evenings, League(), Selection(label="summer")).players == []


def test_month_range_knows_december():
    assert month_range("2025-12") == (datetime.date(2025, 12, 1), datetime.date(2025, 12, 31))
    assert month_range("2024-02")[1] == datetime.date(2024, 2, 29)


def test_damaged_figures_are_not_usable():
    figures = figures_of(MADE / "scoring-only-jp.uno")
    names = ("たろう", "花子", "Ken")
    assert usable_figures(figures, names)
    assert not usable_figures({**figures, "v": 0}, names)
    assert not usable_figures(figures, ("someone",))
    broken = {**figures, "players": {**figures["players"], "Ken": {"rounds": "2"}}}
    assert not usable_figures(broken, names)
    assert not usable_figures(None, names)
