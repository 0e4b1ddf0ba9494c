"""Reading `.uno` text into a Session (header and events), and one move-box statement."""

from __future__ import annotations

import functools
import re
from collections.abc import Callable

from ..engine.changes import changed
from ..engine.events import (
    DealerNamed,
    Event,
    HandRevealed,
    Header,
    HeaderChanged,
    PlayerLeft,
    PlayerWentOut,
    RoundStarted,
    Session,
    StartTurned,
    TimeCalled,
    TurnOverridden,
)
from ..engine.setup import editions, find_edition
from ..i18n import _
from ..named import NamedTuple
from .errors import NotationError
from .format import format_event
from .limits import check_count, check_file, check_line
from .moves import read_action
from .words import (
    Cursor,
    Line,
    Table,
    Tok,
    either,
    find_colon,
    quote,
    read_line,
    read_players,
    tokenize,
)

_TAGS = (
    "Event",
    "Site",
    "Date",
    "Round",
    "Table",
    "Edition",
    "Rules",
    "Scoring",
    "Players",
    "Rule",
    "Custom",
)
_REPEATABLE = ("Rule", "Custom")
_REQUIRED = ("Edition", "Scoring", "Players")
_SCORING_KINDS = ("rounds", "target", "lowest", "penalty", "additive")
_SCORING_SYNTAX = "'rounds N', 'target N', 'lowest N', 'penalty N', 'additive N' or 'none'"
_STATEMENTS = "round, dealer, start, out, hand, turn, time, leave, set"
_SETTINGS = ("edition", "rules", "scoring", "rule")
_NO_TABLE = Table("", None, {})


class _HeaderReader:
    """Collects tag lines; `finish` checks the required ones and builds the Header."""

    def __init__(self, file: str) -> None:
        self.file = file
        self.values: dict[str, str | tuple[str, ...]] = {}
        self.overrides: list[tuple[str, str]] = []
        self.customs: list[tuple[int, str]] = []

    def add(self, line: Line) -> None:
        start = len(line.text) - len(line.text.lstrip())
        cur = Cursor(line, _NO_TABLE, tokenize(line, start + 1, _closing(line, start)))
        tok = cur.peek()
        name = next((t for t in _TAGS if tok and t.lower() == tok.word), None)
        if tok is None or tok.quoted:
            cur.fail(_("a tag name"), "[")
        if name is None:
            line.fail(
                tok.start,
                _("unknown tag {tag} (tags: {tags})").format(
                    tag=quote(tok.text), tags=", ".join(_TAGS)
                ),
            )
        if name in self.values:
            line.fail(tok.start, _("duplicate tag [{name}]").format(name=name))
        cur.take()
        values: list[Tok] = []
        for _value in range(2 if name in _REPEATABLE else 1):
            nxt = cur.peek()
            if nxt is None or not nxt.quoted:
                cur.fail(_('a quoted value ("...")'), cur.span(cur.i - 1))
            values.append(cur.take())
        if cur.peek() is not None:
            cur.fail(_("']'"), cur.span(cur.i - 1))
        self._store(line, name, values)

    def _store(self, line: Line, name: str, toks: list[Tok]) -> None:
        texts = [tok.text[1:-1] for tok in toks]
        at = toks[0].start + 1
        value = texts[0]
        if name == "Date":
            if not re.fullmatch(r"[0-9]{4}-[0-9]{2}-[0-9]{2}", value) or not _real_date(value):
                line.fail(
                    at, _("expected a date YYYY-MM-DD, got {value}").format(value=quote(value))
                )
        elif name in ("Round", "Table"):
            # An event's round and table: numbers from 1, written without leading zeros.
            if not (value.isascii() and value.isdigit() and value[0] != "0" and len(value) <= 4):
                wrong = (
                    _("expected an event's round number from 1, got {value}")
                    if name == "Round"
                    else _("expected an event's table number from 1, got {value}")
                )
                line.fail(at, wrong.format(value=quote(value)))
        elif name == "Edition":
            value = value.lower()
            if find_edition(value) is None:
                line.fail(
                    at,
                    _("unknown edition {edition} (editions: {editions})").format(
                        edition=quote(texts[0]), editions=", ".join(editions())
                    ),
                )
        elif name == "Rules":
            value = value.lower()
            if value not in ("en", "jp"):
                line.fail(
                    at, _("expected rules 'en' or 'jp', got {value}").format(value=quote(texts[0]))
                )
        elif name == "Scoring":
            value = _scoring(line, at, value)
        elif name == "Players":
            self.values[name] = read_players(line, at, value)
            return
        elif name == "Rule":
            for tok, text in zip(toks, texts, strict=True):
                if not text:
                    line.fail(tok.start + 1, _("expected a non-empty option name and value"))
            self.overrides.append((texts[0], texts[1]))
            return
        elif name == "Custom":
            if not (len(value) == 1 and value in "123"):
                line.fail(
                    at,
                    _("expected a Wild Customizable number 1, 2 or 3, got {value}").format(
                        value=quote(value)
                    ),
                )
            if any(n == int(value) for n, _text in self.customs):
                line.fail(at, _('duplicate [Custom "{value}"]').format(value=value))
            self.customs.append((int(value), texts[1]))
            return
        self.values[name] = value

    def finish(self, line: Line | None) -> Header:
        for name in _REQUIRED:
            if name not in self.values:
                if line is None:
                    raise NotationError(
                        self.file, 1, 1, _("missing required tag [{name}]").format(name=name)
                    )
                line.fail(
                    0, _("missing required tag [{name}] before the first 'round'").format(name=name)
                )
        get = self.values.get
        return Header(
            edition=str(get("Edition")),
            players=tuple(get("Players", ())),
            scoring=str(get("Scoring")),
            rules=str(get("Rules", "en")),
            event=_text(get("Event")),
            site=_text(get("Site")),
            date=_text(get("Date")),
            overrides=tuple(self.overrides),
            customs=tuple(self.customs),
            event_round=_text(get("Round")),
            event_table=_text(get("Table")),
        )


