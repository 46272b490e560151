# Wakeful: `make demo` and `make test` do all the set-up on a fresh clone.
SHELL := /bin/bash
VENV ?= .venv
PY := $(VENV)/bin/python
STAMP := $(VENV)/.installed-stamp
BYTECODE := $(VENV)/.bytecode-stamp
CHECKOV_VENV := $(VENV)/checkov
CHECKOV_LOCK := requirements/checkov.txt
CHECKOV_STAMP := $(CHECKOV_VENV)/.installed-stamp
PIP_FLAGS := --quiet --disable-pip-version-check
export JSII_SILENCE_WARNING_DEPRECATED_NODE_VERSION := 1
export JSII_SILENCE_WARNING_END_OF_LIFE_NODE_VERSION := 20

.PHONY: install lock check-lock lint check browser demo test test-fast test-under-load bench synth rehearse client clean

install: $(STAMP) $(BYTECODE) $(CHECKOV_STAMP)

# The virtualenv holds exactly requirements/dev.txt (pinned, with hashes), then wakeful
# itself, editable. uv installs in seconds what pip takes minutes for; pip stays the
# fallback. The lock is compiled from pyproject.toml by `make lock`.
UV := uv==0.13.9
LOCK := requirements/dev.txt
$(STAMP): pyproject.toml $(LOCK)
	@test -x $(PY) || { echo "creating $(VENV)"; python3 -m venv $(VENV); }
	@echo "installing wakeful and its locked dependencies into $(VENV) ..."
	@{ $(PY) -m pip install $(PIP_FLAGS) '$(UV)' \
	    && $(VENV)/bin/uv pip sync --quiet --python $(PY) --require-hashes $(LOCK) \
	    && $(VENV)/bin/uv pip install --quiet --python $(PY) --no-deps -e .; } \
	  || { $(PY) -m pip install $(PIP_FLAGS) --require-hashes -r $(LOCK) \
	    && $(PY) -m pip install $(PIP_FLAGS) --no-deps -e .; }
	@touch $(STAMP)

# Byte-compiled once here: with PYTHONDONTWRITEBYTECODE set (as on many CI images) Python
# never caches what it compiles, so every test worker and every `wakeful dev` or bench
# process compiled boto3, moto and the rest from source again (a stack took 9 s to start
# instead of 5). uv does not compile on install by default.
$(BYTECODE): $(STAMP)
	@echo "byte-compiling $(VENV) ..."
	@$(PY) -m compileall -q -j0 "$$($(PY) -c 'import sysconfig; print(sysconfig.get_path("purelib"))')" >/dev/null
	@touch $(BYTECODE)

# checkov (tests/infra/test_checkov.py scans the synthesized template with it) lives in a
# virtualenv of its own inside .venv: it pins boto3, botocore and packaging below the
# versions we lock, so it cannot share .venv. Exactly requirements/checkov.txt (pinned,
# with hashes; `make lock` compiles it from requirements/checkov.in). Not byte-compiled
# here (all of it takes ~10 s of CPU): the test lets checkov cache the modules it imports.
$(CHECKOV_STAMP): $(CHECKOV_LOCK) | $(STAMP)
	@echo "installing checkov and its locked dependencies into $(CHECKOV_VENV) ..."
	@{ $(VENV)/bin/uv venv --quiet --allow-existing --python $(PY) $(CHECKOV_VENV) \
	    && $(VENV)/bin/uv pip sync --quiet --python $(CHECKOV_VENV)/bin/python --require-hashes $(CHECKOV_LOCK); } \
	  || { rm -rf $(CHECKOV_VENV) && $(PY) -m venv $(CHECKOV_VENV) \
	    && $(CHECKOV_VENV)/bin/python -m pip install $(PIP_FLAGS) --require-hashes -r $(CHECKOV_LOCK); }
	@touch $(CHECKOV_STAMP)

# Compile requirements/*.txt again from pyproject.toml and the tools' requirements/*.in
# (after changing a dependency).
lock:
	@test -x $(PY) || $(MAKE) install
	@$(PY) -m pip install $(PIP_FLAGS) '$(UV)'
	@$(PY) requirements/lock.py write

