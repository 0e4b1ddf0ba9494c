"""An event from the command line: set up, seated, played at its tables, its standings equal to
a computation written out by hand here, and the director's decisions (withdrawals, arrivals,
replacements, penalties, the clock) kept in its log."""

from __future__ import annotations

import json
import random
from collections.abc import Callable
from fractions import Fraction
from pathlib import Path
from typing import Any

import pytest

from referee.event.files import EventBook, EventError
from referee.event.log import Damaged, check_entry
from referee.event.results import placement_points, scaled_cards
from referee.event.spec import EventSpec, SpecError
from referee.event.state import Clock
from referee.store.paths import Layout
from tests.event.specs import spec

Run = Callable[..., tuple[int, str, str]]
NAMES = [f"P{n:02d}" for n in range(1, 17)]


def _spec(**changes: Any) -> EventSpec:
    fields = {"name": "Cup", "rounds": 3, "game": "rounds 5", "rules": "jp", "minutes": 30}
    players = changes.pop("players", tuple(NAMES))
    return spec(players, **(fields | changes))


def test_placement_points_share_tied_places() -> None:
    spec = _spec()
    assert placement_points(spec, {"a": 1, "b": 2, "c": 3, "d": 4}) == {
        "a": 5,
        "b": 3,
        "c": 2,
        "d": 1,
    }
    # Two tied for second share (3 + 2) / 2; a table of three keeps the scale's last for last.
    assert placement_points(spec, {"a": 1, "b": 2, "c": 2, "d": 4})["b"] == Fraction(5, 2)
    assert placement_points(spec, {"a": 1, "b": 2, "c": 3}) == {"a": 5, "b": 3, "c": 1}
    assert set(placement_points(spec, dict.fromkeys("abcd", 1)).values()) == {Fraction(11, 4)}


def test_card_points_are_scaled_to_a_full_table() -> None:
    spec = _spec(scoring="cards")
    assert scaled_cards(spec, {"a": 60, "b": -20, "c": -40}) == {"a": 90, "b": -30, "c": -60}
    assert scaled_cards(spec, {"a": 60, "b": -20, "c": -40, "d": 0})["a"] == 60


@pytest.mark.parametrize(
    "changes",
    [
        {"name": " "},
        {"tables_of": 11},
        {"players": ("A",)},
        {"players": ("A", "a")},
        {"rounds": 0},
        {"scoring": "elo"},
        {"scale": (1, 2, 3, 4)},
        {"scale": (5, 3, 2)},
        {"game": "rounds x"},
        {"minutes": -1},
        {"at_time": "never"},
        {"semifinal": 2},
        {"final": 11},
        {"fixed": (("Nobody", 1),)},
    ],
)
def test_a_spec_that_cannot_be_is_refused(changes: dict[str, object]) -> None:
    with pytest.raises(SpecError):
        _spec(**changes).check()


def test_a_clock_runs_pauses_and_turns_yellow_then_red() -> None:
    clock = Clock(allowed=30 * 60)
    assert clock.colour(0) == "green" and clock.left(0) == 1800
    clock.running_since = 100.0
    assert clock.colour(100 + 25 * 60) == "yellow"
    assert clock.colour(100 + 30 * 60) == "red"
    assert Clock(allowed=0).colour(5) == "none"


def test_log_entries_are_checked_as_read_back() -> None:
    entry = {"seq": 1, "kind": "penalty", "t": 1.0, "player": "A", "points": -2, "reason": ""}
    assert check_entry(entry, 1) is entry
    for bad in (
        {**entry, "seq": 2},
        {**entry, "kind": "explode"},
        {**entry, "points": "2"},
        {**entry, "t": None},
        [entry],
    ):
        with pytest.raises(Damaged):
            check_entry(bad, 1)


def test_one_writer_and_a_damaged_event_is_set_aside(tmp_path: Path) -> None:
    layout = Layout(tmp_path)
    book = EventBook(layout)
    with book.create(_spec()) as event:
        eid = event.id
        with pytest.raises(EventError, match="elsewhere"):
            book.open(eid, write=True)
        event.append("penalty", player="P01", points=-1, reason="late")
    with book.open("cup") as again:
        assert again.state.penalties[0].points == -1
        with pytest.raises(EventError):
            again.append("penalty", player="P01", points=-1, reason="")
    path = tmp_path / "events" / f"{eid}.json"
    data = json.loads(path.read_text("utf-8"))
    data["log"][0]["points"] = "many"
    raw = json.dumps(data).encode()
    path.write_bytes(raw)
    with pytest.raises(EventError, match="set aside"):
        book.open(eid)
    assert not path.exists()
    kept = list((tmp_path / "quarantine").glob(f"{eid}.*.json"))
    assert len(kept) == 1 and kept[0].read_bytes() == raw
    # A later schema is left untouched.
    data["schema"] = 99
    path.write_text(json.dumps(data), "utf-8")
    with pytest.raises(EventError, match="newer"):
        book.open(eid, write=True)
    assert json.loads(path.read_text("utf-8"))["schema"] == 99


