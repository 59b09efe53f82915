"""Choices that take several clicks, as a small state machine without widgets: the schemer's
option and chairs (GR-11), one bearer on every board for the exchange (GR-16), and swapping
bearers to arrange a team (GR-9).

The view hands it the position (a seat's ``game.view(seat)`` and the legal actions that seat may
choose from) and every click on a named target; the selection answers with what to tell the
player and, when the choices name one, the legal action to hand on. It never plays anything.
"""

from __future__ import annotations

from collections.abc import Callable
from dataclasses import dataclass
from typing import Any

from ..engine.action import Action
from ..ui.i18n import t
from .tables import SCHEMES, SLOTS
from .text import player_name, players_text, sep

MarkList = list[tuple[str, list[str]]]  # (highlight kind, target names)


@dataclass
class Reply:
    """What a click did: lines for the info panel, an action to hand on at once (clicking your
    own chair on a race turn rolls), and whether the bearers on show changed (a swap)."""

    lines: list[str]
    action: Action | None = None
    boards_changed: bool = False


class Selection:
    """The half-made choices of the decision in front of the viewer."""

    def __init__(self, lang: str | None = None):
        self.lang = lang
        self.table: dict[str, Any] = {}
        self.legal: list[Action] = []
        self.reset()

    def reset(self) -> None:
        self.scheme_sign: int | None = None
        self.scheme_targets: list[int] = []
        self.rejected: Action | None = None         # the schemer's push on the chair just refused
        self.exchange: dict[int, int] = {}          # seat -> slot index 0-3
        self.arrangement: list[int] = list(range(SLOTS))
        self.arrange_first: int | None = None       # the first slot clicked of a swap

    def update(self, table: dict[str, Any], legal: list[Action]) -> None:
        """The position now. A new decision (other legal actions) forgets half-made choices."""
        if [str(a) for a in legal] != [str(a) for a in self.legal]:
            self.reset()
        self.table, self.legal = table, legal

    @property
    def phase(self) -> str:
        return self.table.get("phase", "")

    @property
    def pending(self) -> bool:
        """Something is chosen but not yet played (hover texts then leave the info panel alone)."""
        return bool(self.scheme_targets or self.exchange or self.arrange_first is not None)

    def _arranging(self) -> int | None:
        return self.table["arrange_queue"][0] if self.phase == "arrange" and self.legal else None

    # -- what the choices make -------------------------------------------------------------
    def _legal(self, kind: str, args: tuple) -> Action | None:
        for action in self.legal:
            if action.kind == kind and action.args == args:
                return action
        return None

    def selected(self) -> Action | None:
        """The legal action the choices name, if complete (what "confirm" plays)."""
        if self.phase == "scheme" and self.scheme_sign is not None:
            action = SCHEMES.get((self.scheme_sign, tuple(sorted(self.scheme_targets))))
            return action if action in self.legal else None
        if self.phase == "exchange" and len(self.exchange) == len(self.table["boards"]):
            return self._legal("exchange", tuple(self.exchange[s] for s in range(len(self.exchange))))
        if self.phase == "arrange":
            return self._legal("arrange", tuple(self.arrangement))
        return None

    def refused(self) -> Action | None:
        """The schemer's effect the chosen option and chairs name when it is not legal, or the
        push on a chair just clicked that cannot be moved (the view asks the game why); None
        while nothing is chosen or the choice is legal."""
        if self.phase != "scheme" or self.scheme_sign is None or not self.legal:
            return None
        if self.rejected is not None or not self.scheme_targets:
            return self.rejected
        action = SCHEMES.get((self.scheme_sign, tuple(sorted(self.scheme_targets))))
        return None if action is None or action in self.legal else action

    def scheme_candidates(self, sign: int | None = None) -> list[int]:
        """Chairs the schemer may move with option `sign` (the chosen one; both if none)."""
        sign = self.scheme_sign if sign is None else sign
        return sorted({s for a in self.legal if a.kind == "scheme" and sign in (None, a.args[0])
                       for s in a.args[1]})

    def boards_shown(self) -> list[list[str] | None]:
        """Every seat's bearers as the board shows them: the arranging player's swaps included."""
        boards = [None if b is None else list(b) for b in self.table["boards"]]
        seat = self._arranging()
        if seat is not None:
            boards[seat] = [boards[seat][i] for i in self.arrangement]
        return boards

    # -- choosing --------------------------------------------------------------------------
    def choose_scheme_option(self, sign: int) -> Reply | None:
        """Option +1 (own chair +2, others back) or -1 (own chair −2, others forward)."""
        if self.phase != "scheme" or not self.legal or sign not in (1, -1):
            return None
        self.scheme_sign = sign
        self.scheme_targets = [s for s in self.scheme_targets if s in self.scheme_candidates()]
        self.rejected = None
        return Reply(self.summary())

    def click(self, target: tuple, facts: Callable[[], str] = str) -> Reply | None:
        """A click on a parsed target (``("slot", seat, 1-4)``, ``("chair", seat)``,
        ``("lane", seat, space)`` …); `facts()` is what the view says about that target, asked
        after the click changed the choices (a swap moves the bearers it describes). None:
        nothing to choose now."""
        if not self.legal:
            return None
        players = len(self.table["boards"])
        if target[0] == "lane" and self.phase == "scheme":
            target = ("chair", target[1])  # anywhere in a chair's lane picks that chair
        if target[0] == "slot" and 0 <= target[1] < players and 1 <= target[2] <= SLOTS:
            seat, slot = target[1], target[2] - 1
            if self.phase == "exchange":
                if self.exchange.get(seat) == slot:
                    del self.exchange[seat]  # clicking it again takes the choice back
                else:
                    self.exchange[seat] = slot
                return Reply(self.summary(facts()))
            if seat == self._arranging():
                return self._swap(slot, facts)
        if target[0] == "chair" and 0 <= target[1] < players:
            if self.phase == "scheme":
                return self._scheme_target(target[1], facts())
            if self.phase == "race" and target[1] == self.table["to_move"]:
                return Reply([], action=self._legal("roll", ()))
        return Reply([facts() or t("gr.not_now", self.lang)])

    def _swap(self, slot: int, facts: Callable[[], str]) -> Reply:
        if self.arrange_first is None:
            self.arrange_first = slot
            return Reply(self.summary(t("gr.arrange_pick", self.lang)))
        i, j = self.arrange_first, slot
        self.arrangement[i], self.arrangement[j] = self.arrangement[j], self.arrangement[i]
        self.arrange_first = None
        return Reply(self.summary(facts()), boards_changed=True)  # the slot as it is after the swap

    def _scheme_target(self, seat: int, info: str) -> Reply:
        if self.scheme_sign is None:
            return Reply(self.summary(t("gr.pick_option", self.lang)))
        self.rejected = None
        if seat in self.scheme_targets:
            self.scheme_targets.remove(seat)
        elif seat in self.scheme_candidates():
            self.scheme_targets = (self.scheme_targets + [seat])[-2:]
        else:
            self.rejected = SCHEMES.get((self.scheme_sign, (seat,)))
            return Reply(self.summary(t("gr.not_target", self.lang, player=player_name(seat, self.lang))))
        return Reply(self.summary(info))

    def summary(self, message: str = "") -> list[str]:
        """`message`, then what is chosen so far."""
        lang = self.lang
        lines = [message] if message else []
        if self.phase == "scheme" and self.scheme_targets:
            lines.append(t("gr.targets", lang, players=players_text(self.scheme_targets, lang)))
        if self.phase == "exchange":
            chosen = sep(lang).join(f"{player_name(s, lang)} {k + 1}" for s, k in sorted(self.exchange.items()))
            lines.append(t("gr.exchange_pick", lang, slots=chosen or "—", n=len(self.exchange),
                           total=len(self.table["boards"])))
        return lines

    def marks(self) -> MarkList:
        """Highlights of the decision, by target name: what may be chosen ("legal") and what is
        ("hint", and the bearers chosen to be thrown out, "refused")."""
        if not self.legal:
            return []
        if self.phase == "scheme":
            return [("legal", [f"chair:{s}" for s in self.scheme_candidates()]),
                    ("hint", [f"chair:{s}" for s in self.scheme_targets])]
        if self.phase == "exchange":
            players = len(self.table["boards"])
            return [("legal", [f"slot:{s}:{k + 1}" for s in range(players) for k in range(SLOTS)
                               if s not in self.exchange]),
                    ("refused", [f"slot:{s}:{k + 1}" for s, k in self.exchange.items()])]
        if self.phase == "arrange":
            seat = self._arranging()
            marks: MarkList = [("legal", [f"slot:{seat}:{k + 1}" for k in range(SLOTS)])]
            if self.arrange_first is not None:
                marks.append(("hint", [f"slot:{seat}:{self.arrange_first + 1}"]))
            return marks
        if self.phase == "race":
            return [("legal", [f"chair:{self.table['to_move']}"])]
        return []
