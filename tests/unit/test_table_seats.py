"""Seats and the phones' protocol (issue 26): asking, approval by one key or by the terminal's
code, credentials (compared, revoked, replaced), and what a phone may and may not ask."""

from __future__ import annotations

from pathlib import Path

import pytest

from referee.engine.events import Header
from referee.service import SessionService
from referee.table import Desk, Seats
from referee.table.protocol import PHONE_OPS, handle
from referee.table.seats import CODE_DIGITS, CREDENTIAL_BYTES

PLAYERS = ("Alice", "Bob", "Carol")


def seated(seats: Seats, player: str) -> str:
    """`player`'s phone asks, the scorekeeper approves, the phone collects its credential."""
    join = seats.ask(player, "phone")
    assert join is not None
    assert seats.approve(player)
    got = seats.collect(join.ticket)
    assert got is not None and got[0] == player
    return got[1]


# Seats -----------------------------------------------------------------------------------------


def test_a_phone_asks_the_scorekeeper_approves_the_phone_collects_once():
    seats = Seats(PLAYERS)
    join = seats.ask("Bob", "Firefox")
    assert join is not None and join.player == "Bob" and join.label == "Firefox"
    assert seats.asking() == [join] and seats.pending(join.ticket) == join
    assert seats.collect(join.ticket) is None  # not approved yet
    assert seats.approve("Bob")
    assert seats.asking() == []
    got = seats.collect(join.ticket, "Firefox")
    assert got is not None and got[0] == "Bob"
    assert seats.collect(join.ticket) is None  # given once
    assert seats.held() == {"Bob": "Firefox"}


def test_no_such_player_no_seat():
    seats = Seats(PLAYERS)
    assert seats.ask("Mallory") is None
    assert not seats.approve("Mallory")


def test_the_credential_is_long_and_the_code_short():
    seats = Seats(PLAYERS)
    join = seats.ask("Alice")
    assert join is not None
    assert len(join.code) == CODE_DIGITS and join.code.isdigit()
    assert CREDENTIAL_BYTES * 8 >= 128
    assert seats.redeem(join.ticket, join.code)
    got = seats.collect(join.ticket)
    assert got is not None
    # token_urlsafe: about 1.3 characters a byte.
    assert len(got[1]) >= CREDENTIAL_BYTES * 4 // 3


def test_the_right_code_approves_a_wrong_code_does_not():
    seats = Seats(PLAYERS)
    join = seats.ask("Carol")
    assert join is not None
    wrong = "000000" if join.code != "000000" else "111111"
    assert not seats.redeem(join.ticket, wrong)
    assert not seats.redeem(join.ticket, "")
    assert not seats.redeem("another ticket", join.code)
    assert seats.collect(join.ticket) is None
    assert seats.redeem(join.ticket, f" {join.code} ")
    assert seats.collect(join.ticket) is not None


def test_the_newest_request_for_a_seat_replaces_the_one_before():
    seats = Seats(PLAYERS)
    first, second = seats.ask("Bob"), seats.ask("Bob")
    assert first is not None and second is not None
    assert seats.asking() == [second] and seats.pending(first.ticket) is None
    assert not seats.redeem(first.ticket, first.code)


def test_declined_request_gives_no_seat():
    seats = Seats(PLAYERS)
    join = seats.ask("Bob")
    assert join is not None and seats.decline("Bob")
    assert not seats.approve("Bob") and seats.collect(join.ticket) is None


def test_credentials_are_compared_only_the_holders_own_holds():
    seats = Seats(PLAYERS)
    alice, bob = seated(seats, "Alice"), seated(seats, "Bob")
    assert seats.holder(alice) == "Alice" and seats.holder(bob) == "Bob"
    assert seats.holder(alice[:-1]) is None
    assert seats.holder(alice + "x") is None
    assert seats.holder("") is None and seats.holder(None) is None


