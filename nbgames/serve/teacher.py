"""The teacher page: ``<base>nbgames/teacher`` (issue 29, item 2; docs/serving.md "Running a class").

Open only to the teacher: plain ``nbgames serve --class-progress`` prints a teacher token at start;
the teacher opens ``<base>nbgames/teacher?token=…`` once, the page sets a cookie (HttpOnly,
SameSite=Strict, a keyed hash of the token, never the token itself) and drops the token from the
address. Scripts may send ``Authorization: token …`` instead. Under JupyterHub, a hub admin or a
member of the teachers' group ($NBGAMES_TEACHER_GROUP) is let in too (`is_hub_teacher`). Everyone
else, a student's page or kernel included, gets 403 and nothing of the class.

- ``GET <base>nbgames/teacher[?class=CODE][&lang=ja]``: the page (a table of students × lessons:
  done, started, stuck; per lesson step the share right at the first try and the three most common
  wrong answers). It asks ``…/teacher/data`` every few seconds, so it follows the class live.
- ``GET <base>nbgames/teacher/data?class=CODE``: the same as JSON (`nbgames.classroom.store.teacher_board`).
- ``GET <base>nbgames/teacher/export.csv?class=CODE[&what=answers]``: a CSV of each student's
  lessons (or of every answer).
- Tables (issue 31): the page's data carries the open tables (`TableHolder.listing`: who sits where,
  never a hand, a seed or a kernel's id); ``teacher/table.svg?code=CODE`` draws a table's board
  as a spectator sees it (the public view only), ``teacher/tables?watch=CODE&after=N`` waits for a
  table's next change, ``POST teacher/tables?do=close|idle&code=CODE`` closes it or gives its idle
  seats to bots (`TeacherTablesHandler`).

Every name and answer a student typed reaches the page as JSON and is put in with ``textContent``
(never as HTML); the page's Content-Security-Policy runs no script but its own (a nonce).
"""

from __future__ import annotations

import asyncio
import hashlib
import hmac
import html
import io
import json
import secrets
from urllib.parse import urlencode

from jupyter_server.utils import url_path_join
from sqlalchemy import select
from tornado import web

from ..classroom.schema import ANSWER_LEN, answers, students
from ..classroom.store import ProgressError, check_class_code, check_lesson, teacher_board, write_csv
from ..i18n import LANGUAGES, _, normalize
from ..teach import MAX_LESSON_BYTES
from .progress import ProgressService, header_token, is_hub_teacher

PATH = "nbgames/teacher"
COOKIE = "nbgames-teacher"
POLL_MS = 3000


def cookie_value(token: str) -> str:
    """What the teacher's cookie holds: a keyed hash of the token (the token itself stays out of it)."""
    return hmac.new(token.encode(), b"nbgames teacher page", hashlib.sha256).hexdigest()


_by_game: dict[str, dict[str, list[list[str]]]] = {}


def lessons_by_game(lang: str) -> dict[str, list[list[str]]]:
    """Every built-in lesson, [id, title in `lang`], by game (the teacher hands them out by game)."""
    if lang not in _by_game:
        from ..ui.step_picture import builtin_lessons_by_game

        _by_game[lang] = {game: [[lesson.id, lesson.title] for lesson in lessons]
                          for game, lessons in builtin_lessons_by_game(lang).items()}
    return _by_game[lang]


def lesson_titles(lang: str) -> dict[str, str]:
    """Every built-in lesson's title in `lang`, by id."""
    return {lesson: title for lessons in lessons_by_game(lang).values() for lesson, title in lessons}


def page_texts(lang: str) -> dict[str, str]:
    """The page's words in `lang`."""
    return {
        "title": _("Your class", lang),
        "class": _("Class", lang),
        "no_class": _("Nobody has joined a class yet. Give your students a class code (for example "
                      "maple-3): they type it with a nickname in the 'Join a class' box of a lesson page.", lang),
        "student": _("Student", lang),
        "done": _("done", lang), "started": _("working on it", lang), "stuck": _("stuck", lang),
        "not_started": _("not started", lang),
        "stuck_note": _("stuck: 3 wrong answers or more on one step, and no right one yet.", lang),
        "steps": _("Step by step", lang), "lesson": _("Lesson", lang), "step": _("Lesson step", lang),
        "answered": _("Students", lang), "right_first": _("Right at the first try", lang),
        "wrong": _("Most common wrong answers", lang),
        "answers": _("Answers", lang), "games": _("Games finished", lang),
        "export": _("Download the table (CSV)", lang), "export_answers": _("Download every answer (CSV)", lang),
        "updated": _("Updated {time}: the page follows the class by itself.", lang),
        "offline": _("The server does not answer: the table shows what it said last.", lang),
        "times": _("{n}×", lang),
        "nobody": _("No student in this class yet.", lang),
        "assign": _("Hand out lessons", lang),
        "assign_how": _("Tick the lessons, then give the class this link: their learn page lists these "
                        "lessons first and opens the first one.", lang),
        "game": _("Game", lang),
        "board": _("The board at this step", lang),
        "board_alt": _("The board the students saw at step {n} of {lesson}", lang),
        "file": _("lesson file", lang),
        "upload": _("Add a lesson file (made with the lesson recorder):", lang),
        "upload_how": _("It is checked first; then it can be handed out like the built-in lessons, and your "
                        "students' pages open it from this server.", lang),
        "uploaded": _("Added {name}: {title}. It is in the list of its game below.", lang),
        "upload_refused": _("This lesson file was not added: {reason}", lang),
        "upload_too_big": too_big(lang),
        **table_texts(lang),
    }


