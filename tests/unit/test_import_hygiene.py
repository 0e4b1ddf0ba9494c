"""The engine and the command line never load the UI: no Textual until the app is opened; and
each command loads only what it uses (`--version` nothing, `--help` no engine, `check` no
storage, `move` no statistics or exports)."""

from __future__ import annotations

import argparse
import ast
import importlib
import json
import os
import subprocess
import sys
from collections.abc import Iterator
from pathlib import Path

import pytest

from referee.cli.main import build_parser
from referee.service import SessionService, build_header
from referee.store import secret
from tests.first_screen import first_screen
from tests.unit.test_snapshot import long_game, stored

REFEREE = Path(__file__).resolve().parents[2] / "referee"
SAMPLE = REFEREE.parent / "sample_sessions" / "classic-challenge-catch.uno"
UI_PACKAGES = ("textual", "screens")


def test_importing_the_engine_and_cli_does_not_load_textual():
    code = (
        "import referee, referee.engine, referee.cli, referee.notation; import sys; "
        "assert 'textual' not in sys.modules, 'textual was imported'; "
        "assert 'screens' not in sys.modules, 'screens was imported'"
    )
    done = subprocess.run(
        [sys.executable, "-c", code],
        capture_output=True,
        text=True,
        cwd=REFEREE.parent,
        check=False,
    )
    assert done.returncode == 0, done.stderr


def import_time_nodes(tree: ast.AST) -> Iterator[ast.AST]:
    """Nodes that run when the module is imported: everything outside function bodies."""
    for node in ast.iter_child_nodes(tree):
        if isinstance(node, (ast.FunctionDef, ast.AsyncFunctionDef, ast.Lambda)):
            continue
        yield node
        yield from import_time_nodes(node)


def ui_imports(source: str) -> list[str]:
    found = []
    for node in import_time_nodes(ast.parse(source)):
        if isinstance(node, ast.Import):
            names = [alias.name for alias in node.names]
        elif isinstance(node, ast.ImportFrom) and node.level == 0 and node.module:
            names = [node.module]
        else:
            continue
        found += [
            f"line {node.lineno}: {name}" for name in names if name.split(".")[0] in UI_PACKAGES
        ]
    return found


@pytest.mark.parametrize(
    "path", sorted(REFEREE.rglob("*.py")), ids=lambda p: str(p.relative_to(REFEREE))
)
def test_no_module_level_ui_import(path):
    assert ui_imports(path.read_text(encoding="utf-8")) == []


def test_the_static_check_sees_imports_at_import_time_only():
    source = (
        "import os\nimport textual.app\nif True:\n    from screens import app\n"
        "class A:\n    from textual import widgets\n"
        "def run():\n    from screens.app import run\n"
    )
    assert ui_imports(source) == ["line 2: textual.app", "line 4: screens", "line 6: textual"]


# What each command loads ------------------------------------------------------------------------

# Runs one command as `uno-referee` does, then writes the names of the modules it loaded.
_LOADED = (
    "import json, sys\n"
    "from referee import cli\n"
    "code = cli.main(sys.argv[2:])\n"
    "with open(sys.argv[1], 'w', encoding='utf-8') as out:\n"
    "    json.dump({'code': code, 'modules': sorted(sys.modules)}, out)\n"
)

NEVER = (
    "textual",
    "screens",
    "starlette",
    "uvicorn",
    "jinja2",
    "referee.web",
    "referee.i18n.build",
    "babel",
)
"""Loaded by no command but the app and `serve`: the UI, the web stack, the catalogue's build."""

NO_ENGINE = (
    "referee.engine",
    "referee.editions",
    "referee.house",
    "referee.notation.parse",
    "referee.notation.format",
    "referee.service.replay",
    "referee.service.sessions",
    "referee.sheet.model",
    "referee.sheet.exports",
    "referee.stats",
    "referee.store.session_file",
    "referee.store.index",
    "referee.store.atomic",
    "referee.store.locks",
    "tinydb",
    "filelock",
    "inspect",
    "ast",
    "dataclasses",
    "decimal",
    "html",
    "csv",
    "referee.cli.file_cmds",
    "referee.cli.session_cmds",
    "referee.cli.export_cmd",
    "referee.cli.stats_cmd",
    "referee.cli.serve_cmd",
    "referee.cli.config_cmd",
    "referee.cli.rules_doc",
)
"""What declaring the command line and choosing the language need none of."""

