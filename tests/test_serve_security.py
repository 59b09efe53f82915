"""Security of a running `nbgames serve`: what an anonymous visitor can and cannot do.

The server here serves tests/serve/notebooks (a gallery, a small board app, a page that raises)
with the shipped voila.json plus fast culling, so each rule is tested against the real stack.
"""

from __future__ import annotations

import ctypes
import json
import os
import signal
import socket
import subprocess
import sys
import time
import urllib.error
import urllib.request
from pathlib import Path

import pytest
import websocket
from support import ROOT, Server, free_port

sys.path.insert(0, str(Path(__file__).parent / "serve"))
from kernel_client import KernelSocket, open_page  # noqa: E402

TEST_NOTEBOOKS = Path(__file__).parent / "serve" / "notebooks"
BOARD = "games/board.ipynb"
BUSY = "games/busy.ipynb"  # its kernel keeps updating a widget, like bots of an abandoned game
FAST_CULL = {
    "MappingKernelManager": {"cull_interval": 2, "cull_idle_timeout": 6},
    "ClassroomKernelManager": {"cull_connected_idle_timeout": 3600},
}


@pytest.fixture(scope="module")
def site(tmp_path_factory):
    tmp = tmp_path_factory.mktemp("serve-security")
    with Server(tmp / "voila.log", extra_args=["--notebooks", str(TEST_NOTEBOOKS)], config=FAST_CULL) as srv:
        yield srv


def http(url: str, timeout: float = 10, method: str = "GET") -> tuple[int, str, dict]:
    """Status, body and headers, without following redirects and without raising on 4xx/5xx."""
    class NoRedirect(urllib.request.HTTPRedirectHandler):
        def redirect_request(self, *args, **kwargs):
            return None

    opener = urllib.request.build_opener(NoRedirect)
    request = urllib.request.Request(url, method=method, data=b"{}" if method != "GET" else None)
    try:
        with opener.open(request, timeout=timeout) as resp:
            return resp.status, resp.read().decode("utf-8", "replace"), dict(resp.headers)
    except urllib.error.HTTPError as err:
        return err.code, err.read().decode("utf-8", "replace"), dict(err.headers)


def kernel_exists(site: Server, kernel_id: str) -> bool:
    status, _, _ = http(f"{site.url}/api/kernels/{kernel_id}")
    return status == 200


# -- pages and routes ---------------------------------------------------------------------------

def test_landing_page_is_the_gallery(site):
    status, _, headers = http(site.url + "/")
    assert status in (301, 302) and headers["Location"].endswith("/voila/render/index.ipynb")
    page, _ = open_page(site.url, "index.ipynb")
    assert "gallery-ready" in page


@pytest.mark.parametrize("path", [
    "/tree", "/tree/games", "/lab", "/lab/tree/index.ipynb", "/terminals", "/api/terminals",
    "/api/contents", "/api/contents/index.ipynb", "/voila/api/contents", "/voila/api/contents/games",
    "/api/sessions", "/api/kernels", "/api/kernelspecs", "/api/config/x", "/notebooks/index.ipynb",
    "/voila/files/index.ipynb", "/voila/files/games/board.ipynb", "/voila/render/../../etc/passwd",
    "/voila/render/nope.ipynb", "/login", "/logout",
])
def test_browsing_and_apis_are_refused(site, path):
    status, body, headers = http(site.url + path)
    if status in (301, 302) and "Location" in headers:  # e.g. a non-notebook sent to /voila/files/
        location = headers["Location"]
        status, body, _ = http(location if "://" in location else site.url + location)
    assert status in (403, 404), f"{path} answered {status}"
    assert "Traceback" not in body and str(ROOT) not in body


def test_file_tree_redirects_to_gallery(site):
    status, _, headers = http(site.url + "/voila/tree/games")
    assert status in (301, 302) and headers["Location"].endswith("/voila/render/index.ipynb")


def test_kernel_apis_refuse_writes(site):
    for method in ("POST", "PUT", "PATCH"):
        status, body, _ = http(site.url + "/api/kernels", method=method)
        assert status in (403, 404, 405), (method, status)
        assert "Traceback" not in body


def test_page_has_no_code_and_is_branded(site):
    page, _ = open_page(site.url, BOARD)
    assert "hold_canvas" not in page and "def on_mouse_down" not in page, "notebook source leaked"
    assert 'en: "Test board"' in page and '" · nbgames"' in page  # the title, in the page's language
    assert "/voila/templates/nbgames/static/favicon.svg" in page
    status, body, headers = http(site.url + "/voila/templates/nbgames/static/favicon.svg")
    assert status == 200 and "<svg" in body


