"""The footer composes its keys again only when what they show changes: Textual asks it on every
update of the screen's bindings (each focus change, several while a screen starts), and
composing the same keys again was most of what the first screen cost."""

from __future__ import annotations

import pytest
from textual.widgets._footer import FooterKey

from screens.widgets.footer import Footer


def _count_composes(monkeypatch):  # type: ignore[no-untyped-def]
    """The footers that compose their keys from here on, by id (once their bindings are in)."""
    composed: list[int] = []
    compose = Footer.compose

    def counting(self):  # type: ignore[no-untyped-def]
        if self._bindings_ready:
            composed.append(id(self))
        yield from compose(self)

    monkeypatch.setattr(Footer, "compose", counting)
    return composed


async def test_the_same_bindings_do_not_compose_the_keys_again(make_app, monkeypatch):
    composed = _count_composes(monkeypatch)
    app = make_app()
    async with app.run_test(size=(80, 24)) as pilot:
        await pilot.pause()
        footer = app.screen.query_one(Footer)
        before = len(composed)
        keys = [key.description for key in footer.query(FooterKey)]
        assert "New" in keys
        for _ in range(3):
            app.screen.refresh_bindings()
            await pilot.pause()
        assert len(composed) == before
        assert [key.description for key in footer.query(FooterKey)] == keys


async def test_keys_that_change_are_shown(make_app):
    app = make_app()
    async with app.run_test(size=(80, 24)) as pilot:
        await pilot.pause()
        footer = app.screen.query_one(Footer)
        assert "Actions" in [key.description for key in footer.query(FooterKey)]
        await pilot.press("ctrl+l")  # the language: the same bindings, in Japanese words
        await pilot.pause()
        footer = app.screen.query_one(Footer)
        shown = [key.description for key in footer.query(FooterKey)]
        assert "Actions" not in shown and shown


async def test_a_key_the_screen_allows_now_is_shown(make_app, service):
    from referee.service import build_header

    app = make_app()
    async with app.run_test(size=(80, 24)) as pilot:
        await pilot.pause()
        footer = app.screen.query_one(Footer)
        assert "Delete" not in [key.description for key in footer.query(FooterKey)]
        service.create(build_header("Ann, Bob, Cy", "classic", "target 500"))
        app.screen.reload()
        app.screen.refresh_bindings()
        await pilot.pause()
        footer = app.screen.query_one(Footer)  # the screen is composed anew for the list
        assert "Delete" in [key.description for key in footer.query(FooterKey)]


async def test_the_first_screen_composes_its_keys_once(make_app, monkeypatch, service):
    # Focus going to the list brings its cursor keys, which the footer does not show: they
    # must not compose the keys again (they did three times, a quarter of the cold start).
    from referee.service import build_header

    service.create(build_header("Ann, Bob, Cy", "classic", "target 500"))
    composed = _count_composes(monkeypatch)
    app = make_app()
    async with app.run_test(size=(80, 24)) as pilot:
        await pilot.pause()
        assert app.screen.focused is not None and app.screen.focused.id == "sessions"
        assert len(composed) == 1
        footer = app.screen.query_one(Footer)
        assert "Delete" in [key.description for key in footer.query(FooterKey)]


async def test_each_key_is_styled_once_before_the_first_frame(make_app, monkeypatch, service):
    # Textual sets a key's compact style once it is mounted, which styled every key twice.
    from collections import Counter

    from textual.css.stylesheet import Stylesheet

    from referee.service import build_header

    service.create(build_header("Ann, Bob, Cy", "classic", "target 500"))
    styled: Counter[int] = Counter()
    apply = Stylesheet.apply

    def counting(self, node, *args, **kwargs):  # type: ignore[no-untyped-def]
        if isinstance(node, FooterKey) and not node.has_class("-command-palette"):
            styled[id(node)] += 1
        return apply(self, node, *args, **kwargs)

    monkeypatch.setattr(Stylesheet, "apply", counting)
    app = make_app()
    async with app.run_test(size=(80, 24)) as pilot:
        await pilot.pause()
        keys = app.screen.query_one(Footer).query(FooterKey)
        assert [key.description for key in keys][:2] == ["New", "Import"]
        assert all(key.compact == key.has_class("-compact") for key in keys)
        shown = {id(key) for key in keys if not key.has_class("-command-palette")}
        assert shown and {styled[key] for key in shown} == {1}


@pytest.mark.parametrize("stored", [True, False], ids=["list", "welcome"])
async def test_the_sessions_screen_composes_its_footer_once_with_its_keys(
    make_app, monkeypatch, service, stored
):
    # Textual's footer starts empty and composes its keys once the screen's bindings are in: a
    # second compose, layout and frame after the first, which the sessions screen (whose keys
    # wait for nothing) no longer pays. Every compose counts here, the empty one too.
    from referee.service import build_header

    if stored:
        service.create(build_header("Ann, Bob, Cy", "classic", "target 500"))
    composed: list[bool] = []
    compose = Footer.compose

    def counting(self):  # type: ignore[no-untyped-def]
        composed.append(self._bindings_ready)
        yield from compose(self)

    monkeypatch.setattr(Footer, "compose", counting)
    app = make_app()
    async with app.run_test(size=(80, 24)) as pilot:
        await pilot.pause()
        assert composed == [True]
        shown = [key.description for key in app.screen.query_one(Footer).query(FooterKey)]
        assert shown[:3] == ["New", "Import", "Demo"]
        assert ("Delete" in shown) == stored
