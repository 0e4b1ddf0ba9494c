"""Where sessions live: the data folder, its layout, and the short session ids."""

from __future__ import annotations

import errno
import os
import sys

from ..i18n import _

# pathlib (which loads urllib.parse and ipaddress) is loaded where a Path is made: choosing the
# language of a run reads the settings file by name, `check` makes no Path at all, and a move
# finds its session's file, lock and snapshot by name.
TYPE_CHECKING = False  # as typing's, without loading typing (see referee.named)
if TYPE_CHECKING:
    from pathlib import Path

APP_NAME = "uno-referee"
HOME_VARIABLE = "UNO_REFEREE_HOME"
BOOK_NAME = "league.json"
"""The league book's file in the data folder (`referee.stats.league` reads and writes it)."""

# Lowercase letters and digits without the look-alikes 0/o and 1/l/i: ids are read aloud and typed.
ID_ALPHABET = "23456789abcdefghjkmnpqrstuvwxyz"
ID_LENGTH = 6


class PathError(ValueError):
    """A folder or file named by an option or a variable cannot be found (`~user` for a user
    this machine does not have); `message` says which option or variable, and why."""

    def __init__(self, message: str) -> None:
        super().__init__(message)
        self.message = message


def user_path(text: str | os.PathLike[str], source: str) -> Path:
    """`text` as a path, a leading `~` or `~user` expanded; PathError naming `source` (the
    option or the variable it came from) when there is no such user."""
    from pathlib import Path

    try:
        return Path(text).expanduser()
    except RuntimeError:
        # pathlib's way of saying that the home folder `~` or `~user` names is not known.
        user = os.fspath(text)[1:].replace(os.sep, "/").partition("/")[0]
        if not user:
            raise PathError(
                _("{source}: your home folder cannot be found (for {path})").format(
                    source=source, path=os.fspath(text)
                )
            ) from None
        raise PathError(
            _("{source}: there is no user {user} on this machine (in {path})").format(
                source=source, user=user, path=os.fspath(text)
            )
        ) from None


def user_path_name(text: str, source: str) -> str | Path:
    """`user_path(text, source)`, or `text` itself where it has no `~` that could be expanded:
    what only reads or checks a path (every command checks the variables that name one) needs
    no pathlib for it."""
    return user_path(text, source) if "~" in text else text


def _as_path(name: str | os.PathLike[str]) -> Path:
    """`name` as a Path: pathlib is loaded here, by what asks for one."""
    from pathlib import Path

    return Path(name)


def data_dir(explicit: str | os.PathLike[str] | None = None) -> Path:
    """`--data-dir` if given, else `$UNO_REFEREE_HOME`, else the platform's user data folder."""
    return _as_path(data_dir_name(explicit))


def data_dir_name(explicit: str | os.PathLike[str] | None = None) -> str | Path:
    """`data_dir(explicit)`, as a string where no `~` was expanded (see `user_path_name`)."""
    if explicit:
        return user_path_name(os.fspath(explicit), "--data-dir")
    home = os.environ.get(HOME_VARIABLE, "").strip()
    if home:
        return user_path_name(home, HOME_VARIABLE)
    return user_folder_name("data")


_XDG = {
    "data": ("XDG_DATA_HOME", "~/.local/share"),
    "config": ("XDG_CONFIG_HOME", "~/.config"),
    "cache": ("XDG_CACHE_HOME", "~/.cache"),
}
"""The XDG base directory variable of each kind of per-user folder, and its default."""


def user_folder(kind: str) -> Path:
    """This program's per-user folder of `kind` (`data`, `config` or `cache`) on this platform."""
    return _as_path(user_folder_name(kind))


def user_folder_name(kind: str) -> str:
    """`user_folder(kind)`, as a string."""
    found = _xdg_folder(kind)
    if found is not None:
        return found
    # platformdirs knows each platform's per-user folders (XDG on Linux, Application Support
    # on macOS, AppData on Windows); Textual already depends on it, and it is maintained by
    # the PyPA. Loaded only here: it loads tempfile, shutil, random and more.
    import platformdirs

    return str(getattr(platformdirs, f"user_{kind}_dir")(APP_NAME, appauthor=False))


