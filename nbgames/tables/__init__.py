"""Tables: one game played from several devices (issue 31). The server holds the game
(`holder.TableHolder`); each page's kernel is a client of it (`client.TableClient`) over the
signed endpoint of nbgames/serve/tables.py. See docs/tables.md."""

from .holder import TableError, TableHolder

__all__ = ["TableError", "TableHolder"]
