# Botdeck: `make run` serves the app, `make test` runs every test. Both set up
# everything they need first (virtual environment, packages, translations and,
# for the tests, a Chromium for the browser tests).

PYTHON ?= python3
VENV := .venv
BIN := $(VENV)/bin
HOST ?= 0.0.0.0
PORT ?= 8000
PYTEST_ARGS ?=
STAMP := $(VENV)/.installed
CATALOGS := $(wildcard webapp/translations/*/LC_MESSAGES/messages.po)
COMPILED := $(CATALOGS:.po=.mo)

.PHONY: run test bench lint translations install browser clean

run: install
	$(BIN)/botdeck --host $(HOST) --port $(PORT)

test: install browser
	$(BIN)/python -m pytest $(PYTEST_ARGS)

bench: install
	$(BIN)/python -m bench

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

# Debian's Chromium for the browser tests (Playwright cannot download its own here).
browser:
	@test -x /usr/bin/chromium || { \
	  SUDO=$$( [ "$$(id -u)" = 0 ] || echo sudo ); \
	  $$SUDO apt-get update -qq && \
	  DEBIAN_FRONTEND=noninteractive $$SUDO apt-get install -y -qq --no-install-recommends chromium fonts-liberation; }

# Re-extract every translatable string and merge it into the catalogues.
translations: $(STAMP)
	$(BIN)/pybabel extract -F babel.cfg -k msg -k nmsg:1,2 --no-location --sort-output \
	  -o webapp/translations/messages.pot .
	$(BIN)/pybabel update --no-fuzzy-matching -i webapp/translations/messages.pot \
	  -d webapp/translations

clean:
	rm -rf $(VENV) build dist *.egg-info .pytest_cache .mypy_cache .ruff_cache .hypothesis
	find webapp -name '*.mo' -delete