NOT_FOR_CHECK = (
    "referee.service.sessions",
    "referee.service.live",
    "referee.service.results",
    "referee.service.snapshot",
    "referee.service.text",
    "referee.store.session_file",
    "referee.store.index",
    "referee.store.atomic",
    "referee.store.secret",
    "referee.store.locks",
    "fcntl",
    "tinydb",
    "filelock",
    "referee.stats",
    "referee.sheet.model",
    "referee.sheet.exports",
    "referee.sheet.text_table",
    "referee.engine.public",
    "referee.engine.option_names",
    "referee.cli.rules_doc",
    "referee.cli.session_cmds",
    "referee.cli.export_cmd",
    "referee.cli.stats_cmd",
    "referee.cli.session_args",
    "referee.cli.export_args",
    "referee.cli.event_args",
    "referee.sheet.formats",
    "decimal",
    "html",
    "csv",
    "pkgutil",
    "importlib.util",
    "uuid6",
)
"""`check` reads a file and referees it: no stored sessions, sheet, statistics or exports (nor
what `score`, `replay --json` and `rules` print with, nor the other commands' declarations), no
module finder (the house rules are found by listing their folder), and no file locks: sweeping
the settings file of what a killed writer left takes its lock only when there is something to
sweep."""

NOT_FOR_MOVE = (
    "filelock",
    "logging",
    "referee.stats",
    "referee.sheet.model",
    "referee.sheet.exports",
    "referee.service.text",
    "referee.service.standings",
    "referee.cli.rules_doc",
    "referee.cli.file_cmds",
    "referee.cli.export_cmd",
    "referee.cli.stats_cmd",
    "referee.cli.file_args",
    "referee.cli.export_args",
    "referee.cli.event_args",
    "referee.sheet.formats",
    "html",
    "csv",
    "string",
    "pkgutil",
    "importlib.util",
    "uuid6",
)
"""`move`, run by scripts once a move: what recording needs, not the list, sheet or statistics
(nor the maker of global ids: the session has its own already, nor the other commands'
declarations, nor `string`: a ruling's template is filled without its `Template`)."""

ENGINE_LOADS = ("dataclasses", "inspect", "ast")
"""What `dataclasses` loads: the engine's value classes are written out (`engine.frozen`), so
refereeing needs none of it."""


XDG_VARIABLES = ("XDG_DATA_HOME", "XDG_CONFIG_HOME", "XDG_CACHE_HOME")
UNO_VARIABLES = ("UNO_REFEREE_HOME", "UNO_REFEREE_CONFIG", "UNO_REFEREE_CACHE")


def loaded(tmp_path: Path, *argv: str, platform_folders: bool = False) -> set[str]:
    """The modules `uno-referee ARGV...` loads, run in a process of its own; it must succeed.

    Its folders are named by our variables, or with `platform_folders` found as a user's are
    (the XDG variables, HOME)."""
    report = tmp_path / "loaded.json"
    if platform_folders:
        env = {key: value for key, value in os.environ.items() if key not in UNO_VARIABLES}
        env.update({name: str(tmp_path / "xdg" / name) for name in XDG_VARIABLES})
        env["HOME"] = str(tmp_path / "user")
    else:
        env = {
            **os.environ,
            "UNO_REFEREE_HOME": str(tmp_path / "home"),
            "UNO_REFEREE_CONFIG": str(tmp_path / "settings.toml"),
            "UNO_REFEREE_CACHE": str(tmp_path / "cache"),
        }
    done = subprocess.run(
        [sys.executable, "-c", _LOADED, str(report), *argv],
        capture_output=True,
        text=True,
        cwd=REFEREE.parent,
        env=env,
        check=False,
    )
    assert done.returncode == 0, done.stderr
    found = json.loads(report.read_text(encoding="utf-8"))
    assert found["code"] == 0, done.stderr
    return set(found["modules"])


def among(modules: set[str], names: tuple[str, ...]) -> list[str]:
    """The modules of `modules` that are one of `names` or inside one of them."""
    return sorted(m for m in modules if any(m == n or m.startswith(n + ".") for n in names))


def test_version_loads_nothing_of_the_program(tmp_path: Path) -> None:
    modules = loaded(tmp_path, "--version")
    assert among(modules, ("referee",)) == ["referee", "referee.cli", "referee.cli.main"]
    assert (
        among(
            modules,
            ("argparse", "typing", "pathlib", "platformdirs", "inspect", "dataclasses", *NEVER),
        )
        == []
    )


@pytest.mark.parametrize(
    "argv",
    [
        ["--help"],
        ["--lang", "ja", "--help"],
        ["move", "--help"],
        ["export", "--help"],
        ["config", "set", "--help"],
    ],
    ids=" ".join,
)
def test_help_loads_no_engine_service_or_storage(tmp_path: Path, argv: list[str]) -> None:
    assert among(loaded(tmp_path, *argv), (*NO_ENGINE, *NEVER)) == []


def test_english_looks_for_no_catalogue_file(tmp_path: Path) -> None:
    # argparse's own gettext looks for catalogue files (loading `locale`) for each of its words.
    for argv in (["--help"], ["check", str(SAMPLE)]):
        assert among(loaded(tmp_path, "--lang", "en", *argv), ("locale",)) == []


