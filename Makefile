# Two commands set everything up on a fresh machine: `make demo` and `make test`.
PYTHON ?= python3
VENV   ?= .venv
PY      = $(VENV)/bin/python
BR      = $(VENV)/bin/blastradius
STAMP   = $(VENV)/.installed

.PHONY: demo test bench install clean

$(STAMP): pyproject.toml
	test -x $(PY) || $(PYTHON) -m venv $(VENV)
	$(PY) -m pip install --quiet --upgrade pip
	$(PY) -m pip install --quiet -e '.[test]'
	touch $(STAMP)

install: $(STAMP)

# Index this very repository, then show the blast radius and review context of its last commit.
demo: $(STAMP)
	$(BR) index .
	@echo
	$(BR) impact --base HEAD~1
	@echo
	$(BR) context --base HEAD~1 --budget 8000 | tail -n 40

test: $(STAMP)
	$(PY) -m pytest -q -p no:cacheprovider

# Benchmarks fetch public repositories at run time; see docs/benchmarks.md.
bench: $(STAMP)
	$(PY) bench/index_speed.py $(BENCH_ARGS)

clean:
	rm -rf $(VENV) .blastradius build src/*.egg-info
