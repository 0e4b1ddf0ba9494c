"""Import a `.uno` file by path: the whole session is stored, or nothing and the first bad line."""

from __future__ import annotations

from pathlib import Path
from typing import ClassVar

from textual import on
from textual.app import ComposeResult
from textual.binding import Binding, BindingType
from textual.containers import Horizontal, Vertical
from textual.suggester import SuggestFromList
from textual.widgets import Button, Input, Label, Static

from referee.i18n import N_, _
from referee.notation.limits import MAX_FILE_BYTES
from referee.render import import_problem
from referee.service import Imported, ImportExtends, ImportRefused, SessionError, SessionService
from referee.service.sessions import UPDATE
from referee.store.paths import PathError, user_path
from referee.store.reading import read_regular

from ..glyphs import current
from ..literal import filled, literal
from ..prose import Prose
from .boxed_dialog import BoxedDialog
from .confirm_dialog import ConfirmDialog


def uno_files(folder: Path) -> list[str]:
    """`.uno` files in `folder` and its `sample_sessions`, for the path suggester."""
    found: list[str] = []
    for where in (folder, folder / "sample_sessions"):
        try:
            found += sorted(str(p.relative_to(folder)) for p in where.glob("*.uno"))
        except OSError:
            continue
    return found


def read_session_file(typed: str, cwd: Path) -> tuple[str, str]:
    """The text and display name of the file at `typed`; ValueError with a precise reason."""
    text = typed.strip()
    if not text:
        raise ValueError(_("type the path of a .uno file"))
    if "\0" in text:
        raise ValueError(_("a file name holds no NUL character"))
    try:
        path = (cwd / user_path(text, text)).resolve()
        if path.is_dir():
            raise ValueError(_("{path} is a folder; give a .uno file").format(path=text))
        # A regular file only: a named pipe typed here would hold the app until written to.
        raw = read_regular(path, MAX_FILE_BYTES)
    except PathError as exc:
        raise ValueError(exc.message) from None
    except FileNotFoundError:
        raise ValueError(_("no such file: {path}").format(path=str(path))) from None
    except OSError as exc:
        raise ValueError(
            _("cannot read {path}: {reason}").format(path=text, reason=exc.strerror or exc)
        ) from None
    if len(raw) > MAX_FILE_BYTES:
        raise ValueError(
            _("{path}: larger than {limit} bytes, the limit of a session file").format(
                path=text, limit=f"{MAX_FILE_BYTES:,}"
            )
        )
    try:
        return raw.decode("utf-8"), text
    except UnicodeDecodeError:
        raise ValueError(_("{path} is not UTF-8 text").format(path=text)) from None


class ImportDialog(BoxedDialog[Imported | None]):
    """Dismisses with what was imported, or None."""

    DEFAULT_CSS = """
    ImportDialog #problem { color: $error; height: auto; }
    ImportDialog Horizontal { height: auto; align-horizontal: right; margin-top: 1; }
    ImportDialog Button { margin-left: 2; }
    """

    BINDINGS: ClassVar[list[BindingType]] = [
        Binding("escape", "cancel", N_("Cancel"), show=False),
    ]

    def __init__(self, service: SessionService, cwd: Path | None = None) -> None:
        super().__init__()
        self.service = service
        self.cwd = cwd or Path.cwd()

    def compose(self) -> ComposeResult:
        with Vertical():
            yield Label(filled("[b]$title[/]", title=_("Import a .uno session file")))
            yield Static(
                filled(
                    "[dim]$where[/]",
                    where=_("Relative to {folder}; {key} completes a name.").format(
                        folder=str(self.cwd), key=current().arrow
                    ),
                )
            )
            yield Input(
                placeholder=_("path/to/game.uno"),
                id="path",
                suggester=SuggestFromList(uno_files(self.cwd), case_sensitive=False),
            )
            yield Static("", id="problem")
            with Horizontal():
                yield Button(_("Cancel"), id="cancel")
                yield Button(_("Import"), id="import", variant="primary")

    @on(Input.Submitted, "#path")
    def _entered(self, event: Input.Submitted) -> None:
        # The path as it was at the Enter, not with what was typed after it.
        self._import(event.value)

    @on(Button.Pressed, "#import")
    def _pressed(self) -> None:
        self._import(self.query_one("#path", Input).value)

    def _import(self, typed: str) -> None:
        try:
            text, name = read_session_file(typed, self.cwd)
            done = self.service.import_text(text, name)
        except ValueError as exc:
            self._problem(str(exc))
            return
        except ImportExtends as found:
            self._ask_update(found, text, name)
            return
        except ImportRefused as exc:
            self._problem(import_problem(exc))
            return
        except SessionError as exc:
            self._problem(exc.message)
            return
        self.dismiss(done)

    def _ask_update(self, found: ImportExtends, text: str, name: str) -> None:
        """The file continues a stored session: add its later moves to it, if the user says
        so (stored beside it, the early rounds would count twice)."""
        question = _(
            "{problem}. Add its {later} later move(s) to session {id}? It keeps its id and labels."
        ).format(problem=found.message, later=found.moves - found.stored, id=found.session)

        def answered(yes: bool | None) -> None:
            if not yes:
                self._problem(found.message)
                return
            try:
                done = self.service.import_text(text, name, extension=UPDATE)
            except ImportRefused as exc:
                self._problem(import_problem(exc))
                return
            except SessionError as exc:
                self._problem(exc.message)
                return
            self.dismiss(done)

        self.app.push_screen(
            ConfirmDialog(_("Add to session {id}?").format(id=found.session), question, _("Add")),
            answered,
        )

    @on(Button.Pressed, "#cancel")
    def action_cancel(self) -> None:
        self.dismiss(None)

    def _problem(self, text: str) -> None:
        self.query_one("#problem", Static).update(Prose(literal(text, lines=True)))
