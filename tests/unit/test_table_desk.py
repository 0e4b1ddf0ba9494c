"""The table's one writer (issue 26): every answer a phone's proposal gets, each confirmation
mode, the scorekeeper's queue kept in arrival order, retries recorded once, two-party verdicts
and the round's hands."""

from __future__ import annotations

import json
from pathlib import Path

import pytest

from referee.engine.events import Header
from referee.service import LiveSession, SessionService
from referee.table import Desk
from referee.table.confirm import Confirm
from referee.table.desk import SCOREKEEPER_RULE, SEAT_RULE, Reply
from referee.table.words import Say

# Two cards a hand: a round is over in a few moves, and one card left comes at once.
HEADER = Header(
    edition="classic",
    players=("Alice", "Bob", "Carol"),
    scoring="target 500",
    overrides=(("hand-size", "2"),),
)
OPENING = ("round 1", "dealer Alice", "start r7")


@pytest.fixture
def service(tmp_path: Path) -> SessionService:
    return SessionService(tmp_path / "data")


def table(
    service: SessionService, confirm: Confirm, moves: tuple[str, ...] = OPENING
) -> tuple[str, LiveSession, Desk]:
    """A session opened as the writer after `moves` typed by the scorekeeper, and its Desk."""
    sid = service.create(HEADER)
    live = service.open(sid)
    for move in moves:
        assert live.record(move).ok, move
    return sid, live, Desk(live, confirm)


def texts(live: LiveSession) -> list[str]:
    return [move.text for move in live.moves]


def log_entries(service: SessionService, sid: str) -> list[dict[str, object]]:
    """The session file's log entries as stored, in order."""
    doc = json.loads(service.layout.session(sid).read_text(encoding="utf-8"))
    return sorted(doc["log"].values(), key=lambda entry: entry["seq"])


def status(reply: Reply | None) -> str:
    """The status of an answer that must have come."""
    assert reply is not None
    return reply.status


def status_of(desk: Desk, request: str) -> str:
    """What became of a proposal, which must have been seen."""
    found = desk.answer(request)
    assert found is not None, request
    return found.status


def seen(live: LiveSession) -> int:
    return len(live.moves)


# Every status ----------------------------------------------------------------------------------


def test_a_legal_play_is_recorded_with_who_proposed_it_and_its_id(service):
    sid, live, desk = table(service, "none")
    reply = desk.propose("Bob", "r5", seen(live), "req-1")
    assert (reply.status, reply.rule, reply.text) == ("recorded", "match", "Bob: r5")
    assert reply.seq == live.moves[-1].seq and not reply.stale
    assert texts(live)[-1] == "Bob: r5"
    stored = [e for e in log_entries(service, sid) if e.get("request") == "req-1"]
    assert len(stored) == 1 and stored[0]["by"] == "Bob" and stored[0]["text"] == "Bob: r5"


def test_an_illegal_play_is_refused_with_its_rule_and_nothing_is_stored(service):
    _sid, live, desk = table(service, "none")
    before = texts(live)
    reply = desk.propose("Bob", "b3", seen(live), "req-1")
    assert (reply.status, reply.rule) == ("refused", "match")
    assert texts(live) == before and desk.queue == []


def test_a_line_that_changes_nothing_is_noted_not_stored(service):
    """A false catch without a penalty is taken by the referee but changes nothing."""
    _sid, live, desk = table(service, "none")
    before = texts(live)
    reply = desk.propose("Alice", "catch Bob", seen(live), "req-1")
    assert (reply.status, reply.rule) == ("noted", "uno-false-catch")
    assert texts(live) == before


def test_an_unreadable_proposal_is_refused_as_notation(service):
    _sid, live, desk = table(service, "none")
    reply = desk.propose("Bob", "r55 please", seen(live), "req-1")
    assert (reply.status, reply.rule) == ("refused", "notation")
    assert texts(live) == list(OPENING)


# Confirmation modes ----------------------------------------------------------------------------


