"""Live alerts from the engine state: catchable players, a pending challenge, what to enter next."""

from __future__ import annotations

from dataclasses import dataclass

from textual.markup import escape
from textual.widgets import Static

from referee.engine import Referee


@dataclass(frozen=True, slots=True)
class Alert:
    """One thing the table should act on now, and the key that does it."""

    text: str
    key: str = ""
    """The key shown with it, e.g. `F4`."""
    action: str = ""
    """The screen action the key runs, for a click on the alert."""
    level: str = "warning"
    """`warning` for a window that will close, `info` for what the referee waits for."""


def alerts(ref: Referee) -> list[Alert]:
    """What the table can or must do besides the next turn, most urgent first."""
    found: list[Alert] = []
    table = ref.table
    if table is not None:
        names = table.players
        pending = table.pending
        if pending is not None and pending.card.kind == "w+4":
            before = table.color_name(pending.prev_color).upper()
            found.append(Alert(f"{names[pending.victim]} may challenge {names[pending.offender]}"
                               f"'s {pending.card.name} (colour before it: {before})",
                               "F5", "challenge"))
        elif pending is not None:
            # Under a stacking house rule a Draw Two waits too: take the cards or stack on it.
            found.append(Alert(f"{names[pending.victim]} takes {pending.amount} or stacks on "
                               f"the {pending.card.name}", "F2", "accept"))
        for seat, closer in table.catchable.items():
            found.append(Alert(f"{names[seat]} has one card and did not call UNO: "
                               f"{ref.window_text(closer)}", "F4", f"catch({seat})"))
        if table.must_play is not None:
            found.append(Alert(f"{names[table.must_play]} must play the legal card now", "",
                               "", "info"))
        if table.creeper is not None:
            found.append(Alert(f"{names[table.creeper]} may record 3 more cards for the Creeper: "
                               "type `draw 3`", "", "", "info"))
    for name in sorted(ref.penalty_due):
        found.append(Alert(f"{name}'s hand total may be entered as penalty points: "
                           f"`hand {name}: POINTS`", "", "", "info"))
    found.extend(_round_alerts(ref))
    return found


def _round_alerts(ref: Referee) -> list[Alert]:
    if ref.sheet.finished:
        who = ref.sheet.winner or "a tie"
        return [Alert(f"The game is over: {who} wins. The score sheet is final.", "F8",
                      "sheet", "info")]
    if ref.phase == "over":
        missing = ref.missing_hands()
        if missing:
            return [Alert(f"Round {ref.round_no} is over: {ref.winner} went out. Enter the "
                          f"hands of {', '.join(missing)}", "F7", "hands", "info")]
        return [Alert(f"Round {ref.round_no} is scored. Start the next one: `round "
                      f"{ref.round_no + 1}`", "F7", "next_round", "info")]
    if ref.phase == "idle":
        return [Alert("Nothing recorded yet: start with `round 1`", "F7", "next_round", "info")]
    if ref.phase == "setup":
        if ref.dealer is None:
            return [Alert(f"Round {ref.round_no}: name the dealer, `dealer NAME`", "", "",
                          "info")]
        return [Alert(f"Round {ref.round_no}: {ref.dealer} deals. Turn up the start card and "
                      "type it, e.g. `start r7` (`start w red` for a Wild)", "", "", "info")]
    return []


class Alerts(Static):
    """The alerts, one line each; clicking an alert's key does what the key does."""

    DEFAULT_CSS = """
    Alerts {
        height: auto;
        padding: 0 1;
    }
    Alerts.-empty { display: none; }
    """

    _markup: str | None = None

    def show(self, ref: Referee) -> list[Alert]:
        found = alerts(ref)
        self.set_class(not found, "-empty")
        lines = []
        for alert in found:
            icon = "[b $warning]⚠[/]" if alert.level == "warning" else "[b $secondary]»[/]"
            key = (f"  [@click=screen.{alert.action}][b reverse] {alert.key} [/][/]"
                   if alert.key else "")
            lines.append(f"{icon} {escape(alert.text)}{key}")
        markup = "\n".join(lines)
        if markup != self._markup:
            self._markup = markup
            self.update(markup)
        return found
