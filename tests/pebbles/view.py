"""The Pebbles board: everything but the drawing comes from the kit's shell."""

from __future__ import annotations

from nbgames.engine.action import Action
from nbgames.ui.board import OKABE_ITO, Geometry, Op, draw_discs, draw_grid
from nbgames.ui.shell import ShellView, chip

SEAT_FILL = (OKABE_ITO["blue"], OKABE_ITO["vermillion"], OKABE_ITO["green"])


class PebblesView(ShellView):
    css_class = "nbg-pebbles"

    def __init__(self, game, seat: int | None = None, lang: str = "en"):
        size = game.view()["size"]
        super().__init__(game, seat, lang, Geometry(size, size, left=40))
        self.refresh()

    def target_of(self, action: Action) -> str | None:
        return str(action).split("@")[1] if action.kind == "place" else None

    def describe(self, action: Action) -> str:
        return "pass" if action.kind == "pass" else f"place your {action.args[0]} on {self.target_of(action)}"

    def status_what(self) -> str:
        return "place a pebble on a highlighted square (PB-2)." if self._legal != ["pass"] else "pass (PB-4)."

    def hand_chips(self) -> list[str]:
        return [chip(str(v)) for v in self.game.view(self.viewer)["hand"]]

    def seat_facts(self, seat: int) -> str:
        view = self.game.view()
        return f"{view['scores'][seat]} points, {view['hand_counts'][seat]} pebbles in hand"

    def target_facts(self, target: str) -> list[str]:
        row, col = self.cell_of(target)
        piece = self.game.view()["board"][row * self.geom.cols + col]
        return [f"{target}: " + (f"a {piece[0]} of {self.seat_label(piece[1])}" if piece else "empty")]

    def refusal_text(self, target: str) -> str:
        hand = self.game.view(self.viewer)["hand"]
        error = self.game.refusal(f"{hand[0]}@{target}") if hand else None
        return f"Not allowed ({error.rule}): {error.reason}" if error else super().refusal_text(target)

    def static_ops(self) -> list[Op]:
        n = self.geom.rows
        return draw_grid(self.geom, [chr(ord("A") + r) for r in range(n)], [str(c + 1) for c in range(n)])

    def piece_ops(self) -> list[Op]:
        board, n = self.game.view()["board"], self.geom.cols
        return draw_discs(self.geom, [(sq // n, sq % n, SEAT_FILL[p[1]], str(p[0]), "#FFFFFF")
                                      for sq, p in enumerate(board) if p])