def table_texts(lang: str) -> dict[str, str]:
    """The words of the page's tables (issue 31): the list, watching one, closing it."""
    return {
        "tables": _("Tables: games played together", lang),
        "tables_how": _("A table is one game played from several devices: a student opens it on a play page and "
                        "the others join with its code. Watch a table to see its board as anyone not seated "
                        "sees it: nobody's cards.", lang),
        "no_tables": _("No table is open.", lang),
        "table": _("Table", lang), "seats": _("Seats", lang), "to_move": _("To move", lang),
        "moves": _("Moves", lang), "changed": _("Last change", lang), "state": _("State", lang),
        "playing": _("playing", lang), "over": _("finished", lang),
        "free_seat": _("free seat", lang), "bot": _("bot ({kind})", lang),
        "guest": _("a page that joined no class", lang), "idle": _("idle", lang),
        "watch": _("Watch", lang), "stop_watching": _("Stop watching", lang),
        "watching": _("Table {code}: the board as a spectator sees it (nobody's cards).", lang),
        "table_alt": _("The board of table {code}", lang),
        "close_table": _("Close the table", lang), "close_sure": _("Click again to close it", lang),
        "closed": _("Table {code} is closed.", lang),
        "idle_bots": _("Bots for idle seats", lang),
        "handed": _("At table {code}, {n} idle seats went to bots.", lang),
        "handed_none": _("No seat at table {code} has been idle long enough.", lang),
        "table_gone": _("Table {code} is no longer open.", lang),
        "refused": _("That did not work: {reason}", lang),
    }


def too_big(lang: str) -> str:
    return _("This file is too big for a lesson file (more than {limit} MB).", lang).format(
        limit=f"{MAX_LESSON_BYTES / 1e6:g}")


