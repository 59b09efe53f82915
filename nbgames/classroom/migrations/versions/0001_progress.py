"""The class's progress: students, lessons started/finished, step answers, games finished.

Revision ID: 0001
Revises:
Create Date: 2026-12-02
"""

import sqlalchemy as sa
from alembic import op

revision = "0001"
down_revision = None
branch_labels = None
depends_on = None

NOW = sa.DateTime(timezone=True)


def upgrade() -> None:
    op.create_table(
        "students",
        sa.Column("id", sa.Integer, primary_key=True),
        sa.Column("class_code", sa.String(32), nullable=False),
        sa.Column("name", sa.String(40), nullable=False),
        sa.Column("first_seen", NOW, nullable=False),
        sa.UniqueConstraint("class_code", "name", name="uq_students_class_name"),
    )
    owner = sa.ForeignKey("students.id", ondelete="CASCADE")
    op.create_table(
        "lesson_events",
        sa.Column("id", sa.Integer, primary_key=True),
        sa.Column("event_id", sa.String(36), nullable=False, unique=True),
        sa.Column("student_id", sa.Integer, owner, nullable=False, index=True),
        sa.Column("lesson", sa.String(120), nullable=False),
        sa.Column("kind", sa.String(10), nullable=False),
        sa.Column("at", NOW, nullable=False),
    )
    op.create_table(
        "answers",
        sa.Column("id", sa.Integer, primary_key=True),
        sa.Column("event_id", sa.String(36), nullable=False, unique=True),
        sa.Column("student_id", sa.Integer, sa.ForeignKey("students.id", ondelete="CASCADE"), nullable=False,
                  index=True),
        sa.Column("lesson", sa.String(120), nullable=False),
        sa.Column("step", sa.Integer, nullable=False),
        sa.Column("right", sa.Boolean, nullable=False),
        sa.Column("answer", sa.String(200), nullable=False),
        sa.Column("seconds", sa.Float, nullable=False),
        sa.Column("showed", sa.Boolean, nullable=False),
        sa.Column("at", NOW, nullable=False),
    )
    op.create_table(
        "games",
        sa.Column("id", sa.Integer, primary_key=True),
        sa.Column("event_id", sa.String(36), nullable=False, unique=True),
        sa.Column("student_id", sa.Integer, sa.ForeignKey("students.id", ondelete="CASCADE"), nullable=False,
                  index=True),
        sa.Column("game", sa.String(40), nullable=False),
        sa.Column("seats", sa.Integer, nullable=False),
        sa.Column("bots", sa.String(200), nullable=False),
        sa.Column("score", sa.Integer, nullable=True),
        sa.Column("record_id", sa.String(80), nullable=False),
        sa.Column("at", NOW, nullable=False),
    )


def downgrade() -> None:
    for table in ("games", "answers", "lesson_events", "students"):
        op.drop_table(table)
