"""The hub over HTTP, a real `uno-referee hub` process: keys, scopes, and what it refuses."""

from __future__ import annotations

import contextlib
import http.client
import json
import subprocess
import sys
import urllib.error
import urllib.request
from collections.abc import Iterator
from pathlib import Path
from typing import Any

import pytest

from referee.league.client import HubError
from referee.league.database import open_store
from referee.league.standings import hub_standings
from referee.league.store import LeagueStore
from referee.stats.selection import Selection
from tests.league.hubs import Hub
from tests.league.logs import shipped


@pytest.fixture
def hub(store_target: str, tmp_path: Path) -> Iterator[Hub]:
    running = Hub(store_target, tmp_path)
    yield running
    running.stop()


def raw(url: str, body: bytes, key: str, method: str = "POST") -> tuple[int, dict[str, object]]:
    request = urllib.request.Request(
        url, data=body, method=method, headers={"Authorization": f"Bearer {key}"}
    )
    try:
        with urllib.request.urlopen(request, timeout=60) as answer:
            return answer.status, json.loads(answer.read())
    except urllib.error.HTTPError as exc:
        return exc.code, json.loads(exc.read())


def too_large(hub: Hub, path: str, key: str) -> tuple[int, dict[str, object]]:
    connection = http.client.HTTPConnection("127.0.0.1", hub.port, timeout=60)
    try:
        connection.putrequest("POST", path)
        connection.putheader("Authorization", f"Bearer {key}")
        connection.putheader("Content-Length", "16000001")
        connection.endheaders()
        answer = connection.getresponse()
        return answer.status, json.loads(answer.read())
    finally:
        connection.close()


def test_keys_and_scopes_over_http(hub: Hub) -> None:
    laptop, boss = hub.key("laptop 1"), hub.key("organiser", organiser=True)
    hub.start()
    me = hub.client(laptop).call("GET", "/api/v1/hello")
    assert me == {"hub": "uno-referee", "api": 1, "name": "laptop 1", "role": "venue"}
    uid, meta, entries = shipped(11)
    path = f"/api/v1/sessions/{uid}"
    got = hub.client(laptop).call(
        "POST", path, {"meta": meta, "alias": "k3m9px", "entries": entries}
    )
    assert got["added"] == len(entries) and got["forked"] is None
    got = hub.client(laptop).call("POST", path, {"meta": meta, "entries": entries})
    assert (got["added"], got["known"]) == (0, len(entries))
    # A laptop reads the league but keeps no book, forks or keys.
    for route in ("/api/v1/forks", "/api/v1/keys"):
        with pytest.raises(HubError) as refused:
            hub.client(laptop).call("GET", route)
        assert refused.value.status == 403
    with pytest.raises(HubError) as refused:
        hub.client(laptop).call("POST", "/api/v1/book", {"op": "guest", "name": "Ann"})
    assert refused.value.status == 403
    standings = hub.client(laptop).call("GET", "/api/v1/standings")
    assert standings["sessions"] == [uid]
    store = LeagueStore(open_store(hub.target))
    assert standings == json.loads(json.dumps(hub_standings(store, Selection()).to_json()))
    # The organiser renames a player (a merge into a new name) and labels the session; the
    # standings follow.
    said = hub.client(boss).call(
        "POST", "/api/v1/book", {"op": "merge", "keep": "Robert", "other": "Bob"}
    )
    assert said["person"] == "Robert"
    said = hub.client(boss).call(
        "POST", "/api/v1/book", {"op": "label", "session": uid, "labels": ["season 1"]}
    )
    assert said["labels"] == ["season 1"]
    players = [p["name"] for p in hub.client(laptop).call("GET", "/api/v1/standings")["players"]]
    assert "Bob" not in players and "Robert" in players
    labelled = hub.client(laptop).call("GET", "/api/v1/standings?label=season%201")
    assert labelled["sessions"] == [uid]
    assert hub.client(laptop).call("GET", "/api/v1/standings?label=other")["sessions"] == []
    # The organiser revokes the laptop's key: it is refused at once.
    assert hub.client(boss).call("POST", "/api/v1/keys/revoke", {"name": "laptop 1"}) == {
        "revoked": 1
    }
    with pytest.raises(HubError) as refused:
        hub.client(laptop).call("GET", "/api/v1/hello")
    assert refused.value.status == 401


def test_bad_requests_store_nothing(hub: Hub) -> None:
    laptop = hub.key("laptop 1")
    hub.start()
    uid, meta, entries = shipped(12)
    url = f"{hub.url}/api/v1/sessions/{uid}"
    assert raw(url, b"{}", "unoh_nobody")[0] == 401
    assert raw(url, b"{}", "")[0] == 401
    status, said = raw(url, b"not json", laptop)
    assert status == 400 and said["error"]
    # Refused on its declared length, before a byte of it is read.
    status, said = too_large(hub, f"/api/v1/sessions/{uid}", laptop)
    assert status == 413 and said["error"]
    body: dict[str, Any] = {"meta": meta, "entries": entries}
    body["entries"][3] = {**entries[3], "text": "Ann: draw"}
    status, said = raw(url, json.dumps(body).encode(), laptop)
    assert status == 422 and "entry 4" in str(said["error"])
    status, said = raw(f"{hub.url}/api/v1/sessions/../keys", b"{}", laptop)
    assert status in (400, 404)
    store = LeagueStore(open_store(hub.target))
    assert store.count() == (0, 0)


