# Two commands for a fresh machine: `make serve` and `make test`.
PYTHON ?= python3
VENV := .venv
BIN := $(VENV)/bin
STAMP := $(VENV)/.installed
# configurable-http-proxy (npm) for the JupyterHub tests and benchmark, when node is here.
CHP := $(VENV)/node/node_modules/.bin/configurable-http-proxy
# axe-core (npm) for the accessibility browser tests: read from disk, never from a CDN.
AXE := $(VENV)/node/node_modules/axe-core/axe.min.js
HOST ?= 127.0.0.1
PORT ?= 8866

.PHONY: serve test fuzz bench bench-compiled bench-ui bench-load bench-tables bench-bots bench-hub proxy axe clean

$(BIN)/python:
	$(PYTHON) -m venv $(VENV)
	$(BIN)/python -m pip install --quiet --upgrade pip

# uv (from PyPI) installs the same packages as pip in about a fifth of the time (a fresh .venv:
# 18 s against 100 s here); pip stays in .venv for what expects it (the Binder test, users).
$(STAMP): $(BIN)/python pyproject.toml
	$(BIN)/python -m pip install --quiet uv
	$(BIN)/python -m uv pip install --quiet --python $(BIN)/python -e ".[test,bench]"
	touch $(STAMP)

# Without npm the hub tests skip loudly (and fail under CI=true, where .ci/run installs node).
# 5.1: the last minor that runs on Debian 12's node 18 (5.2 needs node 20).
proxy: $(BIN)/python
	@if [ ! -x $(CHP) ] && command -v npm >/dev/null 2>&1; then \
	  npm install --prefix $(VENV)/node --silent --no-audit --no-fund configurable-http-proxy@5.1; fi

# Without npm the accessibility tests skip loudly (and fail under CI=true, where .ci/run installs node).
axe: $(BIN)/python
	@if [ ! -f $(AXE) ] && command -v npm >/dev/null 2>&1; then \
	  npm install --prefix $(VENV)/node --silent --no-audit --no-fund axe-core@4.11; fi

serve: $(STAMP)
	$(BIN)/nbgames serve --host $(HOST) --port $(PORT)

# Two halves at once: the engine, lesson and notebook tests (every core, at most 4) fill the cores
# the browser tests leave while they wait on a kernel, a bot or a timer (on two cores, CI-like:
# 1,177–1,225 s at once with Debian's headless shell, forked kernels and the server's lighter page
# loads, the browser half ending at 960–1,056 s; 1,337–1,433 s before those; 1,566 s with kernels
# started anew; 1,721 s with the full Chromium). The browser tests run one module per
# core but at least two at a time and at most four; each worker starts its own server and Chromium, and
# a module's tests stay on one worker. The engine half's output follows the browser half's. A test
# that fails runs once more (real servers and kernels share the cores: a timeout now and then), and
# the summary names it.
BROWSER_WORKERS := $(shell python3 -c 'import os; print(min(4, max(2, len(os.sched_getaffinity(0)))))' 2>/dev/null || echo 2)
test: $(STAMP) proxy axe
	$(BIN)/ruff check nbgames tests benchmarks
	@mkdir -p .test-output; status=0; \
	$(BIN)/python -m pytest -q -n auto --maxprocesses 4 --dist loadfile --reruns 1 --reruns-delay 2 -rfER \
	  -p no:cacheprovider --ignore=tests/browser > .test-output/engine.txt 2>&1 & engine=$$!; \
	$(BIN)/python -m pytest -q -n $(BROWSER_WORKERS) --dist loadfile --reruns 1 --reruns-delay 2 -rfER tests/browser || status=1; \
	wait $$engine || status=1; \
	echo "== the tests without a browser (run beside the browser tests):"; cat .test-output/engine.txt; \
	exit $$status

# The conformance suite over many more seeded games than `make test` plays (2 playouts and 3
# whole games a case): every generic check of every game, variant and player count, records
# changed at random, a whole game of mixed bots per seed, and random widget events on every play and
# lesson page per seed.
SEEDS ?= 100-139
fuzz: $(STAMP)
	NBGAMES_CONTRACT_SEEDS=$(SEEDS) $(BIN)/python -m pytest -q -p no:cacheprovider -n 2 tests/test_contract.py \
		tests/test_bots.py::test_mixed_bots_play_whole_games_of_every_variant_and_table_size tests/test_page_monkey.py

# Engine speed: this tree against the engine of d414cc1 in the same run (speed_vs.py takes that
# commit out of git itself), where a decision's time goes in this tree, then each game's own figures.
# About 3 minutes on an idle machine.
bench: $(STAMP)
	$(BIN)/python benchmarks/speed_vs.py --against d414cc1 --seconds 1
	$(BIN)/python benchmarks/speed_vs.py --where --seconds 1
	$(BIN)/python benchmarks/engine.py --seconds 2
	$(BIN)/python benchmarks/newyork1901_speed.py --seconds 2
	$(BIN)/python benchmarks/newyork_city_speed.py --seconds 2

# What a compiled core would give (issue 30, item 5): the engine modules compiled with Cython in a
# temporary copy of the tree, and that copy with New York 1901's placements in C types
# (benchmarks/typed/placements.pyx), against the pure tree and d414cc1 in the same run; nothing
# ships compiled. Needs a C compiler and Python's headers. About 4 minutes on two cores.
bench-compiled: $(STAMP)
	$(BIN)/python benchmarks/compiled_core.py --seconds 1 --typed

bench-bots: $(STAMP)
	$(BIN)/python benchmarks/bots.py -n 100 --jobs 2 --log benchmarks/results

bench-ui: $(STAMP)
	$(BIN)/python benchmarks/ui.py
	$(BIN)/python benchmarks/newyork1901_ui.py
	$(BIN)/python benchmarks/newyork_city_ui.py

# A class of 20 arriving at once on the New York page (class mode): against random bots, against
# the searching bots, and recording progress off/on at a class's pace (4 answers/s) and at 20/s;
# then 1,000 malformed websocket frames beside a visitor's clicks (`make test` sends 200).
# A run that misses a target says TARGET MISSED and exits 1; the leading '-' lets the later runs
# print their figures too.
bench-load: $(STAMP)
	-$(BIN)/python benchmarks/load.py --pages 20 --raw-clients 19 --moves 10 --class-size 20
	-$(BIN)/python benchmarks/load.py --pages 20 --raw-clients 19 --moves 10 --class-size 20 --bots mcts-normal
	-$(BIN)/python benchmarks/load.py --pages 20 --raw-clients 19 --moves 10 --class-size 20 --progress --progress-rate 4 --rounds 3
	-$(BIN)/python benchmarks/load.py --pages 20 --raw-clients 19 --moves 10 --class-size 20 --progress --rounds 3
	-NBGAMES_ATTACK_FRAMES=1000 $(BIN)/python -m pytest -q -s -p no:cacheprovider tests/browser/test_hostile_frames.py
	$(MAKE) bench-tables

# Four tables of four seats on one server: a move to every other seat's answer (issue 31).
bench-tables: $(STAMP)
	$(BIN)/python benchmarks/tables_load.py --tables 4 --seats 4 --moves 40

bench-hub: $(STAMP) proxy
	$(BIN)/python benchmarks/hub.py --students 20 --moves 10 --mode service
	$(BIN)/python benchmarks/hub.py --students 20 --moves 10 --mode servers

clean:
	rm -rf $(VENV) .pytest_cache .ruff_cache
