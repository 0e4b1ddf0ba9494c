"""`uno-referee hub` (serve a league's record, its keys and forks) and `uno-referee sync`."""

from __future__ import annotations

import argparse
import json
import os
import sys

from ..i18n import _
from ..league.client import KEY_VARIABLE, HubClient, HubError
from ..league.database import STORE_VARIABLE, StoreError, open_store, shown
from ..league.keys import ORGANISER, VENUE
from ..league.store import LeagueStore, Refused
from ..notation import visible
from ..store.paths import Layout, data_dir
from .common import OK, REFUSED, Failure

HUB_FILE = "hub.sqlite3"


def store_target(a: argparse.Namespace) -> str:
    """--store, else $UNO_REFEREE_HUB_STORE, else the SQLite file in the data folder."""
    given = a.store or os.environ.get(STORE_VARIABLE, "").strip()
    if given:
        return str(given)
    return str(data_dir(a.data_dir) / HUB_FILE)


def _store(a: argparse.Namespace, command: str) -> LeagueStore:
    try:
        return LeagueStore(open_store(store_target(a)))
    except StoreError as exc:
        raise Failure(
            _("uno-referee {command}: {error}").format(command=command, error=exc.message)
        ) from None


def run_serve(a: argparse.Namespace) -> int:
    from ..engine.units import load_standard
    from ..web.errors import ServeError
    from ..web.league_api import serve_hub
    from ..web.links import EVERY_ADDRESS, local_address
    from ..web.server import bind

    # A server referees in several threads: every rule unit is loaded before any of them runs
    # (loading one registers it in tables the others read).
    load_standard()
    store = _store(a, "hub")
    host = a.host or local_address()
    try:
        sock = bind(host, a.port)
    except ServeError as exc:
        raise Failure(_("uno-referee hub: {error}").format(error=exc.message)) from None
    bound, port = sock.getsockname()[:2]
    address = local_address() if bound in EVERY_ADDRESS else bound
    print(
        _(
            "The league's hub is at\n  http://{host}:{port}\nIts record: {store}\n"
            "Each laptop needs a key ('uno-referee hub key new NAME') and sends its sessions "
            "with 'uno-referee sync http://{host}:{port} --key KEY'. Ctrl+C stops it."
        ).format(host=address, port=port, store=visible(shown(store_target(a)))),
        flush=True,
    )
    serve_hub(store, sock, host, port)
    return OK


def run_key_new(a: argparse.Namespace) -> int:
    store = _store(a, "hub key new")
    role = ORGANISER if a.organiser else VENUE
    try:
        key = store.new_key(a.name, role)
    except Refused as exc:
        raise Failure(_("uno-referee hub key new: {error}").format(error=exc.message)) from None
    text = (
        _("The organiser's key for {name}:\n  {key}\nIt is shown only now; keep it safe.")
        if a.organiser
        else _(
            "The key for {name}:\n  {key}\nIt is shown only now. On that laptop: "
            "uno-referee sync URL --key {key}"
        )
    )
    print(text.format(name=visible(a.name), key=key))
    return OK


def run_key_list(a: argparse.Namespace) -> int:
    keys = _store(a, "hub key list").key_list()
    if a.json:
        print(json.dumps([k._asdict() for k in keys], ensure_ascii=False, indent=1))
        return OK
    for k in keys:
        role = _("organiser") if k.role == ORGANISER else _("laptop")
        state = _("revoked {when}").format(when=k.revoked) if k.revoked else _("in use")
        print(
            _("{name}: {role}, made {created}, {state}").format(
                name=visible(k.name), role=role, created=k.created, state=state
            )
        )
    if not keys:
        print(_("no keys yet: 'uno-referee hub key new NAME' makes one"))
    return OK


def run_key_revoke(a: argparse.Namespace) -> int:
    revoked = _store(a, "hub key revoke").revoke(a.name)
    if not revoked:
        raise Failure(
            _("uno-referee hub key revoke: no key named {name} is in use").format(
                name=visible(a.name)
            )
        )
    print(_("revoked {n} key(s) of {name}").format(n=revoked, name=visible(a.name)))
    return OK


