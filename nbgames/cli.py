"""The ``nbgames`` command: serve the gallery, write a JupyterHub configuration, simulate bot games,
run a bot tournament, replay a record, check a lesson file."""

from __future__ import annotations

import argparse
import contextlib
import json
import sys

from .classroom.cli import add_class_command, add_serve_options
from .engine.registry import available_games, manifest


def _simulate(args: argparse.Namespace) -> int:
    from .engine.simulate import ProgressBar, simulate

    options = manifest(args.game).parse_options(args.option)
    if args.options:
        options.update(json.loads(args.options))
    summary = simulate(args.game, args.n, args.players, seed=args.seed, options=options,
                       progress=None if args.quiet else ProgressBar())
    print(summary.format())
    return 0


def _tournament(args: argparse.Namespace) -> int:
    from .engine.simulate import ProgressBar
    from .engine.tournament import CsvLog, read_csv, tournament

    options = manifest(args.game).parse_options(args.option)
    bots = [b.strip() for b in args.bots.split(",") if b.strip()]
    if args.resume and not args.csv:
        raise ValueError("--resume goes on from the games in --csv FILE: name the file")
    played = read_csv(args.csv, args.game, bots, args.seed) if args.resume else []
    with CsvLog(args.csv, played) if args.csv else contextlib.nullcontext() as log:
        result = tournament(args.game, bots, args.n, seed=args.seed, options=options, jobs=args.jobs,
                            progress=None if args.quiet else ProgressBar(sys.stderr), played=played, on_game=log)
    if result.stopped and not args.quiet:
        print(file=sys.stderr)  # end the progress bar's line
    print(result.format())
    return 130 if result.stopped else 0  # 130: the shell's code for a run stopped by Ctrl-C


def _replay(args: argparse.Namespace) -> int:
    from .engine.errors import RecordError
    from .engine.game import from_record

    with open(args.record, "rb") as fh:
        data = fh.read(5_000_000)
    try:
        game = from_record(data)
    except RecordError as exc:
        print(f"refused: {exc}", file=sys.stderr)
        return 2
    print(f"{game!r}")
    if game.is_over:
        print("scores:", game.scores(), "winners:", game.winners())
    return 0


def _lesson_check(args: argparse.Namespace) -> int:
    from .teach import LessonError, load_lesson

    try:
        lesson = load_lesson(args.file, game=args.game)
    except LessonError as exc:
        print(f"refused: {exc.localized(args.lang)}", file=sys.stderr)
        return 2
    print(f"OK: {lesson.summary_line()}")
    return 0


def _games(args: argparse.Namespace) -> int:
    for m in (manifest(name) for name in available_games()):
        print(f"{m.name}: {m.title} ({m.designer}, {m.year}), {m.min_players}-{m.max_players} players")
        for o in m.options:
            print(f"  -o {o.name}=<{o.kind}>  default {json.dumps(o.default)}  {o.description}")
    return 0


def _serve(args: argparse.Namespace) -> int:
    import os

    from .classroom.cli import serve_environment
    from .serve import serve

    if args.config:
        os.environ["NBGAMES_VOILA_CONFIG"] = args.config
    serve_environment(args)
    return serve(host=args.host, port=args.port, notebooks=args.notebooks, open_browser=args.open,
                 class_size=args.class_size, class_pages=args.class_page)


def _hub_config(args: argparse.Namespace) -> int:
    from .serve.hub import hub_config

    path = hub_config(args.mode, args.output, notebooks=args.notebooks, port=args.port,
                      service_port=args.service_port, voila_config=args.config,
                      class_progress=args.class_progress, class_db=args.class_db,
                      teacher_group=args.teacher_group, teachers=args.teachers.split(",") if args.teachers else None)
    print(f"nbgames: wrote {path}; start the hub with: jupyterhub -f {path}")
    return 0


