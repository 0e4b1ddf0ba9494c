"""Header changes (`set` lines, issue 27): the rulebook, edition, scoring and options changed
before the first card, the scoring's number later where the rules allow it; recorded like a
move, replayed exactly, undone and corrected like one."""

from __future__ import annotations

import json
from pathlib import Path

import pytest

from referee.engine import Referee
from referee.engine.events import DealerNamed, Header, HeaderChanged, RoundStarted
from referee.engine.public import public_state
from referee.notation import NotationError, format_event, format_session, parse_move, parse_session
from referee.render import render
from referee.service import SessionService, header_changes
from referee.service import snapshot as snap
from referee.service.replay import replay_session
from referee.store.tags import header_text
from tests.unit.test_snapshot import HEADER as LONG_HEADER
from tests.unit.test_snapshot import long_game, replayed

HEADER = Header(edition="classic", players=("Ann", "Bob", "Cy"), scoring="target 500")
FIRST_CARD = ("round 1", "dealer Ann", "start r5")


@pytest.fixture
def service(tmp_path: Path) -> SessionService:
    return SessionService(tmp_path / "data")


def referee_after(*moves: str) -> Referee:
    ref = Referee(HEADER)
    for move in moves:
        ruling = ref.apply(parse_move(move, ref.header))
        assert ruling.ok, (move, render(ruling.parts))
    return ref


def refusal(ref: Referee, move: str) -> str:
    before = ref.state
    ruling = ref.apply(parse_move(move, ref.header))
    assert not ruling.ok and ruling.rule == "header-change"
    assert ref.state is before
    return render(ruling.parts)


# The notation ----------------------------------------------------------------------------------


@pytest.mark.parametrize(
    ("typed", "event", "canonical"),
    [
        ("set rules JP", HeaderChanged("rules", "jp"), "set rules jp"),
        ("SET edition  Flip", HeaderChanged("edition", "flip"), "set edition flip"),
        ("set scoring Rounds 07", HeaderChanged("scoring", "rounds 7"), "set scoring rounds 7"),
        ("set scoring none", HeaderChanged("scoring", "none"), "set scoring none"),
        (
            "set rule Hand-Size 5",
            HeaderChanged("rule", "5", "hand-size"),
            "set rule hand-size 5",
        ),
        (
            "set rule stacking default",
            HeaderChanged("rule", "default", "stacking"),
            "set rule stacking default",
        ),
    ],
)
def test_a_set_line_reads_and_writes_back_canonically(typed, event, canonical):
    assert parse_move(typed, HEADER) == event
    assert format_event(event, HEADER) == canonical
    assert parse_move(canonical, HEADER) == event


@pytest.mark.parametrize(
    ("typed", "message"),
    [
        ("set", "<move>:1:4: expected 'edition', 'rules', 'scoring' or 'rule' after 'set'"),
        ("set colour red", "<move>:1:5: expected 'edition', 'rules', 'scoring' or 'rule'"),
        ("set rules de", "<move>:1:11: expected rules 'en' or 'jp', got 'de'"),
        ("set edition chess", "<move>:1:13: unknown edition 'chess'"),
        ("set scoring best of 3", "<move>:1:13: expected a scoring system"),
        ("set rule stacking", "<move>:1:10: expected an option name and a value"),
        ("set rules jp en", "<move>:1:14: expected end of line after 'set rules jp'"),
    ],
)
def test_a_bad_set_line_says_what_was_expected(typed, message):
    with pytest.raises(NotationError) as caught:
        parse_move(typed, HEADER)
    assert str(caught.value).startswith(message)


def test_a_file_may_change_its_header_before_round_1_and_reads_later_cards_in_the_new_deck():
    text = header_text(HEADER) + (
        "set rules jp\n\nround 1\nset edition flip\ndealer Ann\nstart r5\nBob: r+1\n"
    )
    session = parse_session(text, "t.uno")
    assert session.events[:2] == [HeaderChanged("rules", "jp"), RoundStarted(1)]
    # `r+1` (Draw One) is a Flip card: read under the edition in force, not the file's header.
    assert format_session(session) == text
    done = replay_session(session)
    assert done.trouble is None
    assert done.referee.header.edition == "flip" and done.referee.header.rules == "jp"
    # Before the change, the classic deck has no Draw One.
    with pytest.raises(NotationError, match="'r\\+1' is not in the classic deck"):
        parse_session(header_text(HEADER) + "round 1\ndealer Ann\nstart r5\nBob: r+1\n")


