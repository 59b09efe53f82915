"""New York City lessons on phase 2: a bidding round and the +1 bonus, wilds and pairs as one
card, the reserve swap, the mayor and construction."""

from __future__ import annotations

from collections.abc import Callable
from typing import Any

from ..engine.action import Action
from ..engine.game import Game
from ..i18n import _
from ..ui.lesson import Choice, Lesson, Step, Verdict, ask_choice, move_judge
from .teaching import (
    LEARNER,
    Wish,
    bid_kind,
    district_of,
    first_legal,
    hand,
    learner_bids,
    my_bid,
    reserve,
    steer,
    view,
)

# Every lesson's game has the same map as lesson 1's (seed 1): the same letter on each district
# and the start buildings in A (NYC-1 and NYC-7 draw both per game; tests check they agree).
PRESS_SEED = 16078
WILD_SEED = 5143
SWAP_SEED = 1
BUILD_SEED = 53949
BUILD_ROUND = 2  # round 1's mayor stands in the start district A; in round 2 it is elsewhere (NYC-8)
LETTER = {"press": "P", "dollar": "D", "elevator": "E", "acquisition": "A", "vp": "V", "construction": "C"}


def opening_bid(seed: int, wish: Wish, kind: str) -> Callable[[], Game]:
    return lambda: steer(seed, wish, lambda g: learner_bids(g, kind) and not my_bid(g)[1])


def plays(notation: str, rule: str, right: str, wrong: str) -> Step:
    """A step whose right answer is exactly the move `notation` (a click on the board)."""

    def goal(game: Game, action: Action) -> Verdict:
        if str(action) == notation:
            return Verdict(True, rule, right)
        return Verdict(False, rule, wrong)

    return Step(prompt="", judge=move_judge(goal), expected=lambda game: game.parse(notation))


def step(notation: str, prompt: str, rule: str, right: str, wrong: str, **kw) -> Step:
    s = plays(notation, rule, right, wrong)
    s.prompt = prompt
    for name, value in kw.items():
        setattr(s, name, value)
    return s


def done_step(right: str, prompt: str) -> Step:
    return step("done", prompt, "NYC-10", right,
                _("Your bid is ready: press the Done button (it shows the bid's count)."))


def lesson_press() -> Lesson:
    return Lesson(
        id="nyc-bidding",
        title=_("A bidding round and the +1 bonus"),
        rules=("NYC-10",),
        intro=_(
            "Phase 2 has **six bidding rounds** in a fixed order: **press → dollar → elevator → building "
            "acquisition → VP → construction** (NYC-10). In each, starting with the start player and going "
            "clockwise, everyone either plays cards of that kind face up or passes. Each card counts 1: "
            "press moves you up the press track, dollars pay you, and so on. Whoever played **the most "
            "cards gets +1** of that effect (ties: higher on press) and **opens the next bidding round**.\n\n"
            "It is the press round and you open it."
        ),
        start_game=opening_bid(PRESS_SEED, Wish(draft="P"), "press"),
        steps=[
            step("play P", _("Click a **P** card in your hand to add it to your bid."), "NYC-10",
                 _("One press card in the bid. The status line and the Done button show the count."),
                 _("This is the press round: click a P card of your hand."), highlight=lambda g: ["hand:P"]),
            step("play P", _("Click **P** once more."), "NYC-10", _("Two press cards: your bid counts 2."),
                 _("Add another P card."), highlight=lambda g: ["hand:P"]),
            done_step(_("Your bid of 2 is played. Each card will move you up one press space."),
                      _("Press **Done** to close your bid (the button shows the count: 2).")),
            Step(
                prompt=_("Player 2 is going to pass. Who gets the **+1** bonus and opens the dollar round?"),
                judge=ask_choice("NYC-10", {
                    "you": (True, _("You played the most cards: +1 press space (3 in all) and you open the "
                                    "dollar round (NYC-10).")),
                    "p2": (False, _("Passing plays no cards; the most cards win the bonus (NYC-10).")),
                    "leader": (False, _("The press leader opens only the first bidding round of a round; after "
                                        "that the bonus winner opens the next one (NYC-10).")),
                }),
                expected=lambda game: "you",
                plays=False, board=False,
                choices=[Choice(_("You"), "you"), Choice(_("Player 2"), "p2"), Choice(_("The press leader"), "leader")],
            ),
        ],
        summary=_("Done! Next: wilds, and two identical cards played as one."),
    )


