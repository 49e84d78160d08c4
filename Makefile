# The two commands the README shows, and the phone build. Each builds .venv on first use.
PYTHON ?= python3
VENV   := .venv
BIN    := $(VENV)/bin

.PHONY: run test check test-deep site bench soak clean

$(BIN)/python:
	$(PYTHON) -c 'import sys; sys.exit(0 if sys.version_info >= (3, 11) else "Companion needs Python 3.11 or newer")'
	$(PYTHON) -m venv $(VENV)
	$(BIN)/python -m pip install --quiet --upgrade pip "setuptools>=77"

$(VENV)/.run-installed: pyproject.toml | $(BIN)/python
	$(BIN)/python -m pip install --quiet -e .
	touch $@

$(VENV)/.test-installed: pyproject.toml | $(BIN)/python
	$(BIN)/python -m pip install --quiet -e ".[test]"
	touch $@ $(VENV)/.run-installed

run: $(VENV)/.run-installed
	$(BIN)/companion $(ARGS)

# The suite on both cores (pytest-xdist; docs/testing.md: what each worker keeps its own); the 15 slowest
# tests named at the end, so that a slow one is seen when it is added.
PYTEST := $(BIN)/python -m pytest -n 2 --dist loadgroup --durations=15

test: $(VENV)/.test-installed
	tools/ensure-chromium
	$(PYTEST) $(PYTEST_ARGS)

# The quick inner loop, for every change: the unit and headless-page tests, no browser.
check: $(VENV)/.test-installed
	$(PYTEST) tests/unit tests/ui $(PYTEST_ARGS)

# The whole suite with Hypothesis's deep budgets (tests/budgets.py), for work on the rules.
test-deep:
	HYPOTHESIS_PROFILE=deep $(MAKE) test

# Companion on one phone with no computer: a static folder (build/site) any static host serves.
site: $(VENV)/.run-installed
	$(BIN)/python -m companion.site.build $(or $(OUT),build/site)

bench: $(VENV)/.test-installed
	$(BIN)/python benchmarks/run_all.py

soak: $(VENV)/.test-installed
	$(BIN)/python -m tests.soak run 1000
	tools/ensure-chromium
	$(BIN)/python -m tests.soak_server run 30

clean:
	rm -rf $(VENV) build *.egg-info .pytest_cache .hypothesis