def test_all_every_proposal_waits_enter_records_it(service):
    _sid, live, desk = table(service, "all")
    reply = desk.propose("Bob", "r5", seen(live), "req-1")
    assert (reply.status, reply.rule) == ("waiting", SCOREKEEPER_RULE)
    assert reply.parts == (Say.waiting(),)
    assert texts(live) == list(OPENING)
    assert desk.answer("req-1") == reply
    accepted = desk.accept()
    assert accepted is not None and accepted.status == "recorded"
    assert texts(live)[-1] == "Bob: r5" and desk.queue == []
    assert desk.answer("req-1") == accepted


def test_all_another_key_rejects_and_nothing_is_stored(service):
    _sid, live, desk = table(service, "all")
    desk.propose("Bob", "r5", seen(live), "req-1")
    rejected = desk.reject()
    assert rejected is not None
    assert (rejected.status, rejected.rule) == ("rejected", SCOREKEEPER_RULE)
    assert rejected.parts == (Say.rejected(text="Bob: r5"),)
    assert texts(live) == list(OPENING)
    assert desk.answer("req-1") == rejected
    assert desk.accept() is None and desk.reject() is None


def test_plays_the_turn_goes_straight_in_a_catch_waits(service):
    _sid, live, desk = table(service, "plays")
    assert desk.propose("Bob", "r5", seen(live), "play").status == "recorded"
    catch = desk.propose("Alice", "catch Bob", seen(live), "catch")
    assert catch.status == "waiting"
    assert texts(live)[-1] == "Bob: r5"


def test_plays_an_uno_call_of_ones_own_goes_straight_in(service):
    _sid, live, desk = table(service, "plays")
    desk.propose("Bob", "r5", seen(live), "play")
    assert desk.propose("Bob", "uno", seen(live), "uno").status == "recorded"
    assert texts(live)[-1] == "Bob: uno"


def test_plays_a_play_out_of_turn_waits_for_the_scorekeeper(service):
    """A jump-in or any move of a seat not on turn is not a turn action: it waits."""
    _sid, live, desk = table(service, "plays")
    reply = desk.propose("Carol", "r7", seen(live), "jump")
    assert reply.status in ("waiting", "refused")
    assert texts(live) == list(OPENING)


def test_none_everything_legal_goes_straight_in(service):
    _sid, live, desk = table(service, "none")
    desk.propose("Bob", "r5", seen(live), "play")
    assert desk.propose("Alice", "catch Bob", seen(live), "catch").status == "recorded"
    assert texts(live)[-2:] == ["Bob: r5", "Alice: catch Bob"]


# Arrival order ---------------------------------------------------------------------------------


def test_a_waiting_catch_blocks_the_next_play_until_the_scorekeeper_acts(service):
    _sid, live, desk = table(service, "plays")
    desk.propose("Bob", "r5", seen(live), "play")
    assert desk.propose("Alice", "catch Bob", seen(live), "catch").status == "waiting"
    # Carol is on turn, but her play came after the catch: it waits behind it.
    behind = desk.propose("Carol", "r9", seen(live), "next")
    assert behind.status == "waiting"
    assert [p.request for p in desk.queue] == ["catch", "next"]
    assert texts(live)[-1] == "Bob: r5"


def test_rejecting_the_waiting_catch_lets_the_play_in(service):
    _sid, live, desk = table(service, "plays")
    desk.propose("Bob", "r5", seen(live), "play")
    desk.propose("Alice", "catch Bob", seen(live), "catch")
    desk.propose("Carol", "r9", seen(live), "next")
    assert desk.reject() is not None
    assert texts(live)[-2:] == ["Bob: r5", "Carol: r9"]
    assert desk.answer("next") is not None and status_of(desk, "next") == "recorded"
    assert status_of(desk, "catch") == "rejected" and desk.queue == []


