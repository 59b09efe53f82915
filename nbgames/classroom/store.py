"""The class database: where it is, its migrations, and what is written and read.

One `Store` per server. SQLite by default (a file beside the server, see `default_url`),
PostgreSQL (or anything SQLAlchemy 2 reaches) by URL. The schema is made and kept up to date by
Alembic's migrations (``nbgames/classroom/migrations``), run by `Store.open` at server start:
the database's own ``alembic_version`` says where it stands, so an old file is upgraded in place
and a new one is built from empty by the same steps.

Every write is checked first (`check_event`): anything wrong raises `ProgressError` and nothing is
written. An event carries a random id: sent twice (a retry), it is kept once.
"""

from __future__ import annotations

import csv
import datetime as dt
import os
import re
import threading
import unicodedata
from collections.abc import Callable, Mapping
from pathlib import Path

from sqlalchemy import create_engine, delete, event, func, insert, select
from sqlalchemy.engine import Engine, make_url
from sqlalchemy.exc import IntegrityError

from . import schema
from .schema import answers, games, lesson_events, students

DB_ENV = "NBGAMES_CLASS_DB"
DB_FILE = "nbgames-class.sqlite"
MIGRATIONS = Path(__file__).resolve().parent / "migrations"

EVENT_KINDS = ("lesson_started", "step_answered", "lesson_finished", "game_finished")
CLASS_CODE = re.compile(r"^[A-Za-z0-9][A-Za-z0-9_-]{2,31}$")
EVENT_ID = re.compile(r"^[0-9a-f]{32}$")
FILE_LESSON = re.compile(r"^lesson-[A-Za-z0-9_.-]{1,100}$")
NAME_WORD = re.compile(r"^[A-Za-z0-9_.@+-]{1,40}$")  # a JupyterHub user name
BOT = re.compile(r"^[a-z0-9_-]{1,20}$")
RECORD_ID = re.compile(r"^[A-Za-z0-9_.:-]{0,80}$")
MAX_FILE_STEPS = 200
MAX_SECONDS = 24 * 3600.0


class ProgressError(ValueError):
    """An event or a name that cannot be recorded; ``status`` is the HTTP status it deserves."""

    def __init__(self, message: str, status: int = 400):
        super().__init__(message)
        self.status = status


def default_url(where: str | os.PathLike | None = None) -> str:
    """The database's URL: $NBGAMES_CLASS_DB if set (a URL, or a path to an SQLite file), else
    ``nbgames-class.sqlite`` in `where` (default: the folder the server was started in)."""
    configured = os.environ.get(DB_ENV, "").strip()
    if configured:
        return as_url(configured)
    return as_url(str(Path(where or os.getcwd()) / DB_FILE))


def as_url(text: str) -> str:
    """A SQLAlchemy URL from a URL or a file path (an SQLite file)."""
    if "://" in text:
        url = make_url(text)
        if url.drivername in ("postgresql", "postgres"):  # psycopg 3, not the older psycopg2
            url = url.set(drivername="postgresql+psycopg")
        return url.render_as_string(hide_password=False)
    return f"sqlite:///{Path(text).expanduser().resolve()}"


def _sqlite_pragmas(dbapi_connection, _record) -> None:
    cursor = dbapi_connection.cursor()
    cursor.execute("PRAGMA journal_mode=WAL")  # readers never wait for the writer
    cursor.execute("PRAGMA synchronous=NORMAL")  # WAL: a power cut may lose the last writes, never the file
    cursor.execute("PRAGMA busy_timeout=10000")
    cursor.execute("PRAGMA foreign_keys=ON")
    cursor.close()


def make_engine(url: str) -> Engine:
    if url.startswith("sqlite"):
        engine = create_engine(url, connect_args={"check_same_thread": False})
        event.listen(engine, "connect", _sqlite_pragmas)
        return engine
    return create_engine(url, pool_pre_ping=True, pool_size=5, max_overflow=5)


