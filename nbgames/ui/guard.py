"""No traceback leaves the kernel: a widget message the page could not mean is refused.

A page's widgets take their values from the browser. A wrong one (the moves list's index set to
10**9 by hand, or, in normal play, a pick from a list that has just shrunk) makes ipywidgets
raise in the kernel, and it answers with the exception: ``Widget._handle_msg`` calls
``showtraceback()`` (an ``error`` message with the whole traceback, server paths included, sent
to the page) and the comm managers log theirs to the kernel's stderr, which ipykernel also
forwards to the page. The guard, installed once per kernel when a game page is built
(`install`), handles the kernel's ``comm_msg`` itself:

- a message that fails is refused: one short line goes to the kernel's own log (the server's
  log, never the page; no traceback, no path), the widget's true state is sent again (the value
  the page shows snaps back), and the page's status line says the choice was not understood;
- the comm managers' own log records (``comm_open`` / ``comm_close`` failures) become one
  short line in the kernel's log as well.

Outside a kernel (tests, plain Python) `install` only registers the page; `handle_comm_msg`
does the same work for a given comm manager, so it can be tested in-process.
"""

from __future__ import annotations

import contextlib
import logging
import threading
import weakref
from collections.abc import Callable, Iterator
from typing import Any

import ipywidgets as widgets

from ..i18n import N_, gettext

NOT_UNDERSTOOD = N_("Sorry, the page sent a choice the game did not understand, so nothing changed. "
                    "Please choose again.")
COMM_LOGGERS = ("Comm", "ipykernel.comm")  # the comm managers' loggers (they log with tracebacks)
LOG_NAME = "nbgames.guard"

_pages: list[tuple[weakref.ref, Callable[[], Callable[[], None] | None]]] = []
_lock = threading.Lock()
_log = logging.getLogger(LOG_NAME)
_log.propagate = False  # its own handler is the kernel's log (set by `install`), never stderr
_log.addHandler(logging.NullHandler())  # outside a kernel: silent
refusals = 0  # how many widget messages this kernel refused (for tests and the curious)


def install(root: widgets.Widget, refuse: Callable[[], None]) -> bool:
    """Guard this kernel's widget messages (once) and call `refuse()` when a message to a widget
    of the page `root` is refused (it says so on the page, e.g. with `not_understood(lang)`).
    Returns whether a running kernel is guarded."""
    method = weakref.WeakMethod(refuse) if hasattr(refuse, "__self__") else (lambda f=refuse: f)
    with _lock:
        _pages[:] = [(r, m) for r, m in _pages if r() is not None and m() is not None]
        _pages.append((weakref.ref(root), method))
    kernel = _kernel()
    if kernel is None:
        return False
    _guard_kernel(kernel)
    return True


def _kernel() -> Any:
    try:
        from IPython import get_ipython
    except ImportError:  # pragma: no cover - IPython comes with ipywidgets
        return None
    shell = get_ipython()
    kernel = getattr(shell, "kernel", None)
    return kernel if hasattr(kernel, "shell_handlers") and hasattr(kernel, "comm_manager") else None


def _guard_kernel(kernel: Any) -> None:
    handlers = kernel.shell_handlers
    if getattr(handlers.get("comm_msg"), "nbgames_guard", False):
        return
    _log.handlers[:] = [_KernelLog(kernel)]
    _log.setLevel(logging.INFO)
    for name in COMM_LOGGERS:
        logger = logging.getLogger(name)
        if not any(isinstance(f, _ShortLine) for f in logger.filters):
            logger.addFilter(_ShortLine())

    manager = kernel.comm_manager
    get_comm = manager.get_comm

    def safe_get_comm(comm_id: Any) -> Any:
        # ipykernel's shell channel thread looks the comm up first, by whatever id the page sent
        # (a list or a dict is unhashable: a traceback in the server's log)
        return get_comm(comm_id) if isinstance(comm_id, str) else None

    manager.get_comm = safe_get_comm

    def comm_msg(stream: Any, ident: Any, msg: dict) -> None:
        handle_comm_msg(msg, manager, kernel.shell)

    comm_msg.nbgames_guard = True  # type: ignore[attr-defined]
    handlers["comm_msg"] = comm_msg
    for name in ("comm_open", "comm_close"):
        handlers[name] = _quiet(name, handlers[name])


def _quiet(name: str, handler: Callable[..., Any]) -> Callable[..., Any]:
    """ipykernel's comm_open / comm_close, refusing a message they fail on in one short line
    (an id that is no string fails before their own logging)."""

    def quiet(stream: Any, ident: Any, msg: dict) -> Any:
        try:
            return handler(stream, ident, msg)
        except Exception as exc:  # noqa: BLE001 - a page's message never reaches the page as a traceback
            _log.warning("refused a %s message: %s", name, type(exc).__name__)
            return None

    return quiet


class _KernelLog(logging.Handler):
    """Sends the guard's lines to the kernel's own log: the server's log, not the page."""

    def __init__(self, kernel: Any):
        super().__init__()
        self.kernel = weakref.ref(kernel)

    def emit(self, record: logging.LogRecord) -> None:
        kernel = self.kernel()
        if kernel is not None:
            kernel.log.log(record.levelno, "%s", self.format(record))