def test_accepting_the_waiting_catch_records_it_then_rechecks_the_play(service):
    _sid, live, desk = table(service, "plays")
    desk.propose("Bob", "r5", seen(live), "play")
    desk.propose("Alice", "catch Bob", seen(live), "catch")
    desk.propose("Carol", "r9", seen(live), "next")
    accepted = desk.accept()
    assert accepted is not None and accepted.status == "recorded"
    assert texts(live)[-3:] == ["Bob: r5", "Alice: catch Bob", "Carol: r9"]
    assert status_of(desk, "next") == "recorded" and desk.queue == []


def test_a_waiting_proposal_no_longer_legal_after_the_scorekeeper_types_is_refused(service):
    """recheck(): the scorekeeper typed Carol's real card; her waiting one no longer holds."""
    _sid, live, desk = table(service, "all")
    desk.propose("Bob", "r5", seen(live), "play")
    desk.accept()
    desk.propose("Carol", "r9", seen(live), "next")
    assert live.record("Carol: r2").ok
    dropped = desk.recheck()
    assert [(r.request, r.status, r.stale) for r in dropped] == [("next", "refused", True)]
    assert desk.queue == [] and status_of(desk, "next") == "refused"
    assert texts(live)[-1] == "Carol: r2"


def test_later_proposals_are_judged_after_the_ones_waiting_ahead(service):
    """Carol's turn exists only once Bob's waiting play is in: it is judged on that table."""
    _sid, live, desk = table(service, "all")
    desk.propose("Bob", "r5", seen(live), "play")
    assert desk.propose("Carol", "r9", seen(live), "next").status == "waiting"
    assert desk.propose("Bob", "r1", seen(live), "again").status == "refused"
    assert status(desk.accept()) == "recorded" and status(desk.accept()) == "recorded"
    assert texts(live)[-2:] == ["Bob: r5", "Carol: r9"]


# Stale proposals -------------------------------------------------------------------------------


def test_a_stale_proposal_is_judged_again_never_applied_blindly(service):
    _sid, live, desk = table(service, "none")
    old = seen(live)
    desk.propose("Bob", "r5", old, "play")
    # Bob's phone had not seen its own play: the same card again is judged on the table now.
    again = desk.propose("Bob", "r3", old, "late")
    assert (again.status, again.stale) == ("refused", True)
    assert texts(live)[-1] == "Bob: r5"


def test_a_stale_proposal_that_still_holds_is_recorded_and_marked_stale(service):
    _sid, live, desk = table(service, "none")
    old = seen(live)
    desk.propose("Bob", "r5", old, "play")
    late = desk.propose("Carol", "r9", old, "next")
    assert (late.status, late.stale) == ("recorded", True)


# Retries ---------------------------------------------------------------------------------------


def test_a_retried_request_is_recorded_once(service):
    sid, live, desk = table(service, "none")
    first = desk.propose("Bob", "r5", seen(live), "same")
    retry = desk.propose("Bob", "r5", seen(live), "same")
    assert retry == first
    assert texts(live).count("Bob: r5") == 1
    assert [e.get("request") for e in log_entries(service, sid)].count("same") == 1


def test_a_retried_refusal_is_answered_the_same(service):
    _sid, live, desk = table(service, "none")
    first = desk.propose("Bob", "b3", seen(live), "same")
    assert desk.propose("Bob", "b3", seen(live), "same") == first


def test_a_retry_after_the_session_is_reopened_is_not_recorded_again(service):
    sid, live, desk = table(service, "none")
    desk.propose("Bob", "r5", seen(live), "same")
    seq = live.moves[-1].seq
    live.close()
    with service.open(sid) as reopened:
        assert reopened.requests() == {"same": seq}
        desk = Desk(reopened, "none")
        retry = desk.propose("Bob", "r5", len(reopened.moves), "same")
        assert retry.status == "recorded" and retry.parts == (Say.retried(),)
        assert [m.text for m in reopened.moves].count("Bob: r5") == 1
    assert [e.get("request") for e in log_entries(service, sid)].count("same") == 1


