# make run:  the simulator window (two players on one keyboard).
# make demo: a full seeded game between two random players, printed as a trace (no screen needed).
# make test: the test suite, in a virtual environment with the pinned tools.
PYTHON ?= python3
VENV := .venv
BIN := $(VENV)/bin
STAMP := $(VENV)/.installed-dev
RUN_STAMP := $(VENV)/.installed-run

.PHONY: run demo test bench bench-mpy bench-cp circuitpython screenshot clean

run: $(RUN_STAMP)
	$(BIN)/python code.py

$(RUN_STAMP): requirements.txt
	$(PYTHON) -m venv $(VENV)
	$(BIN)/python -m pip install --quiet --disable-pip-version-check -r requirements.txt
	touch $(RUN_STAMP)

demo:
	$(PYTHON) tools/demo.py --seed $(or $(SEED),1)

$(STAMP): requirements.txt requirements-dev.txt
	$(PYTHON) -m venv $(VENV)
	$(BIN)/python -m pip install --quiet --disable-pip-version-check -r requirements-dev.txt
	touch $(STAMP) $(RUN_STAMP)

test: $(STAMP)
	$(BIN)/python -m pytest

bench: $(STAMP)
	$(BIN)/python tools/bench.py

bench-mpy: $(STAMP)
	$(BIN)/python tools/bench_mpy.py

bench-cp: $(STAMP)
	$(BIN)/python tools/bench_cp.py

# CircuitPython's mpy-cross and 32-bit VM, built once into .cache/circuitpython/ (needs gcc-multilib)
circuitpython: $(STAMP)
	$(BIN)/python tools/circuitpython.py

# The README's screenshots: scripted openings of Spit, Speed and California Spit, headless, enlarged 3 times
# (the three- and four-seat Speed tables: PYTHONPATH=. .venv/bin/python tests/test_speed_table_seats.py).
screenshot: $(RUN_STAMP)
	$(BIN)/python code.py --headless --script docs/img/opening.json --screenshot docs/img/table.png --zoom 3
	$(BIN)/python code.py --headless --script docs/img/speed.json --screenshot docs/img/speed.png --zoom 3
	$(BIN)/python code.py --headless --script docs/img/california.json --screenshot docs/img/california.png --zoom 3

clean:
	rm -rf $(VENV) .pytest_cache .hypothesis .cache