def test_cell_error_shows_a_friendly_message_not_a_traceback(site):
    page, _ = open_page(site.url, "broken.ipynb")
    assert "ZeroDivisionError" not in page and "Traceback" not in page
    assert "secret-setting" not in page
    assert "could not be shown" in page


def test_unknown_page_is_friendly(site):
    status, body, _ = http(site.url + "/voila/render/missing.ipynb")
    assert status == 404 and "nbgames-error" in body and "missing.ipynb" not in body


# -- the kernel websocket -----------------------------------------------------------------------

def test_code_execution_over_the_websocket_is_refused(site, tmp_path):
    _, kernel_id = open_page(site.url, BOARD)
    marker = tmp_path / "pwned"
    code = f"open({str(marker)!r}, 'w').write('x')"
    ks = KernelSocket(site.url, kernel_id)
    try:
        for channel in ("shell", "control"):
            ks.send(channel, "execute_request", {"code": code, "silent": False, "store_history": False,
                                                 "user_expressions": {}, "allow_stdin": False})
        ks.send("shell", "inspect_request", {"code": code, "cursor_pos": 1, "detail_level": 0})
        ks.send("shell", "complete_request", {"code": code, "cursor_pos": 1})
        # Positive control: the channel works, so silence above is the server dropping the requests.
        assert ks.kernel_info() is not None
        ks.recv_until(lambda m: False, timeout=2)
    finally:
        ks.close()
    kinds = {m["header"]["msg_type"] for m in ks.seen}
    assert not kinds & {"execute_reply", "execute_input", "inspect_reply", "complete_reply", "stream"}, kinds
    assert not marker.exists(), "code sent over the kernel websocket ran"


def test_legacy_websocket_is_refused(site):
    _, kernel_id = open_page(site.url, BOARD)
    url = site.url.replace("http", "ws", 1) + f"/api/kernels/{kernel_id}/channels?session_id=x"
    with pytest.raises(websocket.WebSocketBadStatusException) as err:
        websocket.create_connection(url, timeout=5)
    assert err.value.status_code == 400


def freeze_attempt(base_url: str, notebook: str) -> float | None:
    """The attack: a legacy websocket to one's own kernel, then make the kernel draw (binary).

    Returns how long the server then took to answer an unrelated request (None: no answer in 5 s).
    """
    _, kernel_id = open_page(base_url, notebook)
    url = base_url.replace("http", "ws", 1) + f"/api/kernels/{kernel_id}/channels?session_id=legacy"
    try:
        legacy = websocket.create_connection(url, timeout=5)
    except websocket.WebSocketBadStatusException:
        legacy = None  # refused: the attack stops here; still try the draw below
    ks = KernelSocket(base_url, kernel_id)
    ks.widget_states()
    canvas = ks.models("MultiCanvasModel")[0]
    msg_id = ks.send("shell", "comm_msg", {"comm_id": canvas, "data": {
        "method": "custom", "content": {"event": "mouse_down", "x": 150, "y": 150}}})
    ks.idle_after(msg_id, timeout=3)
    time.sleep(0.5)
    start = time.monotonic()
    try:
        status, _, _ = http(base_url + "/voila/static/voila.js", timeout=5)
        answered = time.monotonic() - start if status == 200 else None
    except (TimeoutError, urllib.error.URLError, OSError):
        answered = None
    for sock in (legacy, ks):
        try:
            sock and sock.close()
        except Exception:  # the frozen server may never answer the close
            pass
    return answered


@pytest.mark.slow
def test_legacy_websocket_freeze_is_reproduced_on_plain_voila(tmp_path):
    """The bug is real on an unprotected Voilà (so the next test can fail), then nbgames is immune."""
    port = free_port()
    log = open(tmp_path / "plain.log", "wb")
    proc = subprocess.Popen(
        [sys.executable, "-m", "voila", str(TEST_NOTEBOOKS), "--no-browser", f"--port={port}",
         "--Voila.ip=127.0.0.1"], stdout=log, stderr=subprocess.STDOUT, start_new_session=True)
    try:
        deadline = time.monotonic() + 60
        while time.monotonic() < deadline:
            try:
                socket.create_connection(("127.0.0.1", port), timeout=0.5).close()
                if "is running at" in (tmp_path / "plain.log").read_text(errors="replace"):
                    break
            except OSError:
                time.sleep(0.2)
        answered = freeze_attempt(f"http://127.0.0.1:{port}", BOARD)
        assert answered is None, "plain Voilà kept answering: the freeze was not reproduced"
    finally:
        os.killpg(proc.pid, signal.SIGKILL)  # it is spinning in an endless loop, SIGTERM won't do
        proc.wait(10)
        log.close()


