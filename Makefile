# Botdeck: `make run` serves the app, `make test` runs every test. Both set up
# everything they need first (virtual environment, packages, translations and,
# for the tests, a Chromium for the browser tests).

PYTHON ?= python3
VENV := .venv
BIN := $(VENV)/bin
HOST ?= 0.0.0.0
PORT ?= 8000
# more of `botdeck`'s options, e.g. ARGS="--name table" (see `botdeck --help`)
ARGS ?=
# The suite runs a worker per core (up to 4) and one more, a test file's tests together
# on one worker (they share its module fixtures), the longest files first (see
# tests/conftest.py). The spare worker fills the time the browser tests wait on their
# pages: 4 min 17 s on 2 cores (4 min 34 s from a fresh clone), where 2 workers took 5 min 09 s.
JOBS ?= $(shell n=$$(nproc 2>/dev/null || echo 2); [ $$n -gt 4 ] && n=4; echo $$((n + 1)))
PYTEST_ARGS ?= -n $(JOBS) --dist loadfile --no-loadscope-reorder
LOCALES ?= fr
STAMP := $(VENV)/.installed
CATALOGS := $(wildcard webapp/translations/*/LC_MESSAGES/messages.po)
COMPILED := $(CATALOGS:.po=.mo)

.PHONY: run test bench compare mutate lint translations install browser clean

run: install
	exec $(BIN)/botdeck --host $(HOST) --port $(PORT) $(ARGS)

test: install browser
	$(BIN)/python -m pytest $(PYTEST_ARGS)

bench: install
	$(BIN)/python -m bench

# One of `make bench`'s sections (SECTION, a bench module: tap_floor, server_load,
# quick_entry, deacon_moves; or module:function, server_load:long_games) on an earlier
# revision (BEFORE) and on this checkout, RUNS alternating runs each: each figure's
# change, with its spread over the runs, WORSE when even that is more than 10 % worse
# (bench/compare.py). One run of a section moves by ±10-15 % from the next.
BEFORE ?= HEAD
SECTION ?= tap_floor
RUNS ?= 8
compare: install
	$(BIN)/python -m bench.compare $(BEFORE) --section $(SECTION) --runs $(RUNS)

# Mutation testing of the rules core, the bots' rules, the service and the store
# ([tool.mutmut] in pyproject.toml): long (many hours on 2 cores the first time, then only
# what changed), so not part of `make test`. Run it before a refactor and after a rules
# change; it prints each module's score and every surviving mutant. MUTANTS runs only the
# mutants whose names match (e.g. MUTANTS='webapp.engine.schema.*', a module after a change).
MUTANTS ?=
MUTATE_JOBS ?= $(shell nproc 2>/dev/null || echo 2)
MUTATE_TMP ?= $(shell test -d /dev/shm && echo /dev/shm/botdeck-mutate || echo /tmp/botdeck-mutate)
mutate: install
	@# mutmut copies a Python source again when it changes, not the package's other files
	@# (translations, templates, schema.sql): those are brought up to date here
	if [ -d mutants/webapp ]; then cd webapp && find . -type f ! -name '*.py' ! -name '*.pyc' \
		-exec sh -c 'mkdir -p "../mutants/webapp/$$(dirname "$$1")" && cp -p "$$1" "../mutants/webapp/$$1"' _ {} \; ; fi
	@# after its first run mutmut follows only new tests: a function added since (or a call
	@# added to one) would be reached by no test it knows, and its mutants survive falsely;
	@# so the map of which tests reach which function is made afresh after any change
	if [ -f mutants/mutmut-stats.json ] && [ -n "$$(find webapp tests -name '*.py' \
		-newer mutants/mutmut-stats.json | head -n 1)" ]; then rm mutants/mutmut-stats.json; fi
	@# the tests' databases in memory where the system has it: a tap's commit waits for
	@# the disk (synchronous FULL), and a mutant's tests commit thousands (20-35 % faster)
	mkdir -p $(MUTATE_TMP) && TMPDIR=$(MUTATE_TMP) $(BIN)/mutmut run --max-children $(MUTATE_JOBS) $(MUTANTS) || true
	$(BIN)/python tests/mutation_report.py

lint: install
	$(BIN)/ruff check webapp tests bench
	$(BIN)/mypy

install: $(STAMP) $(COMPILED)

$(STAMP): pyproject.toml
	test -x $(BIN)/python || $(PYTHON) -m venv $(VENV)
	$(BIN)/python -m pip install --quiet --upgrade pip
	$(BIN)/python -m pip install --quiet -e '.[test]'
	touch $(STAMP)

# French (and any other) catalogues, compiled for the server.
%.mo: %.po $(STAMP)
	$(BIN)/pybabel compile --use-fuzzy -i $< -o $@

# Debian's Chromium and its headless shell for the browser tests (Playwright cannot
# download its own here): the shell draws the pages, the full browser has the Wake Lock API.
# As root directly, otherwise through sudo when there is one.
browser:
	@test -x /usr/bin/chromium -a -x /usr/bin/chromium-headless-shell || { \
	  SUDO=; \
	  if [ "$$(id -u)" != 0 ] && command -v sudo >/dev/null; then SUDO=sudo; fi; \
	  $$SUDO apt-get update -qq && \
	  $$SUDO env DEBIAN_FRONTEND=noninteractive apt-get install -y -qq --no-install-recommends \
	    chromium chromium-headless-shell fonts-liberation; }

# Re-extract every translatable string and merge it into each catalogue of
# $(LOCALES), creating a catalogue that does not exist yet.
translations: $(STAMP)
	$(BIN)/pybabel extract -F babel.cfg -k msg -k nmsg:1,2 --no-location --sort-output --width 100 \
	  -o webapp/translations/messages.pot .
	for locale in $(LOCALES); do \
	  if [ -f webapp/translations/$$locale/LC_MESSAGES/messages.po ]; then \
	    $(BIN)/pybabel update --no-fuzzy-matching --width 100 -i webapp/translations/messages.pot \
	      -d webapp/translations -l $$locale || exit 1; \
	  else \
	    $(BIN)/pybabel init --width 100 -i webapp/translations/messages.pot \
	      -d webapp/translations -l $$locale || exit 1; \
	  fi; \
	done

clean:
	rm -rf $(VENV) build dist *.egg-info .pytest_cache .mypy_cache .ruff_cache .hypothesis test-results mutants
	find webapp -name '*.mo' -delete
