"""Extract, update and compile the catalogue: `python -m referee.i18n.build [--check] [PART]`.

Babel (a development dependency, not needed at run time) does the gettext work. The Japanese
catalogue is kept in parts (`po/ja/<part>.po`), so that the rulings, the rules and each layer of
the program are translated and reviewed apart; compiling merges them into the one file the
program reads. Where the texts come from:

- `rulings`: the engine's message keys (`Messages` declarations), the key as the msgctxt and the
  English template as the msgid;
- `rules`: every rule text, option meaning and source, read from the rulebook as it is loaded;
- `core`, `cli`, `table`, `screens`: the `_()`, `N_()`, `NC_()`, `pgettext()` and `ngettext()`
  calls of the engine, store, services and exports; of the command line; of the table (app,
  table screen, widgets, dialogs); and of the other screens;
- `web`, `stats`: the same calls in the files of the scoreboard served to phones and of the
  players' statistics (`_PART_PATHS`), wherever their layer.

A text is kept in the first part that has it. With `--check`, nothing is written: it fails when
a part misses or keeps a text the code no longer has, when a text has no Japanese or a
translation's `{fields}` differ from the English, or when the compiled file is not current.
"""

from __future__ import annotations

import argparse
import gettext
import io
import os
import string
import sys
from collections.abc import Iterator
from pathlib import Path

from babel.messages.catalog import Catalog
from babel.messages.extract import DEFAULT_KEYWORDS, extract_from_file
from babel.messages.mofile import write_mo
from babel.messages.pofile import read_po, write_po

from .catalogue import DOMAIN, LOCALE_DIR, SUPPLIED

HERE = Path(__file__).parent
ROOT = HERE.parent.parent
PO_DIR = HERE / "po"
TRANSLATED = ("ja",)
PARTS = ("rulings", "rules", "core", "cli", "table", "screens", "web", "stats")
# The parts named by the paths they hold (a file or a folder, from the repository root); any
# other file of the program belongs to core, cli, table or screens by its layer.
_PART_PATHS = {
    "web": (
        "referee/web/",
        "referee/cli/serve_cmd.py",
        "referee/cli/serve_args.py",
        "screens/dialogs/serve_dialog.py",
    ),
    "stats": (
        "referee/stats/",
        "referee/cli/stats_cmd.py",
        "referee/cli/stats_args.py",
        "referee/cli/hub_book.py",
        "screens/standings_screen.py",
        "referee/service/standings.py",
    ),
}
_TABLE_FILES = ("screens/app.py", "screens/table_screen.py", "screens/sitting.py")
_TABLE_DIRS = ("screens/widgets", "screens/dialogs")

# Babel's usual keywords, and `NC_`: marks a text with its context without translating it.
KEYWORDS = {**DEFAULT_KEYWORDS, "NC_": ((1, "c"), 2)}

Entry = tuple[str | None, str | tuple[str, ...]]
"""(msgctxt, msgid or (singular, plural))."""


def _runtime_rulings() -> Iterator[Entry]:
    from referee.engine.units import load_standard

    load_standard()  # every edition and house rule: their messages
    from referee.engine.cards import (
        COLOR_NAMES,
        COLORED_ACTIONS,
        DARK_ACTIONS,
        UNSEEN_NAME,
        WILD_KINDS,
    )
    from referee.engine.messages import CATALOGUE, WORDS
    from referee.notation import error_words  # noqa: F401  (the reader's message)
    from referee.render import CARD_PATTERN, DARK_CARD
    from referee.service import words  # noqa: F401  (the session service's messages)
    from referee.table import words as table_words  # noqa: F401  (the phones' table)

    for key, message in CATALOGUE.items():
        yield key, message.template
    # The words a ruling's cards and colours are named with (`card_name`, `colour_name`).
    yield from (("colour", name) for name in (*COLOR_NAMES.values(), "none"))
    yield from (("word", word) for word in WORDS)
    yield from (("card", name) for name in (*COLORED_ACTIONS.values(), *WILD_KINDS.values()))
    yield from ((DARK_CARD, COLORED_ACTIONS[kind]) for kind in DARK_ACTIONS)
    yield "card", CARD_PATTERN
    yield "card", UNSEEN_NAME
    yield "list", ", "


