"""The play dashboard: settings (players, variants, seats, seed, new game) + a `PlayController`."""

from __future__ import annotations

import html
from typing import Any

import ipywidgets as widgets

from ..engine.game import MAX_SEED, Game, new_game
from ..engine.registry import manifest
from ..i18n import set_game
from .closing import replace_children
from .controller import SEAT_KINDS, PlayController, Scheduler
from .folds import fold
from .gallery_page import game_text
from .i18n import t
from .language import page_language

# Bot delays offered in the settings (seconds between a bot's turn and its move).
BOT_SPEEDS = (("slow", 1.0), ("normal", 0.4), ("fast", 0.05))
# A new page's opponents: the searching bot at its easy level (about 0.2 s a move). Random bots
# make a game look trivial (a newcomer beat them 71-17-11; in Galopp Royal they bid 50, 48 and
# 39 coins for their start teams); the seat pickers offer the other levels and random.
DEFAULT_BOT = "mcts-easy"
# The seat pickers' order: the searching bot's levels first, then the simple bots.
PICKER_ORDER = ("human", "mcts-easy", "mcts-normal", "mcts-hard", "random", "greedy")


def picker_kinds() -> list[str]:
    """Every seat kind the page offers, in the pickers' order."""
    return [k for k in PICKER_ORDER if k in SEAT_KINDS] + [k for k in SEAT_KINDS if k not in PICKER_ORDER]


def seat_picker(seat: int, value: str, kinds: list[str], lang: str | None, css: str) -> widgets.Dropdown:
    """A seat's kind picker ("Player 2: bot (easy)"), on `value` (or human if it is not offered)."""
    box = widgets.Dropdown(options=[(t(f"seat.{kind}", lang), kind) for kind in kinds],
                           value=value if value in kinds else "human",
                           description=t("seat.label", lang, n=seat + 1), layout=widgets.Layout(width="200px"))
    box.add_class(css)
    return box