PAGE = """<!DOCTYPE html>
<html lang="{lang}"><head><meta charset="utf-8">
<meta name="viewport" content="width=device-width, initial-scale=1">
<title>{title}</title>
<style>
body {{ font: 15px/1.45 system-ui, sans-serif; margin: 0 auto; padding: 10px; max-width: 1100px; color: #1f2328; }}
h1 {{ font-size: 1.4em; margin: 0 0 6px; }} h2 {{ font-size: 1.15em; margin: 18px 0 6px; }}
nav, .bar {{ display: flex; flex-wrap: wrap; gap: 6px 14px; align-items: center; margin: 6px 0; }}
.scroll {{ overflow-x: auto; max-width: 100%; }}
table {{ border-collapse: collapse; }} th, td {{ border: 1px solid #c9d1d9; padding: 4px 6px; text-align: left;
  vertical-align: top; }}
th {{ background: #f3f5f7; font-weight: 600; }}
td.done {{ background: #e6f4ea; color: #14532d; }} td.stuck {{ background: #fde8e8; color: #8a1c1c; font-weight: 600; }}
td.started {{ background: #fff7e0; color: #6b4e00; }} td.not_started {{ color: #57606a; }}
.said {{ color: #57606a; font-size: .9em; }} .offline {{ color: #8a1c1c; }}
a {{ color: #0b5cad; }}
img.nbg-teacher-board {{ width: 220px; max-width: 40vw; height: auto; display: block; }}
img.nbg-teacher-table-board {{ width: 100%; max-width: 760px; height: auto; display: block;
  border: 1px solid #c9d1d9; }}
td.idle {{ color: #8a1c1c; }} button {{ font: inherit; margin: 2px 4px 2px 0; min-height: 32px; }}
</style></head>
<body>
<h1>{title}</h1>
<nav><label>{class_word} <select id="nbg-class" class="nbg-teacher-class"></select></label>
<a id="nbg-csv" class="nbg-teacher-csv" href="#">{export}</a>
<a id="nbg-csv-answers" href="#">{export_answers}</a>
<span>{languages}</span></nav>
<p id="nbg-said" class="said" role="status" aria-live="polite"></p>
<div id="nbg-none" hidden><p>{no_class}</p></div>
<div class="scroll"><table id="nbg-students" class="nbg-teacher-students"></table></div>
<p class="said">{stuck_note}</p>
<section id="nbg-tables-part" hidden>
<h2>{tables}</h2>
<p class="said">{tables_how}</p>
<p id="nbg-tables-said" class="said" role="status" aria-live="polite"></p>
<div class="scroll"><table id="nbg-tables" class="nbg-teacher-tables"></table></div>
<div id="nbg-watch" class="nbg-teacher-watch" hidden><p id="nbg-watch-said"></p>
<img id="nbg-watch-board" class="nbg-teacher-table-board" alt="">
<button type="button" id="nbg-watch-stop">{stop_watching}</button></div>
</section>
<h2>{steps}</h2>
<div class="scroll"><table id="nbg-steps" class="nbg-teacher-steps"></table></div>
<h2>{assign}</h2>
<p class="said">{assign_how}</p>
<p class="bar"><label>{upload} <input type="file" id="nbg-upload" class="nbg-teacher-upload"
  accept=".json,application/json"></label></p>
<p class="said">{upload_how}</p>
<p id="nbg-upload-said" class="said" role="status" aria-live="polite"></p>
<div class="bar"><label>{game} <select id="nbg-assign-game"></select></label></div>
<div id="nbg-assign-lessons" class="nbg-teacher-assign"></div>
<p><input id="nbg-assign-link" class="nbg-teacher-assign-link" readonly aria-label="{assign}"
  style="width: 100%; box-sizing: border-box; font: inherit"></p>
<script nonce="{nonce}">
const T = {texts};
const TITLES = {titles};
const DATA = {data_url};
const CSV = {csv_url};
const SITE = {site_url};
const GAMES = {games};
const PICTURE = {picture_url};
const LESSONS = {lessons_url};
const TABLES = {tables_url};
const TABLE_PICTURE = {table_picture_url};
const LANG = {lang_json};
const MAX_BYTES = {max_bytes};
let FILES = [];
const picked = new Set();
let shownLessons = "";
const gameSelect = document.getElementById("nbg-assign-game");
function assignLink() {{
  const picked = [...document.querySelectorAll("#nbg-assign-lessons input:checked")].map((box) => box.value);
  const out = document.getElementById("nbg-assign-link");
  if (!picked.length) {{ out.value = ""; return; }}
  const query = new URLSearchParams({{ assign: picked.join(",") }});
  if (wanted) query.set("class", wanted);
  out.value = new URL(SITE + "voila/render/" + gameSelect.value + "/learn.ipynb?" + query, window.location.href).href;
}}
function assignLessons() {{
  const list = document.getElementById("nbg-assign-lessons");
  const files = FILES.filter((f) => f.game === gameSelect.value).map((f) => ["file:" + f.name,
    f.title + " (" + T.file + ": " + f.name + ")"]);
  const lessons = [...(GAMES[gameSelect.value] || []), ...files];
  const key = gameSelect.value + JSON.stringify(lessons);
  if (key === shownLessons) return;
  shownLessons = key;
  list.replaceChildren(...lessons.map(([id, name]) => {{
    const label = document.createElement("label");
    label.style.display = "block";
    const box = document.createElement("input");
    box.type = "checkbox"; box.value = id; box.checked = picked.has(id);
    box.addEventListener("change", () => {{ if (box.checked) picked.add(id); else picked.delete(id); assignLink(); }});
    label.append(box, " " + name);
    return label;
  }}));
  assignLink();
}}
gameSelect.replaceChildren(...Object.keys(GAMES).map((game) => {{ const o = document.createElement("option");
  o.value = game; o.textContent = game; return o; }}));
gameSelect.addEventListener("change", assignLessons);
assignLessons();
let wanted = {wanted};
const select = document.getElementById("nbg-class");
function cell(row, text, tag, cls) {{
  const c = document.createElement(tag || "td");
  c.textContent = text;
  if (cls) c.className = cls;
  row.append(c);
  return c;
}}
function title(id) {{ return TITLES[id] || id; }}
function boardPicture(step) {{
  const query = new URLSearchParams({{ lesson: step.lesson, step: String(step.step), lang: LANG }});
  for (const [answer] of step.wrong) query.append("wrong", answer);
  const img = document.createElement("img");
  img.className = "nbg-teacher-board"; img.loading = "lazy"; img.decoding = "async";
  img.alt = T.board_alt.replace("{{n}}", String(step.step + 1)).replace("{{lesson}}", title(step.lesson));
  img.src = PICTURE + "?" + query;
  return img;
}}
async function upload(file) {{
  const said = document.getElementById("nbg-upload-said");
  if (file.size > MAX_BYTES) {{ said.textContent = T.upload_too_big; return; }}
  try {{
    const answer = await fetch(LESSONS + "?" + new URLSearchParams({{ name: file.name, lang: LANG }}), {{
      method: "POST", credentials: "same-origin", body: await file.arrayBuffer(),
      headers: {{ "Content-Type": "application/json", "X-Nbgames-Teacher": "1" }} }});
    const reply = await answer.json();
    if (!answer.ok) {{
      said.textContent = T.upload_refused.replace("{{reason}}", reply.error || String(answer.status));
      return;
    }}
    said.textContent = T.uploaded.replace("{{name}}", reply.file.name).replace("{{title}}", reply.file.title);
    if (GAMES[reply.file.game]) {{ gameSelect.value = reply.file.game; }}
    poll();
  }} catch (err) {{
    said.textContent = T.offline;
  }}
}}
document.getElementById("nbg-upload").addEventListener("change", (event) => {{
  const file = event.target.files[0];
  event.target.value = "";
  if (file) upload(file);
}});
let watched = null;  // the code of the table watched
let watchedVersion = -1;
let watchRun = 0;
let tableList = [];
let shownTables = "";
function fill(text, values) {{
  return Object.entries(values).reduce((out, [k, v]) => out.split("{{" + k + "}}").join(String(v)), text);
}}
function seatWords(seat) {{
  if (seat.kind !== "human") return fill(T.bot, {{ kind: seat.kind }});
  if (!seat.taken) return T.free_seat;
  if (seat.name === null) return T.guest;
  return seat.name + (seat.class && seat.class !== wanted ? " (" + seat.class + ")" : "");
}}
async function tableAct(what, code) {{
  const said = document.getElementById("nbg-tables-said");
  try {{
    const answer = await fetch(TABLES + "?" + new URLSearchParams({{ do: what, code: code, lang: LANG }}), {{
      method: "POST", credentials: "same-origin", headers: {{ "X-Nbgames-Teacher": "1" }} }});
    const reply = await answer.json();
    if (!answer.ok) {{
      said.textContent = fill(T.refused, {{ reason: reply.error || String(answer.status) }});
      return;
    }}
    if (what === "close") said.textContent = fill(T.closed, {{ code }});
    else said.textContent = fill(reply.handed ? T.handed : T.handed_none, {{ code, n: reply.handed }});
    showTables(reply.tables);
  }} catch (err) {{
    said.textContent = T.offline;
  }}
}}
function button(text, cls, act) {{
  const b = document.createElement("button");
  b.type = "button"; b.textContent = text; b.className = cls;
  b.addEventListener("click", act);
  return b;
}}
let armed = null;  // the table whose "close" was clicked once (a second click closes it)
let armedTimer = null;
function closeButton(code) {{
  const b = button(armed === code ? T.close_sure : T.close_table, "nbg-teacher-table-close", () => {{
    clearTimeout(armedTimer);
    if (armed !== code) {{  // two clicks: a table closed cannot be opened again
      armed = code; b.textContent = T.close_sure;
      armedTimer = setTimeout(() => {{ armed = null; shownTables = ""; showTables(tableList); }}, 6000);
      return;
    }}
    armed = null;
    b.disabled = true;
    tableAct("close", code);
  }});
  return b;
}}
function showWatched() {{
  const part = document.getElementById("nbg-watch");
  const table = tableList.find((t) => t.code === watched);
  if (!watched) {{ part.hidden = true; return; }}
  part.hidden = false;
  const said = document.getElementById("nbg-watch-said");
  const img = document.getElementById("nbg-watch-board");
  if (!table) {{
    said.textContent = fill(T.table_gone, {{ code: watched }});
    img.hidden = true;
    return;
  }}
  said.textContent = fill(T.watching, {{ code: watched }});
  img.hidden = false;
  img.alt = fill(T.table_alt, {{ code: watched }});
  if (table.version !== watchedVersion) {{
    watchedVersion = table.version;
    img.src = TABLE_PICTURE + "?" + new URLSearchParams({{ code: watched, v: String(table.version), lang: LANG }});
  }}
}}
function showTables(tables) {{
  const part = document.getElementById("nbg-tables-part");
  if (!tables) {{ part.hidden = true; return; }}  // no tables on this server
  part.hidden = false;
  tableList = tables;
  const key = JSON.stringify([tables, wanted, armed]);
  if (key === shownTables) {{ showWatched(); return; }}  // unchanged: its buttons stay under the pointer
  shownTables = key;
  const list = document.getElementById("nbg-tables");
  list.replaceChildren();
  const head = document.createElement("tr");
  for (const word of [T.table, T.game, T.seats, T.to_move, T.moves, T.changed, T.state, ""]) cell(head, word, "th");
  list.append(head);
  if (!tables.length) {{ const r = document.createElement("tr"); cell(r, T.no_tables); list.append(r); }}
  for (const table of tables) {{
    const row = document.createElement("tr");
    row.className = "nbg-teacher-table"; row.dataset.code = table.code; row.dataset.version = String(table.version);
    cell(row, table.code, "th"); cell(row, table.title);
    const seats = cell(row, "");
    table.seats.forEach((seat, i) => {{
      const line = document.createElement("div");
      line.className = "nbg-teacher-seat" + (seat.idle ? " idle" : "");
      line.textContent = (i + 1) + ". " + seatWords(seat) + (seat.idle ? " — " + T.idle : "");
      seats.append(line);
    }});
    const mover = table.to_move === null || table.state === "over" ? "" : (table.to_move + 1) + ". " +
      seatWords(table.seats[table.to_move]);
    cell(row, mover); cell(row, String(table.moves));
    cell(row, new Date(table.changed_at).toLocaleTimeString());
    cell(row, T[table.state] || table.state);
    const acts = cell(row, "");
    acts.append(button(T.watch, "nbg-teacher-table-watch", () => {{ watch(table.code); }}));
    if (table.seats.some((s) => s.idle)) {{
      acts.append(button(T.idle_bots, "nbg-teacher-table-idle", (event) => {{
        event.target.disabled = true; tableAct("idle", table.code); }}));
    }}
    acts.append(closeButton(table.code));
    list.append(row);
  }}
  showWatched();
}}
async function watchLoop(run) {{
  // while a table is watched, ask the server to answer as soon as its version changes (long-poll)
  while (run === watchRun && watched) {{
    try {{
      const query = new URLSearchParams({{ watch: watched, after: String(watchedVersion) }});
      const answer = await fetch(TABLES + "?" + query, {{ credentials: "same-origin", cache: "no-store" }});
      if (!answer.ok) throw new Error(String(answer.status));
      const reply = await answer.json();
      if (run !== watchRun) return;
      showTables(reply.tables);
      if (!reply.tables.some((t) => t.code === watched)) return;  // closed: nothing more to wait for
    }} catch (err) {{
      await new Promise((done) => setTimeout(done, {poll_ms}));
    }}
  }}
}}
function watch(code) {{
  watched = code; watchedVersion = -1; watchRun += 1;
  showWatched();
  document.getElementById("nbg-watch").scrollIntoView({{ block: "nearest" }});
  watchLoop(watchRun);
}}
document.getElementById("nbg-watch-stop").addEventListener("click", () => {{
  watched = null; watchRun += 1; showWatched();
}});
function show(data) {{
  showTables(data.tables);
  FILES = data.files || [];
  for (const f of FILES) TITLES[f.id] = f.title;
  assignLessons();
  const classes = data.classes || [];
  if (!wanted && classes.length) wanted = classes[0];
  select.replaceChildren(...classes.map((c) => {{ const o = document.createElement("option"); o.value = c;
    o.textContent = c; o.selected = c === wanted; return o; }}));
  document.getElementById("nbg-none").hidden = classes.length > 0;
  const q = "?class=" + encodeURIComponent(wanted || "");
  document.getElementById("nbg-csv").href = CSV + q;
  document.getElementById("nbg-csv-answers").href = CSV + q + "&what=answers";
  assignLink();
  const board = data.board;
  const table = document.getElementById("nbg-students");
  const steps = document.getElementById("nbg-steps");
  table.replaceChildren(); steps.replaceChildren();
  if (!board) return;
  const head = document.createElement("tr");
  cell(head, T.student, "th");
  for (const lesson of board.lessons) cell(head, title(lesson), "th");
  cell(head, T.answers, "th"); cell(head, T.games, "th");
  table.append(head);
  if (!board.students.length) {{ const r = document.createElement("tr"); cell(r, T.nobody); table.append(r); }}
  for (const student of board.students) {{
    const row = document.createElement("tr");
    row.className = "nbg-teacher-student";
    cell(row, student.name, "th");
    for (const lesson of board.lessons) {{
      const state = student.lessons[lesson] || "not_started";
      const mark = {{ done: "✓ ", stuck: "! ", started: "… ", not_started: "" }}[state] || "";
      const c = cell(row, mark + T[state], "td", state);
      c.dataset.lesson = lesson; c.dataset.state = state;
    }}
    cell(row, String(student.answers)); cell(row, String(student.games));
    table.append(row);
  }}
  const sh = document.createElement("tr");
  for (const word of [T.lesson, T.step, T.answered, T.right_first, T.wrong, T.board]) cell(sh, word, "th");
  steps.append(sh);
  for (const step of board.steps) {{
    const row = document.createElement("tr");
    row.className = "nbg-teacher-step";
    cell(row, title(step.lesson)); cell(row, String(step.step + 1)); cell(row, String(step.students));
    cell(row, Math.round(step.share * 100) + " %");
    const wrong = cell(row, "");
    for (const [answer, n] of step.wrong) {{
      const line = document.createElement("div");
      const code = document.createElement("code");
      code.textContent = answer;
      line.append(code, " " + T.times.replace("{{n}}", String(n)));
      wrong.append(line);
    }}
    const picture = cell(row, "");
    if (step.picture) picture.append(boardPicture(step));
    steps.append(row);
  }}
}}
async function poll() {{
  const said = document.getElementById("nbg-said");
  try {{
    const answer = await fetch(DATA + "?class=" + encodeURIComponent(wanted || ""),
                               {{ credentials: "same-origin", cache: "no-store" }});
    if (!answer.ok) throw new Error(String(answer.status));
    show(await answer.json());
    said.className = "said";
    said.textContent = T.updated.replace("{{time}}", new Date().toLocaleTimeString());
    window.__nbgTeacherPolls = (window.__nbgTeacherPolls || 0) + 1;
  }} catch (err) {{
    said.className = "said offline";
    said.textContent = T.offline;
  }}
}}
select.addEventListener("change", () => {{
  wanted = select.value;
  assignLink();
  const url = new URL(window.location.href);
  url.searchParams.set("class", wanted);
  window.history.replaceState(null, "", url);
  poll();
}});
poll();
setInterval(poll, {poll_ms});
</script>
</body></html>
"""

