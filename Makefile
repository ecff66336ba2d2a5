# make demo: a full seeded game between two random players, printed as a trace.
# make test: the test suite, in a virtual environment with the pinned tools.
PYTHON ?= python3
VENV := .venv
BIN := $(VENV)/bin
STAMP := $(VENV)/.installed-dev

.PHONY: demo test bench bench-mpy clean

demo:
	$(PYTHON) tools/demo.py --seed $(or $(SEED),1)

$(STAMP): requirements.txt requirements-dev.txt
	$(PYTHON) -m venv $(VENV)
	$(BIN)/python -m pip install --quiet --disable-pip-version-check -r requirements-dev.txt
	touch $(STAMP)

test: $(STAMP)
	$(BIN)/python -m pytest

bench: $(STAMP)
	$(BIN)/python tools/bench.py

bench-mpy: $(STAMP)
	$(BIN)/python tools/bench_mpy.py

clean:
	rm -rf $(VENV) .pytest_cache .hypothesis