def alembic_config(connection=None):
    from alembic.config import Config

    config = Config()
    config.set_main_option("script_location", str(MIGRATIONS))
    config.attributes["connection"] = connection
    return config


def upgrade(engine: Engine, revision: str = "head") -> None:
    """Run the migrations up to `revision` (from empty on a new database)."""
    from alembic import command

    with engine.begin() as connection:
        command.upgrade(alembic_config(connection), revision)


def downgrade(engine: Engine, revision: str) -> None:
    """Undo the migrations down to `revision` ("base": an empty database)."""
    from alembic import command

    with engine.begin() as connection:
        command.downgrade(alembic_config(connection), revision)


def current_revision(engine: Engine) -> str | None:
    from alembic.runtime.migration import MigrationContext

    with engine.connect() as connection:
        return MigrationContext.configure(connection).get_current_revision()


def head_revision() -> str:
    from alembic.script import ScriptDirectory

    return ScriptDirectory.from_config(alembic_config()).get_current_head()


_builtin_lessons: dict[str, int] | None = None
_builtin_lock = threading.Lock()


def builtin_lessons() -> dict[str, int]:
    """Every built-in lesson's id and its number of steps (all games)."""
    global _builtin_lessons
    with _builtin_lock:
        if _builtin_lessons is None:
            import importlib

            from ..engine.registry import available_games

            found = {}
            for game in available_games():
                try:
                    module = importlib.import_module(f"nbgames.{game}.lessons")
                except ModuleNotFoundError:  # a game registered from outside nbgames (NBGAMES_GAMES)
                    continue
                for lesson in module.lessons():
                    found[lesson.id] = len(lesson.steps)
            _builtin_lessons = found
        return _builtin_lessons


LessonSteps = Mapping[str, int] | Callable[[], Mapping[str, int]]


def check_lesson(lesson, step=None, files: LessonSteps | None = None) -> None:
    """`lesson` is a built-in lesson's id or a lesson file's (``lesson-…``), and `step` one of its
    steps. `files`: the lesson files the server knows (id -> steps, or `LessonFiles.steps` itself,
    asked only for a lesson file's event: it reads the folders): their steps are checked exactly;
    another file's (a student's own upload) up to `MAX_FILE_STEPS`."""
    if not isinstance(lesson, str):
        raise ProgressError("'lesson' must be a lesson's id (text)")
    steps = builtin_lessons().get(lesson)
    if steps is None and files is not None and FILE_LESSON.match(lesson):
        steps = (files() if callable(files) else files).get(lesson)
    if steps is None and not FILE_LESSON.match(lesson):
        raise ProgressError(f"unknown lesson {lesson[:40]!r}: neither a built-in lesson nor a lesson file's id")
    if step is not None:
        limit = steps if steps is not None else MAX_FILE_STEPS
        if not _is_int(step) or not 0 <= step < limit:
            raise ProgressError(f"'step' must be a step number of lesson {lesson} (0 to {limit - 1})")


def _is_int(value) -> bool:
    return isinstance(value, int) and not isinstance(value, bool)


def check_class_code(code) -> str:
    if not isinstance(code, str) or not CLASS_CODE.match(code):
        raise ProgressError("a class code is 3 to 32 letters, digits, '-' or '_' (starting with a letter or digit)")
    return code.lower()


def check_nickname(name) -> str:
    """A nickname as typed, tidied: NFKC, spaces squeezed; 1-40 printable characters."""
    if not isinstance(name, str):
        raise ProgressError("a nickname is text")
    name = " ".join(unicodedata.normalize("NFKC", name).split())
    if not 1 <= len(name) <= schema.NAME_LEN or any(unicodedata.category(c)[0] == "C" for c in name):
        raise ProgressError(f"a nickname is 1 to {schema.NAME_LEN} printable characters")
    return name


