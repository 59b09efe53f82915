"""Helpers to set up New York positions for tests."""

from __future__ import annotations

import nbgames

EMPTY = ["......."] * 7
COLOURS = ["red", "blue", "yellow", "green", "black"]


def position(board=None, hands=None, players=3, **extra):
    """A main-round position: seat i plays colour i unless seat_colours is given."""
    pos = {
        "phase": "main",
        "board": list(board or EMPTY),
        "seat_colours": [[COLOURS[s]] for s in range(players)],
        "hands": hands if hands is not None else [["A", "1", "B", "2"]] * players,
    }
    pos.update(extra)
    return pos


def game_at(board=None, hands=None, players=3, seed=1, options=None, **extra):
    opts = dict(options or {})
    opts["position"] = position(board, hands, players if not opts.get("two_player") else 2, **extra)
    return nbgames.new_game("newyork", players, seed=seed, options=opts)


def snapshot(game):
    """Everything observable about a game, to check that a refusal changed nothing."""
    state = game.rules
    return (
        game.to_record(),
        [game.view(s) for s in range(game.players)],
        list(state.board), [list(h) for h in state.hands], list(state.deck), list(state.discard),
        list(state.chips), list(state.supply), state.phase, state.current, state.pending,
        len(state.events), game.can_redo,
    )