def _text(value: str | tuple[str, ...] | None) -> str | None:
    return value if isinstance(value, str) else None


def _closing(line: Line, start: int) -> int:
    """Offset of the `]` ending the tag at `start`; nothing but space may follow it."""
    inside = False
    for i in range(start + 1, len(line.text)):
        ch = line.text[i]
        if ch == '"':
            inside = not inside
        elif ch == "]" and not inside:
            rest = line.text[i + 1 :]
            if rest.strip():
                at = i + 1 + len(rest) - len(rest.lstrip())
                line.fail(
                    at,
                    _("expected end of line after ']', got {got}").format(got=quote(rest.strip())),
                )
            return i
    return line.fail(len(line.text), _("expected ']' to close the tag"))


def _real_date(value: str) -> bool:
    import datetime  # only a [Date] tag needs it, and a `check` of a file without one does not

    try:
        datetime.date.fromisoformat(value)
    except ValueError:
        return False
    return True


def _scoring(line: Line, at: int, value: str) -> str:
    words = value.lower().split()
    if words == ["none"]:
        return "none"
    digits = words[1].lstrip("0") if len(words) == 2 else ""
    if digits.isascii() and digits.isdigit() and len(digits) <= 9 and words[0] in _SCORING_KINDS:
        return f"{words[0]} {int(digits)}"
    return line.fail(
        at,
        _("expected a scoring system ({syntax}), got {value}").format(
            syntax=_SCORING_SYNTAX, value=quote(value)
        ),
    )


# Statements ------------------------------------------------------------------------------------


def _round(cur: Cursor, expected: int | None) -> Event:
    tok = cur.peek()
    number = cur.number("round", 1)
    cur.end(str(number))
    if tok is not None and expected is not None and number != expected:
        cur.line.fail(
            tok.start,
            _("expected round {expected}, got round {number}").format(
                expected=expected, number=number
            ),
        )
    return RoundStarted(number)


