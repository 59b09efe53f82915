"""The test servers' ports (`nbgames.testing.free_port`): free when handed out, never twice, and
outside the range the OS picks ports from by itself, so nothing else lands on one before its
server binds it (a JupyterHub service once found its port taken by such a pick)."""

from __future__ import annotations

import socket

from nbgames.testing import PORTS_BELOW_EPHEMERAL, _ephemeral_low, free_port


def test_ports_are_free_distinct_and_below_the_ephemeral_range():
    low = _ephemeral_low()
    ports = [free_port() for _ in range(50)]
    assert len(set(ports)) == len(ports)
    assert all(low - PORTS_BELOW_EPHEMERAL <= port < low for port in ports), (low, ports)
    with socket.socket() as sock:  # each is bindable now (one tried: the others alike)
        sock.bind(("127.0.0.1", ports[-1]))


def test_a_port_in_use_is_passed_over(monkeypatch):
    import random

    import nbgames.testing as testing

    low = _ephemeral_low()
    first = random.Random(7).randrange(low - PORTS_BELOW_EPHEMERAL, low)  # the port a fresh pick would try first
    with socket.socket() as taken:
        taken.bind(("127.0.0.1", first))
        monkeypatch.setattr(testing, "_PORTS", random.Random(7))
        monkeypatch.setattr(testing, "_HANDED_OUT", set())
        assert free_port() != first
