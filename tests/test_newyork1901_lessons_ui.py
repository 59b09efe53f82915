"""The New York 1901 lesson runner with the real view (widgets in the kernel, no browser): lessons
done by the clicks a learner makes — buttons, market cards, lots, tiles, Turn and the map — a
refused click explained with its rule id, and "Show me" marking the tile, the buttons and the cell."""

from __future__ import annotations

from nbgames.newyork1901.lessons import learn


def button(view, notation: str):
    return next(b for b in view.actions.children if b.tooltip == notation)


def test_the_first_lessons_by_clicking():
    runner = learn()
    view = runner.view
    assert "0 of 9 lessons done" in runner.progress.value
    button(view, "character sky").click()  # legal, but the lesson asks for Greenwich
    assert not runner.feedback_verdict.ok and runner.feedback_verdict.rule == "NY1901-4"
    assert runner.session.game.view(None)["seats"][1]["character"] is None  # nothing changed
    button(view, "character orange").click()
    assert runner.feedback_verdict.ok and runner.session.step_index == 1
    next(b for b in runner.choices.children if b.description == "Bowery").click()
    assert runner.session.done and "1 of 9 lessons done" in runner.progress.value

    runner.next_button.click()  # 2. the market: card, then lot
    view.click("market:1")  # O3
    assert view.legal_targets() == ["lot:A2", "lot:A4", "lot:A5", "lot:B2"]
    view.click("A1")  # a size-2 lot: refused on the status line, repeated as feedback
    assert "NY1901-5" in view.status.value and runner.feedback_verdict.rule == "NY1901-5"
    assert runner.session.step_index == 0
    view.click("B4")  # lot A4
    assert runner.feedback_verdict.ok and runner.session.step_index == 1
    button(view, "end").click()
    assert runner.session.done

    runner.next_button.click()  # 3. build across two lots: pick, preview, turn, place
    view.click("tile:bI2")
    view._on_mouse_move(*view.geom.cell_centre(4, 0))
    assert "NY1901-5" in view.info.value  # red: touches no avenue or park
    view.click("E1")
    assert runner.feedback_verdict.rule == "NY1901-5" and not runner.feedback_verdict.ok
    view.click("tile:bO4")
    view.click("E1")
    assert runner.session.done and "3 of 9 lessons done" in runner.progress.value


def test_show_me_marks_the_tile_the_buttons_and_the_cell_then_the_learner_does_it():
    runner = learn(start=2)  # build bO4 across E1 and E2
    runner.show_me()
    shown = dict(runner.view._extra)["shown"]
    assert shown == ["tile:bO4", "E1"] and "bO4" in runner.feedback.value
    view = runner.view
    assert view.target_cells("E1") == [(4, 0)] and view.target_box("tile:bO4") is not None
    view.click("tile:bO4")
    view.click("E1")
    assert runner.session.done


def test_show_me_of_a_turned_tile_marks_the_turn_button():
    runner = learn(start=3)  # the unlock lesson: bI2 upright on E3
    runner.show_me()
    shown = dict(runner.view._extra)["shown"]
    assert shown == ["tile:bI2", "button:rotate", "E3"]
    assert "Turn (R) 1 time" in runner.feedback.value
    assert runner.view.control("button:rotate").button_style == "warning"
    runner.view.click("tile:bI2")
    runner.view.control("button:rotate").click()
    runner.view.click("E3")
    assert runner.session.step_index == 1 and runner.feedback_verdict.ok


def test_the_rebuild_lesson_by_clicking_over_the_own_building():
    runner = learn(start=4)
    runner.view.click("tile:sO4")
    runner.view.click("F1")  # the anchor is F1: sO4 would stand on F1, F2, G1, G2 — off the estate
    assert not runner.feedback_verdict.ok and runner.feedback_verdict.rule == "NY1901-5"
    assert runner.view.selection.tile == "sO4"  # a refused click keeps the tile picked
    runner.view.click("E1")
    assert runner.feedback_verdict.ok and runner.session.step_index == 1


def test_land_grab_asks_which_way():
    runner = learn(start=6)
    button(runner.view, "shift").click()
    grab = str(runner.session.expected())
    runner.show_me()
    assert f"Click the marked lot {grab[5:]} on the map. Then choose" in runner.feedback.value
    assert runner.view.target_cells(f"lot:{grab[5:]}")
    runner.view.click(f"lot:{grab[5:]}")
    ways = {b.tooltip: b for b in runner.view.choices.children}
    assert set(ways) == {f"lot {grab[5:]}", grab}
    ways[grab].click()
    assert runner.feedback_verdict.ok and runner.session.step_index == 2


def test_on_a_phone_show_me_moves_the_map_to_the_marked_cell():
    runner = learn(start=1)  # the market: card O3, then lot A4
    runner.view.set_width(360)
    runner.view.click("window:5:5")  # looking at the bottom right
    runner.show_me()
    assert runner.view.layout.shows(0, 3) and runner.view.target_cells("lot:A4")  # the lot is shown and marked
