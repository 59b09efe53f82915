"""Pebbles: a tiny example game that lives only in the tests.

It proves that a game is a package that declares itself: importing this package registers it
(``NBGAMES_GAMES=pebbles`` with this folder's parent on the path does that for a server, the
CLI or a notebook), and it is then played through the Game facade, the CLI, the conformance
suite and a served Voilà page, with no shared file of nbgames edited.
"""

from . import manifest  # noqa: F401  (registers the game)
