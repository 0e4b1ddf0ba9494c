"""The arguments of `uno-referee export` (`export_cmd` runs it)."""

from __future__ import annotations

import argparse

from ..i18n import _
from ..sheet.formats import FORMATS
from .parsing import RawDescriptionHelpFormatter


def register(sub: argparse._SubParsersAction) -> None:  # type: ignore[type-arg]
    """The `export` command."""
    # Each format's help is kept with the format (marked for the catalogue there).
    formats = "\n".join(f"  {f.name:5} {_(f.help)}" for f in FORMATS.values())
    epilog = _(
        "formats:\n{formats}\n\nAn existing file is never overwritten without --force."
    ).format(formats=formats)
    parser = sub.add_parser(
        "export",
        help=_("write the score sheet as csv, md, html, json, uno, svg or png"),
        formatter_class=RawDescriptionHelpFormatter,
        description=_(
            "Write a session's score sheet, the session itself or its standings QR code."
        ),
        epilog=epilog,
    )
    parser.add_argument(
        "source",
        metavar="SOURCE",
        help=_("a .uno session file, a stored session's id, or '-' (stdin)"),
    )
    parser.add_argument(
        "--format",
        "-f",
        choices=list(FORMATS),
        metavar="FORMAT",
        help=_("one of {formats} (default: from --out's suffix)").format(
            formats=", ".join(FORMATS)
        ),
    )
    parser.add_argument(
        "--out",
        "-o",
        metavar="PATH",
        help=_(
            "the file to write, a regular file ('-' or none: standard output; png needs a file)"
        ),
    )
    parser.add_argument("--force", action="store_true", help=_("overwrite PATH if it exists"))
    parser.add_argument(
        "--data-dir",
        metavar="DIR",
        help=_(
            "where stored sessions are looked up when SOURCE is an id "
            "(default: $UNO_REFEREE_HOME, else the user data folder)"
        ),
    )
    parser.set_defaults(run="export_cmd:run")
