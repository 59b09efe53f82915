"""The class database's tables (SQLAlchemy Core). The migrations in ``migrations/versions`` create
and change them; this module is what the code reads and writes through, and must match the newest
migration (``tests/test_classroom.py`` compares the two on SQLite and PostgreSQL).

Only what docs/serving.md ("Running a class", privacy) lists is kept: a student's class code and
name, lessons started and finished, each step's answers and games finished. No e-mail, no address,
no browser details.
"""

from __future__ import annotations

from sqlalchemy import (
    Boolean,
    Column,
    DateTime,
    Float,
    ForeignKey,
    Integer,
    MetaData,
    String,
    Table,
    Text,
    UniqueConstraint,
)

metadata = MetaData()

#: Longest class code, student name, lesson id, answer, game name, record id.
CLASS_LEN, NAME_LEN, LESSON_LEN, ANSWER_LEN, GAME_LEN, RECORD_LEN = 32, 40, 120, 200, 40, 80

students = Table(
    "students", metadata,
    Column("id", Integer, primary_key=True),
    Column("class_code", String(CLASS_LEN), nullable=False),
    Column("name", String(NAME_LEN), nullable=False),
    Column("first_seen", DateTime(timezone=True), nullable=False),
    UniqueConstraint("class_code", "name", name="uq_students_class_name"),
)

lesson_events = Table(
    "lesson_events", metadata,
    Column("id", Integer, primary_key=True),
    Column("event_id", String(36), nullable=False, unique=True),
    Column("student_id", Integer, ForeignKey("students.id", ondelete="CASCADE"), nullable=False, index=True),
    Column("lesson", String(LESSON_LEN), nullable=False),
    Column("kind", String(10), nullable=False),  # "started" or "finished"
    Column("at", DateTime(timezone=True), nullable=False),
)

answers = Table(
    "answers", metadata,
    Column("id", Integer, primary_key=True),
    Column("event_id", String(36), nullable=False, unique=True),
    Column("student_id", Integer, ForeignKey("students.id", ondelete="CASCADE"), nullable=False, index=True),
    Column("lesson", String(LESSON_LEN), nullable=False),
    Column("step", Integer, nullable=False),
    Column("right", Boolean, nullable=False),
    Column("answer", String(ANSWER_LEN), nullable=False),
    Column("seconds", Float, nullable=False),
    Column("showed", Boolean, nullable=False),
    Column("at", DateTime(timezone=True), nullable=False),
)

games = Table(
    "games", metadata,
    Column("id", Integer, primary_key=True),
    Column("event_id", String(36), nullable=False, unique=True),
    Column("student_id", Integer, ForeignKey("students.id", ondelete="CASCADE"), nullable=False, index=True),
    Column("game", String(GAME_LEN), nullable=False),
    Column("seats", Integer, nullable=False),
    Column("bots", String(200), nullable=False),  # comma-separated bot names, one per bot seat
    Column("score", Integer, nullable=True),  # the student's score; None when the game has none
    Column("record_id", String(RECORD_LEN), nullable=False),
    Column("at", DateTime(timezone=True), nullable=False),
)

# -- tables: one game played from several devices (nbgames/tables, docs/tables.md) ------------------
#: A table's code, the longest name of who sits (a hub user or "class/nickname"), a seat's kind.
TABLE_CODE_LEN, WHO_LEN, SEAT_KIND_LEN = 8, 80, 20

game_tables = Table(
    "game_tables", metadata,
    Column("id", Integer, primary_key=True),
    Column("code", String(TABLE_CODE_LEN), nullable=False, unique=True),
    Column("game", String(GAME_LEN), nullable=False),
    Column("players", Integer, nullable=False),
    Column("options", Text, nullable=False),  # JSON
    # the seed and the moves, sealed with the server's key (engine/seal.py): never the seed in the clear
    Column("record", Text, nullable=False),
    Column("version", Integer, nullable=False),
    Column("state", String(10), nullable=False, index=True),  # "open" or "closed"
    Column("opened_by", String(WHO_LEN), nullable=False),
    Column("opened_at", DateTime(timezone=True), nullable=False),
    Column("updated_at", DateTime(timezone=True), nullable=False),
)

table_seats = Table(
    "table_seats", metadata,
    Column("id", Integer, primary_key=True),
    Column("table_id", Integer, ForeignKey("game_tables.id", ondelete="CASCADE"), nullable=False, index=True),
    Column("seat", Integer, nullable=False),
    Column("kind", String(SEAT_KIND_LEN), nullable=False),  # "human" or a bot's name
    Column("who", String(WHO_LEN), nullable=True),  # the human sitting there (None: free)
    Column("last_seen", DateTime(timezone=True), nullable=True),
    UniqueConstraint("table_id", "seat", name="uq_table_seats_table_seat"),
)