def _xdg_folder(kind: str) -> str | None:
    """On Linux, the folder platformdirs names (`$XDG_..._HOME` if an absolute path, else its
    default under an absolute $HOME), found without loading platformdirs; None elsewhere, or
    where platformdirs has more to ask (no usable $HOME, Android).

    Every command reads the settings file to choose its language, and loading platformdirs
    cost a fifth of a `check`; tests/unit/test_store_paths.py holds this to platformdirs'
    answers."""
    if sys.platform != "linux" or "ANDROID_DATA" in os.environ:
        return None
    variable, default = _XDG[kind]
    base = os.environ.get(variable, "")
    if not os.path.isabs(base):
        home = os.environ.get("HOME")
        if home is None or not os.path.isabs(home):
            return None
        base = os.path.expanduser(default)
    return os.path.join(base, APP_NAME)


def new_id() -> str:
    import secrets  # loads hmac and hashlib: only a new session needs an id

    return "".join(secrets.choice(ID_ALPHABET) for _ in range(ID_LENGTH))


def normal_id(text: str) -> str | None:
    """The id as stored, from what a person typed (any case, spaces around); None if malformed."""
    sid = text.strip().lower()
    if len(sid) == ID_LENGTH and all(ch in ID_ALPHABET for ch in sid):
        return sid
    return None


class Layout:
    """The folders and files under one data folder (a value: equal when the roots are).

    Each place is given as a Path (`session`) and as a string (`session_file`): what a command
    opens on every run takes the strings, so that it needs no pathlib."""

    # A plain class, not a dataclass: the command line reads the data folder on every run, and
    # `dataclasses` loads `inspect` and `ast`.
    __slots__ = ("folder",)
    folder: str
    """The data folder, as it was named."""

    def __init__(self, root: str | os.PathLike[str]) -> None:
        object.__setattr__(self, "folder", os.fspath(root))

    def __setattr__(self, name: str, value: object) -> None:
        raise AttributeError(f"cannot assign to field {name!r}")

    def __eq__(self, other: object) -> bool:
        if not isinstance(other, Layout):
            return NotImplemented
        return self.root == other.root

    def __hash__(self) -> int:
        return hash((self.root,))

    def __repr__(self) -> str:
        return f"{type(self).__name__}(root={self.root!r})"

    @property
    def root(self) -> Path:
        return _as_path(self.folder)

    @property
    def sessions(self) -> Path:
        return _as_path(self.sessions_folder)

    @property
    def sessions_folder(self) -> str:
        """The sessions' folder (`sessions` gives it as a Path)."""
        return os.path.join(self.folder, "sessions")

    @property
    def quarantine(self) -> Path:
        return self.root / "quarantine"

    @property
    def index(self) -> Path:
        return self.root / "index.json"

    @property
    def index_lock(self) -> Path:
        return self.root / "index.lock"

    @property
    def book(self) -> Path:
        """The league book (`referee.stats.league`): merged names, guests, session labels."""
        return self.root / BOOK_NAME

    def session(self, sid: str) -> Path:
        return _as_path(self.session_file(sid))

    def session_file(self, sid: str) -> str:
        """The session's file (`session` gives it as a Path)."""
        return os.path.join(self.sessions_folder, f"{sid}.json")

    def lock(self, sid: str) -> Path:
        return _as_path(self.lock_file(sid))

    def lock_file(self, sid: str) -> str:
        """The session's lock file (`lock` gives it as a Path)."""
        return os.path.join(self.sessions_folder, f"{sid}.lock")

    def ensure(self) -> None:
        """Create the folders; SaveFailed-worthy OSErrors are left to the caller."""
        try:
            os.makedirs(self.sessions_folder, exist_ok=True)
        except FileExistsError:
            # A file where the folder should be: not "taken", which callers read as an id clash.
            raise NotADirectoryError(
                errno.ENOTDIR, os.strerror(errno.ENOTDIR), self.sessions_folder
            ) from None

    def session_ids(self) -> list[str]:
        """Ids of the session files present, sorted; other files in the folder are ignored."""
        try:
            names = os.listdir(self.sessions_folder)
        except FileNotFoundError:
            return []
        stems = (name[:-5] for name in names if name.endswith(".json"))
        return sorted(stem for stem in stems if normal_id(stem) == stem)