def check_event(data, files: LessonSteps | None = None) -> dict:
    """The event `data` (decoded JSON) checked and tidied; raises `ProgressError` naming what is wrong.

    Fields: ``id`` (32 hex digits, random), ``kind`` (one of `EVENT_KINDS`), then
    lesson_started / lesson_finished: ``lesson``; step_answered: ``lesson``, ``step`` (0-based),
    ``right`` (bool), ``answer`` (the move or choice, text), ``seconds`` (number), ``showed``
    (bool: Show me was used); game_finished: ``game``, ``seats`` (int), ``bots`` (list of names),
    ``score`` (int or null), ``record_id`` (text). Other fields are refused. `files`: as for
    `check_lesson`."""
    if not isinstance(data, Mapping):
        raise ProgressError("an event is a JSON object")
    kind = data.get("kind")
    if kind not in EVENT_KINDS:
        raise ProgressError(f"'kind' must be one of {', '.join(EVENT_KINDS)}")
    fields = {"lesson_started": {"lesson"}, "lesson_finished": {"lesson"},
              "step_answered": {"lesson", "step", "right", "answer", "seconds", "showed"},
              "game_finished": {"game", "seats", "bots", "score", "record_id"}}[kind]
    allowed = fields | {"id", "kind", "student"}
    extra = set(data) - allowed
    if extra:
        raise ProgressError(f"unexpected field(s) for {kind}: {', '.join(sorted(map(str, extra)))[:80]}")
    missing = fields - set(data)
    if missing:
        raise ProgressError(f"missing field(s) for {kind}: {', '.join(sorted(missing))}")
    if not isinstance(data.get("id"), str) or not EVENT_ID.match(data["id"]):
        raise ProgressError("'id' must be the event's random id (32 hex digits)")
    out = {"id": data["id"], "kind": kind}
    if kind == "game_finished":
        from ..engine.registry import available_games

        if data["game"] not in available_games():
            raise ProgressError(f"'game' must be one of {', '.join(available_games())}")
        if not _is_int(data["seats"]) or not 1 <= data["seats"] <= 8:
            raise ProgressError("'seats' must be the number of players (1 to 8)")
        bots = data["bots"]
        if (not isinstance(bots, list) or len(bots) >= data["seats"]
                or not all(isinstance(b, str) and BOT.match(b) for b in bots)):
            raise ProgressError("'bots' must list the bots' names (fewer than the seats)")
        if data["score"] is not None and (not _is_int(data["score"]) or abs(data["score"]) > 10**6):
            raise ProgressError("'score' must be a whole number or null")
        if not isinstance(data["record_id"], str) or not RECORD_ID.match(data["record_id"]):
            raise ProgressError("'record_id' must be the saved record's id (letters, digits, '.', ':', '-', '_')")
        out.update(game=data["game"], seats=data["seats"], bots=",".join(bots), score=data["score"],
                   record_id=data["record_id"])
        return out
    check_lesson(data["lesson"], data["step"] if kind == "step_answered" else None, files)
    out["lesson"] = data["lesson"]
    if kind == "step_answered":
        for flag in ("right", "showed"):
            if not isinstance(data[flag], bool):
                raise ProgressError(f"'{flag}' must be true or false")
        answer = data["answer"]
        if not isinstance(answer, str) or len(answer) > schema.ANSWER_LEN:
            raise ProgressError(f"'answer' must be the move or choice as text (at most {schema.ANSWER_LEN} characters)")
        seconds = data["seconds"]
        if (not isinstance(seconds, (int, float)) or isinstance(seconds, bool)
                or not 0 <= seconds <= MAX_SECONDS):
            raise ProgressError("'seconds' must be the time taken in seconds (0 to 86400)")
        out.update(step=data["step"], right=data["right"], showed=data["showed"], answer=answer,
                   seconds=float(seconds))
    return out


def csv_cell(value) -> str:
    """A CSV cell no spreadsheet runs as a formula: a text opening with '=', '+', '-', '@', a tab or
    a carriage return (a nickname like '=HYPERLINK(…)') gets a leading apostrophe. Numbers stay
    numbers (a score of -3 is no formula)."""
    if value is None:
        return ""
    if isinstance(value, (int, float)):
        return str(value)
    text = str(value)
    return "'" + text if text[:1] in ("=", "+", "-", "@", "\t", "\r") else text


