"""New York lessons on a turn: a pair on an empty square, jokers, eviction fees, and the turn
when you can't pay (or can't play at all).

Built with the teachers' public API (`nbgames.teach`: ask_move, ask_square, ask_choice, Lesson),
the same calls a teacher uses in a notebook."""

from __future__ import annotations

from ..engine.action import Action
from ..engine.game import Game
from ..i18n import _
from ..teach import Lesson, ask_choice, ask_move, ask_square
from ..ui.lesson import Verdict
from .tables import AVENUE_LETTERS, STREET_DIGITS, N, square_name
from .teaching import (
    OTHER_HANDS,
    STREETS,
    count_line,
    drew_text,
    fee_of,
    hand_text,
    happened,
    occupant,
    options,
    place,
    position_game,
    sq,
    square_of,
    with_row,
)

# -- 4. a first turn -------------------------------------------------------------------------
L4_BOARD = [
    ".......",
    ".b...y.",
    "....b..",
    ".g.....",
    "...y..g",
    "..rr...",
    ".....b.",
]


def lesson_first_turn() -> Lesson:
    start = position_game(L4_BOARD, hands=[["F", "C", "2", "5"], *OTHER_HANDS], deck=["3", "B*", "D"])

    def goal(game: Game, action: Action) -> Verdict:
        index = action.args[2]
        if index in (sq("F2"), sq("F5")):
            return Verdict(True, "NY-10", _("{place} is a free square next to your group on Park Ave: "
                           "your piece goes there (NY-10) and the group grows.").format(place=place(index)))
        if occupant(game, index) is not None:
            return Verdict(False, "NY-10", _("{place} holds the blue player's piece: taking it costs "
                           "chips (lesson 6). This time pick an empty square next to your red pieces.").format(
                               place=place(index)))
        return Verdict(False, "NY-17", _("{place} is empty and allowed, but it doesn't touch your red "
                       "pieces on Park Ave. Your largest group is what scores double (NY-17).").format(
                           place=place(index)))

    return Lesson(
        id="ny-first-turn",
        title=_("Your first turn: a pair on an empty square"),
        game="newyork",
        seat=0,
        rules=("NY-9", "NY-10"),
        intro=(
            _("On your turn you play **one red card and one blue card** together. The red card names an "
            "avenue, the blue card a street: together they name one square (NY-9). If that square is "
            "empty, you put one of your pieces there (NY-10). (A square with another player's piece "
            "costs a fee, lesson 6; your own piece goes back to your supply, lesson 7.)\n\n"
            "You hold Sixth Ave (C), Park Ave (F), 38th St (2) and 49th St (5), so you can name four "
            "squares: C2, C5, F2 and F5.")
        ),
        steps=[
            ask_move(
                start, goal, rule="NY-10", show="F5", highlight=["F3", "F4"], after=drew_text,
                prompt=_("You are red and have two pieces side by side on Park Ave. Play a pair that puts "
                         "a piece on an **empty** square **next to them**."),
            ),
        ],
        summary=(_("Done! A turn is: play a red and a blue card, resolve the square, discard the two cards, "
                 "draw back up to 2 red and 2 blue (NY-9).")),
    )


# -- 5. the joker ----------------------------------------------------------------------------
L5_BOARD = [
    ".......",
    ".b...y.",
    "....b..",
    ".gr....",
    "...y..g",
    "..r.r..",
    ".....b.",
]
L5B_BOARD = with_row(L5_BOARD, 5, "..rrr..")