class PlayApp:
    """Everything needed to play one game in a notebook. Display it (or its `.widget`)."""

    def __init__(self, game: str = "newyork", players: int = 3, seed: int | None = None,
                 options: dict[str, Any] | None = None, seats: list[str] | None = None, *,
                 bot_delay: float = 0.4, scheduler: Scheduler | None = None, lang: str | None = None):
        self.manifest = manifest(game)
        self.manifest.view_class()  # loaded before a pre-heated page waits for its visitor
        self.lang = lang = page_language(lang)
        set_game(game)  # the kit's words follow the game's glossary on its page
        seats = list(seats or ["human"] + [DEFAULT_BOT] * (players - 1))
        first = new_game(game, players, seed=seed, options=options)
        self.controller = PlayController(first, seats, bot_delay=bot_delay, scheduler=scheduler, lang=lang)

        self.players = widgets.Dropdown(
            options=list(range(self.manifest.min_players, self.manifest.max_players + 1)), value=players,
            description=t("label.players", lang), layout=widgets.Layout(width="160px"))
        self.players.add_class("nbg-players")
        self.option_boxes = {
            o.name: widgets.Checkbox(value=bool(first.options.get(o.name)), indent=False,
                                     description=game_text(self.manifest, f"option.{o.name}", o.description, lang))
            for o in self.manifest.options if o.offered and o.kind == "bool"}
        for name, box in self.option_boxes.items():
            box.add_class(f"nbg-option-{name}")
        self.practice = widgets.Checkbox(value=False, indent=False, description=t("label.practice", lang))
        self.practice.add_class("nbg-practice")
        self.seed = widgets.Text(value="", placeholder=t("label.seed_placeholder", lang),
                                 description=t("label.seed", lang), layout=widgets.Layout(width="220px"))
        self.seed.add_class("nbg-seed")
        self.seat_boxes = widgets.HBox(layout=widgets.Layout(flex_flow="row wrap"))
        self.bot_speed = widgets.Dropdown(
            options=[(t(f"label.bot_speed.{name}", lang), delay) for name, delay in BOT_SPEEDS],
            value=min((d for _, d in BOT_SPEEDS), key=lambda d: abs(d - bot_delay)),
            description=t("label.bot_speed", lang), layout=widgets.Layout(width="220px"))
        self.bot_speed.add_class("nbg-bot-speed")
        self.bot_speed.observe(self._on_bot_speed, names="value")
        self.controller.bot_delay = bot_delay
        self.new_button = widgets.Button(description=t("button.new_game", lang), button_style="primary")
        self.new_button.add_class("nbg-new-game")
        self.message = widgets.HTML()
        self.message.add_class("nbg-settings-message")
        self.players.observe(lambda _: self._make_seat_boxes(), names="value")
        self.new_button.on_click(lambda _: self.new_game())
        self._make_seat_boxes(seats)
        settings = fold("settings", t("label.settings", lang), [
            widgets.HBox([self.players, self.seed, self.bot_speed, self.new_button],
                         layout=widgets.Layout(flex_flow="row wrap")),
            widgets.HBox([*self.option_boxes.values(), self.practice], layout=widgets.Layout(flex_flow="row wrap")),
            self.seat_boxes, self.message,
        ])
        settings.add_class("nbg-settings")
        from .recorder import Recorder  # "Make a lesson from here": a fold, closed (the page holds still)

        self.recorder = Recorder(self.controller, lang)
        parts = [self.controller.widget, settings, self.recorder.widget]
        from .tablepanel import TablePanel, tables_client  # "Play at a table": only with a table holder in reach

        client = tables_client()
        self.tables = None
        if client is not None:
            self.tables = TablePanel(self.controller, self._table_settings, picker_kinds(), lang, client,
                                     default_bot=DEFAULT_BOT)
            self.players.observe(lambda _: self.tables.make_seat_boxes(), names="value")
            parts.insert(1, self.tables.widget)
        self.widget = widgets.VBox(parts)
        self.widget.add_class("nbg-app")

    @property
    def game(self) -> Game:
        return self.controller.game

    @property
    def view(self):
        return self.controller.view

    def _table_settings(self) -> tuple[Any, dict[str, Any]]:
        """The page's settings a table is opened with: the number of players and the options."""
        return self.players.value, {name: box.value for name, box in self.option_boxes.items() if box.value}

    def _on_bot_speed(self, change: dict) -> None:
        try:
            self.controller.bot_delay = min(max(float(change["new"]), 0.0), 5.0)
        except (TypeError, ValueError):
            return

    def _make_seat_boxes(self, seats: list[str] | None = None) -> None:
        if not isinstance(self.players.value, int):
            return  # no selection (a hostile page): keep the boxes; "New game" refuses it
        old = [box.value for box in self.seat_boxes.children]
        seats = seats or old
        boxes = []
        for seat in range(self.players.value):
            value = seats[seat] if seat < len(seats) else DEFAULT_BOT
            boxes.append(seat_picker(seat, value, picker_kinds(), self.lang, f"nbg-seat-{seat}"))
        replace_children(self.seat_boxes, boxes)

    def new_game(self) -> bool:
        """Start a game from the settings; bad settings are explained, never raised."""
        text = self.seed.value.strip()
        seed = None
        if text:
            if not text.isdigit() or int(text) >= MAX_SEED:
                self.message.value = html.escape(t("status.bad_settings", self.lang,
                                                   reason=f"seed {text[:30]!r}"))
                return False
            seed = int(text)
        players = self.players.value
        options = {name: box.value for name, box in self.option_boxes.items() if box.value}
        # Widget values come from the browser: a hostile page can deselect a dropdown (None).
        seats = [box.value for box in self.seat_boxes.children]
        bad = [kind for kind in seats if kind not in SEAT_KINDS]
        if not isinstance(players, int) or bad or len(seats) != players:
            reason = f"players {players!r}" if not isinstance(players, int) else f"seats {seats!r}"
            self.message.value = html.escape(t("status.bad_settings", self.lang, reason=reason[:60]))
            return False
        try:
            game = new_game(self.manifest.name, players, seed=seed, options=options,
                            practice=self.practice.value is True)
        except ValueError as exc:
            self.message.value = html.escape(t("status.bad_settings", self.lang, reason=str(exc)))
            return False
        if game.practice:  # only a practice game shows its seed: it tells every hidden card
            self.message.value = html.escape(t("status.new_practice_game", self.lang, players=players, seed=game.seed))
        else:
            self.message.value = html.escape(t("status.new_game", self.lang, players=players))
        self.controller.set_game(game, seats)
        self.controller.dismiss_offer()  # "New game" replaces a game kept in this browser
        return True

    def _ipython_display_(self) -> None:
        from IPython.display import display

        display(self.widget)


def play(game: str = "newyork", players: int = 3, seed: int | None = None,
         options: dict[str, Any] | None = None, seats: list[str] | None = None, **kwargs: Any) -> PlayApp:
    """The full play dashboard for a game: ``nbgames.ui.play("newyork")`` as a cell's last line."""
    return PlayApp(game, players, seed, options, seats, **kwargs)