def test_files_without_set_lines_read_as_before():
    # Every sample replays to the same header it declares: no file written before has a
    # change in it.
    for path in sorted((Path(__file__).resolve().parents[2] / "sample_sessions").glob("*.uno")):
        session = parse_session(path.read_text(encoding="utf-8"), path.name)
        assert not any(isinstance(event, HeaderChanged) for event in session.events)
        done = replay_session(session)
        assert done.referee.header == session.header, path.name


# The engine ------------------------------------------------------------------------------------


def test_everything_may_change_before_the_first_card():
    ref = referee_after(
        "set rules jp",
        "round 1",
        "dealer Ann",
        "set edition nomercy",
        "set scoring rounds 5",
        "set rule mercy 20",
        "set rule hand-size 5",
        "set rule hand-size 6",
    )
    assert ref.header == Header(
        "nomercy",
        HEADER.players,
        "rounds 5",
        "jp",
        overrides=(("mercy", "20"), ("hand-size", "6")),
    )
    assert ref.options.values["hand-size"] == "6" and ref.deck.id == "nomercy"
    assert ref.dealer == "Ann"
    ruling = ref.apply(parse_move("set rule mercy default", ref.header))
    assert ruling.ok and render(ruling.parts) == "The rule option mercy is back to its default."
    assert ref.header.overrides == (("hand-size", "6"),)
    # The state goes on exactly as a session made with that header would.
    fresh = Referee(ref.header)
    for event in (RoundStarted(1), DealerNamed("Ann")):
        fresh.apply(event)
    for move in ("start r5", "Bob: r6"):
        a, b = ref.apply(parse_move(move, ref.header)), fresh.apply(parse_move(move, ref.header))
        assert (a.ok, a.rule, render(a.parts)) == (b.ok, b.rule, render(b.parts))
    assert public_state(ref.state) == public_state(fresh.state)


def test_after_the_first_card_only_the_scorings_number_may_change():
    ref = referee_after(*FIRST_CARD)
    for move in ("set rules jp", "set edition flip", "set rule hand-size 5"):
        assert refusal(ref, move) == (
            "the first card of the first round is played: only the scoring's number can change now"
        )
    assert refusal(ref, "set scoring rounds 5") == (
        "the first card is played: the kind of scoring stays as it is (only its number can change)"
    )
    ruling = ref.apply(parse_move("set scoring target 300", ref.header))
    assert ruling.ok and ruling.notable
    assert render(ruling.parts) == (
        "The game is now first to 300 points; the sheet is counted again."
    )


def test_a_scorekeeping_round_ended_is_past_the_first_card():
    ref = referee_after("round 1", "out Ann")
    assert refusal(ref, "set rules jp").startswith("the first card of the first round is played")


def test_more_rounds_recount_the_sheet_and_a_decided_game_stays_decided():
    moves = [
        "set scoring rounds 1",
        "round 1",
        "out Ann",
        "hand Bob: 10",
        "hand Cy: 20",
    ]
    ref = referee_after(*moves)
    assert ref.sheet.finished and ref.sheet.winner == "Ann"
    assert refusal(ref, "set scoring rounds 2") == (
        "the game is decided: its scoring can no longer change"
    )
    ref = referee_after(*moves[:3], "set scoring rounds 3", *moves[3:])
    assert not ref.sheet.finished and ref.sheet.totals == {"Ann": 30, "Bob": -10, "Cy": -20}
    assert referee_after(*moves[:3], "set scoring rounds 3", *moves[3:], "round 2").round_no == 2
    ref = referee_after(*moves[:3], "set scoring rounds 3", *moves[3:], "round 2")
    assert refusal(ref, "set scoring rounds 1") == (
        "2 rounds have begun: the game cannot have fewer"
    )
    assert ref.apply(parse_move("set scoring rounds 2", ref.header)).ok


