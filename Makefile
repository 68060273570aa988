# Dame de Pique. `make run` serves the site on http://127.0.0.1:8000; `make test` runs
# everything CI runs. Both set up .venv on first use and are quick the second time.

VENV := .venv
BIN := $(VENV)/bin
PYTHON := $(BIN)/python
HOST ?= 127.0.0.1
PORT ?= 8000

export PLAYWRIGHT_SKIP_BROWSER_DOWNLOAD := 1

.PHONY: run test test-unit test-browser test-services bench arena load screens lint format venv migrate clean

venv:
	@scripts/bootstrap.sh

migrate: venv
	$(PYTHON) manage.py migrate --noinput

# Daphne, the ASGI server that also carries the live tables' websockets, and with REDIS_URL
# the tables' clock worker beside it (scripts/run.sh). Static files are collected, then
# served by the application (ServeStatic: settings.SERVE_STATIC), compressed and cached, so
# DEBUG stays off unless you run `DJANGO_DEBUG=1 make run`.
run: migrate
	@HOST=$(HOST) PORT=$(PORT) scripts/run.sh

test: lint test-unit test-browser test-services

# On every core (pytest-xdist: each worker its own test database); about half the time on
# the two-core CI machine.
test-unit: venv
	@scripts/ensure-gettext.sh
	@scripts/ensure-offline.sh || [ $$? = 3 ]
	$(BIN)/pytest -q -n auto

test-browser: venv
	@scripts/test-browser.sh

test-services: venv
	@$(PYTHON) scripts/test_extra_services.py

bench: venv
	$(PYTHON) -m measuring.bench

# The bots' strength table of docs/bots.md: each tested:field pair of ARENA_PAIRS over ARENA_DEALS
# seeded deals (200: 800 seat-rotated hands of the tested level) on both cores, with the date
# and each command. Difficile against difficile-v1 takes about half an hour here.
ARENA_DEALS ?= 200
ARENA_PAIRS ?= normal:easy hard:normal hard:difficile-v1
arena: venv
	@date -u '+%Y-%m-%d %H:%M UTC'
	@for pair in $(ARENA_PAIRS); do \
		command="$(PYTHON) -m measuring.arena --seat $${pair%%:*} --field $${pair#*:}"; \
		command="$$command --deals $(ARENA_DEALS) --jobs 2"; \
		echo "$$command"; $$command || exit 1; \
	done

# Locust, headless, against servers of its own on free ports at 127.0.0.1: guests play whole
# games through the page's htmx posts for LOAD_RUN_TIME seconds (60), then the summary per
# action (req/s, p50/p95/p99, errors, the servers' 5xx). SCENARIO=sqlite (the default: one
# Daphne, 50 guests), postgres (production settings, 100) or postgres-2 (two Daphne, Redis).
load: venv
	$(PYTHON) scripts/load.py $(SCENARIO)

# The solo table at six screen sizes, five states each, into test-artifacts/screens/ (to
# look at a layout change; the browser suite checks it).
screens: venv
	@scripts/ensure-chromium.sh
	$(PYTHON) scripts/screenshots.py

# ruff (style), import-linter (the layers: pyproject's [tool.importlinter]) and mypy with
# django-stubs (the types: [tool.mypy]).
lint: venv
	$(BIN)/ruff check .
	$(BIN)/ruff format --check .
	$(BIN)/lint-imports --no-cache
	$(BIN)/mypy

format: venv
	$(BIN)/ruff check --fix .
	$(BIN)/ruff format .

clean:
	rm -rf $(VENV) .pytest_cache .ruff_cache .hypothesis test-artifacts
