"""The "Join a class" box of the learn and play pages (issue 29, class progress in plain serve).

Shown only when the page's kernel records the class's progress (`nbgames serve --class-progress`:
$NBGAMES_PROGRESS_URL is set) and the server is not a hub's service (under JupyterHub the hub user is
the student, nobody types a name). The student types the class code the teacher gave and a
nickname; the kernel checks both and calls ``nbgames.classroom.sink().join``. The browser keeps them
(localStorage ``nbgames/class``, apart from each page's own progress), so a reload or another page of
the same class joins again by itself. What the student did on the page before joining is sent then.
"""

from __future__ import annotations

import re
from typing import Any

import traitlets

from ..i18n import _
from .kitwidget import KitWidget

STORAGE_KEY = "nbgames/class"
CLASS_CODE = re.compile(r"^[A-Za-z0-9][A-Za-z0-9_-]{2,31}$")

ESM = r"""
const KEY = "nbgames/class";

function initialize({ model }) {
  hearKernel(model);
}

function render({ model, el }) {
  el.classList.add("nbg-class-join");
  const texts = () => model.get("texts") || {};
  const box = document.createElement("form");
  box.className = "nbg-class-form";
  box.setAttribute("aria-label", texts().title || "Join a class");
  const title = document.createElement("strong");
  const code = document.createElement("input");
  const name = document.createElement("input");
  const go = document.createElement("button");
  const said = document.createElement("span");
  code.className = "nbg-class-code"; name.className = "nbg-class-name"; go.className = "nbg-class-go";
  said.className = "nbg-class-said"; said.setAttribute("role", "status");
  code.maxLength = 32; name.maxLength = 40; code.autocomplete = "off"; name.autocomplete = "nickname";
  go.type = "submit";
  const labelled = (input, key) => {
    const label = document.createElement("label");
    const words = document.createElement("span");
    words.dataset.key = key;
    label.append(words, input);
    return label;
  };
  const codeLabel = labelled(code, "code");
  const nameLabel = labelled(name, "name");
  box.append(title, codeLabel, nameLabel, go, said);
  el.append(box);
  const words = () => {
    const t = texts();
    title.textContent = t.title || "";
    go.textContent = t.join || "";
    for (const span of box.querySelectorAll("span[data-key]")) span.textContent = t[span.dataset.key] || "";
  };
  const show = () => {
    words();
    const joined = model.get("joined");
    const editing = !joined;
    for (const part of [codeLabel, nameLabel, go]) part.style.display = editing ? "" : "none";
    said.textContent = joined ? (texts().joined || "").replace("{name}", joined.name).replace("{code}", joined.class)
                              : (model.get("refused") || "");
    said.style.color = joined ? "#1b7837" : "#b2182b";
  };
  box.addEventListener("submit", (event) => {
    event.preventDefault();
    model.send({ join: { class: code.value, name: name.value } });
  });
  model.on("msg:custom", (msg) => {
    if (msg && msg.joined) {
      try { localStorage.setItem(KEY, JSON.stringify(msg.joined)); } catch (err) { /* blocked */ }
    } else if (msg && msg.forget) {
      try { localStorage.removeItem(KEY); } catch (err) { /* blocked */ }
    }
  });
  model.on("change:joined", show);
  model.on("change:refused", show);
  model.on("change:texts", show);
  show();
  if (!model.get("joined")) {
    let kept = null;
    try { kept = JSON.parse(localStorage.getItem(KEY) || "null"); } catch (err) { kept = null; }
    if (kept && typeof kept.class === "string" && typeof kept.name === "string") {
      code.value = kept.class; name.value = kept.name;
      model.send({ join: { class: kept.class, name: kept.name }, kept: true });
    } else if (model.get("suggested")) {
      code.value = model.get("suggested");  // the teacher's link names the class
    }
  }
}
export default { initialize, render };
"""

CSS = """
.nbg-class-form { display: flex; flex-wrap: wrap; gap: 6px 10px; align-items: center; margin: 4px 0 8px;
  padding: 6px 8px; border: 1px solid #9aa5b1; border-radius: 4px; font-size: 14px; }
.nbg-class-form label { display: inline-flex; gap: 4px; align-items: center; }
.nbg-class-form input { width: 9em; max-width: 40vw; font-size: 14px; }
.nbg-class-said { flex: 1 1 100%; }
"""


class JoinBox(KitWidget):
    """The box where a student joins a class (see the module docstring); `joined`: {class, name}."""

    FROM_BROWSER = ()
    _esm = ESM
    _css = CSS
    texts = traitlets.Dict().tag(sync=True)
    joined = traitlets.Dict(allow_none=True, default_value=None).tag(sync=True)
    refused = traitlets.Unicode("").tag(sync=True)
    suggested = traitlets.Unicode("").tag(sync=True)  # the class code the page's link names (?class=)

    def __init__(self, progress: Any, lang: str | None = None, **kwargs: Any):
        kwargs.setdefault("texts", {
            "title": _("Join a class", lang), "code": _("Class code", lang), "name": _("Your nickname", lang),
            "join": _("Join", lang),
            "joined": _("You are in class {code} as {name}: your teacher sees your lessons and games.", lang),
        })
        super().__init__(**kwargs)
        self.lang = lang
        self.progress = progress
        if progress.student is not None:
            self.joined = dict(progress.student)
        self.on_msg(self._on_join)

    def join(self, class_code: str, nickname: str, kept: bool = False) -> bool:
        """Join (what the form sends); a refusal is said in the box. True if joined."""
        from ..classroom.store import ProgressError, check_class_code, check_nickname

        if self.joined:  # a page's kernel records one student (the server holds it to that)
            return False
        try:
            check_class_code(class_code)
        except ProgressError:
            return self._refuse(_("A class code is 3 to 32 letters, digits, '-' or '_': ask your teacher for it.",
                                  self.lang), kept)
        try:
            check_nickname(nickname)
        except ProgressError:
            return self._refuse(_("Type a nickname of 1 to 40 letters.", self.lang), kept)
        self.progress.join(class_code, nickname)
        self.refused = ""
        self.joined = dict(self.progress.student)
        self.send({"joined": self.joined})
        return True

    def _refuse(self, text: str, kept: bool) -> bool:
        self.refused = text
        if kept:  # what the browser kept is no good: it asks again
            self.send({"forget": True})
        return False

    def _on_join(self, _widget: Any, content: Any, _buffers: Any) -> None:
        if not isinstance(content, dict) or not isinstance(content.get("join"), dict):
            return
        data = content["join"]
        code, name = data.get("class"), data.get("name")
        if isinstance(code, str) and isinstance(name, str) and len(code) <= 100 and len(name) <= 100:
            self.join(code.strip(), name, kept=bool(content.get("kept")))


def join_box(lang: str | None = None) -> JoinBox | None:
    """The page's "Join a class" box, or None when this kernel records no class progress or runs
    under a hub (nothing to ask)."""
    from ..classroom import sink
    from .language import request_query

    progress = sink()
    if not progress.enabled or progress.hub:
        return None
    named = request_query().get("class", [""])[0]
    return JoinBox(progress, lang, suggested=named[:32] if CLASS_CODE.match(named) else "")
