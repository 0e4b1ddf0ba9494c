"""Reading a statement's words: comments, tokens, cards, colours, numbers and player names."""

from __future__ import annotations

import unicodedata

from ..engine.cards import Card, parse_card_words, parse_color
from ..engine.events import Header
from ..engine.setup import find_edition
from ..i18n import _, pgettext
from ..named import NamedTuple
from .errors import NotationError
from .names import MAX_NAME, RESERVED, visible

TYPE_CHECKING = False  # as typing's, without loading typing (see referee.named)
if TYPE_CHECKING:
    from typing import NoReturn

# A typed name may be longer than 24 characters when its casefold differs (`STRASSE`); this only
# bounds the search so that a pathological line stays linear.
_MAX_NAME_SPAN = 100
_MAX_DIGITS = 9


def quote(text: str) -> str:
    """`'text'` for a message, shortened so that a huge token cannot flood the terminal, its
    control characters visible so that it cannot act on the terminal either."""
    text = visible(text)
    return _("'{text}'").format(text=text if len(text) <= 40 else f"{text[:37]}...")


def either(options: list[str]) -> str:
    """Alternatives (each already in the language in use) as one: `a card, a colour or 'uno'`."""
    if len(options) == 1:
        return options[0]
    return _("{some} or {last}").format(
        some=pgettext("list", ", ").join(options[:-1]), last=options[-1]
    )


class Line(NamedTuple):
    """One source line with its comment removed and trailing space dropped."""

    file: str
    number: int
    text: str

    def fail(self, offset: int, message: str) -> NoReturn:
        raise NotationError(self.file, self.number, offset + 1, message)


def read_line(raw: str, file: str, number: int) -> Line:
    """Drop a `#` comment (not inside double quotes); an unclosed quote is an error."""
    opened = -1
    for i, ch in enumerate(raw):
        if ch == '"':
            opened = i if opened < 0 else -1
        elif ch == "#" and opened < 0:
            return Line(file, number, raw[:i].rstrip())
    line = Line(file, number, raw.rstrip())
    if opened >= 0:
        line.fail(opened, _("expected a closing '\"' for the string opened here"))
    return line


def find_colon(text: str) -> int:
    """Index of the first `:` outside double quotes, or -1."""
    inside = False
    for i, ch in enumerate(text):
        if ch == '"':
            inside = not inside
        elif ch == ":" and not inside:
            return i
    return -1


class Tok(NamedTuple):
    text: str
    start: int
    """Offset in the line (0-based)."""
    end: int
    quoted: bool = False

    @property
    def word(self) -> str:
        """The keyword form; never equal to a keyword for a quoted string."""
        return "" if self.quoted else self.text.lower()


def tokenize(line: Line, start: int = 0, stop: int | None = None) -> list[Tok]:
    """Split `line.text[start:stop]` at white space; a double-quoted string is one token."""
    text = line.text
    stop = len(text) if stop is None else stop
    toks: list[Tok] = []
    i = start
    while i < stop:
        if text[i].isspace():
            i += 1
        elif text[i] == '"':
            j = text.find('"', i + 1, stop)
            if j < 0:
                line.fail(i, _("expected a closing '\"' for the string opened here"))
            for k in range(i + 1, j):
                # What the notation cannot write back, it does not read: files replay
                # identically, and a control character in a string could not be written.
                if text[k] != "\t" and unicodedata.category(text[k]) == "Cc":
                    line.fail(
                        k,
                        _(
                            "control character U+{code} in a quoted string; a session "
                            "file cannot hold it"
                        ).format(code=f"{ord(text[k]):04X}"),
                    )
            toks.append(Tok(text[i : j + 1], i, j + 1, True))
            i = j + 1
        else:
            j = i
            while j < stop and not text[j].isspace() and text[j] != '"':
                j += 1
            toks.append(Tok(text[i:j], i, j))
            i = j
    return toks


