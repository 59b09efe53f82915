"""``nbgames class ...`` and the class options of ``nbgames serve`` (wired in nbgames/cli.py)."""

from __future__ import annotations

import argparse
import os
import sys


def add_serve_options(serve: argparse.ArgumentParser) -> None:
    serve.add_argument("--class-progress", action="store_true",
                       help="record the class's progress in a database (docs/serving.md, 'Running a class')")
    serve.add_argument("--class-db", default=None, metavar="URL",
                       help="the class database: postgresql://... or an SQLite file "
                            "(default $NBGAMES_CLASS_DB, else ./nbgames-class.sqlite)")


def serve_environment(args: argparse.Namespace) -> None:
    """Hand the serve options to the server (which also reads them from the environment under a hub)."""
    if getattr(args, "class_progress", False):
        os.environ["NBGAMES_CLASS_PROGRESS"] = "1"
    if getattr(args, "class_db", None):
        os.environ["NBGAMES_CLASS_DB"] = args.class_db


def add_class_command(sub) -> None:
    cls = sub.add_parser("class", help="the class's recorded progress: list, export, forget")
    cls.add_argument("--db", default=None, metavar="URL",
                     help="the class database (default $NBGAMES_CLASS_DB, else ./nbgames-class.sqlite)")
    cls_sub = cls.add_subparsers(dest="class_command", required=True)
    ls = cls_sub.add_parser("list", help="the classes recorded and how much of each")
    ls.set_defaults(func=_list)
    forget = cls_sub.add_parser("forget", help="delete a class: its students and everything recorded of them")
    forget.add_argument("code")
    forget.add_argument("--yes", action="store_true", help="do not ask")
    forget.set_defaults(func=_forget)
    export = cls_sub.add_parser("export", help="a class's answers and lessons as CSV")
    export.add_argument("code")
    export.add_argument("--csv", default="-", metavar="FILE", help="where to write (default: standard output)")
    export.set_defaults(func=_export)


def _store(args):
    from .store import Store

    return Store.open(args.db)


def _how_much(counts: dict) -> str:
    return (f"{counts['students']} students, {counts['lesson_events']} lesson events, "
            f"{counts['answers']} answers, {counts['games']} games")


def _list(args) -> int:
    store = _store(args)
    try:
        for code in store.classes():
            counts = store.count(code)
            print(f"{code}: {_how_much(counts)}")
    finally:
        store.close()
    return 0


def _forget(args) -> int:
    from .store import check_class_code

    code = check_class_code(args.code)
    store = _store(args)
    try:
        counts = store.count(code)
        if not counts["students"]:
            print(f"nbgames: no class {code} in {store.url}", file=sys.stderr)
            return 1
        if not args.yes:
            if not sys.stdin.isatty():
                raise ValueError("pass --yes to forget a class without being asked")
            reply = input(f"Forget class {code}: {counts['students']} students and all their progress? [y/N] ")
            if reply.strip().lower() not in ("y", "yes"):
                print("nothing deleted")
                return 1
        store.forget_class(code)
        print(f"forgot class {code}: {_how_much(counts)}")
    finally:
        store.close()
    return 0


def _export(args) -> int:
    from .store import check_class_code, write_csv

    code = check_class_code(args.code)
    store = _store(args)
    try:
        summary = store.class_summary(code)
        rows = []
        for name in sorted(summary["students"]):
            mine = store.student(code, name)
            rows += [[name, e["at"], f"lesson_{e['kind']}", e["lesson"], "", "", "", "", ""] for e in mine["lessons"]]
            rows += [[name, a["at"], "step_answered", a["lesson"], a["step"], "right" if a["right"] else "wrong",
                      a["answer"], a["seconds"], "yes" if a["showed"] else "no"] for a in mine["answers"]]
            rows += [[name, g["at"], "game_finished", g["game"], g["seats"], " ".join(g["bots"]),
                      g["score"], "", g["record_id"]] for g in mine["games"]]
    finally:
        store.close()
    out = sys.stdout if args.csv == "-" else open(args.csv, "w", newline="", encoding="utf-8")
    try:
        write_csv(out, [["student", "at", "event", "lesson_or_game", "step_or_seats", "result_or_bots",
                         "answer_or_score", "seconds", "show_me_or_record"], *sorted(rows, key=lambda r: r[1])])
    finally:
        if out is not sys.stdout:
            out.close()
    return 0
