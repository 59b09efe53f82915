"""Source of tests/serve/notebooks/games/board.ipynb (run make_notebooks.py after editing).

A stand-in for a real nbgames play page while the games' pages are being written: a 3x3 board
on an ipycanvas MultiCanvas, seat 0 is the visitor, seat 1 a bot that answers at once. Every input
is validated by the rules object the way the real games validate through the engine.
"""
# --- notebook cell ---
import json

import ipycanvas.canvas as _ipycanvas_canvas
import ipywidgets as w
from ipycanvas import MultiCanvas, hold_canvas

CELL = 100


class IllegalAction(ValueError):
    """Refused input; the board is then unchanged."""


class Board:
    """Claim cells in turn; the state is the list of moves."""

    def __init__(self):
        self.moves = []

    @property
    def to_move(self):
        return None if len(self.moves) == 9 else len(self.moves) % 2

    def play(self, seat, cell):
        if seat != self.to_move:
            raise IllegalAction(f"seat {seat} may not move now")
        if type(cell) is not int or not 0 <= cell < 9:
            raise IllegalAction("off the board")
        if cell in self.moves:
            raise IllegalAction("cell already taken")
        self.moves.append(cell)


board = Board()
canvas = MultiCanvas(2, width=3 * CELL, height=3 * CELL,
                     layout=w.Layout(width=f"{3 * CELL}px", height=f"{3 * CELL}px"))
status = w.Label("Starting...")
record = w.Label(json.dumps(board.moves))
record.add_class("nbg-record")
status.add_class("nbg-status")
seat = w.Dropdown(options=[("You (seat 0)", 0)], value=0, description="Seat")
cell_choice = w.Dropdown(options=list(range(9)), value=0, description="Cell")
play_button = w.Button(description="Play cell")
undo_button = w.Button(description="Undo", disabled=True)
new_button = w.Button(description="New game")
strength = w.IntSlider(value=1, min=1, max=3, description="Bot")


def draw():
    with hold_canvas():
        back, front = canvas[0], canvas[1]
        back.clear()
        back.fill_style = "#e8dcc0"
        back.fill_rect(0, 0, 3 * CELL, 3 * CELL)
        back.stroke_style = "#333"
        for i in range(1, 3):
            back.stroke_line(i * CELL, 0, i * CELL, 3 * CELL)
            back.stroke_line(0, i * CELL, 3 * CELL, i * CELL)
        front.clear()
        for n, cell in enumerate(board.moves):
            front.fill_style = "#1d5e8c" if n % 2 == 0 else "#c0392b"
            front.fill_circle((cell % 3 + 0.5) * CELL, (cell // 3 + 0.5) * CELL, CELL * 0.35)
    undo_button.disabled = not board.moves
    record.value = json.dumps(board.moves)
    status.value = "Game over" if board.to_move is None else f"Moves: {len(board.moves)} - your move"


def act(cell):
    try:
        board.play(seat.value, cell)
        if board.to_move == 1:
            board.play(1, next(c for c in range(9) if c not in board.moves))
    except IllegalAction as exc:
        status.value = f"Not allowed: {exc}"
        return
    draw()


def on_mouse_down(x, y):
    if not (isinstance(x, (int, float)) and isinstance(y, (int, float))):
        status.value = "Not allowed: bad click"
        return
    if not (0 <= x < 3 * CELL and 0 <= y < 3 * CELL):
        status.value = "Not allowed: off the board"
        return
    act(int(y // CELL) * 3 + int(x // CELL))


def on_undo(_):
    if undo_button.disabled or len(board.moves) < 2:  # a disabled button can still be "clicked"
        status.value = "Not allowed: nothing to undo"
        return
    del board.moves[-2:]
    draw()


def on_new(_):
    board.moves.clear()
    draw()


def on_client_ready():
    # A new browser has no "current canvas"; without this reset its first draw fails (TESTING.md).
    _ipycanvas_canvas._CANVAS_MANAGER._current_canvas = None
    draw()


canvas.on_mouse_down(on_mouse_down)
canvas.on_client_ready(on_client_ready)
play_button.on_click(lambda _: act(cell_choice.value))
undo_button.on_click(on_undo)
new_button.on_click(on_new)
draw()
w.VBox([canvas, status, record, w.HBox([seat, cell_choice, play_button]),
        w.HBox([undo_button, new_button, strength])])