def write_csv(out, rows) -> None:
    """Write `rows` to the text stream `out` as CSV, every cell through `csv_cell` (the teacher
    page's export and ``nbgames class export`` both write this way)."""
    writer = csv.writer(out)
    for row in rows:
        writer.writerow([csv_cell(value) for value in row])


def _now() -> dt.datetime:
    return dt.datetime.now(dt.timezone.utc)


class Store:
    """The class database of one server: `record` events of a student, read them back, forget a class."""

    def __init__(self, engine: Engine):
        self.engine = engine
        self.lesson_files: Callable[[], Mapping[str, int]] | None = None  # the server's (`LessonFiles.steps`)

    @classmethod
    def open(cls, url: str | None = None, migrate: bool = True) -> Store:
        """The database at `url` (default: `default_url`), migrated to the newest schema."""
        engine = make_engine(as_url(url) if url else default_url())
        if migrate:
            upgrade(engine)
        return cls(engine)

    @property
    def url(self) -> str:
        return self.engine.url.render_as_string(hide_password=True)

    def close(self) -> None:
        self.engine.dispose()

    def _student_id(self, connection, class_code: str, name: str) -> int:
        found = connection.execute(select(students.c.id).where(
            students.c.class_code == class_code, students.c.name == name)).scalar()
        if found is not None:
            return found
        try:
            with connection.begin_nested():
                return connection.execute(insert(students).values(
                    class_code=class_code, name=name, first_seen=_now())).inserted_primary_key[0]
        except IntegrityError:  # the same student's first two events at once
            return connection.execute(select(students.c.id).where(
                students.c.class_code == class_code, students.c.name == name)).scalar_one()

    def record(self, class_code: str, name: str, data) -> bool:
        """Record one event (checked by `check_event`) of student `name` in class `class_code`.
        Returns False if the event (its id) was recorded before, True if written now."""
        ev = check_event(data, self.lesson_files)  # (the folders are read only for a lesson file's event)
        row = {"event_id": ev["id"], "at": _now()}
        if ev["kind"] in ("lesson_started", "lesson_finished"):
            table = lesson_events
            row.update(lesson=ev["lesson"], kind=ev["kind"].removeprefix("lesson_"))
        elif ev["kind"] == "step_answered":
            table = answers
            row.update({k: ev[k] for k in ("lesson", "step", "right", "answer", "seconds", "showed")})
        else:
            table = games
            row.update({k: ev[k] for k in ("game", "seats", "bots", "score", "record_id")})
        with self.engine.begin() as connection:
            row["student_id"] = self._student_id(connection, class_code, name)
            try:
                with connection.begin_nested():
                    connection.execute(insert(table).values(**row))
            except IntegrityError:
                return False  # this event id is in already: a retry
        return True

    def student(self, class_code: str, name: str) -> dict:
        """Everything recorded of one student (what that student may read)."""
        with self.engine.connect() as connection:
            sid = connection.execute(select(students.c.id).where(
                students.c.class_code == class_code, students.c.name == name)).scalar()
            out = {"class": class_code, "name": name, "lessons": [], "answers": [], "games": []}
            if sid is None:
                return out
            for r in connection.execute(select(lesson_events).where(lesson_events.c.student_id == sid)
                                        .order_by(lesson_events.c.id)):
                out["lessons"].append({"lesson": r.lesson, "kind": r.kind, "at": r.at.isoformat()})
            for r in connection.execute(select(answers).where(answers.c.student_id == sid).order_by(answers.c.id)):
                out["answers"].append({"lesson": r.lesson, "step": r.step, "right": r.right, "answer": r.answer,
                                       "seconds": r.seconds, "showed": r.showed, "at": r.at.isoformat()})
            for r in connection.execute(select(games).where(games.c.student_id == sid).order_by(games.c.id)):
                out["games"].append({"game": r.game, "seats": r.seats, "bots": r.bots.split(",") if r.bots else [],
                                     "score": r.score, "record_id": r.record_id, "at": r.at.isoformat()})
        return out

    def class_summary(self, class_code: str) -> dict:
        """A teacher's view of a class: per student, lessons finished and in progress and the
        number of answers; per lesson step, answers and the share right at the first try."""
        with self.engine.connect() as connection:
            names = dict(connection.execute(select(students.c.id, students.c.name)
                                            .where(students.c.class_code == class_code)).all())
            table = {name: {"finished": [], "started": [], "answers": 0, "games": 0} for name in names.values()}
            ids = list(names)
            for r in connection.execute(select(lesson_events.c.student_id, lesson_events.c.lesson,
                                               lesson_events.c.kind).where(lesson_events.c.student_id.in_(ids))
                                        .order_by(lesson_events.c.id)):
                entry = table[names[r.student_id]]
                if r.lesson not in entry[r.kind]:
                    entry[r.kind].append(r.lesson)
            for sid, n in connection.execute(select(answers.c.student_id, func.count()).where(
                    answers.c.student_id.in_(ids)).group_by(answers.c.student_id)):
                table[names[sid]]["answers"] = n
            for sid, n in connection.execute(select(games.c.student_id, func.count()).where(
                    games.c.student_id.in_(ids)).group_by(games.c.student_id)):
                table[names[sid]]["games"] = n
            firsts: dict[tuple[str, int], dict] = {}
            seen: set[tuple[int, str, int]] = set()
            for r in connection.execute(select(answers.c.student_id, answers.c.lesson, answers.c.step,
                                               answers.c.right).where(answers.c.student_id.in_(ids))
                                        .order_by(answers.c.id)):
                step = firsts.setdefault((r.lesson, r.step), {"lesson": r.lesson, "step": r.step, "students": 0,
                                                              "right_first": 0, "answers": 0})
                step["answers"] += 1
                if (r.student_id, r.lesson, r.step) not in seen:
                    seen.add((r.student_id, r.lesson, r.step))
                    step["students"] += 1
                    step["right_first"] += bool(r.right)
        for entry in table.values():
            entry["started"] = [lesson for lesson in entry["started"] if lesson not in entry["finished"]]
        return {"class": class_code, "students": table, "steps": sorted(firsts.values(),
                                                                        key=lambda s: (s["lesson"], s["step"]))}

    def count(self, class_code: str | None = None) -> dict[str, int]:
        """Rows per table (of one class, or all): what `forget` removes, what tests count."""
        out = {}
        with self.engine.connect() as connection:
            ids = select(students.c.id)
            if class_code is not None:
                ids = ids.where(students.c.class_code == class_code)
            out["students"] = connection.execute(select(func.count()).select_from(students).where(
                students.c.id.in_(ids))).scalar_one()
            for table in (lesson_events, answers, games):
                out[table.name] = connection.execute(select(func.count()).select_from(table).where(
                    table.c.student_id.in_(ids))).scalar_one()
        return out

    def forget_class(self, class_code: str) -> dict[str, int]:
        """Delete every student of `class_code` and all that was recorded of them; returns the counts."""
        counts = self.count(class_code)
        with self.engine.begin() as connection:
            ids = select(students.c.id).where(students.c.class_code == class_code)
            for table in (lesson_events, answers, games):
                connection.execute(delete(table).where(table.c.student_id.in_(ids)))
            connection.execute(delete(students).where(students.c.class_code == class_code))
        return counts

    def classes(self) -> list[str]:
        with self.engine.connect() as connection:
            return list(connection.execute(select(students.c.class_code).distinct()
                                           .order_by(students.c.class_code)).scalars())