def test_the_credential_is_compared_in_constant_time(monkeypatch):
    """Every seat's digest goes through `secrets.compare_digest`, whatever matched."""
    import referee.table.seats as seats_module

    compared: list[tuple[bytes, bytes]] = []
    real = seats_module.secrets.compare_digest

    def spy(a: bytes, b: bytes) -> bool:
        compared.append((a, b))
        return real(a, b)

    seats = Seats(PLAYERS)
    alice = seated(seats, "Alice")
    seated(seats, "Bob")
    monkeypatch.setattr(seats_module.secrets, "compare_digest", spy)
    assert seats.holder(alice) == "Alice"
    assert len(compared) == 2
    assert all(isinstance(a, bytes) and len(a) == len(b) == 32 for a, b in compared)


def test_the_credential_is_never_kept_only_its_digest():
    seats = Seats(PLAYERS)
    credential = seated(seats, "Alice")
    assert credential not in repr(vars(seats))


def test_revoking_a_seat_ends_its_credential():
    seats = Seats(PLAYERS)
    credential = seated(seats, "Alice")
    assert seats.revoke("Alice")
    assert seats.holder(credential) is None and seats.held() == {}
    assert not seats.revoke("Alice")


def test_a_new_phone_for_a_seat_revokes_the_old_ones_credential():
    seats = Seats(PLAYERS)
    old = seated(seats, "Alice")
    new = seated(seats, "Alice")
    assert seats.holder(old) is None and seats.holder(new) == "Alice"


# The protocol ----------------------------------------------------------------------------------


@pytest.fixture
def desk(tmp_path: Path) -> Desk:
    service = SessionService(tmp_path / "data")
    sid = service.create(
        Header(
            edition="classic",
            players=PLAYERS,
            scoring="target 500",
            overrides=(("hand-size", "2"),),
        )
    )
    live = service.open(sid)
    for move in ("round 1", "dealer Alice", "start r7"):
        assert live.record(move).ok
    return Desk(live, "none")


def joined(desk: Desk, player: str, by_code: bool = False) -> str:
    """A seat taken through the protocol, as the server does it; its credential."""
    asked = handle(desk, {"op": "ask", "player": player, "label": "phone"})
    ticket = asked["ticket"]
    assert handle(desk, {"op": "collect", "ticket": ticket}) == {"asking": True}
    if by_code:
        code = desk.seats.asking()[-1].code
        got = handle(desk, {"op": "redeem", "ticket": ticket, "code": code})
    else:
        assert desk.seats.approve(player)
        got = handle(desk, {"op": "collect", "ticket": ticket})
    assert got["player"] == player
    return str(got["credential"])


def test_the_code_is_never_sent_to_the_phone(desk):
    asked = handle(desk, {"op": "ask", "player": "Bob"})
    assert set(asked) == {"ticket"}
    assert desk.seats.asking()[0].code not in str(asked)


def test_a_wrong_code_is_refused_through_the_protocol(desk):
    ticket = handle(desk, {"op": "ask", "player": "Bob"})["ticket"]
    code = desk.seats.asking()[0].code
    wrong = "999999" if code != "999999" else "000000"
    assert handle(desk, {"op": "redeem", "ticket": ticket, "code": wrong}) == {
        "error": "code",
        "asking": True,
    }
    assert handle(desk, {"op": "redeem", "ticket": "forged", "code": code})["error"] == "code"


def test_a_seat_taken_by_code_proposes(desk):
    bob = joined(desk, "Bob", by_code=True)
    got = handle(
        desk,
        {"op": "propose", "credential": bob, "action": "r5", "seen": 3, "request": "r1"},
    )
    assert got["status"] == "recorded" and got["text"] == "Bob: r5"
    assert got["keys"] and got["seq"] is not None