def lesson_wilds() -> Lesson:
    def pair_letter(game: Game) -> str:
        return next(k for k, n in sorted(hand(game).items()) if n >= 2 and k not in "DW")

    def pair_step() -> Step:
        def goal(game: Game, action: Action) -> Verdict:
            if action.kind == "play" and action.args[1] == 2:
                return Verdict(True, "NYC-10", _("Two identical cards of any kind count as one card of the "
                                                 "bidding round's kind (NYC-10)."))
            return Verdict(False, "NYC-10", _("Play two identical cards as one: click a kind you hold twice."))

        return Step(prompt=lambda g: _("You hold no dollar card, but a wild. Click the **W** first: it is "
                                       "refused. Then click **{letter}**: two identical cards count as one dollar "
                                       "card.").format(letter=pair_letter(g)),
                    judge=move_judge(goal),
                    expected=lambda g: g.parse(f"play {pair_letter(g) * 2}"),
                    highlight=lambda g: [f"hand:{pair_letter(g)}"])

    return Lesson(
        id="nyc-wilds",
        title=_("Wilds and pairs as one card"),
        rules=("NYC-10",),
        intro=_(
            "Two more ways to bid (NYC-10): **two identical cards of any kind** may be played as one card "
            "of the bidding round's kind, and a **wild** (W) copies the kind it is played with — but a wild "
            "can **never be played alone**: it needs a real card (or a pair) in the same bid.\n\n"
            "It is the dollar round. Try the wild first, to see the rule."
        ),
        start_game=opening_bid(WILD_SEED, Wish(draft="WA"), "dollar"),
        steps=[
            pair_step(),
            step("play W", _("Now click the **W**: it copies the dollar card you have in the bid."), "NYC-10",
                 _("The wild counts as a dollar card: your bid counts 2 (3 cards)."), _("Click the wild (W)."),
                 highlight=lambda g: ["hand:W"]),
            done_step(_("A bid of 2 dollars from 3 cards. Wilds and pairs are how a hand of the wrong cards "
                        "still bids."), _("Press **Done**: the button shows the bid's count before you confirm.")),
        ],
        summary=_("Done! A wild alone is refused (NYC-10): play it after a real card or a pair."),
    )


def lesson_swap() -> Lesson:
    def kind_letter(game: Game) -> str:
        return LETTER[bid_kind(game)]

    def goal(game: Game, action: Action) -> Verdict:
        if action.kind == "swap" and action.args[1] == "PDEAVCW".index(kind_letter(game)):
            return Verdict(True, "NYC-10", _("The reserve card is in your hand now, and the card you gave is "
                                             "face up in your reserve. Swaps are allowed at any time, any number "
                                             "of times."))
        return Verdict(False, "NYC-10", _("Take the {letter} from your reserve: click it.").format(
            letter=kind_letter(game)))

    def missing_from_hand(game: Game) -> bool:
        """The learner opens a bid of a kind found in the reserve, not in the hand."""
        kind = bid_kind(game)
        return (game.to_move == LEARNER and kind is not None and view(game)["stage"] == "bid"
                and not my_bid(game)[1] and not hand(game).get(LETTER[kind]) and bool(reserve(game).get(LETTER[kind])))

    def start() -> Game:
        return steer(SWAP_SEED, Wish(), missing_from_hand)

    return Lesson(
        id="nyc-reserve",
        title=_("The reserve swap"),
        rules=("NYC-10",),
        intro=_(
            "Your 2 **reserve** cards lie face up in front of you. You may **swap** hand cards with reserve "
            "cards at any time, any number of times (NYC-10) — here, on your bidding turn. It is the "
            "elevator round and your hand has no elevator card, but your reserve has one."
        ),
        start_game=start,
        steps=[
            Step(prompt=lambda g: _("Click the **{letter}** in your reserve, then choose which hand card goes "
                                    "into the reserve instead.").format(letter=kind_letter(g)),
                 judge=move_judge(goal),
                 expected=lambda g: first_legal(g, lambda a: a.kind == "swap"
                                                and a.args[1] == "PDEAVCW".index(kind_letter(g))),
                 highlight=lambda g: [f"reserve:{kind_letter(g)}"]),
            step("play E", _("Now click the **E** in your hand to bid it."), "NYC-10",
                 _("One elevator card: it will let you hire a character of level 1 (2 with the bonus)."),
                 _("Click the E in your hand."), highlight=lambda g: ["hand:E"]),
            done_step(_("Bid placed."), _("Press **Done**.")),
        ],
        summary=_("Done! Next: the mayor and construction."),
    )