check-lock:
	@$(PY) requirements/lock.py check

# Static checks on the code that ships (configured in pyproject.toml).
lint: install
	@$(VENV)/bin/ruff check --quiet layers functions dev infra requirements
	@$(VENV)/bin/mypy

check: install check-lock lint

# The console's browser tests drive Debian's chromium through Playwright (executable_path);
# Playwright's own browser download is never used. Installed only when missing.
CHROMIUM ?= /usr/bin/chromium
browser:
	@test -x $(CHROMIUM) || { echo "installing chromium (apt) for the browser tests ..."; \
	  if [ "$$(id -u)" = 0 ]; then SUDO=; else SUDO=sudo; fi; \
	  $$SUDO apt-get update -qq && DEBIAN_FRONTEND=noninteractive $$SUDO apt-get install -y -qq chromium >/dev/null; }

demo: install
	@$(PY) -m wakeful_dev.demo

# Four workers on two cores: a test often waits (on a tool server, a retry, a subprocess)
# and another worker's test uses the core meanwhile; with two workers the cores were idle
# about a quarter of the time. A file's tests stay on one worker, which keeps module
# fixtures (a `wakeful dev` process) from running twice; files go out in collection order
# (--no-loadscope-reorder), where the conftest puts the longest first.
TEST_WORKERS ?= 4

# Our own sources are compiled too (a second when nothing changed), for the same reason;
# and pytest may keep its rewritten test modules (it writes none while the variable is set).
# A collection on the second core while the single-threaded checks run writes them, so the
# four workers do not each rewrite every test module (about 5 s of CPU each on a fresh clone).
test: install browser
	@$(PY) -m compileall -q -j0 layers functions dev infra tests clients bench >/dev/null
	@PYTHONDONTWRITEBYTECODE= $(PY) -m pytest --collect-only -q -p no:cacheprovider >/dev/null 2>&1 & warming=$$!; \
	  $(MAKE) --no-print-directory check; checked=$$?; wait $$warming; exit $$checked
	@PYTHONDONTWRITEBYTECODE= $(PY) -m pytest -n $(TEST_WORKERS) --dist loadfile --no-loadscope-reorder --durations=25

test-fast: install
	@$(PY) -m pytest -m "not e2e and not infra"

# `make test` three times in a row with every core kept busy (a bounded busy loop each), as
# on a crowded CI machine: a test that passes only on an idle machine fails here. RUNS,
# LOAD_CORES, LOAD_SECONDS and TEST_COMMAND change it (scripts/test-under-load).
test-under-load:
	@scripts/test-under-load

# Every benchmark runs (bench/load.py included: a few minutes) even when one misses its
# target; the run fails at the end, naming those that did.
bench: install
	@failed=""; for script in bench/[!_]*.py; do echo "== $$script"; $(PY) $$script || failed="$$failed $$script"; done; \
	  if [ -n "$$failed" ]; then echo "missed their targets:$$failed"; exit 1; fi

# wakeful-client: generated from the API's OpenAPI document into clients/python/ (committed;
# a test fails when it is stale).
client: install
	@$(PY) clients/python/generate.py

# Offline: the layer is built without its dependencies (not deployable; see README).
synth: install
	@WAKEFUL_LAYER_DEPS=none $(PY) -m infra.app

# A first deploy, rehearsed offline: the app synthesized as `cdk deploy` would (the layer
# without its dependencies, the scripted model as the default provider), created in
# moto's CloudFormation (moto_server; its gaps shimmed on a copy of the template, each
# named in dev/wakeful_dev/rehearsal/shims.py), every output checked, then a key, an
# agent, a heartbeat, a webhook, an ingested event and threads run through the deployed
# functions' configuration (docs/operations.md). About a minute.
rehearse: install
	@$(PY) -m wakeful_dev.rehearsal

clean:
	rm -rf $(VENV) cdk.out .pytest_cache
