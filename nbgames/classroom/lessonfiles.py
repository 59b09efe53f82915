"""Lesson files a teacher hands out (issue 29): the files in the served notebooks' ``lessons``
folder, and the ones the teacher uploads on the teacher page.

Uploads are kept as files in one folder, `upload_dir` ($NBGAMES_LESSON_DIR, else
``nbgames-lessons`` beside the SQLite class database, else in the folder the server started in),
not in the database: a student's page opens a lesson file in its own kernel (`find_lesson_file`,
which also looks in $NBGAMES_LESSON_DIR), and kernels never open the class database. Every file
is checked by `nbgames.teach.load_lesson` before it is stored or listed, and its name is a plain
file name (`LINK_NAME`: no folder, no '..').

A lesson file is recorded under the id its page gives it (`recorded_id`: ``lesson-…``); the
assignment link names it ``file:<name>``.
"""

from __future__ import annotations

import os
import tempfile
import threading
from pathlib import Path
from typing import Any

from ..i18n import localize, msg

LESSON_DIR_ENV = "NBGAMES_LESSON_DIR"
UPLOAD_FOLDER = "nbgames-lessons"
MAX_UPLOADED = 200  # files the upload folder holds
FILE_PREFIX = "file:"  # an assignment link's name for a lesson file: file:<name>


class LessonFileError(ValueError):
    """A lesson file that cannot be stored; the message says why, plainly (`localized`)."""

    def localized(self, lang: str | None = None) -> str:
        return localize(self.args[0], lang)


def upload_dir(db_url: str | None = None) -> Path:
    """Where uploaded lesson files are kept (see the module's doc)."""
    configured = os.environ.get(LESSON_DIR_ENV, "").strip()
    if configured:
        return Path(configured).expanduser().resolve()
    if db_url and db_url.startswith("sqlite:///"):
        return Path(db_url.removeprefix("sqlite:///")).parent / UPLOAD_FOLDER
    return Path.cwd() / UPLOAD_FOLDER


def recorded_id(lesson: Any) -> str:
    """The id a page records a lesson file's progress under (`LessonRunner.add_lesson`)."""
    from ..ui.lesson import FILE_ID

    return lesson.id if lesson.id.startswith(FILE_ID) else FILE_ID + lesson.id


def check_name(name: Any) -> str:
    """A lesson file's name, if plain (letters, digits, '-', '_', '.', ending in .json)."""
    from ..ui.lesson import LINK_NAME

    if not isinstance(name, str) or not LINK_NAME.match(name) or ".." in name:
        raise LessonFileError(msg("a lesson file's name is letters, digits, '-', '_' and '.', ending in .json "
                                  "(at most 100 characters), like my_lesson.json"))
    return name


class LessonFiles:
    """The lesson files of a class server: those in `served` (read only) and in `uploads`."""

    def __init__(self, served: Path | None, uploads: Path):
        self.served, self.uploads = served, uploads
        # path -> ((mtime, size), (Lesson, its steps on a page) or None)
        self._loaded: dict[Path, tuple[tuple[int, int], tuple[Any, int] | None]] = {}
        self._lock = threading.Lock()

    def _load(self, path: Path) -> tuple[Any, int] | None:
        """The lesson in `path` and its number of steps on a page (a replay's moves are steps
        there), or None if it is not a good lesson file; read again when the file changed."""
        from ..teach import MAX_LESSON_BYTES, LessonError, load_lesson

        try:
            stat = path.stat()
        except OSError:
            return None
        key = (stat.st_mtime_ns, stat.st_size)
        with self._lock:
            known = self._loaded.get(path)
        if known is not None and known[0] == key:
            return known[1]
        found = None
        if stat.st_size <= MAX_LESSON_BYTES:
            try:
                lesson = load_lesson(path)
                found = lesson, len(lesson.lesson("en").steps)
            except LessonError:
                found = None
        with self._lock:
            self._loaded[path] = (key, found)
        return found

    def _paths(self) -> list[Path]:
        from ..ui.lesson import LINK_NAME

        found: dict[str, Path] = {}
        for folder in (self.served, self.uploads):  # a served file's name wins, as on a student's page
            if folder is None or not folder.is_dir():
                continue
            for path in sorted(folder.iterdir()):
                if LINK_NAME.match(path.name) and path.is_file() and path.name not in found:
                    found[path.name] = path
        return list(found.values())

    def entry(self, path: Path, lang: str = "en") -> dict | None:
        """A good lesson file's name, recorded id, game, title in `lang`, steps, and whether it
        was uploaded (else served); None for a file that is no lesson."""
        from ..teach import text_in

        found = self._load(path)
        if found is None:
            return None
        lesson, steps = found
        return {"name": path.name, "id": recorded_id(lesson), "game": lesson.game,
                "title": text_in(lesson.title, lang) or path.name, "steps": steps,
                "uploaded": path.parent == self.uploads}

    def entries(self, lang: str = "en") -> list[dict]:
        """Every good lesson file's `entry`."""
        return [entry for entry in map(lambda path: self.entry(path, lang), self._paths()) if entry is not None]

    def steps(self) -> dict[str, int]:
        """Each lesson file's recorded id and its number of steps (what `check_lesson` accepts)."""
        return {entry["id"]: entry["steps"] for entry in self.entries()}

    def lesson(self, lesson_id: str, lang: str) -> Any:
        """The runner's lesson (`nbgames.ui.lesson.Lesson`) of the file recorded as `lesson_id`, or None."""
        for path in self._paths():
            found = self._load(path)
            if found is not None and recorded_id(found[0]) == lesson_id:
                kit = found[0].lesson(lang)
                kit.id = lesson_id
                return kit
        return None

    def add(self, name: Any, data: bytes, lang: str = "en") -> dict:
        """Store an uploaded lesson file (checked by `load_lesson`); its entry. `LessonFileError`
        or `nbgames.teach.LessonError` say why a file is refused; nothing is written then. A file
        of the same name uploaded before is replaced."""
        from ..teach import MAX_LESSON_BYTES, load_lesson

        name = check_name(name)
        if len(data) > MAX_LESSON_BYTES:
            raise LessonFileError(msg("the file is too big for a lesson file (more than {limit} MB)",
                                      limit=f"{MAX_LESSON_BYTES / 1e6:g}"))
        if self.served is not None and (self.served / name).exists():
            raise LessonFileError(msg("the lessons folder has a file {name} already: give yours another name",
                                      name=name))
        load_lesson(bytes(data))
        self.uploads.mkdir(parents=True, exist_ok=True)
        target = self.uploads / name
        if not target.exists() and sum(1 for p in self.uploads.iterdir() if p.suffix == ".json") >= MAX_UPLOADED:
            raise LessonFileError(msg("{limit} lesson files are uploaded already: remove some from {folder}",
                                      limit=MAX_UPLOADED, folder=str(self.uploads)))
        handle, temporary = tempfile.mkstemp(dir=self.uploads, prefix=".upload-", suffix=".tmp")
        try:
            with os.fdopen(handle, "wb") as out:
                out.write(data)
            os.replace(temporary, target)  # whole or not at all: a page never reads half a file
        except BaseException:
            Path(temporary).unlink(missing_ok=True)
            raise
        with self._lock:
            self._loaded.pop(target, None)
        return self.entry(target, lang) or {}