def test_legacy_websocket_freeze_does_not_stop_nbgames_serve(site):
    answered = freeze_attempt(site.url, BOARD)
    assert answered is not None and answered < 3, "nbgames serve stopped answering other visitors"
    page, _ = open_page(site.url, "index.ipynb", timeout=30)  # another visitor still gets a page
    assert "gallery-ready" in page


# -- hostile widget messages against the test board ---------------------------------------------

@pytest.fixture
def board(site):
    _, kernel_id = open_page(site.url, BOARD)
    ks = KernelSocket(site.url, kernel_id)
    ks.widget_states()
    yield ks
    ks.close()


def labels(ks: KernelSocket) -> tuple[str, str]:
    ks.widget_states()
    texts = ks.text_of()
    status = next(v for v in texts.values() if v and not v.startswith("["))
    record = next(v for v in texts.values() if v and v.startswith("["))
    return status, record


def button(ks: KernelSocket, description: str) -> str:
    return next(k for k in ks.models("ButtonModel") if ks.states[k]["state"]["description"] == description)


def dropdown(ks: KernelSocket, description: str) -> str:
    return next(k for k in ks.models("DropdownModel") if ks.states[k]["state"]["description"] == description)


def test_hostile_clicks_outside_the_board_change_nothing(board):
    canvas = board.models("MultiCanvasModel")[0]
    _, before = labels(board)
    for x, y in [(-1, 10), (10, -1), (300, 10), (10, 300), (1e12, 1e12), (-1e308, 5), ("1", "1"),
                 (None, None), ([1], {"a": 1}), (float("inf"), 5)]:
        board.mouse_down(canvas, x, y)  # inf goes out as the JSON extension `Infinity`
    status, after = labels(board)
    assert after == before and status.startswith("Not allowed")
    assert board.kernel_info() is not None


def test_hostile_values_out_of_range_change_nothing(board):
    _, before = labels(board)
    cell = dropdown(board, "Cell")
    slider = next(iter(board.models("IntSliderModel")))
    for state in ({"index": 99}, {"index": -5}, {"index": "x"}, {"index": None}):
        board.set_value(cell, **state)
    for value in (10**9, -(10**9), "many", None):
        board.set_value(slider, value=value)
    # ipywidgets accepts index=None (no selection) as the last word: the app must refuse it.
    board.click(button(board, "Play cell"))
    board.widget_states()
    assert board.states[slider]["state"]["value"] in (1, 2, 3)
    status, after = labels(board)
    assert after == before and status.startswith("Not allowed")


def test_disabled_button_click_changes_nothing(board):
    board.click(button(board, "New game"))
    board.widget_states()
    undo = button(board, "Undo")
    assert board.states[undo]["state"]["disabled"] is True
    board.click(undo)
    status, after = labels(board)
    assert after == "[]" and status.startswith("Not allowed")


def test_action_for_another_seat_changes_nothing(board):
    _, before = labels(board)
    seat = dropdown(board, "Seat")
    board.set_value(seat, index=1)  # the bot's seat is not an option of this page
    board.set_value(seat, index=-1)
    board.widget_states()
    assert board.states[seat]["state"]["index"] == 0
    _, after = labels(board)
    assert after == before


def test_replayed_stale_action_changes_nothing(board):
    canvas = board.models("MultiCanvasModel")[0]
    board.click(button(board, "New game"))
    board.mouse_down(canvas, 250, 250)  # cell 8, the bot answers in cell 0
    _, after_move = labels(board)
    assert json.loads(after_move) == [8, 0]
    for _ in range(3):
        board.mouse_down(canvas, 250, 250)  # the same click again, now stale
        board.mouse_down(canvas, 50, 50)  # the bot's cell
    status, after = labels(board)
    assert after == after_move and status.startswith("Not allowed")


# -- culling ------------------------------------------------------------------------------------

def shutdown_request(site: Server, kernel_id: str, fetch_site: str | None) -> int:
    """POST Voilà's page-exit shutdown for a kernel, as a browser marks it (`Sec-Fetch-Site`)."""
    headers = {"Sec-Fetch-Site": fetch_site} if fetch_site else {}
    request = urllib.request.Request(f"{site.url}/voila/api/shutdown/{kernel_id}", data=b"",
                                     method="POST", headers=headers)
    try:
        with urllib.request.urlopen(request, timeout=20) as resp:
            return resp.status
    except urllib.error.HTTPError as err:
        return err.code