REFUSED = """<!DOCTYPE html>
<html lang="{lang}"><head><meta charset="utf-8"><meta name="viewport" content="width=device-width, initial-scale=1">
<title>{title}</title></head>
<body style="font: 16px/1.5 system-ui, sans-serif; max-width: 40em; margin: 2em auto; padding: 0 12px">
<h1 style="font-size: 1.3em">{title}</h1><p>{words}</p></body></html>
"""


def _json_for_script(value) -> str:
    """JSON safe inside a <script> element (no "</script>", no HTML comment openers)."""
    return json.dumps(value, ensure_ascii=False).replace("<", "\\u003c").replace(">", "\\u003e").replace(
        "&", "\\u0026").replace("\u2028", "\\u2028").replace("\u2029", "\\u2029")


class _TeacherBase(web.RequestHandler):
    service: ProgressService

    def initialize(self, service: ProgressService, identity=None) -> None:
        self.service = service
        self.identity = identity

    def check_xsrf_cookie(self) -> None:
        return None  # GET only

    @property
    def lang(self) -> str:
        lang = normalize(self.get_query_argument("lang", "en")[:8])
        return lang if lang in LANGUAGES else "en"

    def set_default_headers(self) -> None:
        self.set_header("Cache-Control", "no-store")
        self.set_header("X-Content-Type-Options", "nosniff")
        self.set_header("Referrer-Policy", "no-referrer")

    def token_given(self) -> str:
        return header_token(self.request) or self.get_query_argument("token", "")

    async def is_teacher(self) -> bool:
        if self.service.is_teacher_token(self.token_given()):
            return True
        cookie = self.get_cookie(COOKIE, "")
        if cookie and hmac.compare_digest(cookie.encode(), cookie_value(self.service.teacher_token).encode()):
            return True
        if self.identity is not None and self.service.kernel_owner is not None:  # under a hub
            try:
                user = await self.identity.get_user(self)
            except Exception:  # noqa: BLE001 - no hub login on this request (or the hub is away): not a teacher
                return False
            model = getattr(user, "hub_user", None) or getattr(user, "model", None)
            return is_hub_teacher(model if isinstance(model, dict) else None)
        return False

    def hub_login(self) -> bool:
        """Under a hub, a visitor with no hub session (and no token) goes to the hub's login and
        comes back here (the identity provider's `get_user` found nobody and set the login URL)."""
        if (self.identity is None or self.service.kernel_owner is None or self.token_given()
                or getattr(self, "_jupyterhub_user", False) is not None):
            return False
        self.redirect(self.get_login_url())
        return True

    def refuse(self) -> None:
        self.set_status(403)
        self.set_header("Content-Type", "text/html; charset=utf-8")
        words = _("This page is for the teacher. Open it with the teacher's link: the address "
                  "nbgames serve printed when it started, with ?token= at its end.", self.lang)
        self.finish(REFUSED.format(lang=self.lang, title=html.escape(_("For the teacher only", self.lang)),
                                   words=html.escape(words)))

    def class_code(self) -> str | None:
        code = self.get_query_argument("class", "")
        if not code:
            return None
        try:
            return check_class_code(code)
        except ProgressError as exc:
            raise web.HTTPError(400, str(exc)) from None

    async def in_thread(self, function, *args):
        return await asyncio.get_running_loop().run_in_executor(self.service.executor, function, *args)

    @property
    def tables(self):
        """The server's tables (`nbgames.serve.tables.TablesService`), or None: none on this server
        (under the hub's class service, so far)."""
        return getattr(self.service, "tables", None)

    async def table_list(self) -> list[dict] | None:
        """The open tables (`TableHolder.listing`), each with its game's title in the page's language."""
        from ..ui.rules_panel import game_title

        if self.tables is None:
            return None
        tables = await self.tables.run(self.tables.holder.listing)
        for table in tables:
            table["title"] = game_title(table["game"], self.lang)
        return tables

    def answer_json(self, status: int, **data) -> None:
        self.set_status(status)
        self.set_header("Content-Type", "application/json")
        self.finish(json.dumps(data))


