"""What the table says about proposals and seats, as catalogue messages (the edges put them
into words, each phone in its own language)."""

from __future__ import annotations

from ..engine.messages import Key, Messages


class Say(Messages, namespace="table"):
    not_yours = Key("this phone holds {seat}'s seat: it proposes {seat}'s own moves only")
    scorekeeper_only = Key("only the scorekeeper enters this line")
    waiting = Key("waiting for the scorekeeper")
    waiting_for = Key("waiting for {player} to confirm the verdict, or for the scorekeeper")
    rejected = Key('the scorekeeper turned down "{text}"')
    disputed = Key("{player} does not confirm the verdict: the scorekeeper decides")
    retried = Key("already answered: this is a retried proposal")
    time_up = Key("time is up at this table: no new round is begun")