def build_parser() -> argparse.ArgumentParser:
    parser = argparse.ArgumentParser(prog="nbgames", description=__doc__)
    sub = parser.add_subparsers(dest="command", required=True)

    serve = sub.add_parser("serve", help="serve the game gallery with Voilà")
    serve.add_argument("--host", default="127.0.0.1", help="address to listen on (default loopback)")
    serve.add_argument("--port", type=int, default=8866)
    serve.add_argument("--notebooks", default=None, help="folder of notebooks (default: ./notebooks)")
    serve.add_argument("--open", action="store_true", help="open a browser")
    serve.add_argument("--config", default=None, help="a JSON file overriding nbgames/serve/voila.json")
    serve.add_argument("--class-size", type=int, default=None, metavar="N",
                       help="students arriving at once: keep N kernels pre-heated on each class page")
    serve.add_argument("--class-page", action="append", default=None, metavar="PAGE",
                       help="a page the class starts on, e.g. newyork/play.ipynb (repeatable; default the gallery)")
    add_serve_options(serve)
    serve.set_defaults(func=_serve)
    add_class_command(sub)

    hub = sub.add_parser("hub-config", help="write a jupyterhub_config.py for a class on JupyterHub")
    hub.add_argument("--mode", choices=["service", "servers"], default="service",
                     help="service: one shared nbgames server at /services/nbgames/ behind the hub's login; "
                          "servers: one Jupyter server per student opening on the Voilà gallery")
    hub.add_argument("--output", "-o", default="hub", help="folder to write into (default ./hub)")
    hub.add_argument("--notebooks", default=None, help="folder of notebooks (default: ./notebooks)")
    hub.add_argument("--port", type=int, default=8000, help="the hub's public port (default 8000)")
    hub.add_argument("--service-port", type=int, default=8866, help="the nbgames service's own port (service mode)")
    hub.add_argument("--config", default=None,
                     help="a JSON file overriding nbgames/serve/voila.json for the service (service mode)")
    hub.add_argument("--class-progress", action="store_true",
                     help="record the class's lessons for the teacher page (both modes: docs/hub/README.md)")
    hub.add_argument("--class-db", default=None, metavar="URL",
                     help="where (a database URL, e.g. postgresql://...; default an SQLite file beside the service)")
    hub.add_argument("--teacher-group", default="nbgames-teachers", metavar="GROUP",
                     help="the hub group whose members (and hub admins) see the teacher page (default %(default)s)")
    hub.add_argument("--teachers", default=None, metavar="USER,USER",
                     help="hub users to put in the teachers' group at every start")
    hub.set_defaults(func=_hub_config)

    sim = sub.add_parser("simulate", help="play many random-bot games and summarise them")
    sim.add_argument("game", choices=available_games())
    sim.add_argument("-n", type=int, default=100, help="number of games")
    sim.add_argument("--players", type=int, default=4)
    sim.add_argument("--seed", type=int, default=0)
    sim.add_argument("--option", "-o", action="append", default=[], metavar="KEY=VALUE",
                     help="a game option, checked against the game's declared options "
                          "(repeatable), e.g. -o action_cards=true")
    sim.add_argument("--options", default=None, help='all game options as JSON, e.g. \'{"teams": true}\'')
    sim.add_argument("--quiet", action="store_true", help="no progress bar")
    sim.set_defaults(func=_simulate)

    tour = sub.add_parser("tournament", help="bots against bots, seats rotating: win rates with 95%% "
                                             "confidence intervals, mean scores, think time")
    tour.add_argument("game", choices=available_games())
    tour.add_argument("--bots", default="mcts,greedy,random,random",
                      help="one bot per seat, comma-separated: random, greedy, mcts (= mcts-normal), "
                           "mcts-easy, mcts-normal, mcts-hard")
    tour.add_argument("-n", type=int, default=20, help="number of games")
    tour.add_argument("--jobs", type=int, default=1, help="games played at once (processes)")
    tour.add_argument("--seed", type=int, default=0)
    tour.add_argument("--option", "-o", action="append", default=[], metavar="KEY=VALUE",
                      help="a game option (repeatable)")
    tour.add_argument("--csv", default=None, metavar="FILE",
                      help="one row per game and bot, written as each game ends")
    tour.add_argument("--resume", action="store_true",
                      help="go on from the games already in --csv FILE (same game, bots and seed)")
    tour.add_argument("--quiet", action="store_true", help="no progress bar")
    tour.set_defaults(func=_tournament)

    replay = sub.add_parser("replay", help="check and replay a saved game record (JSON)")
    replay.add_argument("record")
    replay.set_defaults(func=_replay)

    lesson = sub.add_parser("lesson", help="lesson files a teacher writes (docs/teaching.md)")
    lesson_sub = lesson.add_subparsers(dest="lesson_command", required=True)
    check = lesson_sub.add_parser("check", help="validate a lesson file: prints OK and a summary, or the step "
                                                "that is wrong and why (exit code 2)")
    check.add_argument("file")
    check.add_argument("--game", default=None, choices=available_games(),
                       help="refuse a lesson written for another game")
    check.add_argument("--lang", default="en", choices=["en", "ja"], help="the language of the reason given")
    check.set_defaults(func=_lesson_check)

    games = sub.add_parser("games", help="list the games and their options")
    games.set_defaults(func=_games)
    return parser


def main(argv: list[str] | None = None) -> int:
    args = build_parser().parse_args(argv)
    try:
        return args.func(args)
    except ValueError as exc:
        print(f"nbgames: {exc}", file=sys.stderr)
        return 2


if __name__ == "__main__":
    sys.exit(main())
