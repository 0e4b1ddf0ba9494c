"""The organiser's changes to the league book a hub keeps: merge, split, guest, label.

Each is one transaction on the book's row; the answer is data (what the book now says about
the names or the session), put into words by the client."""

from __future__ import annotations

from typing import Any

from ..i18n import _
from ..stats.league import League, parse_book
from ..store import chain
from .store import LeagueStore

OPS = ("merge", "split", "guest", "unguest", "label", "unlabel")


class BookRefused(Exception):
    def __init__(self, message: str) -> None:
        super().__init__(message)
        self.message = message


def _name(body: dict[str, Any], field: str) -> str:
    value = body.get(field)
    if not isinstance(value, str) or not value.strip() or not value.isprintable():
        raise BookRefused(_("{field} must be a player's name").format(field=field))
    return value.strip()


def _known(store: LeagueStore) -> set[str]:
    """The players of every session the hub holds, and every name its book knows."""
    from ..service.shipped import shipped_row

    names = {name for row in store.rows(shipped_row).values() for name in row["players"]}
    book = store.book()
    aliases = book.get("aliases", {}) if isinstance(book, dict) else {}
    return names | set(aliases) | set(aliases.values())


def change(store: LeagueStore, body: dict[str, Any]) -> dict[str, Any]:
    """Apply the change `body` names (`op` and its fields); what the book says after it."""
    op = body.get("op")
    if op not in OPS:
        raise BookRefused(_("op must be one of {ops}").format(ops=", ".join(OPS)))
    if op == "merge":
        keep, other = _name(body, "keep"), _name(body, "other")
        if keep == other:
            raise BookRefused(_("{name} is merged with itself already").format(name=keep))
    if op in ("merge", "split", "guest"):
        # As locally: a name nobody played under is a typo, not a person (a merge into a new
        # name, a rename, is taken: only the other name must be known).
        name = _name(body, "other" if op == "merge" else "name")
        if op != "split" and name not in _known(store):
            raise BookRefused(
                _("no session the hub holds has a player named {name}").format(name=name)
            )
    if op in ("label", "unlabel"):
        uid = body.get("session")
        labels = body.get("labels")
        if not chain.is_uid(uid) or not store.cursors([str(uid)]):
            raise BookRefused(_("the hub holds no session {uid!r}").format(uid=uid))
        if not isinstance(labels, list) or not all(
            isinstance(t, str) and t.strip() and t.isprintable() for t in labels
        ):
            raise BookRefused(_("labels must be a list of labels"))
    wanted: list[str] = list(labels or ()) if op in ("label", "unlabel") else []
    found: dict[str, Any] = {"op": op}

    def apply(book_json: dict[str, Any]) -> dict[str, Any]:
        book = parse_book(book_json) if book_json else League()
        if op == "merge":
            book.merge(keep, other)
            found["person"] = book.person(keep)
        elif op == "split":
            found["changed"] = book.split(_name(body, "name"))
        elif op in ("guest", "unguest"):
            name = _name(body, "name")
            person = book.person(name)
            if person != name:
                raise BookRefused(
                    _("{name} is merged into {person}, and a guest mark is a person's").format(
                        name=name, person=person
                    )
                )
            if op == "guest":
                book.guests.add(person)
            else:
                book.guests.discard(person)
        else:
            held = book.labels.setdefault(str(uid), [])
            for text in (t.strip() for t in wanted):
                if op == "unlabel" and text in held:
                    held.remove(text)
                elif op == "label" and text not in held:
                    held.append(text)
            found["labels"] = list(held)
        return book.to_json()

    found["book"] = store.change_book(apply)
    return found