def lesson_joker() -> Lesson:
    start = position_game(L5_BOARD, hands=[["R*", "D", "4", "1"], *OTHER_HANDS])
    start_b = position_game(L5B_BOARD, hands=[["R*", "D", "4", "2"], *OTHER_HANDS])

    def goal_a(game: Game, action: Action) -> Verdict:
        index = action.args[2]
        if index == sq("F4"):
            return Verdict(True, "NY-9", _("The red joker, declared as Park Ave, with your 46th St card names "
                           "F4: a piece there joins your two pieces into one group (NY-9)."))
        return Verdict(False, "NY-9", _("That names {place}. You want Park Ave × 46th St (F4): play "
                       "the red joker, declared as Park Ave, with your 46th St card.").format(place=place(index)))

    def goal_b(game: Game, action: Action) -> Verdict:
        red = action.args[0]
        if action.args[2] != sq("D4"):
            return Verdict(False, "NY-9", _("That names {place}; take Fifth Ave × 46th St "
                           "(D4).").format(place=place(action.args[2])))
        if red == AVENUE_LETTERS.index("D"):
            return Verdict(True, "NY-12a", _("Your Fifth Ave card names D4, so the joker stays in your hand "
                           "for a square you can't name otherwise (NY-12a)."))
        return Verdict(False, "NY-12a", _("That works, but it spends your joker where your Fifth Ave card "
                       "would do. When both could name the line, you choose which card to spend "
                       "(NY-12a): keep the joker."))

    return Lesson(
        id="ny-joker",
        title=_("Jokers"),
        game="newyork",
        seat=0,
        rules=("NY-9", "NY-12a"),
        intro=(
            _("A **joker** names any avenue (red joker) or any street (blue joker). You say which one "
            "when you play it (NY-9). A red joker with a blue joker names any square at all.\n\n"
            "Jokers are precious, so don't waste them when a normal card would do (NY-12a, a house "
            "resolution: you choose which card to spend).")
        ),
        steps=[
            ask_move(
                start, goal_a, rule="NY-9", show="*4@F4", highlight=["F4"], after=drew_text,
                prompt=_("Your red pieces on Park Ave × 42nd St (F3) and Park Ave × 49th St (F5) have a gap "
                         "at **Park Ave × 46th St (F4)**. You hold no Park Ave card, but you have a red "
                         "joker. Fill the gap."),
            ),
            ask_move(
                start_b, goal_b, rule="NY-12a", show="D4", highlight=["D4"],
                prompt=_("A later turn. You hold the red joker, Fifth Ave (D), 46th St (4) and 38th St (2). "
                         "Take **Fifth Ave × 46th St (D4)**, next to your piece on D3 — and keep your joker."),
            ),
        ],
        summary=(_("Done! Declare a joker as the line you need; spend an exact card when you have one and "
                 "keep the joker for later (NY-12a).")),
    )


# -- 6. eviction fees ------------------------------------------------------------------------
L6_BOARD = [
    ".......",
    ".b.....",
    ".b...y.",
    ".b.g...",
    ".....b.",
    ".br.bbb",
    "...y.bg",
]


F6_FEE = 3  # Park Ave × 53rd St after the learner took F5: blue has 3 on Park Ave and 3 on 53rd St


