.PHONY: help install cli-reference test lint format typecheck bench demo

help:  ## List the targets
	@grep -E '^[a-z-]+:.*##' $(MAKEFILE_LIST) | awk -F':.*## ' '{printf "  %-10s %s\n", $$1, $$2}'

install:  ## Install ondas with its dev tools (editable), byte-compiled
	python3 -m pip install -e '.[dev]'
	python3 -m compileall -q src >/dev/null

cli-reference:  ## Regenerate docs/cli.md from the --help of every visible command
	python3 -m ondas.cli.reference > docs/cli.md

test:  ## The whole suite: install, lint, types, tests (what CI runs)
	bash scripts/test.sh

lint:  ## ruff lint and format check
	python3 -m ruff check src tests bench
	python3 -m ruff format --check src tests bench

format:  ## Apply ruff formatting and safe fixes
	python3 -m ruff format src tests bench
	python3 -m ruff check --fix src tests bench

typecheck:  ## mypy (strict) over src/ondas
	python3 -m mypy

bench:  ## Run every benchmark script under bench/
	for f in bench/[a-z]*.py; do [ $$f = bench/compare_refs.py ] || python3 $$f; done

demo:  ## Run the offline demo
	ondas demo