class _ShortLine(logging.Filter):
    """A comm manager's record becomes one short line in the kernel's log (no traceback, no
    path); the original, which would reach the page through stderr, is dropped."""

    def filter(self, record: logging.LogRecord) -> bool:
        exc = record.exc_info[1] if record.exc_info else None
        text = record.msg if isinstance(record.msg, str) else type(record.msg).__name__
        first = text.strip().splitlines()[0] if text.strip() else "comm message"
        _log.warning("comm manager: %s%s", first.split("%")[0].strip().rstrip(":")[:80],
                     f" ({type(exc).__name__})" if exc is not None else "")
        return False


def handle_comm_msg(msg: Any, manager: Any, shell: Any = None) -> bool:
    """Handle one ``comm_msg`` as ipykernel would, but refuse one that fails (see the module's
    docstring). Returns True when the message was handled, False when it was refused."""
    comm_id = None
    failure: list[BaseException] = []
    try:
        with _quiet_tracebacks(shell, failure):
            comm_id = msg["content"]["comm_id"]
            comm = manager.get_comm(comm_id) if isinstance(comm_id, str) else None
            if comm is None:
                return True  # ipykernel ignores a message for no comm
            comm.handle_msg(msg)
    except Exception as exc:  # noqa: BLE001 - any failure of a page's message is refused
        failure.append(exc)
    if not failure:
        return True
    _refused(comm_id if isinstance(comm_id, str) else None, failure[0])
    return False


@contextlib.contextmanager
def _quiet_tracebacks(shell: Any, failure: list[BaseException]) -> Iterator[None]:
    """While a widget message is handled, ipywidgets' ``showtraceback()`` (a callback or a state
    update that raised) records the exception instead of sending it to the page."""
    if shell is None or not hasattr(shell, "showtraceback"):
        yield
        return
    import sys

    def record(*args: Any, **kwargs: Any) -> None:
        exc = sys.exc_info()[1]
        if exc is not None:
            failure.append(exc)

    had = "showtraceback" in vars(shell)
    previous = vars(shell).get("showtraceback")
    shell.showtraceback = record
    try:
        yield
    finally:
        if had:
            shell.showtraceback = previous
        else:
            del shell.showtraceback


def _refused(comm_id: str | None, exc: BaseException) -> None:
    global refusals
    refusals += 1
    widget = _widget(comm_id)
    what = type(widget).__name__ if widget is not None else "no widget"
    _log.warning("refused a widget message to %s: %s%s", what, type(exc).__name__, _where(exc))
    if widget is None:
        return
    with contextlib.suppress(Exception):  # the page shows the kernel's value again
        if getattr(widget, "comm", None) is not None:
            widget.send_state()
    refuse = _page_of(widget)
    if refuse is not None:
        try:
            refuse()
        except Exception as error:  # noqa: BLE001 - telling the page must not raise either
            _log.warning("a page could not show a refusal: %s", type(error).__name__)


def _where(exc: BaseException) -> str:
    """The deepest line of nbgames the exception passed through, by module name (no path): a
    clue for a developer, nothing of the server's layout."""
    where = ""
    tb = exc.__traceback__
    while tb is not None:
        module = tb.tb_frame.f_globals.get("__name__", "")
        if isinstance(module, str) and module.split(".")[0] == "nbgames" and module != __name__:
            where = f" (in {module}, line {tb.tb_lineno})"
        tb = tb.tb_next
    return where


def _widget(comm_id: str | None) -> widgets.Widget | None:
    if comm_id is None:
        return None
    from ipywidgets.widgets.widget import _instances

    return _instances.get(comm_id)


def _page_of(widget: widgets.Widget) -> Callable[[], None] | None:
    """The refusal callback of the page that shows `widget` (the newest page when none shows
    it, e.g. a settings control outside the board's view)."""
    with _lock:
        live = [(root, method()) for ref, method in _pages if (root := ref()) is not None]
    live = [(root, refuse) for root, refuse in live if refuse is not None]
    for root, refuse in reversed(live):
        if contains(root, widget):
            return refuse
    return live[-1][1] if live else None


def contains(root: widgets.Widget, target: widgets.Widget) -> bool:
    """Whether `target` is `root` or a widget `root` holds (children, layout, style, …)."""
    seen: set[int] = set()
    todo: list[Any] = [root]
    while todo:
        item = todo.pop()
        if item is target:
            return True
        if id(item) in seen:
            continue
        seen.add(id(item))
        if isinstance(item, widgets.Widget) and not isinstance(item, (widgets.Layout, widgets.Style)):
            for value in item._trait_values.values():
                if isinstance(value, widgets.Widget):
                    todo.append(value)
                elif isinstance(value, (list, tuple)):
                    todo.extend(v for v in value if isinstance(v, widgets.Widget))
    return False


def not_understood(lang: str | None) -> str:
    """The refusal's words in a page's language."""
    return gettext(NOT_UNDERSTOOD, lang)