def test_a_retry_of_a_waiting_proposal_waits_once(service):
    _sid, live, desk = table(service, "all")
    desk.propose("Bob", "r5", seen(live), "same")
    assert desk.propose("Bob", "r5", seen(live), "same").status == "waiting"
    assert len(desk.queue) == 1


# Whose move ------------------------------------------------------------------------------------


@pytest.mark.parametrize("line", ["Bob: r5", "Bob: uno", "hand Bob: 3"])
def test_a_seat_proposing_another_seats_move_is_refused_with_rule_seat(service, line):
    _sid, live, desk = table(service, "none")
    reply = desk.propose("Alice", line, seen(live), "req")
    assert (reply.status, reply.rule) == ("refused", SEAT_RULE)
    assert reply.parts == (Say.not_yours(seat="Alice"),)
    assert texts(live) == list(OPENING)


def test_a_seats_own_move_written_with_its_name_is_taken(service):
    _sid, live, desk = table(service, "none")
    assert desk.propose("Bob", "Bob: r5", seen(live), "req").status == "recorded"


@pytest.mark.parametrize("line", ["round 2", "dealer Bob", "Bob: penalty 2"])
def test_the_scorekeepers_lines_are_refused_from_a_phone(service, line):
    _sid, live, desk = table(service, "none")
    reply = desk.propose("Bob", line, seen(live), "req")
    assert (reply.status, reply.rule) == ("refused", SEAT_RULE)
    assert reply.parts == (Say.scorekeeper_only(),)
    assert texts(live) == list(OPENING)


# Two-party verdicts ----------------------------------------------------------------------------


def challenged(service: SessionService, confirm: Confirm, verdict: str) -> tuple[LiveSession, Desk]:
    _sid, live, desk = table(service, confirm)
    assert desk.propose("Bob", "w+4 blue", seen(live), "wd4").status in ("recorded", "waiting")
    if confirm == "all":
        desk.accept()
    reply = desk.propose("Carol", f"challenge {verdict}", seen(live), "challenge")
    assert reply.status == "waiting"
    assert reply.parts == (Say.waiting_for(player="Bob"),)
    assert desk.legal("Bob")["confirm"] == f"Carol: challenge {verdict}"
    return live, desk


@pytest.mark.parametrize("confirm", ["none", "plays"])
def test_a_challenge_confirmed_by_the_challenged_phone_goes_in(service, confirm):
    live, desk = challenged(service, confirm, "guilty")
    reply = desk.second("Bob", True)
    assert reply is not None and reply.status == "recorded"
    assert texts(live)[-1] == "Carol: challenge guilty" and desk.alerts == []


def test_a_challenge_under_all_still_waits_for_the_scorekeeper_once_confirmed(service):
    live, desk = challenged(service, "all", "guilty")
    assert status(desk.second("Bob", True)) == "waiting"
    assert status(desk.accept()) == "recorded"
    assert texts(live)[-1] == "Carol: challenge guilty"


def test_a_disputed_verdict_raises_an_alert_and_waits_for_the_scorekeeper(service):
    live, desk = challenged(service, "none", "innocent")
    reply = desk.second("Bob", False)
    assert reply is not None and reply.status == "waiting"
    assert reply.parts == (Say.disputed(player="Bob"),)
    assert desk.alerts == ["Bob"]
    assert texts(live)[-1] == "Bob: w+4 blue"
    assert status(desk.accept()) == "recorded"
    assert texts(live)[-1] == "Carol: challenge innocent"


def test_only_the_challenged_player_confirms(service):
    _live, desk = challenged(service, "none", "guilty")
    assert desk.second("Alice", True) is None and desk.second("Carol", True) is None
    assert len(desk.queue) == 1


def test_the_call_button_raises_an_alert(service):
    _sid, _live, desk = table(service, "none")
    desk.call("Carol")
    assert desk.alerts == ["Carol"]


# The round's hands -----------------------------------------------------------------------------


