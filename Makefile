# Two commands set everything up on a fresh machine: `make demo` and `make test`.
PYTHON ?= python3
VENV   ?= .venv
PY      = $(VENV)/bin/python
BR      = $(VENV)/bin/diffreach
STAMP   = $(VENV)/.installed

.PHONY: demo test lint bench install clean inspector

# The MCP Inspector (Node.js) for tests/test_mcp_server.py, pinned and installed once into the venv
# so the test itself never touches the network; nothing happens where npm is missing (the test skips).
INSPECTOR_VERSION = 2.12.0
INSPECTOR = $(VENV)/inspector/node_modules/.bin/mcp-inspector

$(STAMP): pyproject.toml
	test -x $(PY) || $(PYTHON) -m venv $(VENV)
	$(PY) -m pip install --quiet --upgrade pip
	$(PY) -m pip install --quiet -e '.[mcp,test]'  # the test extra pulls mcp too; named for the reader
	$(PY) -m pip install --quiet --group dev
	touch $(STAMP)

install: $(STAMP)

# Index this very repository, then show the blast radius and review context of its last commit.
# The last commit that changed code: HEAD, unless HEAD only touched docs (then its radius is empty).
DEMO_REV = $(shell git log -1 --format=%h -- src tests bench 2>/dev/null || echo HEAD)

demo: $(STAMP)
	$(BR) index .
	@echo
	@echo "== the last commit that changed code: $$(git log -1 --format='%h %s' $(DEMO_REV))"
	$(BR) impact --base $(DEMO_REV)~1..$(DEMO_REV)
	@echo
	$(BR) context --base $(DEMO_REV)~1..$(DEMO_REV) --budget 8000 | head -n 60
	@echo
	@echo "== the executable: $(abspath $(BR)) (pipx install . or uv tool install . puts it on your PATH)"

$(INSPECTOR): | $(STAMP)
	if command -v npm >/dev/null; then npm install --prefix $(VENV)/inspector --no-audit --no-fund \
	  --loglevel=error @modelcontextprotocol/inspector@$(INSPECTOR_VERSION); fi

inspector: $(INSPECTOR)

# The gates: lint rules and formatting (ruff), types (mypy, strict), the import contract (import-linter).
lint: $(STAMP)
	$(VENV)/bin/ruff check src tests bench action
	$(VENV)/bin/ruff format --check src tests bench action
	$(VENV)/bin/mypy
	$(VENV)/bin/lint-imports

test: lint $(INSPECTOR)
	$(PY) -m pytest -p no:cacheprovider

# Benchmarks fetch public repositories at run time; see docs/benchmarks.md.
bench: $(STAMP)
	$(PY) bench/index_speed.py $(BENCH_ARGS)

clean:
	rm -rf $(VENV) .diffreach build src/*.egg-info