def test_the_scorekeepers_own_acts_are_not_a_phones(desk):
    bob = joined(desk, "Bob")
    for op in ("accept", "reject", "approve", "revoke", "record", "undo", None):
        assert handle(desk, {"op": op, "credential": bob}) == {"error": "op"}
    assert "approve" not in PHONE_OPS and "accept" not in PHONE_OPS


def test_every_seat_act_needs_the_seats_credential(desk):
    joined(desk, "Bob")
    for op in ("seat", "legal", "call", "propose", "second", "answer"):
        assert handle(desk, {"op": op, "credential": "forged"}) == {"error": "seat"}
        assert handle(desk, {"op": op}) == {"error": "seat"}
    assert desk.alerts == []


def test_a_revoked_seat_can_do_nothing_more(desk):
    bob = joined(desk, "Bob")
    assert handle(desk, {"op": "seat", "credential": bob}) == {"player": "Bob"}
    assert desk.seats.revoke("Bob")
    got = handle(
        desk, {"op": "propose", "credential": bob, "action": "r5", "seen": 3, "request": "r1"}
    )
    assert got == {"error": "seat"}
    assert [m.text for m in desk.live.moves][-1] == "start r7"


def test_a_proposal_is_the_credentials_seat_whatever_the_message_says(desk):
    alice = joined(desk, "Alice")
    got = handle(
        desk,
        {
            "op": "propose",
            "credential": alice,
            "player": "Bob",
            "action": "Bob: r5",
            "seen": 3,
            "request": "r1",
        },
    )
    assert (got["status"], got["rule"]) == ("refused", "seat")
    assert [m.text for m in desk.live.moves][-1] == "start r7"


def test_a_proposal_needs_an_id(desk):
    bob = joined(desk, "Bob")
    got = handle(desk, {"op": "propose", "credential": bob, "action": "r5", "seen": 3})
    assert got == {"error": "request"}


def test_a_replayed_id_is_answered_not_recorded_again(desk):
    bob = joined(desk, "Bob")
    message = {"op": "propose", "credential": bob, "action": "r5", "seen": 3, "request": "r1"}
    first = handle(desk, message)
    assert handle(desk, message) == first
    assert [m.text for m in desk.live.moves].count("Bob: r5") == 1


def test_a_phone_reads_only_its_own_answers(desk):
    bob, carol = joined(desk, "Bob"), joined(desk, "Carol")
    handle(desk, {"op": "propose", "credential": bob, "action": "r5", "seen": 3, "request": "r1"})
    assert handle(desk, {"op": "answer", "credential": bob, "request": "r1"})["status"] == (
        "recorded"
    )
    assert handle(desk, {"op": "answer", "credential": carol, "request": "r1"}) == {
        "error": "request"
    }
    assert handle(desk, {"op": "answer", "credential": bob, "request": "nope"}) == {
        "error": "request"
    }


def test_a_seen_that_is_not_a_number_is_stale(desk):
    bob = joined(desk, "Bob")
    got = handle(
        desk, {"op": "propose", "credential": bob, "action": "r5", "seen": "3", "request": "r1"}
    )
    assert got["status"] == "recorded" and got["stale"] is True


def test_legal_and_call_through_the_protocol(desk):
    bob = joined(desk, "Bob")
    got = handle(desk, {"op": "legal", "credential": bob})
    assert got["player"] == "Bob" and got["moves"] == 3 and "draw" in got["legal"]["moves"]
    assert handle(desk, {"op": "call", "credential": bob}) == {"player": "Bob"}
    assert desk.alerts == ["Bob"]
    assert handle(desk, {"op": "second", "credential": bob, "agree": True}) == {"error": "nothing"}


def test_long_fields_are_cut_before_the_writer_sees_them(desk):
    asked = handle(desk, {"op": "ask", "player": "Bob", "label": "x" * 500})
    assert "ticket" in asked
    assert len(desk.seats.asking()[0].label) == 80
    assert handle(desk, {"op": "ask", "player": ["Bob"]}) == {"error": "player"}