class Table(NamedTuple):
    """What reading a statement needs from the header: the players and the edition's deck."""

    edition: str
    deck: frozenset[Card] | None
    """None for editions whose deck is not defined yet: any card code is accepted."""
    players: dict[str, str]
    """Casefolded name -> the name as written in `[Players]`, in seating order."""

    @classmethod
    def of(cls, header: Header) -> Table:
        # Kept across statements (`parse._table_of`): nothing here is in words, which would
        # stay in the language of the first statement read.
        known = find_edition(header.edition)
        return cls(
            header.edition,
            frozenset(known.deck.cards) if known else None,
            {name.casefold(): name for name in header.players},
        )


class Cursor:
    """A position in a statement's tokens, with readers that raise located NotationErrors."""

    __slots__ = ("i", "line", "table", "toks")

    def __init__(self, line: Line, table: Table, toks: list[Tok], i: int = 0) -> None:
        self.line, self.table, self.toks, self.i = line, table, toks, i

    def peek(self) -> Tok | None:
        return self.toks[self.i] if self.i < len(self.toks) else None

    def take(self) -> Tok:
        tok = self.toks[self.i]
        self.i += 1
        return tok

    def span(self, first: int) -> str:
        """The source text of tokens `first` up to the last one read."""
        return self.line.text[self.toks[first].start : self.toks[self.i - 1].end]

    def fail(self, expected: str, after: str | None = None) -> NoReturn:
        """Fail at the next token: `expected` (in the language in use, `_("a card")`) should
        have come there, after the text `after`."""
        tok = self.peek()
        offset = tok.start if tok else len(self.line.text)
        if tok is None:
            message = (
                _("expected {expected} after {after}, got end of line")
                if after
                else _("expected {expected}, got end of line")
            )
        else:
            message = (
                _("expected {expected} after {after}, got {got}")
                if after
                else _("expected {expected}, got {got}")
            )
        self.line.fail(
            offset,
            message.format(
                expected=expected, after=quote(after or ""), got=quote(tok.text) if tok else ""
            ),
        )

    def end(self, after: str) -> None:
        """Nothing may follow `after`."""
        tok = self.peek()
        if tok is not None:
            self.line.fail(
                tok.start,
                _("expected end of line after {after}, got {got}").format(
                    after=quote(after), got=quote(tok.text)
                ),
            )

    def is_number(self) -> bool:
        tok = self.peek()
        return tok is not None and not tok.quoted and tok.text.isascii() and tok.text.isdigit()

    def number(self, after: str, least: int) -> int:
        if not self.is_number():
            self.fail(_("a number"), after)
        tok = self.take()
        digits = tok.text.lstrip("0") or "0"
        if len(digits) > _MAX_DIGITS:
            self.line.fail(
                tok.start, _("number {number} is too large").format(number=quote(tok.text))
            )
        value = int(digits)
        if value < least:
            self.i -= 1
            self.fail(_("a number of at least {least}").format(least=least), after)
        return value

    def card(self) -> tuple[Card, int | None] | None:
        """Read a card (short or long form) if one starts here; it must be in the deck."""
        words: list[str] = []
        for tok in self.toks[self.i : self.i + 8]:
            if tok.quoted:
                break
            words.append(tok.text)
        found = parse_card_words(words, 0) if words else None
        if found is None:
            return None
        face, custom, used = found
        first = self.i
        self.i += used
        if self.table.deck is not None and face not in self.table.deck:
            self.line.fail(
                self.toks[first].start,
                _("{card} is not in the {edition} deck").format(
                    card=quote(self.span(first)), edition=self.table.edition
                ),
            )
        return face, custom

    def cards(self, after: str) -> tuple[Card, ...]:
        """One or more cards."""
        found: list[Card] = []
        while (got := self.card()) is not None:
            found.append(got[0])
        if not found:
            self.fail(_("a card"), after)
        return tuple(found)

    def color(self) -> str | None:
        tok = self.peek()
        code = parse_color(tok.text) if tok and not tok.quoted else None
        if code is not None:
            self.i += 1
        return code

    def unknown(self, offset: int, name: str) -> NoReturn:
        self.line.fail(
            offset,
            _("unknown player {name} (players: {players})").format(
                name=quote(name), players=pgettext("list", ", ").join(self.table.players.values())
            ),
        )

    def name_rest(self, after: str) -> str:
        """The rest of the statement as one player's name."""
        tok = self.peek()
        if tok is None:
            self.fail(_("a player name"), after)
        name = self.line.text[tok.start : self.toks[-1].end]
        player = self.table.players.get(name.casefold())
        if player is None:
            self.unknown(tok.start, name)
        self.i = len(self.toks)
        return player

    def names_here(self, start: int) -> list[tuple[str, int]]:
        """Players whose name starts at offset `start` (inside the current token or at the next),
        as (player, index of the token after it), longest first."""
        found: list[tuple[str, int]] = []
        for j in range(self.i, len(self.toks)):
            tok = self.toks[j]
            if tok.quoted or tok.end - start > _MAX_NAME_SPAN:
                break
            if tok.end > start and (
                player := self.table.players.get(self.line.text[start : tok.end].casefold())
            ):
                found.append((player, j + 1))
        return found[::-1]


