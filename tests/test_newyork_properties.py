"""New York's own maths over many seeded random games (all variants): the invariants of its
state (chips, pieces, packed line counts, masks, cards), the fast move generator against the
plain reading of NY-9…NY-12, each action kind's one legality check against the generator, and
scoring. Generic checks (records, undo, refusals, determinization) are the conformance suite's."""

from __future__ import annotations

import random

import pytest

import nbgames
from nbgames.newyork.tables import ALL_ACTIONS, DATA, NEIGHBOURS, SQUARES

CONFIGS = [(3, {}), (4, {}), (5, {}), (2, {}), (4, {"teams": True}), (4, {"action_cards": True}),
           (3, {"colour_choice": True, "action_cards": True}), (2, {"action_cards": True}),
           (4, {"teams": True, "action_cards": True, "colour_choice": True})]


def chips_total(players, options):
    if players == 2:
        return 2 * DATA["two_player"]["chips"]
    return players * DATA["per_player_count"][str(players)]["chips"]


def pieces_per_colour(players):
    return DATA["two_player"]["pieces"] if players == 2 else DATA["per_player_count"][str(players)]["pieces"]


def check_invariants(game):
    state = game.rules
    assert sum(state.chips) == chips_total(game.players, game.options)
    assert min(state.chips) >= 0
    for colour in range(state.ncolours):
        on_board = state.board.count(colour)
        assert on_board + state.supply[colour] == pieces_per_colour(game.players)
        mine = [sq for sq in range(49) if state.board[sq] == colour]
        for i in range(7):  # the line counts and square masks the fee checks read agree with the board
            assert state.avenue_count(colour, i) == sum(sq // 7 == i for sq in mine)
            assert state.street_count(colour, i) == sum(sq % 7 == i for sq in mine)
        assert state.occupied[colour] == sum(1 << sq for sq in mine)
    assert state.empty == state.board.count(-1)
    for seat, hand in enumerate(state.hands):  # the held-card bits the move generator reads
        assert state.held[seat] == sum(1 << card for card, count in enumerate(hand) if count)
    if state.phase in ("main", "over"):  # the cards exist from the main round on
        hand_cards = sum(sum(h) for h in state.hands)
        stop = 2 if state.stop_armed else 0
        total = 66 + (12 if game.options["action_cards"] else 0) + stop
        drawn_stop = 1 if state.stop_drawn_by is not None else 0
        assert len(state.deck) + len(state.discard) + hand_cards + drawn_stop == total
    assert game.is_over or game.legal_actions(), "no legal action, yet the game is not over"


def play_random_game(players, options, seed, on_step=None):
    game = nbgames.new_game("newyork", players, seed=seed, options=options)
    rng = random.Random(seed)
    setup_checked = False
    while not game.is_over:
        state = game.rules
        before_chips = list(state.chips)
        events_before = game.event_count
        action = rng.choice(game.legal_actions())
        fee = None
        if action.kind == "pair" and state.board[action.args[2]] >= 0 and \
                state.board[action.args[2]] not in state.seat_colours[state.current]:
            fee = state.fee(action.args[2])
            payer, owner = state.current, state.owner(action.args[2])
        game.play(action)
        if fee is not None:  # every eviction charged min(avenue, street) and paid to the owner
            assert state.chips[payer] == before_chips[payer] - fee
            assert state.chips[owner] == before_chips[owner] + fee
            assert any(e.kind == "evict" and e.fee == fee for e in game.events(events_before))
        if not setup_checked and state.phase == "main":  # no same-colour neighbours after setup
            setup_checked = True
            for sq in range(SQUARES):
                if state.board[sq] >= 0:
                    assert all(state.board[nb] != state.board[sq] for nb in NEIGHBOURS[sq])
        check_invariants(game)
        if on_step:
            on_step(game)
        # Random 3-player games have a long tail (75 pieces rarely leave <= 4 squares empty,
        # NY-15): median ~1,000 plies, 1 in 100 over 5,800, the longest of 2,000 seeds 8,499.
        assert len(game.history) < 50_000, "game does not end"
    return game


@pytest.mark.parametrize("players,options", CONFIGS)
def test_random_games_keep_invariants_and_end_by_a_stop_card(players, options):
    for seed in range(12):
        game = play_random_game(players, options, seed)
        assert game.is_over and game.view()["stop_drawn_by"] is not None  # NY-16


def test_views_hide_other_hands_and_agree_on_public_facts():
    def check(game):
        views = [game.view(s) for s in range(game.players)]
        public = game.view(None)
        assert public["hand"] == []
        for seat, view in enumerate(views):  # NY-7: a hand is secret, its red / blue counts are not
            assert len(view["hand"]) == sum(public["hand_counts"][seat].values())
            for key in ("board", "chips", "supply", "hand_counts", "deck_size", "discard_size", "stop_armed"):
                assert view[key] == public[key]
    play_random_game(4, {"action_cards": True}, 11, on_step=check)


def plain_pair_moves(state):
    """The pair moves of NY-9 to NY-12 read straight from the rule text, square by square."""
    seat = state.current
    hand, mine, chips = state.hands[seat], state.seat_colours[seat][0], state.chips[seat]
    can_place = state.supply[mine] > 0  # NY-12
    moves = []
    for red in range(8):
        for blue in range(8):
            if not (hand[red] and hand[8 + blue]):
                continue
            for row in range(7) if red == 7 else [red]:  # a joker names any avenue / street
                for col in range(7) if blue == 7 else [blue]:
                    sq = row * 7 + col
                    colour = state.board[sq]
                    if colour == mine or can_place and (colour < 0 or state.fee(sq) <= chips):
                        moves.append((red, 8 + blue, sq))
    return moves


@pytest.mark.parametrize("players", [3, 4, 5])
def test_fast_pair_moves_match_the_plain_rule_reading(players):
    """The move generator works on bit masks and packed line counts (NY-10 to NY-12): on
    thousands of positions from random games it must list exactly the plain reading's moves."""
    checked = fee_limited = 0
    for seed in range(12):
        game = nbgames.new_game("newyork", players, seed=seed, allow_undo=False)
        rng = random.Random(seed)
        while not game.is_over:
            state = game.rules
            legal = game.legal_actions()
            if state.phase == "main":
                got = [a.args[:3] for a in legal if a.kind == "pair"]
                assert got == plain_pair_moves(state)
                checked += 1
                seat = state.current
                fee_limited += any(state.board[sq] >= 0 and state.fee(sq) > state.chips[seat]
                                   for sq in range(SQUARES))
            game.play(rng.choice(legal))
    assert checked > 1000 and fee_limited > 100  # positions where NY-11 fees do limit the moves


def sample_of_actions(state, rng):
    """Every pair, placement, removal, pick and standalone action; the action-card actions whose
    card the seat to move holds; and a random sample of the others."""
    hand = state.hands[state.to_move] if state.to_move is not None else []
    out, others = [], []
    for action in ALL_ACTIONS:
        if action.kind in ("pair", "place", "remove", "pick", "noplay", "sanierung", "ruine") or \
                (hand and hand[action.args[0]]):
            out.append(action)
        else:
            others.append(action)
    return out + rng.sample(others, 60)


@pytest.mark.parametrize("players,options", CONFIGS)
def test_each_kinds_check_agrees_with_the_move_generator(players, options):
    """Legality is decided twice: by the fast generator (`legal_actions`) and by one plain
    check per action kind (`check`, which also words refusals). On positions of random games
    they agree on every pair and placement and on a large sample of the other actions; every
    refusal cites a New York rule."""
    positions = 0
    for seed in range(3):
        game = nbgames.new_game("newyork", players, seed=seed, options=options, allow_undo=False)
        rng = random.Random(seed)
        while not game.is_over:
            if rng.random() < 0.08 or game.rules.pending:
                state = game.rules
                legal = {(a.kind, a.args) for a in game.legal_actions()}  # "C3" places or pairs
                for action in sample_of_actions(state, rng):
                    refusal = state.check(action)
                    assert ((action.kind, action.args) in legal) == (refusal is None), (str(action), refusal)
                    assert refusal is None or refusal[0].startswith("NY-") and refusal[1], refusal
                positions += 1
            game.play(rng.choice(game.legal_actions()))
        refusal = game.rules.check(ALL_ACTIONS[0])
        assert refusal[0] == "NY-16"  # over
    assert positions > 20