def test_check_loads_no_storage_sheet_or_statistics(tmp_path: Path) -> None:
    modules = loaded(tmp_path, "check", str(SAMPLE))
    assert "referee.engine" in modules
    assert among(modules, (*NOT_FOR_CHECK, *NEVER)) == []


def test_check_of_a_classic_file_loads_no_other_edition_or_house_rule(tmp_path: Path) -> None:
    # The units register at import: only the session's edition (and what it turns on) is
    # loaded; the others wait until a session or a listing names them.
    modules = loaded(tmp_path, "check", str(SAMPLE))
    assert "referee.editions.classic" in modules
    assert among(modules, ("referee.editions", "referee.house")) == [
        "referee.editions",
        "referee.editions.classic",
    ]


def test_check_of_a_swap_file_loads_the_editions_up_to_it_only(tmp_path: Path) -> None:
    modules = loaded(tmp_path, "check", str(SAMPLE.with_name("swap-hands.uno")))
    assert "referee.editions.swap" in modules
    assert among(modules, ("referee.editions.flip", "referee.editions.nomercy")) == []
    assert among(modules, ("referee.house",)) == []


def test_move_loads_no_statistics_sheet_or_exports(tmp_path: Path) -> None:
    service = SessionService(tmp_path / "home")
    sid = service.create(build_header("Ann, Bob, Cy", "classic", "target 500"))
    modules = loaded(tmp_path, "move", sid, "round 1", "dealer Ann")
    assert "tinydb" in modules
    assert among(modules, (*NOT_FOR_MOVE, *NEVER)) == []


PLATFORM_FOLDER_LOADS = ("platformdirs", "tempfile", "shutil", "random", "bz2", "lzma")
"""What finding the user's folders with platformdirs loads, and argparse's terminal width with
shutil: a user's settings, data and cache folders are found without them on Linux."""

NOT_FOR_CHECKING = ("typing", "pathlib", "urllib", "ipaddress", "datetime")
"""What `check` of a file without a date needs none of: `typing` (named tuples are made by
`referee.named`, type names are for type checkers), `pathlib` (and the `urllib.parse` and
`ipaddress` it loads: the settings file is read by name), `datetime` (for a `[Date]` only)."""


@pytest.mark.skipif(sys.platform != "linux", reason="elsewhere platformdirs finds the folders")
def test_check_in_a_users_folders_loads_no_platformdirs(tmp_path: Path) -> None:
    modules = loaded(tmp_path, "check", str(SAMPLE), platform_folders=True)
    assert among(modules, PLATFORM_FOLDER_LOADS) == []


@pytest.mark.parametrize(
    "platform_folders",
    [
        False,
        pytest.param(
            True,
            marks=pytest.mark.skipif(
                sys.platform != "linux", reason="elsewhere platformdirs finds the folders"
            ),
        ),
    ],
    ids=["our variables", "a user's folders"],
)
def test_check_loads_no_typing_pathlib_or_datetime(tmp_path: Path, platform_folders: bool) -> None:
    undated = tmp_path / "undated.uno"
    lines = SAMPLE.read_text(encoding="utf-8").splitlines(keepends=True)
    undated.write_text("".join(line for line in lines if not line.startswith("[Date ")))
    modules = loaded(tmp_path, "check", str(undated), platform_folders=platform_folders)
    assert "referee.engine" in modules
    assert among(modules, NOT_FOR_CHECKING) == []


@pytest.mark.skipif(sys.platform != "linux", reason="elsewhere platformdirs finds the folders")
def test_move_in_a_users_folders_loads_no_platformdirs(tmp_path: Path) -> None:
    service = SessionService(tmp_path / "xdg" / "XDG_DATA_HOME" / "uno-referee")
    sid = service.create(build_header("Ann, Bob, Cy", "classic", "target 500"))
    modules = loaded(tmp_path, "move", sid, "round 1", "dealer Ann", platform_folders=True)
    assert "tinydb" in modules
    assert among(modules, ("platformdirs",)) == []


MOVE_WRITES_WITHOUT = ("tempfile", "shutil", "random", "secrets", "bz2", "lzma")
"""What `tempfile` (for a temp file beside the session) and `secrets` (for a snapshot key, made
once) load: a move's atomic writes make their temp files themselves."""


def test_move_loads_no_tempfile(tmp_path: Path) -> None:
    service = SessionService(tmp_path / "home")
    sid = service.create(build_header("Ann, Bob, Cy", "classic", "target 500"))
    with service.open(sid) as live:
        live.record("round 1")
        live.record("dealer Ann")
    # The key is made by the first command that keeps a snapshot: later ones read it.
    assert secret.key(service.layout.root) is not None
    modules = loaded(tmp_path, "move", sid, "start r5")
    assert "referee.store.atomic" in modules
    assert among(modules, MOVE_WRITES_WITHOUT) == []