def test_a_target_no_one_has_reached_may_be_raised_or_lowered():
    ref = referee_after("round 1", "out Ann", "hand Bob: 80", "hand Cy: 50")
    assert ref.sheet.totals["Ann"] == 130
    assert refusal(ref, "set scoring target 130") == (
        "Ann already has 130 points: the new limit must be above it"
    )
    assert ref.apply(parse_move("set scoring target 131", ref.header)).ok
    assert ref.header.scoring == "target 131"


def test_a_change_that_changes_nothing_or_cannot_be_refereed_is_refused():
    ref = referee_after()
    assert refusal(ref, "set rules en") == "this changes nothing: the session already plays so"
    assert refusal(ref, "set rule stacking default") == (
        "the rule option stacking is not set in this session"
    )
    assert refusal(ref, "set rule no-such-option 1").startswith(
        "this change cannot be refereed: unknown rule option 'no-such-option'"
    )
    assert refusal(ref, "set rule hand-size many").startswith("this change cannot be refereed:")
    ref = referee_after("set edition flip")
    assert refusal(ref, "set rule stacking same").startswith(
        "this change cannot be refereed: rule option 'stacking' = 'same' does not work"
    )


# The service -----------------------------------------------------------------------------------


def test_a_recorded_change_replays_exactly_and_undo_takes_it_back(service):
    sid = service.create(HEADER)
    with service.open(sid) as live:
        for move in ("set rules jp", "round 1", "set scoring rounds 5", "dealer Ann"):
            assert live.record(move).ok, move
        assert live.header == Header("classic", HEADER.players, "rounds 5", "jp")
        state, sheet = live.state(), live.sheet
        exported = live.export()
    with service.open(sid, read_only=True) as live:
        assert live.opened_with == HEADER
        assert live.header == Header("classic", HEADER.players, "rounds 5", "jp")
        assert (live.state(), live.sheet) == (state, sheet)
        assert live.export() == exported
    assert exported == header_text(HEADER) + (
        "set rules jp\n\nround 1\nset scoring rounds 5\ndealer Ann\n"
    )
    with service.open(sid) as live:
        assert live.undo().text == "dealer Ann"
        assert live.undo().text == "set scoring rounds 5"
        assert live.header.scoring == "target 500"
    with service.open(sid, read_only=True) as live:
        assert live.header == Header("classic", HEADER.players, "target 500", "jp")


def test_an_imported_file_with_changes_is_stored_as_it_reads(service):
    text = header_text(HEADER) + "set edition flip\n\nround 1\ndealer Ann\nstart r5\nBob: r+1\n"
    imported = service.import_text(text, "t.uno")
    with service.open(imported.id, read_only=True) as live:
        assert live.moves[0].text == "set edition flip"
        assert live.header.edition == "flip" and live.export() == text


def test_a_change_refused_after_the_first_card_stores_nothing(service):
    sid = service.create(HEADER)
    with service.open(sid) as live:
        for move in FIRST_CARD:
            assert live.record(move).ok
    before = service.layout.session(sid).read_bytes()
    with service.open(sid) as live:
        answer = live.record("set rules jp")
        assert not answer.ok and answer.seq is None and answer.rule == "header-change"
        assert live.header == HEADER
    assert service.layout.session(sid).read_bytes() == before


def test_a_correction_before_the_first_card_rereads_the_later_moves(service):
    sid = service.create(HEADER)
    with service.open(sid) as live:
        for move in ("set edition flip", *FIRST_CARD, "Bob: r+1"):
            assert live.record(move).ok, move
        # Back to the classic deck: the Draw One no longer holds and is dropped.
        plan = live.correct(1, "set edition swap")
        assert plan.applied
        assert [(m.text, m.holds) for m in plan.later][-1] == ("Bob: r+1", False)
        assert live.header.edition == "swap"
        assert [m.text for m in live.moves] == ["set edition swap", *FIRST_CARD]
        # A correction is read under the header in force where it stands.
        plan = live.preview_correction(1, "set edition flip")
        assert plan.ok


def test_a_long_session_with_a_change_is_replayed_not_restored_from_its_snapshot(service):
    moves = long_game()
    assert len(moves) > snap.SNAPSHOT_MIN_MOVES
    sid = service.create(LONG_HEADER)
    with service.open(sid) as live:
        assert live.record("set rule hand-size 7").ok
        for move in moves:
            assert live.record(move).ok, move
    with service.open(sid, read_only=True) as live:
        # A snapshot holds no rules: restored with the stored header's, it would lose the change.
        assert live.header.overrides == (("hand-size", "7"),)
        assert live.state() == replayed(LONG_HEADER, moves)