def lesson_build() -> Lesson:
    def mayor(game: Game) -> str:
        return district_of(game, "mayor")["letter"]

    def home(game: Game) -> str:
        """The start district, where every player has had a building since the setup (NYC-7)."""
        return next(d["letter"] for d in view(game)["districts"] if all(d["buildings"]))

    def built(game: Game) -> str:
        """After the bids: the learner's buildings in the district where the mayor stood."""
        letter = "ABCDE"[BUILD_ROUND - 1]
        district = district_of(game, letter)
        return _("Player 2 passed, so the bids took effect: you built 2 + 1 (the most cards) = 3 buildings in "
                 "district {letter} and now have {n} there. Round {round} begins: the mayor moves on to district "
                 "{next}.").format(letter=letter, n=district["buildings"][LEARNER], round=view(game)["round"],
                                   next=mayor(game))

    def where(game: Game, answer: Any) -> Verdict:
        answers = {
            "mayor": (True, _("In the mayor's district — {letter} in round {round}, marked ★ on the map "
                              "(NYC-10).").format(letter=mayor(game), round=view(game)["round"])),
            "start": (False, _("Not in your start district {start}: construction always builds where the mayor "
                               "stands this round, {letter} (NYC-10).").format(start=home(game),
                                                                                letter=mayor(game))),
            "any": (False, _("You do not choose: construction builds in the mayor's district (NYC-10).")),
        }
        return ask_choice("NYC-10", answers)(game, answer)

    def start() -> Game:
        return steer(BUILD_SEED, Wish(draft="C"), lambda g: learner_bids(g, "construction")
                     and view(g)["round"] == BUILD_ROUND and not my_bid(g)[1])

    done = done_step(_("Your bid of 2 is played."), _("Press **Done**."))
    done.follow = built
    return Lesson(
        id="nyc-construction",
        title=_("The mayor and construction"),
        rules=("NYC-8", "NYC-10"),
        intro=_(
            "The **mayor** moves to the next district at the start of every round: A, B, C, D, E (NYC-8). "
            "In the **construction** bidding round (the last), each card builds one building from your "
            "personal board **in the mayor's district**; if your board runs short, you move your buildings "
            "there from other districts (NYC-10). Buildings come onto your board with the building "
            "acquisition round.\n\n"
            "It is round 2: the mayor has moved on from A, your start district, to **B**. Player 2 has passed; "
            "you bid last."
        ),
        start_game=start,
        steps=[
            Step(
                prompt=_("Where will your construction cards build this round?"),
                judge=where,
                expected=lambda game: "mayor",
                plays=False, board=False,
                choices=[Choice(_("In the mayor's district"), "mayor"), Choice(_("In my start district"), "start"),
                         Choice(_("Anywhere I like"), "any")],
                highlight=lambda g: [f"district:{mayor(g)}"],
            ),
            step("play C", _("Click a **C** card in your hand."), "NYC-10", _("One construction card."),
                 _("Click a C in your hand."), highlight=lambda g: ["hand:C"]),
            step("play C", _("And the second **C**."), "NYC-10", _("Two construction cards."),
                 _("Click the other C."), highlight=lambda g: ["hand:C"]),
            done,
        ],
        summary=_("Done! Next: the VP round's fame tiles."),
    )
