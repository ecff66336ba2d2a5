# make run:  the simulator window (two players on one keyboard).
# make demo: a full seeded game between two random players, printed as a trace (no screen needed).
# make test: the everyday tests (all but those marked slow), in a virtual environment with the pinned tools,
#            a pytest-xdist worker a core (JOBS=1: in one process; docs/performance.md "How long the tests take").
# make test-all: every test, the slow ones too (what CI runs); make test-slow: only the slow ones.
# make web:  the browser edition, a static site in build/web/ (make web-serve: served on 127.0.0.1).
PYTHON ?= python3
VENV := .venv
BIN := $(VENV)/bin
STAMP := $(VENV)/.installed-dev
RUN_STAMP := $(VENV)/.installed-run

.PHONY: run demo test test-all test-slow bench bench-mpy bench-cp bench-web circuitpython screenshot web web-serve clean

# Python's bytecode, the project's and the packages', goes to .cache/pycache in the clone (ignored by git,
# removed by make clean), so the tree stays free of __pycache__ folders. With PYTHONDONTWRITEBYTECODE set (as
# on some machines) every process compiled everything again: each test process and each tool it starts.
PY := env -u PYTHONDONTWRITEBYTECODE PYTHONPYCACHEPREFIX=$(CURDIR)/.cache/pycache $(BIN)/python

run: $(RUN_STAMP)
	@$(PY) code.py

$(RUN_STAMP): requirements.txt
	$(PYTHON) -m venv $(VENV)
	$(BIN)/python -m pip install --quiet --disable-pip-version-check -r requirements.txt
	touch $(RUN_STAMP)

demo:
	$(PYTHON) tools/demo.py --seed $(or $(SEED),1)

# (--no-compile: every command here reads bytecode from .cache/pycache, never from the packages' folders)
$(STAMP): requirements.txt requirements-dev.txt
	$(PYTHON) -m venv $(VENV)
	$(BIN)/python -m pip install --quiet --disable-pip-version-check --no-compile -r requirements-dev.txt
	touch $(STAMP) $(RUN_STAMP)

JOBS ?= auto
PYTEST := $(PY) -m pytest $(if $(filter 1,$(JOBS)),-p no:xdist,-n $(JOBS))

test: $(STAMP)
	$(PYTEST) -m "not slow"

test-slow: $(STAMP)
	$(PYTEST) -m slow

test-all: $(STAMP)
	$(PYTEST)

bench: $(STAMP)
	$(PY) tools/bench/bench.py

bench-mpy: $(STAMP)
	$(PY) tools/bench/bench_mpy.py

# The browser edition (README "In a browser"): Pyodide from the npm package pinned in web/package-lock.json
# (installed once into .cache/web/ by npm ci), the game's Python and its libraries; PORT=8000 by default.
web: $(RUN_STAMP)
	$(PY) tools/web.py

web-serve: $(RUN_STAMP)
	$(PY) tools/web.py --serve --port $(or $(PORT),8000)

bench-web: $(STAMP)
	$(PY) tools/bench/bench_web.py

bench-cp: $(STAMP)
	$(PY) tools/bench/bench_cp.py

# CircuitPython's mpy-cross, 32-bit VMs and board VM, built once into ~/.cache/spit/circuitpython/<the kit's
# version>/vm-<a hash of the VMs' make arguments>/, outside the clone, so every clone of the machine shares them
# (needs gcc-multilib)
circuitpython: $(STAMP)
	$(PY) tools/board/circuitpython.py

# The README's screenshots: scripted openings of Spit, Speed and California Spit, headless, enlarged 3 times,
# and the browser edition's page in headless Chromium
# (the three- and four-seat Speed tables: PYTHONPATH=. .venv/bin/python tests/ui/speed/test_speed_table_seats.py).
screenshot: $(STAMP)
	$(PY) code.py --headless --script docs/img/opening.json --screenshot docs/img/table.png --zoom 3
	$(PY) code.py --headless --script docs/img/speed.json --screenshot docs/img/speed.png --zoom 3
	$(PY) code.py --headless --script docs/img/california.json --screenshot docs/img/california.png --zoom 3
	for size in 240x135 240x240; do \
	  $(PY) code.py --headless --size $$size --script docs/img/opening.json --screenshot docs/img/table-$$size.png --zoom 2 && \
	  $(PY) code.py --headless --size $$size --script docs/img/speed.json --screenshot docs/img/speed-$$size.png --zoom 2 && \
	  $(PY) code.py --headless --size $$size --script docs/img/california.json --screenshot docs/img/california-$$size.png --zoom 2; \
	done
	$(PY) tools/web.py --screenshot docs/img/web.png

clean:
	rm -rf $(VENV) .pytest_cache .hypothesis .cache build
