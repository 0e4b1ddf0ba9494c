"""A stored-session command's `run`: its body with the data folder's service, and the service's
errors as the command's failures."""

from __future__ import annotations

import argparse
from collections.abc import Callable

from ..i18n import _
from ..service import NoSuchMove, NothingToUndo, SessionError, SessionService
from .common import REFUSED, UNREADABLE, Failure

# Failures the user can put right by acting on the session differ from those on the files.
_REFUSALS = (NothingToUndo, NoSuchMove)


def with_service(
    command: str, body: Callable[[SessionService, argparse.Namespace], int]
) -> Callable[[argparse.Namespace], int]:
    """A subcommand's `run`: `body` with the data folder's service; a service error is the
    command's failure (a refusal, or exit 2)."""

    def run(a: argparse.Namespace) -> int:
        try:
            return body(SessionService(a.data_dir, index_on_close=False), a)
        except SessionError as exc:
            raise Failure(
                _("uno-referee {command}: {error}").format(command=command, error=exc.message),
                REFUSED if isinstance(exc, _REFUSALS) else UNREADABLE,
            ) from None

    return run