NOT_FOR_A_LONG_MOVE = (
    "tinydb",
    "typing",
    "datetime",
    "pathlib",
    "urllib",
    "ipaddress",
    "referee.store.json_storage",
    "referee.store.index",
)
"""`move` on a long session opens it from its snapshot and splices the entry into the bytes it
read: no TinyDB (which loads `typing`) to decode or write the file as data, no list index (the
next `list` brings its row up to date), no `datetime` for the entry's time stamp, and no
`pathlib` (with the `urllib.parse` and `ipaddress` it loads): the session's file, its lock, its
snapshot and the key are found by name."""


def test_a_move_on_a_long_session_loads_no_tinydb_typing_or_datetime(
    tmp_path: Path, monkeypatch: pytest.MonkeyPatch
) -> None:
    # The snapshot the last writer kept goes where the command looks for it (`loaded`'s cache).
    monkeypatch.setenv("UNO_REFEREE_CACHE", str(tmp_path / "cache"))
    service = SessionService(tmp_path / "home")
    moves = long_game()
    sid = stored(service, moves[:-1])
    modules = loaded(tmp_path, "move", sid, moves[-1])
    assert "referee.store.resume" in modules
    assert among(modules, NOT_FOR_A_LONG_MOVE) == []
    with service.open(sid, read_only=True) as live:
        assert [move.text for move in live.moves] == moves  # recorded, as a full read shows


def test_refereeing_loads_no_inspect_or_ast(tmp_path: Path) -> None:
    assert among(loaded(tmp_path, "check", str(SAMPLE)), ENGINE_LOADS) == []


def commands(parser: argparse.ArgumentParser, above: object = None) -> Iterator[tuple[str, object]]:
    """Each (sub)command's name and the `run` it declares (or the command above it)."""
    for action in parser._actions:
        if isinstance(action, argparse._SubParsersAction):
            for name, sub in action.choices.items():
                run = sub.get_default("run") or above
                yield name, run
                yield from ((f"{name} {inner}", found) for inner, found in commands(sub, run))


def test_every_command_names_a_run_that_exists() -> None:
    found = dict(commands(build_parser()))
    assert len(found) >= 20
    for name, run in found.items():
        assert isinstance(run, str), name
        module, _sep, function = run.partition(":")
        assert callable(getattr(importlib.import_module(f"referee.cli.{module}"), function)), name


APP_FIRST_SCREEN_NEVER = (
    "screens.table_screen",
    "screens.new_session_screen",
    "screens.help_screen",
    "screens.standings_screen",
    "screens.history_screen",
    "screens.score_sheet_screen",
    "screens.rules_screen",
    "screens.round_end_screen",
    "screens.sitting",
    "screens.prose",
    "screens.widgets.alerts",
    "screens.dialogs.confirm_dialog",
    "screens.dialogs.actions_menu",
    "screens.dialogs.catch_dialog",
    "screens.dialogs.challenge_dialog",
    "screens.dialogs.import_dialog",
    "screens.dialogs.qr_dialog",
    "screens.dialogs.round_start_dialog",
    "screens.dialogs.rule_dialog",
    "screens.dialogs.serve_dialog",
    "screens.widgets.card_view",
    "screens.widgets.move_box",
    "screens.widgets.options_form",
    "screens.widgets.ruling_log",
    "screens.widgets.table_status",
    "screens.widgets.totals_chart",
    "referee.web",
    "referee.sheet",
    "referee.service.standings",
    "referee.stats.standings",
    "referee.stats.league",
    "qrcode",
    "filelock",
    "referee.engine.referee",
    "referee.engine.judge",
    "referee.engine.setup",
    "referee.engine.state",
    "referee.notation.parse",
    "referee.service.live",
    "referee.service.replay",
    "referee.service.snapshot",
    "referee.suggest",
    "rich._emoji_codes",
    "hashlib",
)
"""What the app's first screen, the session list, does not show: the other screens, the
table's widgets and dialogs, the sheet, the standings and the scoreboard load when opened.
Nor does it use the referee, its set-up (an edition's title is in the unit index), the game's
state, the notation, a live session or snapshots (the list's rows come from the index; naming
an edition, a rulebook and a scoring needs none of them), the league book's reader where no
book is kept, OpenSSL (the list checks no hash
chain), or Rich's table of emoji names (thousands of them), which reading a column heading as
Rich markup loaded to look for `:name:` codes."""


def test_the_app_loads_only_its_first_screen_before_showing_it(tmp_path: Path) -> None:
    modules = set(first_screen(tmp_path)["modules"])
    assert "screens.sessions_screen" in modules
    assert among(modules, APP_FIRST_SCREEN_NEVER) == []