def lesson_fee() -> Lesson:
    start = position_game(L6_BOARD, hands=[["F", "A", "5", "2"], *OTHER_HANDS])

    def wrong_fee_square(game: Game, name: str) -> str:
        index = square_of(name)
        if index is None:
            return _("Click a square on the board.")
        if occupant(game, index) is None:
            return _("{place} is empty: it costs nothing (NY-10). Look at blue's pieces on Park Ave.").format(
                place=place(index))
        c = index % N
        on_avenue = count_line(game, "blue", avenue="F")
        return (_("{place} costs {fee}: blue has {on_avenue} "
                "pieces on Park Ave but only {on_street} on "
                "{street}, and the fee is the smaller count (NY-11).").format(
                    place=place(index), fee=fee_of(game, square_name(index)), on_avenue=on_avenue,
                    on_street=count_line(game, 'blue', street=STREET_DIGITS[c]), street=STREETS[c]))

    def goal(game: Game, action: Action) -> Verdict:
        index = action.args[2]
        if index == sq("F5"):
            return Verdict(True, "NY-11", _("The fee for F5 is the smaller of 4 (blue on Park Ave) "
                           "and 1 (blue on 49th St), so 1 chip (NY-11)."))
        if index == sq("F2"):
            return Verdict(False, "NY-11", _("F2 costs 4: blue has 4 on Park Ave and 4 on 38th St. The other "
                           "blue piece you can name is cheaper (NY-11)."))
        return Verdict(False, "NY-10", _("{place} is empty, so nobody gets evicted. Take a blue "
                       "piece on Park Ave.").format(place=place(index)))

    def paid(game: Game) -> str:
        chips = game.view()["chips"]
        return (_("You paid 1 chip to the blue player (you now have {yours}, blue {blue}); blue's "
                "piece went back to blue's supply and yours took its place (NY-10). ").format(
                    yours=chips[0], blue=chips[1]) + drew_text(game))

    return Lesson(
        id="ny-fee",
        title=_("Evicting: the fee"),
        game="newyork",
        seat=0,
        rules=("NY-10", "NY-11"),
        intro=(
            _("You may play onto a square that holds **another player's piece**. Their piece goes back "
            "to their supply, yours goes there, and you **pay them a fee** in chips (NY-10).\n\n"
            "The fee (NY-11): count the owner's pieces **in that avenue** and **in that street** "
            "(both counts include the piece you evict). The fee is the **smaller** count.")
        ),
        steps=[
            ask_square(
                _("Blue has 4 pieces on Park Ave (F2, F5, F6, F7) and 4 on 38th St (B2, C2, D2, F2), "
                  "but only 1 on 49th St. You hold Park Ave, Broadway, 38th St and 49th St. **Click "
                  "the Park Ave square that would cost you 4 chips.**"),
                "F2", position=start, rule="NY-11", wrong=wrong_fee_square,
                right=_("Park Ave × 38th St (F2): blue has 4 on Park Ave and 4 on "
                        "38th St, so the smaller count is 4 (NY-11)."),
            ),
            ask_move(None, goal, rule="NY-11", show="F5", after=paid,
                     prompt=_("Now take the **cheaper** blue piece on Park Ave.")),
            ask_choice(
                lambda game: _("The board has changed: blue now has {on_avenue} pieces on "
                               "Park Ave and {on_street} on 53rd St. What would "
                               "**Park Ave × 53rd St (F6)** cost now?").format(
                                   on_avenue=count_line(game, 'blue', avenue='F'),
                                   on_street=count_line(game, 'blue', street='6')),
                options(*((str(v), v == F6_FEE, _("3 on Park Ave and 3 on 53rd St: the fee is 3 (NY-11).")
                           if v == F6_FEE else
                           _("Count blue's pieces in the avenue and in the street (the piece itself "
                             "included); the fee is the smaller count (NY-11).")) for v in (1, 2, 3, 4))),
                rule="NY-11", highlight=["F6"],
            ),
        ],
        summary=(_("Done! Fee = the smaller of the owner's pieces in the avenue and in the street (NY-11). "
                 "Lonely pieces are cheap to take; pieces in a strong row and column are expensive.")),
    )


# -- 7. the can't-pay turn -------------------------------------------------------------------
L7B_BOARD = [
    ".......",
    ".b.....",
    ".b...y.",
    ".b.g...",
    ".....b.",
    ".b.r..b",
    ".y...bg",
]
L7C_BOARD = [  # all 20 red pieces on the board: red's supply is empty
    "rrrrr.b",
    "rrrr.bb",
    "rrrrybb",
    ".rrr.by",
    "yrr.gg.",
    "..r.gy.",
    "yr.gyb.",
]