def round_over(service: SessionService, confirm: Confirm) -> tuple[LiveSession, Desk]:
    _sid, live, desk = table(service, "none")
    for who, card in (("Bob", "r5"), ("Carol", "r9"), ("Alice", "r3"), ("Bob", "r1")):
        assert desk.propose(who, card, seen(live), who + card).status == "recorded"
    desk.confirm = confirm
    return live, desk


def test_each_player_enters_their_own_hand_a_wrong_count_is_refused(service):
    live, desk = round_over(service, "none")
    assert desk.legal("Alice")["moves"] == ["hand"]
    wrong = desk.propose("Alice", "hand: r2 r4", seen(live), "h1")
    assert (wrong.status, wrong.rule) == ("refused", "round-hands")
    assert texts(live)[-1] == "Bob: r1"
    assert desk.propose("Alice", "hand: r2", seen(live), "h2").status == "recorded"
    assert desk.propose("Carol", "hand 12", seen(live), "h3").status == "recorded"
    assert texts(live)[-2:] == ["hand Alice: r2", "hand Carol: 12"]


def test_under_plays_hands_wait_for_the_scorekeeper(service):
    live, desk = round_over(service, "plays")
    assert desk.propose("Alice", "hand: r2", seen(live), "h").status == "waiting"
    assert status(desk.accept()) == "recorded"
    assert texts(live)[-1] == "hand Alice: r2"


def test_a_hand_before_the_round_ends_is_refused(service):
    _sid, live, desk = table(service, "none")
    reply = desk.propose("Bob", "hand: 3", seen(live), "h")
    assert (reply.status, reply.rule) == ("refused", "round-hands")


# What a phone may do ---------------------------------------------------------------------------


def test_legal_lists_the_seats_moves_on_the_table_as_it_will_be(service):
    _sid, live, desk = table(service, "all")
    assert any(move.startswith("draw") for move in desk.legal("Bob")["moves"])
    desk.propose("Bob", "r5", seen(live), "play")
    # Once Bob's waiting play is in, Carol is on turn: her pad already says so.
    assert desk.legal("Bob")["mine"] == ["Bob: r5"]
    assert any(move.startswith("draw") for move in desk.legal("Carol")["moves"])
    assert not any(move.startswith("draw") for move in desk.legal("Bob")["moves"])


# A round opened from a phone ------------------------------------------------------------------


@pytest.mark.parametrize("confirm", ["none", "all"])
def test_a_seat_turns_up_the_start_card_and_the_round_opens_with_it(
    service: SessionService, confirm: Confirm
) -> None:
    sid, live, desk = table(service, confirm, moves=())
    reply = desk.propose("Bob", "start r7", seen(live), "open-1")
    if confirm == "all":
        # One proposal, three lines: they wait, and one Enter takes them together.
        assert reply.status == "waiting"
        assert [p.text for p in desk.queue] == ["round 1", "dealer Bob", "start r7"]
        accepted = desk.accept()
        assert accepted is not None and accepted.status == "recorded"
    else:
        assert reply.status == "recorded"
    assert texts(live) == ["round 1", "dealer Bob", "start r7"]
    assert [e.get("by") for e in log_entries(service, sid)] == ["Bob"] * 3
    # A retry is answered from the log; the next round follows the rotation (no dealer line).
    assert desk.propose("Bob", "start r7", 0, "open-1").status == "recorded"
    assert texts(live) == ["round 1", "dealer Bob", "start r7"]


def test_a_start_card_refused_stores_nothing_and_turning_down_takes_every_line(
    service: SessionService,
) -> None:
    _sid, live, desk = table(service, "all", moves=())
    # A Wild Draw Four cannot start a round under the English rules: it is returned first.
    reply = desk.propose("Bob", "start zz", seen(live), "bad")
    assert reply.status == "refused"
    assert not desk.queue and texts(live) == []
    assert desk.propose("Bob", "start r7", seen(live), "open").status == "waiting"
    rejected = desk.reject()
    assert rejected is not None and rejected.status == "rejected"
    assert not desk.queue and texts(live) == []
