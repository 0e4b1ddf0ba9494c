"""The code stamp a snapshot is made under: every source file's path, size and time, listed in
the order a sorted walk of the tree lists them (snapshots made before stay current)."""

from __future__ import annotations

import os
from pathlib import Path

from referee.service import snapshot


def walked(root: Path) -> list[str]:
    """What the stamp listed when it walked the tree with os.walk."""
    parts = []
    for folder, _dirs, files in sorted(os.walk(root)):
        for name in sorted(files):
            if name.endswith(".py"):
                st = os.stat(os.path.join(folder, name))
                parts.append(
                    f"{os.path.relpath(folder, root)}/{name}:{st.st_size}:{st.st_mtime_ns}"
                )
    return parts


def listed(root: Path) -> list[str]:
    return [
        f"{folder or '.'}/{name}:{size}:{mtime}"
        for folder, files in sorted(snapshot._source_files(str(root), ""))
        for name, size, mtime in sorted(files)
    ]


def test_the_files_are_listed_as_a_walk_lists_them(tmp_path: Path) -> None:
    for name in ("b.py", "a.py", "a-c/x.py", "a/b/y.py", "a/z.py", "a/notes.txt", "Z/u.py"):
        (tmp_path / name).parent.mkdir(parents=True, exist_ok=True)
        (tmp_path / name).write_text(name * 3)
    (tmp_path / "empty").mkdir()
    (tmp_path / "a" / "__pycache__").mkdir()
    (tmp_path / "a" / "__pycache__" / "z.cpython-311.pyc").write_bytes(b"\0")
    (tmp_path / "linked").symlink_to(tmp_path / "a", target_is_directory=True)
    assert listed(tmp_path) == walked(tmp_path)
    assert len(listed(tmp_path)) == 6


def test_the_programs_stamp_is_the_walks() -> None:
    root = Path(snapshot.__file__).resolve().parents[1]
    assert listed(root) == walked(root)