# The command line ------------------------------------------------------------------------------


def test_the_command_line_changes_the_rules_with_move_and_refuses_after_the_first_card(run, home):
    code, out, _ = run("new", "--players", "Ann, Bob, Cy", "--lang", "en")
    sid = out.strip()
    code, out, err = run("move", sid, "set rules jp", "set scoring rounds 5", "--lang", "ja")
    assert code == 0, err
    assert "#1  set rules jp  ->  このセッションは日本ルールで遊びます。 [header-change]" in out
    code, out, _ = run("show", sid, "--lang", "ja")
    assert code == 0 and "（UNO（108枚）、日本ルール、5回戦）" in out  # noqa: RUF001
    assert run("move", sid, *FIRST_CARD)[0] == 0
    before = (home / "sessions" / f"{sid}.json").read_bytes()
    code, out, err = run("move", sid, "set rules en", "--lang", "ja")
    assert code == 1 and "[header-change]" in err and "何も記録していません" in err
    assert "第1回戦の最初のカードが出たあとは、得点方式の数だけを変更できます" in err
    assert (home / "sessions" / f"{sid}.json").read_bytes() == before
    code, out, err = run("move", sid, "set scoring rounds 7")
    assert code == 0, err
    code, out, _ = run("show", sid, "--json")
    assert json.loads(out)["header"]["scoring"] == "rounds 7"


def test_the_list_shows_the_rules_in_force_and_the_export_replays(run, home, tmp_path):
    code, out, _ = run("new", "--players", "Ann, Bob, Cy", "--lang", "en")
    sid = out.strip()
    assert run("move", sid, "set rules jp", "set scoring rounds 5", "round 1")[0] == 0
    code, out, _ = run("list")
    assert code == 0 and "UNO (108 cards), Japanese rules, 5 rounds" in out
    target = tmp_path / "out.uno"
    code, _, err = run("export", sid, "--format", "uno", "-o", str(target))
    assert code == 0, err
    text = target.read_text(encoding="utf-8")
    assert '[Rules "en"]\n[Scoring "target 500"]' in text
    assert text.endswith("set rules jp\nset scoring rounds 5\n\nround 1\n")
    code, out, _ = run("check", str(target))
    assert code == 0 and "ok (3 statements, 1 round)" in out


def test_the_forms_fields_become_the_set_lines_that_make_them():
    old = Header("classic", HEADER.players, "rounds 5", "jp", overrides=(("stacking", "same"),))
    assert header_changes(old, "classic", "jp", "rounds  5", [("stacking", "same")]) == []
    assert header_changes(old, "flip", "en", "target 500", [("hand-size", "5")]) == [
        "set rule stacking default",
        "set edition flip",
        "set rules en",
        "set scoring target 500",
        "set rule hand-size 5",
    ]
    # In that order each holds: Flip refuses `stacking same`, which goes first.
    ref = Referee(old)
    for line in header_changes(old, "flip", "en", "target 500", [("hand-size", "5")]):
        assert ref.apply(parse_move(line, ref.header)).ok, line
    assert ref.header == Header(
        "flip", HEADER.players, "target 500", "en", overrides=(("hand-size", "5"),)
    )


def test_a_player_out_of_a_penalty_game_stays_out():
    from tests.unit.test_rules_penalty_scoring import eliminate_ann, hand

    ref = eliminate_ann()
    assert hand(ref, "Ann", "w w w").ok
    # A limit above Ann's 150 would bring her back into a game she has left: refused in the
    # round she left, and after it.
    said = "Ann is out of the game: the penalty limit can no longer change"
    assert refusal(ref, "set scoring penalty 200") == said
    for move in ("Bob: r1", "Cy: r2", "Dee: draw", "Bob: r3"):
        assert ref.apply(parse_move(move, ref.header)).ok
    assert dict(ref.sheet.eliminated) == {"Ann": 1}
    assert refusal(ref, "set scoring penalty 200") == said
