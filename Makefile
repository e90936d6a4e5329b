# Two commands set up a fresh machine: `make start` (the site) and `make test` (everything).
PYTHON ?= python3
VENV := .venv
BIN := $(VENV)/bin
STAMP := $(VENV)/.installed
HOST ?= 127.0.0.1
PORT ?= 8000
WORKERS ?= 2

.PHONY: start test lint bench browser clean

$(STAMP): pyproject.toml
	$(PYTHON) -m venv $(VENV)
	$(BIN)/pip install --quiet --upgrade pip
	$(BIN)/pip install --quiet -e '.[test]'
	touch $(STAMP)

## start: the site on the embedded SQLite default, served by gunicorn (its worker answers
## what gunicorn itself refuses under /api/ in the API's JSON error shape: webapp/server.py)
start: $(STAMP)
	$(BIN)/gunicorn --preload --workers $(WORKERS) --worker-class webapp.server.ApiSyncWorker \
		--bind $(HOST):$(PORT) 'webapp:create_app()'

## browser: Debian's Chromium for the browser tests (Playwright drives /usr/bin/chromium)
browser:
	@test -x /usr/bin/chromium || { apt-get update -qq && apt-get install -y -qq chromium >/dev/null; }

## test: lint, then the whole test suite (browser and real-HTTP tests included)
test: $(STAMP) browser
	$(BIN)/ruff check .
	$(BIN)/ruff format --check .
	$(BIN)/python -m pytest

lint: $(STAMP)
	$(BIN)/ruff check . && $(BIN)/ruff format --check .

## bench: every benchmark; each prints its figures and its target
bench: $(STAMP)
	-$(BIN)/python bench/validate_speed.py
	-$(BIN)/python bench/read_speed.py
	-$(BIN)/python bench/parse_speed.py
	-$(BIN)/python bench/search_speed.py
	-$(BIN)/python bench/suggest_speed.py
	-$(BIN)/python bench/pool_speed.py
	-$(BIN)/python bench/http_speed.py
	-$(BIN)/python bench/event_speed.py
	-$(BIN)/python bench/load_speed.py

clean:
	rm -rf $(VENV) instance .pytest_cache
