"""Tables: one game played from several devices (nbgames/tables, docs/tables.md).

Revision ID: 0002
Revises: 0001
Create Date: 2026-12-02
"""

import sqlalchemy as sa
from alembic import op

revision = "0002"
down_revision = "0001"
branch_labels = None
depends_on = None

NOW = sa.DateTime(timezone=True)


def upgrade() -> None:
    op.create_table(
        "game_tables",
        sa.Column("id", sa.Integer, primary_key=True),
        sa.Column("code", sa.String(8), nullable=False, unique=True),
        sa.Column("game", sa.String(40), nullable=False),
        sa.Column("players", sa.Integer, nullable=False),
        sa.Column("options", sa.Text, nullable=False),
        sa.Column("record", sa.Text, nullable=False),
        sa.Column("version", sa.Integer, nullable=False),
        sa.Column("state", sa.String(10), nullable=False, index=True),
        sa.Column("opened_by", sa.String(80), nullable=False),
        sa.Column("opened_at", NOW, nullable=False),
        sa.Column("updated_at", NOW, nullable=False),
    )
    op.create_table(
        "table_seats",
        sa.Column("id", sa.Integer, primary_key=True),
        sa.Column("table_id", sa.Integer, sa.ForeignKey("game_tables.id", ondelete="CASCADE"), nullable=False,
                  index=True),
        sa.Column("seat", sa.Integer, nullable=False),
        sa.Column("kind", sa.String(20), nullable=False),
        sa.Column("who", sa.String(80), nullable=True),
        sa.Column("last_seen", NOW, nullable=True),
        sa.UniqueConstraint("table_id", "seat", name="uq_table_seats_table_seat"),
    )


def downgrade() -> None:
    op.drop_table("table_seats")
    op.drop_table("game_tables")