def lesson_cant_pay() -> Lesson:
    start = position_game(L6_BOARD, hands=[["F", "A", "5", "2"], *OTHER_HANDS], chips=[3, 7, 7, 7])
    start_b = position_game(L7B_BOARD, hands=[["F", "G", "2", "7"], *OTHER_HANDS], chips=[0, 8, 8, 8])

    def goal(game: Game, action: Action) -> Verdict:
        index = action.args[2]
        if index == sq("F5"):
            return Verdict(True, "NY-12", _("F5 costs 1 and you have 3 chips; F2 would cost 4, which "
                           "you can't pay, so that pair may not be played (NY-12)."))
        return Verdict(False, "NY-12", _("{place} is empty. Take a blue piece on Park Ave that you "
                       "can pay for.").format(place=place(index)))

    def after_noplay(game: Game) -> str:
        return _("{log} Everyone saw your cards. Your new hand: {hand}.").format(
            log=happened(game), hand=hand_text(game))

    start_c = position_game(L7C_BOARD, hands=[["E", "G", "2", "4"], *OTHER_HANDS])

    def take_back(game: Game, action: Action) -> Verdict:
        index = action.args[2]
        if index == sq("G2"):
            return Verdict(True, "NY-10", _("Your piece on G2 stands alone and counts 1 point: taking it back "
                           "to your supply (NY-10, no fee) costs least and gives you a piece to place."))
        return Verdict(False, "NY-17", _("Allowed (NY-10), but {place} is in your largest group, "
                       "where every piece counts 2 (NY-17). Your piece on G2 stands alone: it counts 1.").format(
                           place=place(index)))

    return Lesson(
        id="ny-cant-pay",
        title=_("When you can't pay or place"),
        game="newyork",
        seat=0,
        rules=("NY-12", "NY-13", "NY-10"),
        intro=(
            _("You may only play a pair if you can **pay its fee** (NY-12). You also need a piece in "
            "your supply to place one (a house resolution); with an empty supply you may still play "
            "onto **your own piece**: it goes back to your supply, no fee (NY-10).\n\n"
            "If **no** pair in your hand can be played, you show your hand, discard it all and draw "
            "a new one; that is your whole turn (NY-13). You may not do this while a playable pair "
            "exists.")
        ),
        steps=[
            ask_move(
                start, goal, rule="NY-12", show="F5", after=drew_text,
                prompt=_("Same board as before, but you have only **3 chips**. Take a blue piece on Park "
                         "Ave. (Try Park Ave × 38th St first if you like: it costs 4, so it will be "
                         "refused.)"),
            ),
            ask_move(
                start_b, ["noplay"], rule="NY-13", highlight=["F2", "F7", "G2", "G7"], after=after_noplay,
                prompt=_("A later turn: you have **0 chips** and hold Park Ave, Lexington Ave, 38th St and "
                         "57th St. All four squares they name hold other players' pieces. What do you do?"),
                right=_("With no pair you can play, you show your cards, discard "
                        "them all and draw a new hand. Your turn ends there (NY-13)."),
                buttons=[(_("Show my cards, discard them, draw new ones"), "noplay"),
                         (_("Keep my cards and pass"), "pass",
                          _("There is no passing in New York: with no playable pair you "
                            "must show your hand and throw it all away (NY-13)."))],
            ),
            ask_move(
                start_c, take_back, rule="NY-10", show="G2", highlight=["E2", "E4", "G2", "G4"], after=drew_text,
                prompt=_("Late in the game: all 20 of your pieces are on the board, your supply is empty. "
                         "You hold Madison Ave (E), Lexington Ave (G), 38th St (2) and 46th St (4). With no "
                         "piece in your supply you may not place on an empty square or evict anyone "
                         "(NY-12), and you may not discard your hand while a pair is playable (NY-13). "
                         "But a pair may name **your own piece**: it goes back to your supply, no fee "
                         "(NY-10). Take back the piece that costs you the **fewest points**."),
            ),
        ],
        summary=(_("Done! A pair you can't pay for may not be played (NY-12); with an empty supply, a pair "
                 "onto your own piece takes it back (NY-10); with no playable pair at all, you discard "
                 "your hand and draw again (NY-13).")),
    )
