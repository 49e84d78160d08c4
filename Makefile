# The two commands the README shows, and the phone build. Each builds .venv on first use.
PYTHON ?= python3
VENV   := .venv
BIN    := $(VENV)/bin

.PHONY: run test site bench soak clean

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

test: $(VENV)/.test-installed
	tools/ensure-chromium
	$(BIN)/python -m pytest $(PYTEST_ARGS)

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