class TeacherPageHandler(_TeacherBase):
    """The page itself."""

    async def get(self) -> None:
        given = self.get_query_argument("token", "")
        if not await self.is_teacher():
            return None if self.hub_login() else self.refuse()
        if given:  # the link's token becomes a cookie, and leaves the address (history, screens)
            secure = self.request.protocol == "https"
            self.set_cookie(COOKIE, cookie_value(self.service.teacher_token), path=self.request.path,
                            httponly=True, samesite="Strict", secure=secure)
            rest = {k: self.get_query_argument(k) for k in ("class", "lang") if self.get_query_argument(k, "")}
            return self.redirect(self.request.path + (f"?{urlencode(rest)}" if rest else ""))
        lang, nonce = self.lang, secrets.token_urlsafe(16)
        texts = page_texts(lang)
        base = self.request.path.rstrip("/")
        other = [f"<a href='?{html.escape(urlencode({'lang': code, **self._class_arg()}))}' lang='{code}'>"
                 f"{html.escape(name)}</a>" for code, name in LANGUAGES.items() if code != lang]
        page = PAGE.format(
            lang=lang, title=html.escape(texts["title"]), class_word=html.escape(texts["class"]),
            export=html.escape(texts["export"]), export_answers=html.escape(texts["export_answers"]),
            no_class=html.escape(texts["no_class"]), stuck_note=html.escape(texts["stuck_note"]),
            steps=html.escape(texts["steps"]), languages=" ".join(other), nonce=nonce,
            assign=html.escape(texts["assign"]), assign_how=html.escape(texts["assign_how"]),
            game=html.escape(texts["game"]), games=_json_for_script(lessons_by_game(lang)),
            site_url=_json_for_script(base[: -len(PATH)] if base.endswith(PATH) else "/"),
            texts=_json_for_script(texts), titles=_json_for_script(lesson_titles(lang)),
            data_url=_json_for_script(base + "/data"), csv_url=_json_for_script(base + "/export.csv"),
            picture_url=_json_for_script(base + "/step.svg"), lessons_url=_json_for_script(base + "/lessons"),
            tables_url=_json_for_script(base + "/tables"), table_picture_url=_json_for_script(base + "/table.svg"),
            tables=html.escape(texts["tables"]), tables_how=html.escape(texts["tables_how"]),
            stop_watching=html.escape(texts["stop_watching"]),
            lang_json=_json_for_script(lang), max_bytes=MAX_LESSON_BYTES,
            upload=html.escape(texts["upload"]), upload_how=html.escape(texts["upload_how"]),
            wanted=_json_for_script(self.class_code() or ""), poll_ms=POLL_MS)
        self.set_header("Content-Type", "text/html; charset=utf-8")
        self.set_header("Content-Security-Policy", f"default-src 'none'; script-src 'nonce-{nonce}'; "
                        "style-src 'unsafe-inline'; connect-src 'self'; img-src 'self'; base-uri 'none'; "
                        "form-action 'none'; frame-ancestors 'none'")
        self.finish(page)

    def _class_arg(self) -> dict:
        code = self.get_query_argument("class", "")
        return {"class": code} if code else {}