# Player names ----------------------------------------------------------------------------------


def _name_problem(name: str) -> str | None:
    """The check on a name read from a file. It must never grow: a stored session has to replay
    forever. Names typed now pass the stricter `names.name_problem` first."""
    if not name:
        return _("expected a player name")
    if len(name) > MAX_NAME:
        return _("player name {name} is longer than {limit} characters").format(
            name=quote(name), limit=MAX_NAME
        )
    for ch in name:
        if ch in RESERVED:
            return _("player name {name} may not contain '{char}'").format(
                name=quote(name), char=ch
            )
        if unicodedata.category(ch) in ("Cc", "Zl", "Zp"):
            return _("player name {name} may not contain control characters").format(
                name=quote(name)
            )
    return None


def read_players(line: Line, at: int, value: str) -> tuple[str, ...]:
    """The `[Players]` value (starting at offset `at`): 2-10 distinct names, comma-separated."""
    names: list[str] = []
    seen: dict[str, str] = {}
    where: dict[str, int] = {}
    pos = at
    for part in value.split(","):
        name = part.strip()
        start = pos + len(part) - len(part.lstrip()) if name else pos
        problem = _name_problem(name)
        if problem:
            line.fail(start, problem)
        if name.casefold() in seen:
            first = seen[name.casefold()]
            line.fail(
                start,
                _("duplicate player {name} (already {first})").format(
                    name=quote(name), first=quote(first)
                ),
            )
        seen[name.casefold()] = name
        where[name] = start
        names.append(name)
        pos += len(part) + 1
    if not 2 <= len(names) <= 10:
        line.fail(at, _("expected 2 to 10 players, got {n}").format(n=len(names)))
    for name in names:
        if (clash := _clash(name, seen)) is not None:
            line.fail(
                where[name],
                _(
                    "player name {name} clashes with {other}: {text} could be read either way"
                ).format(name=quote(name), other=quote(clash[0]), text=quote(clash[1])),
            )
    return tuple(names)


def _clash(name: str, seen: dict[str, str]) -> tuple[str, str] | None:
    """Another player that `name` could be misread as, with the ambiguous text: `hand B:` (a hand
    line for B) or `@B uno`, `@B top r5` (the target B, then the rest of a play)."""
    folded = name.casefold()
    words = folded.split(None, 1)
    if len(words) == 2 and words[0] == "hand" and words[1] in seen:
        return seen[words[1]], f"{name}:"
    for other, written in seen.items():
        rest = folded[len(other) :]
        if folded.startswith(other) and rest[:1].isspace() and _is_play_end(rest.split()):
            return written, f"@{name}"
    return None


def _is_play_end(words: list[str]) -> bool:
    """Whether `words` could end a play after its target: `[top CARD [COLOUR]] [uno]`."""
    i = 0
    if words[i : i + 1] == ["top"]:
        found = parse_card_words(words, 1) if len(words) > 1 else None
        if found is None:
            return False
        i = 1 + found[2]
        if i < len(words) and parse_color(words[i]):
            i += 1
    if words[i : i + 1] == ["uno"]:
        i += 1
    return 0 < i == len(words)
