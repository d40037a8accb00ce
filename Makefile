# The two commands: `make play` and `make test`. Both set everything up on a fresh machine.
# `make test-fast` is the developer's loop: the unit tests and doctests alone.
PYTHON ?= python3
VENV   ?= .venv
BIN    := $(VENV)/bin
# pytest workers: one per core (the suite is sized for 2 cores)
JOBS   ?= auto

.PHONY: play test test-fast lint docs bench tournament mutation clean tmux chromium

$(BIN)/python:
	$(PYTHON) -m venv $(VENV)
	$(BIN)/python -m pip install --quiet --upgrade pip

# Reinstall whenever pyproject.toml changes.
$(VENV)/.installed-runtime: pyproject.toml | $(BIN)/python
	$(BIN)/python -m pip install --quiet -e .
	touch $@

$(VENV)/.installed-test: pyproject.toml | $(BIN)/python
	$(BIN)/python -m pip install --quiet -e '.[test]'
	touch $@ $(VENV)/.installed-runtime

play: $(VENV)/.installed-runtime
	$(BIN)/pokerroom play

# The real-terminal tests drive the game in tmux (Debian's package), installed here when
# missing; where it cannot be, they fall back to pexpect and pyte.
SUDO := $(if $(filter 0,$(shell id -u)),,sudo -n)
tmux:
	@command -v tmux >/dev/null 2>&1 || { command -v apt-get >/dev/null 2>&1 \
		&& $(SUDO) apt-get install -y -qq tmux >/dev/null 2>&1 \
		|| { $(SUDO) apt-get update -qq >/dev/null 2>&1 \
		     && $(SUDO) apt-get install -y -qq tmux >/dev/null 2>&1; }; } \
		|| echo "tmux is not installed: the terminal tests use pexpect and pyte"

# The room's browser tests drive Debian's chromium with Playwright (no browser download),
# installed here when missing; without it they are skipped, saying why.
chromium:
	@command -v chromium >/dev/null 2>&1 || { command -v apt-get >/dev/null 2>&1 \
		&& { $(SUDO) apt-get update -qq >/dev/null 2>&1; \
		     $(SUDO) apt-get install -y -qq chromium >/dev/null 2>&1; }; } \
		|| echo "chromium is not installed: the browser tests are skipped"

# The checks and the documentation build each take one core: they run side by side.
test: $(VENV)/.installed-test tmux chromium
	$(MAKE) --no-print-directory -j2 lint docs
	$(BIN)/python -m pytest -n $(JOBS) --dist loadgroup --durations=30

# ruff, mypy and the layers' contracts (import-linter).
lint: $(VENV)/.installed-test
	$(BIN)/ruff check --no-cache src tests benchmarks tools docs examples
	$(BIN)/mypy
	$(BIN)/lint-imports

# The fast loop while you work (CI and `make test` run everything): unit tests and
# doctests, without the tests marked slow or marked (by tests/isolation.py, which fails a
# test that should be and is not) as running programs, opening sockets, driving a
# terminal or a browser, or starting Ray; properties try fewer examples (the hypothesis
# profile `fast` of tests/conftest.py). No ruff, mypy or docs build: `make test` does those.
FAST := not slow and not subprocess and not network and not terminal and not browser and not ray
test-fast: $(VENV)/.installed-test
	$(BIN)/python -m pytest -n $(JOBS) --dist loadgroup -q --hypothesis-profile=fast \
		-m "$(FAST)" --durations=10

# The documentation site, built from docs/ into docs/_build/html (open index.html there).
# Every warning is an error: a broken reference or a command the reference lacks fails;
# -E reads every page again, so pages made from the code follow it.
docs: $(VENV)/.installed-test
	$(BIN)/python -m sphinx -E -b html -W --keep-going -q docs docs/_build/html
	@echo "the site is in docs/_build/html/index.html"

# A short freeze-out of the bots, with the progress bar, then the standings.
tournament: $(VENV)/.installed-runtime
	$(BIN)/pokerroom tournament --games 40 --seed 1

# The peers side by side; each prints its table (they take a few minutes in all).
bench: $(VENV)/.installed-test
	$(BIN)/python benchmarks/bench_evaluator.py
	$(BIN)/python benchmarks/bench_engine.py
	$(BIN)/python benchmarks/bench_equity.py
	$(BIN)/python benchmarks/bench_table.py
	$(BIN)/python benchmarks/bench_solver.py
	$(BIN)/python benchmarks/bench_envs.py

$(VENV)/.installed-mutation: pyproject.toml | $(BIN)/python
	$(BIN)/python -m pip install --quiet -e '.[mutation]'
	touch $@ $(VENV)/.installed-test $(VENV)/.installed-runtime

# Mutation testing of the core (README, "Mutation testing"): hours of CPU, so not part of
# `make test`. One mutmut run per part of the core, each against the tests that cover it;
# PARTS picks some (make mutation PARTS="ranges equity"), MUTANTS some mutants by name
# (MUTANTS='pokerroom.evaluator.classes.*'); a second run goes on where the first stopped.
# MUTATION_JOBS mutants at once, niced.
PARTS ?=
MUTANTS ?=
MUTATION_JOBS ?= 2
mutation: $(VENV)/.installed-mutation
	nice -n 15 $(BIN)/python tools/mutation.py --jobs $(MUTATION_JOBS) $(PARTS) \
		$(if $(MUTANTS),--mutants $(foreach m,$(MUTANTS),'$(m)'))

clean:
	rm -rf $(VENV) .pytest_cache .mypy_cache .ruff_cache mutants mutation docs/_build