class TeacherDataHandler(_TeacherBase):
    """The page's JSON: the classes, the chosen class's board, the lesson files and the open tables."""

    async def get(self) -> None:
        if not await self.is_teacher():
            return self.answer_json(403, error="for the teacher only")
        code = self.class_code()
        store = self.service.store
        classes = await self.in_thread(store.classes)
        if code is None and classes:
            code = classes[0]
        board = await self.in_thread(teacher_board, store, code) if code in classes else None
        files = await self.in_thread(self.service.lesson_files.entries, self.lang)
        drawn = set(lesson_titles(self.lang)) | {entry["id"] for entry in files}
        for step in board["steps"] if board else []:  # a lesson file the server lacks has no picture
            step["picture"] = step["lesson"] in drawn
        self.set_header("Content-Type", "application/json")
        self.finish(json.dumps({"classes": classes, "board": board, "files": files,
                                "tables": await self.table_list()}))


class TeacherExportHandler(_TeacherBase):
    """The class as CSV: each student's lessons, or every answer (``what=answers``)."""

    async def get(self) -> None:
        if not await self.is_teacher():
            return self.refuse()
        code = self.class_code()
        if code is None:
            raise web.HTTPError(400, "name the class: ?class=CODE")
        what = self.get_query_argument("what", "lessons")
        if what == "answers":
            rows = await self.in_thread(answer_rows, self.service.store, code)
        else:
            files = await self.in_thread(self.service.lesson_files.entries, self.lang)
            titles = {**lesson_titles(self.lang), **{entry["id"]: entry["title"] for entry in files}}
            rows = await self.in_thread(lesson_rows, self.service.store, code, titles)
        out = io.StringIO()
        write_csv(out, rows)
        self.set_header("Content-Type", "text/csv; charset=utf-8")
        self.set_header("Content-Disposition", f'attachment; filename="nbgames-{code}-{what}.csv"')
        self.finish("\ufeff" + out.getvalue())  # the BOM: spreadsheets read the Japanese right