def _runtime_rules() -> Iterator[Entry]:
    from referee.engine.units import load_standard

    load_standard()  # every edition and house rule: their rules and options
    from referee.engine.options import SPECS
    from referee.engine.rules import VARIANTS
    from referee.engine.units import EDITIONS

    for variants in VARIANTS.values():
        for variant in variants:
            yield None, variant.text
            yield None, variant.source
    for spec in SPECS.values():
        yield None, spec.meaning
        yield None, spec.source
    for edition in EDITIONS.values():
        yield None, edition.deck.source


def _claimed_by(path: Path) -> str | None:
    where = path.relative_to(ROOT).as_posix()
    return next(
        (
            part
            for part, prefixes in _PART_PATHS.items()
            if any(where == p or (p.endswith("/") and where.startswith(p)) for p in prefixes)
        ),
        None,
    )


def _code_files(part: str) -> list[Path]:
    if part in _PART_PATHS:
        every = [*(ROOT / "referee").rglob("*.py"), *(ROOT / "screens").rglob("*.py")]
        return sorted(p for p in every if _claimed_by(p) == part)
    return [p for p in _layer_files(part) if _claimed_by(p) is None]


def _layer_files(part: str) -> list[Path]:
    if part in ("core", "cli"):
        cli = ROOT / "referee" / "cli"
        if part == "cli":
            return sorted(cli.rglob("*.py"))
        return sorted(
            p
            for p in (ROOT / "referee").rglob("*.py")
            if cli not in p.parents and HERE not in p.parents
        )
    screens = sorted((ROOT / "screens").rglob("*.py"))
    in_table = [
        p
        for p in screens
        if str(p.relative_to(ROOT)) in _TABLE_FILES
        or any(str(p.relative_to(ROOT)).startswith(d) for d in _TABLE_DIRS)
    ]
    return in_table if part == "table" else [p for p in screens if p not in in_table]


def _extracted(part: str) -> Iterator[tuple[Entry, str]]:
    """The part's texts with where each was found."""
    if part == "rulings":
        yield from ((entry, "") for entry in _runtime_rulings())
        return
    if part == "rules":
        yield from ((entry, "") for entry in _runtime_rules())
        return
    for path in _code_files(part):
        where = str(path.relative_to(ROOT))
        with path.open("rb") as handle:
            for lineno, message, _comments, context in extract_from_file(
                "python", handle.name, keywords=KEYWORDS
            ):
                if message and message != ("",):
                    yield (context, message), f"{where}:{lineno}"


def templates() -> dict[str, Catalog]:
    """Each part as a template (texts without translation), every text in one part only."""
    seen: set[tuple[str | None, str]] = set()
    result = {}
    for part in PARTS:
        template = Catalog(domain=DOMAIN, fuzzy=False)
        for (context, message), where in _extracted(part):
            msgid = message if isinstance(message, str) else message[0]
            if not msgid or (context, msgid) in seen:
                continue
            seen.add((context, msgid))
            if isinstance(message, tuple) and message[1] is None:
                message = message[0]
            template.add(message, context=context, locations=[(where, 0)] if where else [])
        result[part] = template
    return result


def _po_path(lang: str, part: str) -> Path:
    return PO_DIR / lang / f"{part}.po"


def _read(path: Path, lang: str) -> Catalog:
    if not path.exists():
        return Catalog(locale=lang, domain=DOMAIN, fuzzy=False)
    with path.open("rb") as handle:
        return read_po(handle, locale=lang, domain=DOMAIN)


def _write_po(path: Path, catalog: Catalog) -> None:
    out = io.BytesIO()
    write_po(
        out,
        catalog,
        width=100,
        omit_header=True,
        ignore_obsolete=True,
        include_previous=False,
        sort_output=False,
    )
    path.parent.mkdir(parents=True, exist_ok=True)
    if not path.exists() or path.read_bytes() != out.getvalue():
        path.write_bytes(out.getvalue())


def fields(text: str) -> set[str]:
    """The `{field}` names of a text (format specs aside)."""
    try:
        return {
            name.split(".")[0].split("[")[0]
            for _, name, _, _ in string.Formatter().parse(text)
            if name
        }
    except ValueError:
        return {"<unbalanced braces>"}