def run_forks(a: argparse.Namespace) -> int:
    forks = _store(a, "hub forks").forks(every=a.all)
    if a.json:
        print(json.dumps([f._asdict() for f in forks], ensure_ascii=False, indent=1))
        return OK
    for f in forks:
        print(
            _(
                "fork {id}: session {alias} ({uid}) from {sender}, from entry {seq}, "
                "{n} entries, received {received}{settled}"
            ).format(
                id=f.id,
                alias=visible(f.alias),
                uid=f.uid,
                sender=visible(f.sender),
                seq=f.seq,
                n=f.entries,
                received=f.received,
                settled=(", " + _("settled: {how}").format(how=f.resolved)) if f.resolved else "",
            )
        )
    if not forks:
        print(_("no forks to settle"))
    return OK


def run_settle(a: argparse.Namespace) -> int:
    store = _store(a, "hub settle")
    try:
        fork = store.resolve(a.fork, take=a.take)
    except Refused as exc:
        raise Failure(_("uno-referee hub settle: {error}").format(error=exc.message)) from None
    text = (
        _("fork {id} taken: session {alias} now holds the fork's entries from entry {seq}")
        if a.take
        else _("fork {id} settled: session {alias} keeps the hub's entries")
    )
    print(text.format(id=fork.id, alias=visible(fork.alias), seq=fork.seq))
    return OK


def run_verify(a: argparse.Namespace) -> int:
    from ..store.chain import ChainBroken

    store = _store(a, "hub verify")
    broken = 0
    aliases = store.aliases()
    for uid in aliases:
        try:
            store.verify(uid)
        except ChainBroken as exc:
            broken += 1
            print(_("session {uid}: {reason}").format(uid=uid, reason=exc.message))
    n_sessions, n_entries = store.count()
    print(
        _("{sessions} sessions, {entries} entries, {broken} chains that do not verify").format(
            sessions=n_sessions, entries=n_entries, broken=broken
        )
    )
    return REFUSED if broken else OK


def client_of(url: str | None, key: str | None, command: str) -> HubClient:
    """The hub's client: the address and key given, else $UNO_REFEREE_HUB_KEY for the key,
    else the hub and key the app keeps (`config set hub URL`, the app's hub dialog)."""
    from ..store import settings
    from ..store.hub_key import read_hub_key

    url = url or settings.load().hub
    if not url:
        raise Failure(
            _(
                "uno-referee {command}: give the hub's address (or keep one with 'uno-referee "
                "config set hub URL')"
            ).format(command=command)
        )
    key = key or os.environ.get(KEY_VARIABLE, "").strip() or read_hub_key()
    if not key:
        raise Failure(
            _(
                "uno-referee {command}: give this laptop's key with --key KEY (or "
                "${variable}); the hub's organiser makes one with 'uno-referee hub key new NAME'"
            ).format(command=command, variable=KEY_VARIABLE)
        )
    try:
        return HubClient(url, key)
    except HubError as exc:
        raise Failure(
            _("uno-referee {command}: {error}").format(command=command, error=exc.message)
        ) from None


def run_sync(a: argparse.Namespace) -> int:
    from ..league.sync import sync

    client = client_of(a.url, a.key, "sync")
    layout = Layout(data_dir(a.data_dir))

    def say(text: str) -> None:
        print(visible(text, lines=True), flush=True)

    try:
        outcome = sync(layout, client, say)
    except HubError as exc:
        raise Failure(_("uno-referee sync: {error}").format(error=exc.message)) from None
    print(
        _(
            "sent {entries} entries of {sessions} session(s) to {url}; {unchanged} "
            "session(s) were up to date, {problems} not sent"
        ).format(
            entries=outcome.entries,
            sessions=outcome.sessions,
            url=client.url,
            unchanged=outcome.unchanged,
            problems=len(outcome.problems),
        ),
        flush=True,
    )
    if outcome.problems:
        print(
            _("uno-referee sync: {n} session(s) were not sent; see above").format(
                n=len(outcome.problems)
            ),
            file=sys.stderr,
        )
        return REFUSED
    return OK