def cli(*args: str) -> subprocess.CompletedProcess[str]:
    return subprocess.run(
        [sys.executable, "-m", "referee.cli", *args], capture_output=True, text=True, timeout=600
    )


def test_the_organiser_keeps_the_league_book_from_the_command_line(hub: Hub) -> None:
    laptop, boss = hub.key("laptop 1"), hub.key("organiser", organiser=True)
    url = hub.start()
    uid, meta, entries = shipped(13)
    hub.client(laptop).call("POST", f"/api/v1/sessions/{uid}", {"meta": meta, "entries": entries})
    on_hub = ("--hub", url, "--key", boss)
    done = cli("players", "merge", "Robert", "Bob", *on_hub)
    assert done.returncode == 0 and done.stdout == "Bob now counts as Robert\n", done.stderr
    done = cli("players", "guest", "Dee", *on_hub)
    assert done.returncode == 0 and "Dee is a guest" in done.stdout
    done = cli("label", uid, "season 1", *on_hub)
    assert done.returncode == 0 and done.stdout == f"session {uid}: season 1\n"
    # A name nobody played under is refused, as locally; a laptop's key changes nothing.
    done = cli("players", "merge", "Ann", "Zed", *on_hub)
    assert done.returncode == 2 and "Zed" in done.stderr
    done = cli("players", "guest", "Ann", "--hub", url, "--key", laptop)
    assert done.returncode == 2 and "organiser" in done.stderr
    done = cli("players", "split", "Robert", *on_hub)
    assert done.returncode == 2 and "not merged" in done.stderr
    book = hub.client(laptop).call("GET", "/api/v1/book")
    assert book["aliases"] == {"Bob": "Robert"} and book["guests"] == ["Dee"]
    assert book["labels"] == {uid: ["season 1"]}
    standings = stats_json(url, laptop, "--label", "season 1")
    names = {line["name"] for line in standings["players"]}
    assert "Robert" in names and "Bob" not in names and "Dee" not in names


def stats_json(url: str, key: str, *args: str) -> dict[str, Any]:
    done = cli("stats", "--json", "--hub", url, "--key", key, *args)
    assert done.returncode == 0, done.stderr
    return dict(json.loads(done.stdout))


def test_a_body_without_its_length_is_cut_at_the_limit(hub: Hub) -> None:
    laptop = hub.key("laptop 1")
    hub.start()
    uid = shipped(14)[0]

    def chunks() -> Iterator[bytes]:
        # 17 MB in 1 MB chunks, no Content-Length: counted as it arrives.
        for _ in range(17):
            yield b"[" + b" " * 1_000_000

    connection = http.client.HTTPConnection("127.0.0.1", hub.port, timeout=60)
    try:
        # The hub may answer and close before the client has finished sending.
        with contextlib.suppress(BrokenPipeError, ConnectionResetError):
            connection.request(
                "POST",
                f"/api/v1/sessions/{uid}",
                chunks(),
                {"Authorization": f"Bearer {laptop}"},
                encode_chunked=True,
            )
        # Its 413 is sent, then the connection closed with the rest unread: the client may
        # see the reset before the answer (the declared-length test reads the message).
        try:
            answer = connection.getresponse()
        except (ConnectionResetError, http.client.RemoteDisconnected):
            status = None
        else:
            status = answer.status
            assert json.loads(answer.read())["error"]
        assert status in (413, None)
    finally:
        connection.close()
    store = LeagueStore(open_store(hub.target))
    assert store.count() == (0, 0)


def test_sync_and_stats_use_the_hub_the_app_keeps(hub: Hub, tmp_path: Path) -> None:
    from referee.service import SessionService
    from referee.store.hub_key import save_hub_key
    from tests.league.logs import HEADER

    laptop = hub.key("laptop 1")
    url = hub.start()
    data = tmp_path / "data"
    SessionService(data).create(HEADER)
    # Nothing kept yet: the address is asked for, nothing is sent.
    done = cli("sync", "--data-dir", str(data))
    assert done.returncode == 2 and "config set hub" in done.stderr
    assert cli("config", "set", "hub", url).returncode == 0
    save_hub_key(laptop)
    done = cli("sync", "--data-dir", str(data))
    assert done.returncode == 0, done.stderr
    assert "sent 0 entries of 0 session(s)" in done.stdout  # a new session: its header only
    table = json.loads(cli("stats", "--json", "--hub").stdout)
    assert len(table["sessions"]) == 1