STUCK_AFTER = 3  # wrong answers on one step, no right one yet, lesson not finished: "stuck"
TOP_WRONG = 3  # the most common wrong answers shown per step


def teacher_board(store: Store, class_code: str) -> dict:
    """What the teacher page shows of a class: per student, each lesson's state ("done",
    "stuck": `STUCK_AFTER` wrong answers on a step and no right one yet, or "started"), answers
    and games; per lesson step, the students who answered it, the share right at their first try
    and the `TOP_WRONG` most common wrong answers (with how many students gave each).

    The raw answers stay as recorded; among the most common wrong answers a student's answer
    counts once per step (the same square clicked twice, a retry of the same move). "Stuck"
    counts every wrong attempt: trying the same wrong square again and again is being stuck."""
    from collections import Counter

    with store.engine.connect() as connection:
        names = dict(connection.execute(select(students.c.id, students.c.name)
                                        .where(students.c.class_code == class_code)).all())
        ids = list(names)
        state: dict[int, dict[str, str]] = {sid: {} for sid in ids}
        order: list[str] = []
        for r in connection.execute(select(lesson_events.c.student_id, lesson_events.c.lesson, lesson_events.c.kind)
                                    .where(lesson_events.c.student_id.in_(ids)).order_by(lesson_events.c.id)):
            if r.lesson not in order:
                order.append(r.lesson)
            if r.kind == "finished":
                state[r.student_id][r.lesson] = "done"
            else:
                state[r.student_id].setdefault(r.lesson, "started")
        wrong_on: Counter = Counter()  # (student, lesson, step) -> wrong answers
        right_on: set = set()
        first: dict[tuple[int, str, int], bool] = {}
        wrong_answers: dict[tuple[str, int], Counter] = {}
        counts: Counter = Counter()
        gave: set[tuple[tuple[int, str, int], str]] = set()
        for r in connection.execute(select(answers.c.student_id, answers.c.lesson, answers.c.step, answers.c.right,
                                           answers.c.answer).where(answers.c.student_id.in_(ids))
                                    .order_by(answers.c.id)):
            key = (r.student_id, r.lesson, r.step)
            counts[r.student_id] += 1
            first.setdefault(key, bool(r.right))
            if r.lesson not in order:
                order.append(r.lesson)
            state[r.student_id].setdefault(r.lesson, "started")
            if r.right:
                right_on.add(key)
                continue
            wrong_on[key] += 1
            if (key, r.answer) not in gave:  # a wrong answer counts once per student and step
                gave.add((key, r.answer))
                wrong_answers.setdefault((r.lesson, r.step), Counter())[r.answer] += 1
        games_of = dict(connection.execute(select(games.c.student_id, func.count()).where(
            games.c.student_id.in_(ids)).group_by(games.c.student_id)).all())
    for (sid, lesson, _step), n in wrong_on.items():
        if n >= STUCK_AFTER and (sid, lesson, _step) not in right_on and state[sid].get(lesson) != "done":
            state[sid][lesson] = "stuck"
    steps: dict[tuple[str, int], dict] = {}
    for (_sid, lesson, step), right in first.items():
        entry = steps.setdefault((lesson, step), {"lesson": lesson, "step": step, "students": 0, "right_first": 0})
        entry["students"] += 1
        entry["right_first"] += right
    for (lesson, step), entry in steps.items():
        entry["share"] = round(entry["right_first"] / entry["students"], 3)
        common = wrong_answers.get((lesson, step), Counter()).most_common()
        entry["wrong"] = [[answer, n] for answer, n in sorted(common, key=lambda c: (-c[1], c[0]))[:TOP_WRONG]]
    builtin = list(builtin_lessons())
    seen_at = {lesson: i for i, lesson in enumerate(order)}
    order = sorted(order, key=lambda lesson: (builtin.index(lesson) if lesson in builtin else len(builtin),
                                              seen_at[lesson]))
    table = sorted(({"name": names[sid], "lessons": state[sid], "answers": counts[sid], "games": games_of.get(sid, 0)}
                    for sid in ids), key=lambda s: s["name"].casefold())
    return {"class": class_code, "lessons": order, "students": table,
            "steps": sorted(steps.values(), key=lambda s: (order.index(s["lesson"]), s["step"]))}
