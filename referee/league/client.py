"""Talking to a hub over HTTP: JSON requests with the laptop's key, and the hub's refusals as
messages (the standard library's HTTP client: a laptop needs nothing more to sync)."""

from __future__ import annotations

import http.client
import json
import urllib.error
import urllib.parse
import urllib.request
from typing import Any

from ..i18n import _

KEY_VARIABLE = "UNO_REFEREE_HUB_KEY"
"""The key when --key is not given (a key on the command line shows in the process list)."""

TIMEOUT = 60.0
"""Seconds a request may take: a hub on PostgreSQL storing 5,000 entries needs a few."""


class HubError(Exception):
    """The hub refused a request (`status` its HTTP status) or could not be reached (0)."""

    def __init__(self, message: str, status: int = 0, facts: dict[str, Any] | None = None) -> None:
        super().__init__(message)
        self.message = message
        self.status = status
        self.facts = facts or {}


def checked_url(text: str) -> str:
    """The hub's base address without a trailing slash; HubError unless http(s)://host."""
    parts = urllib.parse.urlsplit(text.strip())
    if parts.scheme not in ("http", "https") or not parts.netloc:
        raise HubError(
            _("{url!r} is not a hub's address: expected http://HOST:PORT or https://HOST").format(
                url=text
            )
        )
    return text.strip().rstrip("/")


class HubClient:
    def __init__(self, url: str, key: str, timeout: float = TIMEOUT) -> None:
        self.url = checked_url(url)
        self.key = key
        self.timeout = timeout

    def call(self, method: str, path: str, body: Any = None) -> Any:
        """The hub's JSON answer; HubError with the hub's message on a refusal."""
        data = None if body is None else json.dumps(body, ensure_ascii=False).encode()
        request = urllib.request.Request(
            self.url + path,
            data=data,
            method=method,
            headers={
                "Authorization": f"Bearer {self.key}",
                "Content-Type": "application/json",
                "Accept": "application/json",
            },
        )
        try:
            with urllib.request.urlopen(request, timeout=self.timeout) as answer:
                return json.loads(answer.read().decode("utf-8"))
        except urllib.error.HTTPError as exc:
            raise _refusal(exc) from None
        except (urllib.error.URLError, OSError, http.client.HTTPException) as exc:
            # HTTPException: the hub went away mid-answer (an incomplete read, no status
            # line): as unreachable as a refused connection, and tried again the same way.
            reason = getattr(exc, "reason", exc)
            raise HubError(
                _("cannot reach the hub at {url}: {reason}").format(url=self.url, reason=reason)
            ) from None
        except ValueError:
            raise HubError(
                _("{url} did not answer as a hub does (not JSON)").format(url=self.url)
            ) from None


def _refusal(exc: urllib.error.HTTPError) -> HubError:
    try:
        said = json.loads(exc.read().decode("utf-8"))
    except (ValueError, OSError):
        said = None
    if isinstance(said, dict) and isinstance(said.get("error"), str):
        facts = {k: v for k, v in said.items() if k != "error"}
        return HubError(said["error"], exc.code, facts)
    return HubError(
        _("the hub answered {status} {reason}").format(status=exc.code, reason=exc.reason),
        exc.code,
    )