def _start(cur: Cursor, _round: int | None) -> Event:
    first = cur.i
    cards = cur.cards("start")
    after = cur.span(first)
    color = cur.color()
    if color is not None:
        cur.end(cur.span(first))
    elif cur.peek() is not None:
        cur.fail(either([_("a card"), _("a colour")]) if cards[-1].is_wild else _("a card"), after)
    return StartTurned(cards, color)


def _set(cur: Cursor, _round: int | None) -> Event:
    """`set edition ID`, `set rules en|jp`, `set scoring SYSTEM`, `set rule KEY VALUE`: the
    values are read as the header's tags read them; whether the change holds now is the
    engine's ruling."""
    tok = cur.peek()
    if tok is None or tok.word not in _SETTINGS:
        cur.fail(either([quote(word) for word in _SETTINGS]), "set")
    field = cur.take().word
    rest = cur.toks[cur.i :]
    line = cur.line
    if field == "rule":
        if len(rest) < 2 or any(t.quoted for t in rest[:2]):
            cur.fail(_("an option name and a value"), "set rule")
        key, value = cur.take().word, cur.take().word
        cur.end(f"set rule {key} {value}")
        return HeaderChanged("rule", value, key)
    if not rest or rest[0].quoted:
        cur.fail(_("a value"), f"set {field}")
    at = rest[0].start
    if field == "scoring":
        return HeaderChanged(field, _scoring(line, at, line.text[at : rest[-1].end]))
    value = cur.take().word
    cur.end(f"set {field} {value}")
    if field == "edition" and find_edition(value) is None:
        line.fail(
            at,
            _("unknown edition {edition} (editions: {editions})").format(
                edition=quote(rest[0].text), editions=", ".join(editions())
            ),
        )
    if field == "rules" and value not in ("en", "jp"):
        line.fail(
            at, _("expected rules 'en' or 'jp', got {value}").format(value=quote(rest[0].text))
        )
    return HeaderChanged(field, value)


def _time(cur: Cursor, _round: int | None) -> Event:
    cur.end("time")
    return TimeCalled()


_READERS: dict[str, Callable[[Cursor, int | None], Event]] = {
    "round": _round,
    "start": _start,
    "dealer": lambda cur, _: DealerNamed(cur.name_rest("dealer")),
    "out": lambda cur, _: PlayerWentOut(cur.name_rest("out")),
    "turn": lambda cur, _: TurnOverridden(cur.name_rest("turn")),
    "time": _time,
    "leave": lambda cur, _: PlayerLeft(cur.name_rest("leave")),
    "set": _set,
}


def _hand(line: Line, table: Table, head: list[Tok], colon: int) -> Event:
    """`hand NAME: CARD...` or `hand NAME: POINTS`."""
    if len(head) < 2:
        line.fail(colon, _("expected a player name after 'hand', got ':'"))
    name = line.text[head[1].start : head[-1].end]
    player = table.players.get(name.casefold())
    cur = Cursor(line, table, tokenize(line, colon + 1))
    if player is None:
        cur.unknown(head[1].start, name)
    after = f"hand {name}:"
    if cur.is_number():
        points = cur.number(after, 0)
        cur.end(str(points))
        return HandRevealed(player, points=points)
    if cur.peek() is None:
        cur.fail(_("cards or a points total"), after)
    first = cur.i
    cards = cur.cards(after)
    if cur.peek() is not None:
        cur.fail(_("a card"), cur.span(first))
    return HandRevealed(player, cards=cards)


