"""The New York City lesson runner with the real view (widgets in the kernel, no browser): the
lessons done through the board's clicks and buttons, wrong clicks explained with their rule,
"Show me" marking where the answer is given."""

from __future__ import annotations

from nbgames.newyork_city.lessons import learn


def choice(runner, label_part: str):
    matches = [b for b in runner.choices.children if label_part in b.description]
    assert len(matches) == 1, [b.description for b in runner.choices.children]
    return matches[0]


def button(view, notation: str):
    matches = [b for b in view.actions.children + view.choices.children if b.tooltip == notation]
    assert len(matches) == 1, [b.tooltip for b in view.actions.children + view.choices.children]
    return matches[0]


def click(view, target: str) -> None:
    view._on_mouse_down(*view.regions.centre(target))


def test_first_lessons_by_clicking():
    runner = learn()
    view = runner.view
    assert "0 of 9 lessons done" in runner.progress.value and "play P" in runner.move_box.placeholder
    home = next(d for d in runner.session.game.view(0)["districts"] if all(b == 1 for b in d["buildings"]))
    wrong = next(b for b in view.actions.children if not any(c in b.description for c in home["lanterns"]))
    wrong.click()
    assert not runner.feedback_verdict.ok and runner.feedback_verdict.rule == "NYC-7"
    assert runner.session.step_index == 0 and runner.session.game.view(0)["seats"][0]["characters"] == []
    right = next(b for b in view.actions.children if any(c in b.description for c in home["lanterns"]))
    right.click()
    assert runner.feedback_verdict.ok and runner.session.step_index == 1
    choice(runner, "6").click()
    assert not runner.feedback_verdict.ok
    choice(runner, "5").click()
    assert runner.session.done and "1 of 9 lessons done" in runner.progress.value

    runner.next_button.click()  # drafting: click the pair with the wild
    display = runner.session.game.view(0)["display"]
    wild = next(i + 1 for i, p in enumerate(display) if p and "W" in p)
    other = next(i + 1 for i, p in enumerate(display) if p and "W" not in p)
    click(view, f"pair:{other}")
    assert not runner.feedback_verdict.ok and runner.feedback_verdict.rule == "NYC-9"
    click(view, f"pair:{wild}")
    assert runner.session.done and "2 of 9 lessons done" in runner.progress.value

    runner.next_button.click()  # bidding: P, P, Done (its count shown), then who gets +1
    click(view, "hand:P")
    click(view, "hand:P")
    done = button(view, "done")
    assert done.description == "Done: bid 2 (P P)"
    done.click()
    choice(runner, "You").click()
    assert runner.session.done and "3 of 9 lessons done" in runner.progress.value


def test_a_wild_clicked_alone_is_explained_by_its_rule_and_changes_nothing():
    runner = learn(start=3)
    view = runner.view
    before = runner.session.game.to_record()
    click(view, "hand:W")
    assert view.status.value.startswith("Not allowed (NYC-10)")
    assert not runner.feedback_verdict.ok and runner.feedback_verdict.rule == "NYC-10"
    assert "alone" in runner.feedback_verdict.text and runner.session.game.to_record() == before
    click(view, "hand:V")  # two V as one dollar card
    click(view, "hand:W")
    assert button(view, "done").description == "Done: bid 2 (V V W)"
    button(view, "done").click()
    assert runner.session.done


def test_show_me_marks_the_reserve_card_then_does_it():
    runner = learn(start=4)
    verdict = runner.show_me()
    assert verdict.ok and "Click the marked E in your reserve" in runner.feedback.value
    assert ("shown", ["reserve:E"]) in runner.view.highlight_marks()
    assert "Then choose" in runner.feedback.value
    runner.show_me()  # pressed again: made for the learner
    assert runner.session.step_index == 1
    click(runner.view, "hand:E")
    button(runner.view, "done").click()
    assert runner.session.done


def test_fame_tile_and_character_lessons_by_clicking():
    runner = learn(start=6)
    view = runner.view
    button(view, "fame none").click()
    assert not runner.feedback_verdict.ok and runner.session.step_index == 0
    fame = next(a for a in runner.session.game.legal_actions() if a.kind == "fame" and a.args)
    click(view, f"district:{fame.args[2]}")
    if not runner.session.done:  # several tiles or routes reach that district: choose one
        button(view, str(fame)).click()
    assert runner.session.done

    runner.next_button.click()
    click(view, "pool:42")
    assert runner.feedback_verdict.rule == "NYC-10" and "level 5" in runner.feedback_verdict.text
    click(view, "pool:24")
    assert runner.session.step_index == 1
    click(view, "char:0:24")
    assert runner.session.done and "round 2 begins" in runner.feedback.value


def test_the_scoring_lesson_shows_the_final_scoring_district_by_district():
    runner = learn(start=8)
    assert "Final scoring, district by district (NYC-13)" in runner.view.scores.value
    assert not runner.view.interactive
    choice(runner, "17").click()
    assert not runner.feedback_verdict.ok and runner.feedback_verdict.rule == "NYC-13"
    choice(runner, "4").click()
    assert runner.session.done


def test_show_me_marks_every_answer_on_the_page_and_the_learner_follows_it():
    from test_lesson_show_me import follow_the_mark

    runner = learn()
    ways = []
    for index in range(len(runner.lessons)):
        runner.go(index)
        while not runner.session.done:
            session, step = runner.session, runner.session.step_index
            before = (list(session.game.history), session.game.event_count)
            runner.show_me()
            assert (list(session.game.history), session.game.event_count) == before, "Show me changed the game"
            assert "Here's how" in runner.feedback.value and "NYC-" in runner.feedback.value
            ways.append(follow_the_mark(runner))
            assert session.done or session.step_index == step + 1, (runner.lessons[index].id, step, ways[-1])
    assert len(runner.completed) == len(runner.lessons) == 9
    assert {"choice", "control", "square", "square+way"} <= set(ways), ways  # buttons, targets, "which way?"
    assert "typed" not in ways  # every answer is marked on the page
