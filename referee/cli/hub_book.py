"""`players merge|split|guest` and `label` with `--hub`: the organiser changes the league book a
hub keeps; the answers are said with the words the local commands use."""

from __future__ import annotations

import argparse
from collections.abc import Callable
from typing import Any

from ..i18n import _
from ..notation import visible
from .common import OK, Failure


def _send(a: argparse.Namespace, command: str, body: dict[str, Any]) -> dict[str, Any]:
    from ..league.client import HubError
    from .hub_cmd import client_of

    client = client_of(a.hub, a.key, command)
    try:
        said = client.call("POST", "/api/v1/book", body)
    except HubError as exc:
        raise Failure(
            _("uno-referee {command}: {error}").format(command=command, error=exc.message)
        ) from None
    return dict(said)


def merge(a: argparse.Namespace) -> int:
    said = _send(a, "players", {"op": "merge", "keep": a.keep, "other": a.other})
    print(
        _("{other} now counts as {person}").format(
            other=visible(a.other), person=visible(str(said.get("person", a.keep)))
        )
    )
    return OK


def split(a: argparse.Namespace) -> int:
    said = _send(a, "players", {"op": "split", "name": a.name})
    if not said.get("changed"):
        raise Failure(
            _("uno-referee players: {name} is not merged into anyone").format(name=visible(a.name))
        )
    print(_("{name} counts as a player of their own again").format(name=visible(a.name)))
    return OK


def guest(a: argparse.Namespace) -> int:
    _send(a, "players", {"op": "unguest" if a.remove else "guest", "name": a.name})
    text = (
        _("{name} is counted in standings again")
        if a.remove
        else _("{name} is a guest: left out of standings unless --guests is given")
    )
    print(text.format(name=visible(a.name)))
    return OK


def label(a: argparse.Namespace) -> int:
    said = _send(
        a, "label", {"op": "unlabel" if a.remove else "label", "session": a.id, "labels": a.labels}
    )
    held = [str(x) for x in said.get("labels", [])]
    print(
        _("session {id}: {labels}").format(
            id=a.id, labels=", ".join(visible(h) for h in held) or _("no labels")
        )
    )
    return OK


def or_local(
    on_hub: Callable[[argparse.Namespace], int], local: Callable[[argparse.Namespace], int]
) -> Callable[[argparse.Namespace], int]:
    """The command's `run`: the hub's book with --hub, else the data folder's."""

    def run(a: argparse.Namespace) -> int:
        return on_hub(a) if getattr(a, "hub", None) is not None else local(a)

    return run
