# The two commands: `make run` (the site on embedded defaults) and `make test` (the whole suite
# on real PostgreSQL and Redis). `make bench` prints the benchmarks.
SHELL := /bin/bash
PYTHON ?= python3
VENV := .venv
BIN := $(VENV)/bin
PORT ?= 8000
COMMA := ,
# What make run / make test install: exact versions, refreshed on purpose by make lock.
LOCK_RUN := requirements/run.lock
LOCK_DEV := requirements/dev.lock
TEST_DATABASE_URL ?= postgres://postgres:postgres@127.0.0.1:5432/tipperary
TEST_BROKER_URL ?= redis://127.0.0.1:6379/0
# Each run gets its own task queue, so two runs on one Redis never take each other's tasks.
TEST_ENV := DATABASE_URL=$(TEST_DATABASE_URL) CELERY_BROKER_URL=$(TEST_BROKER_URL) DEBUG=1 \
	CELERY_TASK_DEFAULT_QUEUE=tests-$$$$

# The translations: catalogues in tipperary_site/locale (committed), compiled to .mo files (not
# committed) by every run, test and bench. make messages brings the catalogues up to date with
# the strings marked in the code and templates (README "Languages").
LANGUAGES_MADE := de fr es
I18N_SKIP := --ignore=.venv --ignore=var --ignore=tests --ignore=node_modules
COMPILE_MESSAGES := $(BIN)/python manage.py compilemessages --verbosity 0 $(I18N_SKIP)

.PHONY: run test lint bench load clean lock messages

$(BIN)/python:
	@$(PYTHON) -c 'import sys; sys.exit(sys.version_info < (3, 11))' || \
		{ echo "Python 3.11 or newer is needed (found: $$($(PYTHON) --version))"; exit 1; }
	$(PYTHON) -m venv $(VENV)

$(VENV)/.installed-run: pyproject.toml $(LOCK_RUN) | $(BIN)/python
	$(BIN)/pip install -q -r $(LOCK_RUN)
	$(BIN)/pip install -q --no-deps -e .
	touch $@

$(VENV)/.installed-dev: pyproject.toml $(LOCK_DEV) | $(BIN)/python
	$(BIN)/pip install -q -r $(LOCK_DEV)
	$(BIN)/pip install -q --no-deps -e .
	touch $@ $(VENV)/.installed-run

# Work out the locked versions again from pyproject.toml's ranges (the newest that fit).
lock: | $(BIN)/python
	$(BIN)/pip install -q 'pip-tools>=7.4,<8'
	CUSTOM_COMPILE_COMMAND="make lock" $(BIN)/pip-compile -q --strip-extras \
		--no-emit-index-url --no-emit-find-links -o $(LOCK_RUN) pyproject.toml
	CUSTOM_COMPILE_COMMAND="make lock" $(BIN)/pip-compile -q --strip-extras \
		--no-emit-index-url --no-emit-find-links --extra dev -o $(LOCK_DEV) pyproject.toml

# Static files as production serves them (hashed names, gzip and brotli copies), with DEBUG's
# error pages kept: tipperary_site/static_storage.py.
RUN_ENV := STATIC_MANIFEST=1

run: $(VENV)/.installed-run
	@mkdir -p var/mail var/broker tipperary_site/locale
	@if bash .ci/ensure-gettext "make run"; then $(COMPILE_MESSAGES); fi
	$(BIN)/python manage.py migrate --noinput
	$(if $(VAPID_PRIVATE_KEY),,$(BIN)/python manage.py push_keys --env-file var/vapid.env)
	$(RUN_ENV) $(BIN)/python manage.py collectstatic --noinput --verbosity 0
	@echo
	@echo "  Tipperary is running at http://127.0.0.1:$(PORT)/   (Ctrl-C stops the web server and the worker)"
	@echo
# Mail links point at this server unless SITE_URL is set already; honcho passes it on. With a
# Redis (STREAMS_REDIS_URL, or a redis:// broker) the stream process runs too, on PORT+200 (honcho
# gives each process 100 more), and pages open their streams there; without one, pages poll.
# Web push keys: the environment's VAPID_*, else those made once into var/vapid.env.
	@processes="web worker"; \
	case "$${STREAMS_REDIS_URL:-$${CELERY_BROKER_URL:-}}" in redis*) processes="web worker stream";; esac; \
	echo "  processes: $$processes"; \
	$(RUN_ENV) SITE_URL=$${SITE_URL:-http://127.0.0.1:$(PORT)} \
	STREAMS_ORIGIN=$${STREAMS_ORIGIN:-http://127.0.0.1:$$(($(PORT) + 200))} \
	$(BIN)/honcho start -e $(if $(VAPID_PRIVATE_KEY),.env,.env$(COMMA)var/vapid.env) \
		-f Procfile -p $(PORT) $$processes

lint: $(VENV)/.installed-dev
	$(BIN)/ruff check .
	$(BIN)/ruff format --check .
	$(BIN)/mypy .
	$(BIN)/lint-imports --no-cache

test: $(VENV)/.installed-dev
	bash .ci/ensure-services
	@mkdir -p tipperary_site/locale && $(COMPILE_MESSAGES)
	$(MAKE) --no-print-directory lint
	$(TEST_ENV) $(BIN)/pytest

bench: $(VENV)/.installed-dev
	bash .ci/ensure-services
	@mkdir -p tipperary_site/locale && $(COMPILE_MESSAGES)
	$(TEST_ENV) $(BIN)/python -m tests.bench

# 200 players at 40 tables through gunicorn and a worker on loopback, 50 requests/s (LOAD_RATE)
# for 60 s (LOAD_SECONDS).
load: $(VENV)/.installed-dev
	bash .ci/ensure-services
	$(TEST_ENV) $(BIN)/python -m tests.load

# Every string marked for translation, into the catalogues of each language (new ones empty, to
# be translated; gone ones kept as obsolete #~ entries), then compiled.
messages: $(VENV)/.installed-run
	@mkdir -p tipperary_site/locale
	@bash .ci/ensure-gettext "make messages"
	$(BIN)/python manage.py makemessages $(foreach l,$(LANGUAGES_MADE),-l $(l)) -d django \
		--no-wrap --add-location=file $(I18N_SKIP)
	$(BIN)/python manage.py makemessages $(foreach l,$(LANGUAGES_MADE),-l $(l)) -d djangojs \
		--no-wrap --add-location=file $(I18N_SKIP)
	$(COMPILE_MESSAGES)

clean:
	rm -rf var .mypy_cache .ruff_cache .hypothesis
