"""What the table's phones ask of the scorekeeper: seats to approve, proposals waiting in the
order they came, disputed verdicts and calls, with the key that answers each."""

from __future__ import annotations

from textual.widgets import Static

from referee.i18n import _
from referee.render import render
from referee.table import Desk

from ..literal import literal
from ..prose import Prose

MOST_WAITING_SHOWN = 3
"""Proposals listed after the first: the rest are counted (the log must keep its lines)."""


def phone_lines(desk: Desk) -> list[str]:
    """The panel's lines, most urgent first."""
    lines = [
        _("{player}'s phone asks for the seat (code {code}): Ctrl+Y approves").format(
            player=join.player, code=join.code
        )
        for join in desk.seats.asking()
    ]
    lines += [_("{player}'s phone calls the scorekeeper").format(player=p) for p in desk.alerts]
    lines += [
        _("{player}'s hand was refused: {move}: {ruling}").format(
            player=reply.player, move=reply.text, ruling=render(reply.parts)
        )
        for reply in desk.disputes[-2:]
    ]
    for index, pending in enumerate(desk.queue[: MOST_WAITING_SHOWN + 1]):
        if index == 0:
            line = _("From {player}'s phone: {move}. Enter accepts, Ctrl+N turns it down").format(
                player=pending.player, move=pending.text
            )
            if pending.seconded is False or pending.second is not None:
                waiting = desk.answer(pending.request)
                if waiting is not None:
                    line = _("{proposal} ({status})").format(
                        proposal=line, status=render(waiting.parts)
                    )
        else:
            line = _("then {player}: {move}").format(player=pending.player, move=pending.text)
        lines.append(line)
    more = len(desk.queue) - MOST_WAITING_SHOWN - 1
    if more > 0:
        lines.append(_("and {n} more waiting").format(n=more))
    return lines


class PhonesPanel(Static):
    """The phones' requests; hidden while there are none."""

    DEFAULT_CSS = """
    PhonesPanel { height: auto; max-height: 6; padding: 0 1; color: $warning; display: none; }
    PhonesPanel.-shown { display: block; }
    """

    def show(self, desk: Desk | None) -> None:
        lines = phone_lines(desk) if desk is not None else []
        self.set_class(bool(lines), "-shown")
        self.update(Prose(literal("\n".join(lines), lines=True)) if lines else "")