def _statement(line: Line, table: Table, expected_round: int | None) -> Event:
    """One statement after the header; `expected_round` is None in the move box."""
    text = line.text
    colon = find_colon(text)
    name = text[:colon].strip() if colon >= 0 else ""
    if colon >= 0:
        player = table.players.get(name.casefold())
        if player is not None:
            return read_action(Cursor(line, table, tokenize(line, colon + 1)), player, f"{name}:")
        head = tokenize(line, 0, colon)
        if head and head[0].word == "hand":
            return _hand(line, table, head, colon)
    toks = tokenize(line)
    if not toks:
        line.fail(0, _("expected a statement, got end of line"))
    first = toks[0]
    if first.text.startswith("["):
        line.fail(
            first.start, _("expected a statement, got a tag (tags come before the first 'round')")
        )
    reader = _READERS.get(first.word)
    if reader is not None:
        return reader(Cursor(line, table, toks, 1), expected_round)
    if colon >= 0:
        if not name:
            line.fail(colon, _("expected a player name before ':'"))
        Cursor(line, table, toks).unknown(first.start, name)
    if first.word == "hand":
        line.fail(
            len(text),
            _("expected ':' after the player name in {text}").format(text=quote(text.strip())),
        )
    for tok in toks:
        player = table.players.get(text[first.start : tok.end].casefold())
        if player is not None:
            line.fail(tok.end, _("expected ':' after {player}").format(player=quote(player)))
    return line.fail(
        first.start,
        _("expected a statement ({statements}) or 'NAME: move', got {got}").format(
            statements=_STATEMENTS, got=quote(first.text)
        ),
    )


def parse_session(text: str, filename: str = "<string>") -> Session:
    """Read a whole `.uno` file; raises NotationError at the first syntax error."""
    text = text.removeprefix("\ufeff")
    check_file(text, filename)
    tags = _HeaderReader(filename)
    table: Table | None = None
    session: Session | None = None
    header: Header | None = None
    rounds = 0
    for number, raw in enumerate(text.split("\n"), 1):
        check_line(raw, filename, number)
        line = read_line(raw, filename, number)
        if not line.text:
            continue
        if session is None or table is None:
            if line.text.lstrip().startswith("["):
                tags.add(line)
                continue
            first = tokenize(line)[0]
            if first.word not in ("round", "set"):
                line.fail(
                    first.start,
                    _("expected a tag or 'round 1', got {got}").format(got=quote(first.text)),
                )
            session = Session(tags.finish(line))
            table = Table.of(session.header)
        event = _statement(line, table, rounds + 1)
        if isinstance(event, RoundStarted):
            rounds = event.number
        elif isinstance(event, HeaderChanged):
            # The statements after a change are read under the header it makes (an edition
            # changed before the first card: its cards).
            header = changed(header if header is not None else session.header, event)
            table = Table.of(header)
        session.events.append(event)
        session.lines.append(number)
        check_count(len(session.events), filename, number)
    return session if session is not None else Session(tags.finish(None))


class Reading(NamedTuple):
    """One statement read: its event, and its canonical text (what is stored)."""

    event: Event
    text: str


def parse_move(text: str, header: Header) -> Event:
    """Read one statement typed in the move box (`Bob: r5`, `turn Carol`, `hand Carol: 27`)."""
    return read_move(text, header).event


@functools.lru_cache(maxsize=4096)
def read_move(text: str, header: Header) -> Reading:
    """Read one statement typed in the move box, with its canonical text (`bob:R5` reads as
    `Bob: r5`): the one read a move line gets before it is judged and stored.

    Events are immutable, so a statement read once is shared: opening a stored session reads
    the same few hundred texts (`Bob: draw`, `Cy: r5`) over and over. That the canonical text
    reads back as the same event is the notation's property (format, then parse, is identity),
    which its tests hold it to."""
    body = text.rstrip("\r\n")
    check_line(body, "<move>", 1)
    for i, ch in enumerate(body):
        if ch in "\r\n":
            raise NotationError("<move>", 1, i + 1, _("expected one statement on one line"))
    line = read_line(body, "<move>", 1)
    if not line.text:
        line.fail(0, _("expected a statement, got end of line"))
    event = _statement(line, _table_of(header), None)
    return Reading(event, format_event(event, header))


@functools.lru_cache(maxsize=64)
def _table_of(header: Header) -> Table:
    # Reading a stored session reads every move with the same header: its table once.
    return Table.of(header)
