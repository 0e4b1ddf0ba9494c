"""Self-play that audits the move box: before each move, every suggestion the box would offer
must be accepted by the referee, and the move the real player makes must be among them."""

from __future__ import annotations

from referee.engine import events as ev
from referee.engine.ruling import Ruling
from referee.notation import parse_move
from referee.render import render
from referee.suggest import completions

from .driver import SelfPlay
from .outcomes import Divergence


class Auditing(SelfPlay):
    """Self-play whose every move is preceded by an audit of the move box's suggestions."""

    audited = 0
    offered = 0

    def emit(self, event: ev.Event) -> Ruling:
        self.audit(event)
        return super().emit(event)

    def audit(self, event: ev.Event) -> None:
        ref, header = self.ref, self.ref.header
        offered: list[ev.Event] = []
        challenge = False
        for line in completions(ref):
            if line.endswith(": challenge "):
                challenge = True  # a prefix to finish with the hand shown, not a move
                continue
            move = parse_move(line, header)
            ruling = ref.check(move)
            if not ruling.ok:
                raise Divergence(
                    f"suggested {line!r}, refused: {render(ruling.parts)} [{ruling.rule}]"
                )
            offered.append(move)
        self.offered += len(offered)
        if getattr(event, "player", None) != ref.actor():
            return  # jump-ins, catches, calls by others: not the move box's turn suggestions
        if isinstance(event, ev.CardPlayed):
            faces = {(m.play.card, m.play.color) for m in offered if isinstance(m, ev.CardPlayed)}
            found = (event.play.card, event.play.color) in faces
        elif isinstance(event, ev.CardsDrawn) and event.count == 1 and event.play is None:
            found = any(isinstance(m, ev.CardsDrawn) for m in offered)
        elif isinstance(event, ev.DrawAccepted):
            found = any(isinstance(m, ev.DrawAccepted) for m in offered)
        elif isinstance(event, ev.ChallengeMade):
            found = challenge
        else:
            return
        if not found:
            raise Divergence(f"{event} was legal but the move box did not offer it")
        self.audited += 1