def test_a_page_exit_shuts_its_kernel_down_but_only_from_the_site_itself(site):
    """Leaving or reloading a page shuts its kernel at once (no 403 in the console, no kernel
    left for the culler); a request from another site, or with no browser mark, is refused."""
    _, kernel_id = open_page(site.url, BOARD)
    assert shutdown_request(site, kernel_id, "cross-site") == 403
    assert shutdown_request(site, kernel_id, None) == 403
    assert kernel_exists(site, kernel_id)
    assert shutdown_request(site, kernel_id, "same-origin") == 204
    assert not kernel_exists(site, kernel_id)


def test_closed_pages_kernels_are_culled_and_open_ones_kept(site):
    _, closed_id = open_page(site.url, BOARD)
    _, open_id = open_page(site.url, BOARD)
    closing = KernelSocket(site.url, closed_id)
    assert closing.kernel_info() is not None
    closing.close()
    staying = KernelSocket(site.url, open_id)
    try:
        deadline = time.monotonic() + 40
        while kernel_exists(site, closed_id) and time.monotonic() < deadline:
            time.sleep(1)
        assert not kernel_exists(site, closed_id), "the kernel of a closed page was not culled"
        assert kernel_exists(site, open_id), "the kernel of an open page was culled"
        assert staying.kernel_info() is not None
    finally:
        staying.close()


def test_a_closed_pages_kernel_is_culled_even_while_it_keeps_talking(site):
    """Bots of an abandoned game keep a kernel 'active'; once its page is gone it is culled."""
    _, kernel_id = open_page(site.url, BUSY)
    sock = KernelSocket(site.url, kernel_id)
    assert sock.kernel_info() is not None
    sock.close()
    deadline = time.monotonic() + 40
    while kernel_exists(site, kernel_id) and time.monotonic() < deadline:
        time.sleep(1)
    assert not kernel_exists(site, kernel_id), "the kernel of a closed but busy page was not culled"


# -- transport ----------------------------------------------------------------------------------

def server_side_nodelay(pid: int, server_port: int, client_port: int) -> int:
    """TCP_NODELAY on the server's end of one connection, read from inside the server process:
    find the socket's inode in the server's /proc/net/tcp, its fd among the server's fds, then
    borrow that fd with pidfd_getfd (Linux >= 5.6; the server is our child, so we may)."""
    inode = None
    for line in Path(f"/proc/{pid}/net/tcp").read_text().splitlines()[1:]:
        fields = line.split()
        local, remote = fields[1], fields[2]
        if int(local.split(":")[1], 16) == server_port and int(remote.split(":")[1], 16) == client_port:
            inode = fields[9]
    assert inode, "the server has no end for this connection"
    fd = next(int(name) for name in os.listdir(f"/proc/{pid}/fd")
              if os.readlink(f"/proc/{pid}/fd/{name}") == f"socket:[{inode}]")
    libc = ctypes.CDLL(None, use_errno=True)
    pidfd = os.pidfd_open(pid)
    try:
        borrowed = libc.syscall(438, pidfd, fd, 0)  # SYS_pidfd_getfd on x86-64 and arm64
        assert borrowed >= 0, f"pidfd_getfd failed: {os.strerror(ctypes.get_errno())}"
    finally:
        os.close(pidfd)
    sock = socket.socket(fileno=borrowed)
    try:
        return sock.getsockopt(socket.IPPROTO_TCP, socket.TCP_NODELAY)
    finally:
        sock.close()


def test_kernel_websocket_sends_small_frames_without_delay(site):
    """A click's answer is a burst of small frames; with Nagle's algorithm on, each waited for the
    browser's delayed ACK (~40 ms; click -> board redrawn median 65 -> 33 ms without it)."""
    _, kernel_id = open_page(site.url, BOARD)
    ks = KernelSocket(site.url, kernel_id)
    try:
        ks.widget_states()  # the websocket is open and has carried frames both ways
        client_port = ks.ws.sock.getsockname()[1]
        assert server_side_nodelay(site.proc.pid, site.port, client_port) != 0
    finally:
        ks.close()


def test_a_taken_port_stops_the_server_with_a_message_instead_of_moving_it(tmp_path):
    """A hub routes to the port it started the service on, and a test's page to the port it asked
    for: with the port taken, `nbgames serve` says so and stops; it never serves on another port."""
    with socket.socket() as holder:
        holder.bind(("127.0.0.1", 0))
        holder.listen()
        port = holder.getsockname()[1]
        done = subprocess.run([sys.executable, "-m", "nbgames", "serve", "--port", str(port),
                               "--notebooks", str(TEST_NOTEBOOKS)],
                              cwd=ROOT, capture_output=True, text=True, timeout=120)
    said = done.stdout + done.stderr
    assert done.returncode != 0 and "no available port" in said, said[-2000:]
    assert "is running at" not in said, said[-2000:]
