"""The sample sessions: each checks clean, shows what its name promises, and scores as printed."""

from __future__ import annotations

import json

import pytest

from referee import cli
from referee.engine import events as ev
from referee.engine.step import Step
from referee.notation import parse_session
from referee.render import render
from referee.service.replay import replay_session
from tests.unit.manual_example import MANUAL_POINTS, MANUAL_RUNNING, SAMPLES

FILES = sorted(SAMPLES.glob("*.uno"))


def steps(name: str) -> list[Step]:
    path = SAMPLES / name
    done = replay_session(parse_session(path.read_text(encoding="utf-8"), str(path)))
    return [*done.steps, *([done.refused] if done.refused is not None else [])]


def test_the_promised_samples_exist():
    names = {path.name for path in FILES}
    assert {
        "minecraft-five-rounds.uno",
        "classic-challenge-catch.uno",
        "jp-shuffle-hands.uno",
        "minecraft-creeper.uno",
    } <= names


@pytest.mark.parametrize("path", FILES, ids=[path.name for path in FILES])
def test_sample_checks_clean(capsys, path):
    code = cli.main(["check", str(path)])
    out, err = capsys.readouterr()
    assert (code, err) == (0, "")
    assert out.startswith(f"{path}: ok (")


def test_minecraft_sample_scores_like_the_manual(capsys):
    assert cli.main(["score", "--json", str(SAMPLES / "minecraft-five-rounds.uno")]) == 0
    sheet = json.loads(capsys.readouterr().out)
    for i, rnd in enumerate(sheet["rounds"]):
        assert rnd["points"] == {p: pts[i] for p, pts in MANUAL_POINTS.items()}
        assert rnd["totals"] == {p: run[i] for p, run in MANUAL_RUNNING.items()}
        assert sum(rnd["points"].values()) == 0
    assert [r["winner"] for r in sheet["rounds"]] == ["B", "C", "B", "C", "B"]
    assert sheet["totals"] == {"A": -121, "B": 218, "C": 19, "D": -116}
    assert sheet["ranks"] == {"B": 1, "C": 2, "D": 3, "A": 4}
    assert (sheet["finished"], sheet["winner"]) == (True, "B")


def test_classic_sample_has_a_challenge_and_a_catch():
    done = steps("classic-challenge-catch.uno")
    rules = [step.ruling.rule for step in done]
    assert "wd4-guilty" in rules or "wd4-innocent" in rules
    assert "uno-catch" in rules
    assert rules[-4] == "going-out"
    moves = (ev.CardPlayed, ev.CardsDrawn, ev.ChallengeMade, ev.PlayerCaught, ev.DrawAccepted)
    assert 30 <= sum(isinstance(step.event, moves) for step in done) <= 60


def test_jp_sample_shuffles_hands_and_finishes_a_round():
    done = steps("jp-shuffle-hands.uno")
    shuffles = [render(step.ruling.parts) for step in done if step.ruling.rule == "shuffle-hands"]
    assert shuffles and "re-dealt" in shuffles[0]
    assert "going-out" in [step.ruling.rule for step in done]


def test_creeper_sample_draws_and_plays_creepers():
    done = steps("minecraft-creeper.uno")
    assert any(step.ruling.rule == "creeper" for step in done)
    assert any(getattr(step.event, "count", 1) == 4 for step in done)
    assert any("played Creeper" in render(step.ruling.parts) for step in done)
