"""New York invariants over many seeded random games (all variants)."""

from __future__ import annotations

import random

import pytest
from hypothesis import given, settings
from hypothesis import strategies as st

import nbgames
from nbgames.newyork.rules import DATA, NEIGHBOURS, SQUARES

CONFIGS = [(3, {}), (4, {}), (5, {}), (2, {}), (4, {"teams": True}), (4, {"action_cards": True}),
           (3, {"colour_choice": True, "action_cards": True}), (2, {"action_cards": True})]


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


def play_random_game(players, options, seed, on_step=None):
    game = nbgames.new_game("newyork", players, seed=seed, options=options)
    rng = random.Random(seed)
    setup_checked = False
    while not game.is_over:
        state = game.rules
        before_chips = list(state.chips)
        events_before = len(state.events)
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
            assert any(e[0] == "evict" and e[4] == fee for e in state.events[events_before:])
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
def test_random_games_keep_invariants_end_and_replay(players, options):
    for seed in range(12):
        game = play_random_game(players, options, seed)
        assert game.is_over and game.view()["stop_drawn_by"] is not None
        replayed = nbgames.from_record(game.to_record())
        assert replayed.rules.board == game.rules.board
        assert replayed.rules.hands == game.rules.hands
        assert replayed.scores() == game.scores() and replayed.winners() == game.winners()


@settings(max_examples=40, deadline=None)
@given(seed=st.integers(0, 2**32), players=st.integers(3, 5))
def test_same_seed_and_actions_replay_the_same_game(seed, players):
    a = play_random_game(players, {}, seed)
    b = nbgames.new_game("newyork", players, seed=seed)
    for action in a.history:
        b.play(str(action))
    assert b.to_record() == a.to_record() and b.view(0) == a.view(0)


def test_views_hide_other_hands_and_agree_on_public_facts():
    def check(game):
        views = [game.view(s) for s in range(game.players)]
        public = game.view(None)
        assert public["hand"] == []
        for seat, view in enumerate(views):
            assert len(view["hand"]) == sum(public["hand_counts"][seat].values())
            for key in ("board", "chips", "supply", "hand_counts", "deck_size", "discard_size", "stop_armed"):
                assert view[key] == public[key]
    play_random_game(4, {"action_cards": True}, 11, on_step=check)


@settings(max_examples=25, deadline=None)
@given(seed=st.integers(0, 10_000), steps=st.integers(1, 60), back=st.integers(1, 30))
def test_undo_redo_and_goto_restore_exact_states(seed, steps, back):
    game = nbgames.new_game("newyork", 3, seed=seed)
    rng = random.Random(seed)
    records = []
    for _ in range(steps):
        if game.is_over:
            break
        records.append((game.to_record(), game.view(0)))
        game.play(rng.choice(game.legal_actions()))
    end = (game.to_record(), game.view(0))
    back = min(back, len(records))
    for _ in range(back):
        game.undo()
    assert (game.to_record(), game.view(0)) == records[len(records) - back]
    for _ in range(back):
        game.redo()
    assert (game.to_record(), game.view(0)) == end
    game.goto(0)
    assert game.to_record()["actions"] == [] and game.can_redo


def test_determinization_agrees_with_the_seats_view_and_redeals_the_rest():
    redealt = 0

    def check(game):
        nonlocal redealt
        if game.rules.phase != "main":
            return
        seat = game.to_move
        sample = game.determinize(seat, random.Random(len(game.history)))
        assert sample.view(seat) == game.view(seat)
        redealt += sample.rules.hands != game.rules.hands
        assert sample.legal_actions() == game.legal_actions()  # own hand and board decide them
        assert game.rules.rng is not sample.rules.rng

    play_random_game(4, {"action_cards": True}, 5, on_step=check)
    assert redealt > 50


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