class TeacherPictureHandler(_TeacherBase):
    """``step.svg?lesson=ID&step=N[&wrong=ANSWER…][&lang=ja]``: the board of a lesson step as the
    students saw it, the squares of the wrong answers (at most `MAX_MARKS`) marked."""

    def set_default_headers(self) -> None:
        super().set_default_headers()
        self.set_header("Cache-Control", "private, max-age=60")  # the page asks again every few seconds

    async def get(self) -> None:
        from ..ui.step_picture import MAX_MARKS

        if not await self.is_teacher():
            return self.refuse()
        lesson, step = self.get_query_argument("lesson", ""), self.get_query_argument("step", "")
        wrong = self.get_query_arguments("wrong")
        if not step.isdigit() or len(step) > 4 or len(wrong) > MAX_MARKS or any(len(w) > ANSWER_LEN for w in wrong):
            raise web.HTTPError(400, "ask for ?lesson=ID&step=N and at most 3 wrong answers")
        try:
            check_lesson(lesson, int(step), self.service.lesson_files.steps)  # (folders read for a file only)
        except ProgressError as exc:
            raise web.HTTPError(400, str(exc)) from None
        try:
            svg = await asyncio.get_running_loop().run_in_executor(
                self.service.pictures, draw_step, self.service, lesson, int(step), self.lang, wrong)
        except (KeyError, ValueError):
            raise web.HTTPError(404, "no such lesson step here") from None
        self.set_header("Content-Type", "image/svg+xml; charset=utf-8")
        self.set_header("Content-Security-Policy", "default-src 'none'; style-src 'unsafe-inline'")
        self.finish(svg)


class TeacherTablesHandler(_TeacherBase):
    """The tables, for the teacher (issue 31; docs/serving.md "Running a class").

    - ``GET tables[?watch=CODE&after=N]``: ``{"tables": [...]}`` (`TableHolder.listing`); with
      ``watch``, held up to `MAX_WAIT` seconds until that table's version passes N (or it closes):
      the page watching a table redraws its picture as soon as it changes;
    - ``POST tables?do=close&code=CODE``: close the table (the teacher may close any);
      ``POST tables?do=idle&code=CODE``: its idle seats go to bots (`TableHolder.hand_idle_seats`).
      Only from the page itself: it sends ``X-Nbgames-Teacher: 1``, which no other site's form or
      script can add (as for lesson uploads). Answers ``{"handed": n, "tables": [...]}``."""

    async def get(self) -> None:
        from ..tables.holder import TableError, check_code
        from .tables import MAX_WAIT

        if not await self.is_teacher():
            return self.answer_json(403, error="for the teacher only")
        if self.tables is None:
            return self.answer_json(404, error="this server holds no tables")
        watch, after = self.get_query_argument("watch", ""), self.get_query_argument("after", "")
        if watch:
            try:
                code, after = check_code(watch), int(after) if after else -1
            except (TableError, ValueError):
                return self.answer_json(400, error="watch=CODE&after=VERSION (a whole number)")
            try:
                waits = self.tables.holder.version(code) <= after
            except TableError:
                waits = False  # closed or unknown: the list says so at once
            if waits:
                await self.tables.wait_for(code, after, MAX_WAIT)
        self.answer_json(200, tables=await self.table_list())

    async def post(self) -> None:
        from ..tables.holder import TableError

        if self.request.headers.get("X-Nbgames-Teacher") != "1" or not await self.is_teacher():
            return self.answer_json(403, error=_("For the teacher only", self.lang))
        if self.tables is None:
            return self.answer_json(404, error="this server holds no tables")
        what, code = self.get_query_argument("do", ""), self.get_query_argument("code", "")
        holder, handed = self.tables.holder, 0
        try:
            if what == "close":
                await self.tables.run(holder.close, code)  # (no `who`: the server, for the teacher)
            elif what == "idle":
                handed = len(await self.tables.run(holder.hand_idle_seats, code=code))
            else:
                return self.answer_json(400, error="do=close or do=idle, and code=CODE")
        except TableError as exc:
            return self.answer_json(exc.status, error=str(exc))
        self.answer_json(200, handed=handed, tables=await self.table_list())


