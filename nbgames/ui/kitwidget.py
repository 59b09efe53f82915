"""`KitWidget`: the kit's anywidget base, which keeps hearing its kernel after a slow start.

anywidget gives a widget's front end two seconds to start. On a busy page (a phone, a class on one
small server, a page that builds a few hundred widgets at once) it can take longer; anywidget then
says "Failed to initialize model." and drops every later message from the kernel to that widget,
for good. For the kit that was a page which, while it worked, said its connection was lost (the
heartbeat's answers never arrived), and a live region that never spoke again.

So the front end of every kit widget starts with `HEAR_KERNEL`: once its code runs, the widget *is*
ready, so its model takes messages straight again (as any ipywidget does), and the kernel sends
what the front end may have missed meanwhile (its state, then a "welcome").
tests/browser/test_slow_kit_start.py makes such a slow start on purpose.
"""

from __future__ import annotations

import secrets
from typing import Any

import anywidget
import traitlets

HEAR_KERNEL = r"""
function hearKernel(model) {
  // `window.__nbgDeaf`: kit widgets of the page not yet welcomed by their kernel (tests read it).
  window.__nbgDeaf = (window.__nbgDeaf || 0) + 1;
  let heard = false;
  model.on("msg:custom", (msg) => {
    if (msg && msg.welcome !== undefined && !heard) { heard = true; window.__nbgDeaf -= 1; }
  });
  const uid = model.get("uid");
  const models = (model.widget_manager && model.widget_manager._models) || {};
  for (const promise of Object.values(models)) {
    Promise.resolve(promise).then((real) => {
      if (!real || real.__nbgHears || typeof real.get !== "function" || real.get("uid") !== uid) return;
      real.__nbgHears = true;
      const waiting = Object.getPrototypeOf(real);  // anywidget's model: each message waits for the start
      const base = Object.getPrototypeOf(waiting);  // ipywidgets' own model: takes it at once
      if (Object.prototype.hasOwnProperty.call(waiting, "_handle_comm_msg") && base && base._handle_comm_msg
          && real.comm && typeof real.comm.on_msg === "function") {
        real.comm.on_msg((msg) => base._handle_comm_msg.call(real, msg));  // the comm holds the handler
      }
      try { model.send({ hello: 1 }); } catch (err) { /* the page is closing: nothing to hear */ }
    }, () => {});
  }
}
"""


class KitWidget(anywidget.AnyWidget):
    """An anywidget of the kit whose front end calls ``hearKernel(model)`` first thing in its
    ``initialize`` (`HEAR_KERNEL` is put before its ESM). `FROM_BROWSER`: traits the browser
    sets, which the kernel does not send back."""

    FROM_BROWSER: tuple[str, ...] = ()
    uid = traitlets.Unicode("").tag(sync=True)  # finds this widget's model among the page's

    def __init_subclass__(cls, **kwargs: Any) -> None:
        super().__init_subclass__(**kwargs)
        esm = cls.__dict__.get("_esm")
        if isinstance(esm, str) and "function hearKernel" not in esm:
            cls._esm = HEAR_KERNEL + esm

    def __init__(self, **kwargs: Any) -> None:
        kwargs.setdefault("uid", secrets.token_hex(8))
        super().__init__(**kwargs)
        self.on_msg(self._on_hello)

    def _on_hello(self, _widget: Any, content: Any, _buffers: Any) -> None:
        if isinstance(content, dict) and content.get("hello"):
            own = [name for name in self.traits(sync=True) if not name.startswith("_")
                   and name not in self.FROM_BROWSER and name not in anywidget.AnyWidget.class_trait_names()]
            self.send_state(own)
            self.send({"welcome": 1})