# A whole event played through the command line --------------------------------------------


def _deal_lines(
    players: list[str], rng: random.Random, deals: int
) -> tuple[list[str], list[dict[str, Any]]]:
    """Scorekeeping-only deals: who went out and each other hand's points."""
    lines, kept = [], []
    for number in range(1, deals + 1):
        winner = rng.choice(players)
        hands = {p: rng.randint(0, 60) for p in players if p != winner}
        lines.append(f"round {number}")
        if number == 1:
            lines.append(f"dealer {players[0]}")
        lines.append(f"out {winner}")
        lines += [f"hand {p}: {points}" for p, points in hands.items()]
        kept.append({"winner": winner, **hands})
    return lines, kept


def _by_hand_totals(players: list[str], deals: list[dict[str, Any]]) -> dict[str, int]:
    """The Japanese manuals' 5回戦 sheet: the winner scores the others' hands, each other
    player loses their own."""
    totals = dict.fromkeys(players, 0)
    for deal in deals:
        winner = deal["winner"]
        for player in players:
            if player == winner:
                totals[player] += sum(v for p, v in deal.items() if p not in ("winner", player))
            else:
                totals[player] -= deal[player]
    return totals


def _by_hand_places(totals: dict[str, int], scale: list[int]) -> dict[str, Fraction]:
    ordered = sorted(totals.values(), reverse=True)
    points = {}
    for player, total in totals.items():
        first = ordered.index(total)
        tied = ordered.count(total)
        seats = [
            scale[min(i, len(scale) - 1)] if i < len(totals) - 1 else scale[-1]
            for i in range(first, first + tied)
        ]
        points[player] = Fraction(sum(seats), tied)
    return points


@pytest.mark.parametrize("scoring", ["placement", "cards"])
def test_an_event_played_at_its_tables_has_the_standings_computed_by_hand(
    run: Run, home: Path, tmp_path: Path, scoring: str
) -> None:
    players_file = tmp_path / "players.txt"
    players_file.write_text("# the club\n" + "\n".join(NAMES[:14]) + "\n\n", "utf-8")
    code, out, err = run(
        "event",
        "new",
        "Autumn Cup",
        "--players-file",
        str(players_file),
        "--rounds",
        "2",
        "--scoring",
        scoring,
        "--seed",
        "fixed",
    )
    assert code == 0, err
    rng = random.Random(7)
    points: dict[str, Fraction] = dict.fromkeys(NAMES[:14], Fraction(0))
    for round_no in (1, 2):
        code, out, err = run("event", "seat", "Autumn Cup", "--publish", "--json")
        assert code == 0, err
        seating = json.loads(out)
        assert seating["round"] == round_no
        sizes = sorted(len(t["players"]) for t in seating["tables"])
        assert sizes == [3, 3, 4, 4]
        for table in seating["tables"]:
            lines, deals = _deal_lines(table["players"], rng, 5)
            code, out, err = run("move", table["session"], *lines)
            assert code == 0, err
            totals = _by_hand_totals(table["players"], deals)
            if scoring == "placement":
                got = _by_hand_places(totals, [5, 3, 2, 1])
            else:
                factor = Fraction(3, len(table["players"]) - 1)
                got = {p: t * factor for p, t in totals.items()}
            for player, value in got.items():
                points[player] += value
    code, out, err = run("event", "standings", "Autumn Cup", "--json")
    assert code == 0, err
    rows = json.loads(out)
    assert {row["player"] for row in rows} == set(NAMES[:14])
    for row in rows:
        assert Fraction(row["points"]) == pytest.approx(points[row["player"]], abs=0.006)
        assert row["played"] == 2
    assert [Fraction(r["points"]) for r in rows] == sorted(
        (Fraction(r["points"]) for r in rows), reverse=True
    )
    code, out, err = run("event", "seat", "Autumn Cup")
    assert code != 0 and "every round" in err