class TeacherTablePictureHandler(_TeacherBase):
    """``table.svg?code=CODE[&v=N][&lang=ja]``: the table's board as a spectator sees it — the
    public view only (`nbgames.ui.step_picture.table_picture`), nobody's hand — as SVG with no
    script. ``v`` (the version the page knows) only makes each version's address its own."""

    async def get(self) -> None:
        from ..tables.holder import TableError

        if not await self.is_teacher():
            return self.refuse()
        if self.tables is None:
            raise web.HTTPError(404, "this server holds no tables")
        try:
            svg = await asyncio.get_running_loop().run_in_executor(
                self.service.pictures, draw_table, self.tables.holder, self.get_query_argument("code", ""), self.lang)
        except TableError as exc:
            raise web.HTTPError(exc.status, str(exc)) from None
        self.set_header("Content-Type", "image/svg+xml; charset=utf-8")
        self.set_header("Content-Security-Policy", "default-src 'none'; style-src 'unsafe-inline'")
        self.finish(svg)


def draw_table(holder, code: str, lang: str) -> str:
    """The SVG of a table's board as anyone not seated sees it (TableError: no such open table)."""
    from ..tables.holder import check_code
    from ..ui.rules_panel import game_title
    from ..ui.step_picture import table_picture

    code = check_code(code)
    def title(game) -> str:
        return _("Table {code}: {game}", lang).format(code=code, game=game_title(game.name, lang))

    return table_picture(code, lang, holder.version(code), lambda: holder.snapshot(code), title)


def draw_step(service: ProgressService, lesson_id: str, step: int, lang: str, wrong: list[str]) -> str:
    """The SVG of a lesson step's board (`nbgames.ui.step_picture`): a built-in lesson or a lesson file."""
    from ..ui.step_picture import builtin_lesson, step_picture

    def find(lesson: str, lang: str):
        return builtin_lesson(lesson, lang) or service.lesson_files.lesson(lesson, lang)

    picture = step_picture(lesson_id, step, lang, find)
    title = _("{lesson}, step {n}", lang).format(lesson=picture.lesson.title, n=step + 1)
    return picture.svg(wrong, title)


@web.stream_request_body
class TeacherLessonsHandler(_TeacherBase):
    """``POST lessons?name=FILE.json``: the teacher uploads a lesson file (the body, at most
    `MAX_LESSON_BYTES`), checked and kept with the class's lesson files (`LessonFiles.add`).
    Only from the teacher page itself: it sends the header ``X-Nbgames-Teacher: 1``, which no
    other site's form or script can add without this server's leave."""

    def prepare(self) -> None:
        self._body = bytearray()
        self._too_big = False
        length = self.request.headers.get("Content-Length", "")
        if self.request.method == "POST":
            if not length.isdigit():
                raise web.HTTPError(411, "send the file with a Content-Length")
            self.request.connection.set_max_body_size(MAX_LESSON_BYTES + 1)
            self._too_big = int(length) > MAX_LESSON_BYTES

    def data_received(self, chunk: bytes) -> None:
        if not self._too_big:
            self._body += chunk
            self._too_big = len(self._body) > MAX_LESSON_BYTES

    def answer(self, status: int, **data) -> None:
        self.set_status(status)
        self.set_header("Content-Type", "application/json")
        self.finish(json.dumps(data))

    async def post(self) -> None:
        from ..classroom.lessonfiles import LessonFileError
        from ..teach import LessonError
        from ..ui.step_picture import forget_pictures

        if self.request.headers.get("X-Nbgames-Teacher") != "1" or not await self.is_teacher():
            return self.answer(403, error=_("For the teacher only", self.lang))
        if self._too_big:
            return self.answer(413, error=too_big(self.lang))
        files = self.service.lesson_files
        try:
            entry = await self.in_thread(files.add, self.get_query_argument("name", ""), bytes(self._body), self.lang)
        except (LessonFileError, LessonError) as exc:
            return self.answer(400, error=exc.localized(self.lang))
        forget_pictures(entry["id"])
        self.answer(201, file=entry)


def lesson_rows(store, code: str, titles: dict[str, str]) -> list[list]:
    """Each student × lesson of the class: its state, the student's answers and games
    (`titles`: each lesson's title by id)."""
    board = teacher_board(store, code)
    rows: list[list] = [["class", "student", "lesson", "title", "state", "answers", "games"]]
    for student in board["students"]:
        for lesson in board["lessons"]:
            rows.append([code, student["name"], lesson, titles.get(lesson, lesson),
                         student["lessons"].get(lesson, "not_started"), student["answers"], student["games"]])
    return rows


def answer_rows(store, code: str) -> list[list]:
    """Every answer of the class, in the order given."""
    rows: list[list] = [["class", "student", "lesson", "step", "right", "answer", "seconds", "show_me", "at"]]
    with store.engine.connect() as connection:
        query = (select(students.c.name, answers.c.lesson, answers.c.step, answers.c.right, answers.c.answer,
                        answers.c.seconds, answers.c.showed, answers.c.at)
                 .join(students, students.c.id == answers.c.student_id)
                 .where(students.c.class_code == code).order_by(answers.c.id))
        for r in connection.execute(query):
            rows.append([code, r.name, r.lesson, r.step + 1, int(r.right), r.answer, round(r.seconds, 1),
                         int(r.showed), r.at.isoformat()])
    return rows


def handlers(base_url: str, service: ProgressService, identity=None) -> list[tuple]:
    path = url_path_join(base_url, PATH)
    args = {"service": service, "identity": identity}
    return [(path, TeacherPageHandler, args), (url_path_join(path, "data"), TeacherDataHandler, args),
            (url_path_join(path, "export.csv"), TeacherExportHandler, args),
            (url_path_join(path, "step.svg"), TeacherPictureHandler, args),
            (url_path_join(path, "lessons"), TeacherLessonsHandler, args),
            (url_path_join(path, "tables"), TeacherTablesHandler, args),
            (url_path_join(path, "table.svg"), TeacherTablePictureHandler, args)]