def problems(lang: str, part: str, template: Catalog, po: Catalog) -> list[str]:
    """What is wrong with one part of a language's catalogue."""
    found = []
    wanted = {(m.context, m.id if isinstance(m.id, str) else m.id[0]) for m in template if m.id}
    have = {(m.context, m.id if isinstance(m.id, str) else m.id[0]) for m in po if m.id}
    # A unit registered from outside the program brings its own translations (`supply`).
    supplied = SUPPLIED[lang].texts if lang in SUPPLIED else {}
    found += [
        f"{lang}/{part}: not in the catalogue: {ctx or ''}|{mid}"
        for ctx, mid in sorted(wanted - have, key=str)
        if not supplied.get((ctx, mid))
    ]
    found += [
        f"{lang}/{part}: fields differ ({sorted(fields(supplied[key]))} vs "
        f"{sorted(fields(key[1]))}): {key[0] or ''}|{key[1]}"
        for key in sorted(wanted - have, key=str)
        if supplied.get(key) and fields(supplied[key]) != fields(key[1])
    ]
    found += [
        f"{lang}/{part}: no longer in the code: {ctx or ''}|{mid}"
        for ctx, mid in sorted(have - wanted, key=str)
    ]
    for message in po:
        if not message.id:
            continue
        ids = [message.id] if isinstance(message.id, str) else list(message.id)
        strs = [message.string] if isinstance(message.string, str) else list(message.string or ())
        name = f"{message.context or ''}|{ids[0]}"
        if message.fuzzy or not all(strs) or not strs:
            found.append(f"{lang}/{part}: no translation: {name}")
            continue
        for text in strs:
            if fields(text) != fields(ids[0]):
                found.append(
                    f"{lang}/{part}: fields differ ({sorted(fields(text))} vs "
                    f"{sorted(fields(ids[0]))}): {name}"
                )
    return found


def merged(lang: str) -> Catalog:
    """Every part of a language as one catalogue, as compiled."""
    catalog = Catalog(
        locale=lang,
        domain=DOMAIN,
        fuzzy=False,
        project="uno-referee",
        version="",
        creation_date=None,
        revision_date=None,
    )
    for part in PARTS:
        for message in _read(_po_path(lang, part), lang):
            if message.id and not message.fuzzy and message.string:
                catalog.add(message.id, message.string, context=message.context)
    return catalog


def mo_path(lang: str) -> Path:
    return Path(LOCALE_DIR, lang, "LC_MESSAGES", f"{DOMAIN}.mo")


def compile_mo(lang: str) -> bytes:
    out = io.BytesIO()
    write_mo(out, merged(lang))
    return out.getvalue()


def _compiled_texts(data: bytes) -> dict[object, object]:
    """The texts of a compiled catalogue, without its header (which holds the compile time)."""
    texts = dict(gettext.GNUTranslations(io.BytesIO(data))._catalog)  # type: ignore[attr-defined]
    texts.pop("", None)
    return texts


def check() -> list[str]:
    """What `--check` reports, with the units registered now (a test's own among them)."""
    found: list[str] = []
    for_part = templates()
    for lang in TRANSLATED:
        for part in PARTS:
            found += problems(lang, part, for_part[part], _read(_po_path(lang, part), lang))
    return found


def main(argv: list[str] | None = None) -> int:
    parser = argparse.ArgumentParser(
        prog="python -m referee.i18n.build", description=__doc__.splitlines()[0]
    )
    parser.add_argument(
        "--check",
        action="store_true",
        help="write nothing; fail if the catalogue is not complete and current",
    )
    parser.add_argument(
        "parts",
        nargs="*",
        choices=[*PARTS, []],
        metavar="PART",
        help=f"update only these parts ({', '.join(PARTS)}); all by default",
    )
    args = parser.parse_args(argv)
    parts = args.parts or list(PARTS)
    found: list[str] = []
    for_part = templates()
    for lang in TRANSLATED:
        for part in parts:
            path = _po_path(lang, part)
            po = _read(path, lang)
            if not args.check:
                po.update(for_part[part], no_fuzzy_matching=True, update_header_comment=False)
                _write_po(path, po)
                po = _read(path, lang)
            found += problems(lang, part, for_part[part], po)
        data = compile_mo(lang)
        target = mo_path(lang)
        if args.check:
            if not target.exists() or (
                _compiled_texts(target.read_bytes()) != _compiled_texts(data)
            ):
                found.append(
                    f"{lang}: {target.relative_to(ROOT)} is not compiled from the "
                    "catalogue: run python -m referee.i18n.build"
                )
        else:
            target.parent.mkdir(parents=True, exist_ok=True)
            tmp = target.with_suffix(f".{os.getpid()}.tmp")
            tmp.write_bytes(data)
            tmp.replace(target)
    for line in found:
        print(line)
    print(f"{len(found)} problem(s)", file=sys.stderr)
    return 1 if found and args.check else 0


if __name__ == "__main__":
    raise SystemExit(main())