def test_the_directors_decisions_show_in_the_standings(
    run: Run, home: Path, tmp_path: Path
) -> None:
    players_file = tmp_path / "players.txt"
    players_file.write_text("\n".join(NAMES[:8]), "utf-8")
    assert run("event", "new", "Cup", "--players-file", str(players_file), "--rounds", "2")[0] == 0
    code, out, err = run("event", "seat", "Cup", "--publish", "--json")
    tables = json.loads(out)["tables"]
    code, out, err = run("event", "seat", "Cup")
    assert code != 0 and "still being played at tables 1, 2" in err
    leaver = tables[0]["players"][0]
    withdraw = ("event", "withdraw", "Cup", leaver.lower(), "--reason", "ill")
    assert run(*withdraw, "--rule", "current-totals")[0] == 0
    assert run("event", "penalty", "Cup", tables[1]["players"][0], "-2", "--reason", "slow")[0] == 0
    assert run("event", "end", "Cup", "2")[0] == 0
    assert run("event", "arrive", "Cup", "Late Comer")[0] == 0
    code, out, err = run("event", "standings", "Cup", "--json")
    rows = {row["player"]: row for row in json.loads(out)}
    assert rows[leaver]["changes"][0] == {
        "kind": "withdraw",
        "round": 1,
        "other": "",
        "reason": "ill",
        "rule": "current-totals",
    }
    assert rows[tables[1]["players"][0]]["penalties"] == -2
    assert rows["Late Comer"]["changes"][0]["kind"] == "arrive"
    # Both tables are over (ended): the next round seats the late player and not the leaver.
    code, out, err = run("event", "seat", "Cup", "--json")
    assert code == 0, err
    seated = [p for t in json.loads(out)["tables"] for p in t["players"]]
    assert "Late Comer" in seated and leaver not in seated and len(seated) == 8
    code, out, err = run("event", "show", "Cup")
    assert "ended on a withdrawal" in out and "ended early" in out
    code, out, err = run("event", "withdraw", "Cup", "Nobody")
    assert code == 1 and "Nobody is not a player" in err


def test_print_holds_the_standings_and_every_tables_sheet(
    run: Run, home: Path, tmp_path: Path
) -> None:
    players_file = tmp_path / "players.txt"
    players_file.write_text("\n".join(["<b>Ann</b>", *NAMES[:7]]), "utf-8")
    assert run("event", "new", "Cup", "--players-file", str(players_file), "--rounds", "1")[0] == 0
    assert run("event", "seat", "Cup", "--publish")[0] == 0
    target = tmp_path / "all.html"
    code, _out, err = run("event", "print", "Cup", "-o", str(target))
    assert code == 0, err
    page = target.read_text("utf-8")
    assert page.count('class="page') == 3
    assert "<b>Ann" not in page and "&lt;b&gt;Ann&lt;/b&gt;" in page


def test_the_semifinal_and_final_are_seeded_from_the_standings(
    run: Run, home: Path, tmp_path: Path
) -> None:
    players_file = tmp_path / "players.txt"
    players_file.write_text("\n".join(NAMES), "utf-8")
    code, out, err = run(
        "event",
        "new",
        "Cup",
        "--players-file",
        str(players_file),
        "--rounds",
        "1",
        "--semifinal",
        "8",
        "--final",
        "4",
        "--game",
        "rounds 1",
    )
    assert code == 0, err
    rng = random.Random(3)

    def play_round() -> list[list[str]]:
        code, out, err = run("event", "seat", "Cup", "--publish", "--json")
        assert code == 0, err
        tables = json.loads(out)["tables"]
        for table in tables:
            lines, _deals = _deal_lines(table["players"], rng, 1)
            assert run("move", table["session"], *lines)[0] == 0
        return [t["players"] for t in tables]

    play_round()
    code, out, err = run("event", "standings", "Cup", "--json")
    order = [row["player"] for row in json.loads(out)]
    semifinal = play_round()
    # Eight qualifiers, snake-seeded over two tables: 1, 4, 5, 8 and 2, 3, 6, 7.
    assert sorted(p for t in semifinal for p in t) == sorted(order[:8])
    seeds = {p: order.index(p) + 1 for p in order[:8]}
    assert [seeds[p] for p in semifinal[0]] == [1, 4, 5, 8]
    assert [seeds[p] for p in semifinal[1]] == [2, 3, 6, 7]
    final = play_round()
    assert len(final) == 1 and len(final[0]) == 4
    code, out, err = run("event", "show", "Cup", "--json")
    stages = [r["stage"] for r in json.loads(out)["rounds"]]
    assert stages == ["qualifying", "semifinal", "final"]
    code, out, err = run("event", "standings", "Cup", "--stage", "final", "--json")
    assert code == 0, err
    assert sorted(row["player"] for row in json.loads(out)) == sorted(final[0])
