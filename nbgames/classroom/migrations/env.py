"""Alembic's environment for the class database: run by `nbgames.classroom.store.upgrade` with a
connection in ``config.attributes["connection"]`` (no alembic.ini: the URL is the server's)."""

from alembic import context

from nbgames.classroom.schema import metadata

connection = context.config.attributes["connection"]
context.configure(connection=connection, target_metadata=metadata, render_as_batch=True)
with context.begin_transaction():
    context.run_migrations()
