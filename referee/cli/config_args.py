"""The arguments of `uno-referee config` and its `set` and `unset` (`config_cmd` runs them)."""

from __future__ import annotations

import argparse

from ..i18n import _


def register(sub: argparse._SubParsersAction) -> None:  # type: ignore[type-arg]
    """The `config` command and its `set` and `unset`."""
    settings_help = _(
        "settings: language (en or ja), theme (the name of a theme of the app), "
        "glyphs (auto, unicode or ascii), hub (the league's hub, http://HOST:PORT), "
        "keys.<binding id> (a key such as ctrl+u)"
    )
    parser = sub.add_parser(
        "config",
        help=_("the settings file: where it is, each setting; set or unset one"),
        description=_(
            "Show where the settings file is and each setting, with what applies "
            "where one is not set; 'set' and 'unset' change one."
        ),
        epilog=settings_help,
    )
    parser.set_defaults(run="config_cmd:run", action=None)
    actions = parser.add_subparsers(dest="action", metavar="ACTION", title=_("actions"))
    set_p = actions.add_parser(
        "set", help=_("set one setting"), description=_("Set one setting."), epilog=settings_help
    )
    set_p.add_argument(
        "key", metavar="KEY", help=_("the setting, e.g. language or keys.table.undo")
    )
    set_p.add_argument("value", metavar="VALUE", help=_("its value, e.g. ja or ctrl+u"))
    unset_p = actions.add_parser(
        "unset",
        help=_("remove one setting"),
        description=_("Remove one setting, so that what applies without it applies again."),
        epilog=settings_help,
    )
    unset_p.add_argument("key", metavar="KEY", help=_("the setting, e.g. language"))
