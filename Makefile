# The two commands that matter: `make run` and `make test`. See README.md.
SHELL := /bin/bash
PYTHON ?= python3
VENV := .venv
BIN := $(VENV)/bin
PY := $(BIN)/python
MANAGE := $(PY) manage.py
# Two install stamps: `make run` (and serve, worker, beat, the demo) needs the runtime
# requirements only; tests, lint and benchmarks need the development set on top (datasets,
# scikit-learn, Playwright, moto, schemathesis, mypy: minutes a newcomer should not wait for).
RUN_STAMP := $(VENV)/.installed-runtime
STAMP := $(VENV)/.installed
NPM_STAMP := frontend/node_modules/.installed
# The OpenID provider the sign-in browser tests start (tests/oidc/, docs/sign-in.md).
OIDC_STAMP := tests/oidc/node_modules/.installed
# The built frontend, remade only when its sources change (`make test` builds it once).
DIST := frontend/dist/index.html
DIST_SOURCES := $(shell find frontend/src docs/formats fixtures/kinds -type f 2>/dev/null) \
	frontend/index.html frontend/vite.config.ts frontend/tsconfig.json frontend/package-lock.json
DEMO_STAMP := var/.demo-loaded
# make run PORT=8123 serves on another port.
PORT ?= 8000
# pytest-xdist workers for `make pytest` and `make browser-test` (docs/testing.md); 0 runs serially.
# Work stealing: a worker that runs out takes half of another's queue (the load scheduler left
# one worker alone with its backlog for six minutes or more while the other had finished).
PYTEST_WORKERS ?= 2
PYTEST_ARGS ?=
XDIST = $(if $(filter 0,$(PYTEST_WORKERS)),,-n $(PYTEST_WORKERS) --dist worksteal)

.PHONY: run serve test lint format pytest frontend frontend-test browser-test install worker beat bench \
	api-types api-types-check client client-check \
	bench-import bench-workspace bench-assisted bench-agreement bench-release bench-scores bench-analysis bench-review bench-evaluators bench-corpus-runs bench-judges bench-admin bench-peers migrate demo \
	tofueval clean

# uv installs the pinned requirements in about 10 s where pip took three minutes of CPU (its
# resolver, then unpacking and compiling one package after another); pip installs only uv.
# uv does not read pip's configuration: where PyPI is out of reach and pip.conf names a
# mirror, the install falls back to pip, which does.
UV_VERSION := 0.13.9
UV := $(BIN)/uv
PIP_INSTALL = $(UV) pip install --python $(PY) --quiet -r $(1) || $(PY) -m pip install --quiet -r $(1)

$(UV):
	test -x $(PY) || $(PYTHON) -m venv $(VENV)
	$(PY) -m pip install --quiet uv==$(UV_VERSION)

$(RUN_STAMP): requirements.txt | $(UV)
	$(call PIP_INSTALL,requirements.txt)
	touch $@

$(STAMP): requirements.txt requirements-dev.txt | $(UV)
	$(call PIP_INSTALL,requirements-dev.txt)
	touch $@ $(RUN_STAMP)

$(NPM_STAMP): frontend/package.json frontend/package-lock.json
	cd frontend && npm ci --no-audit --no-fund --loglevel=error
	touch $@

$(OIDC_STAMP): tests/oidc/package.json tests/oidc/package-lock.json
	cd tests/oidc && npm ci --no-audit --no-fund --loglevel=error
	touch $@

install: $(STAMP) $(NPM_STAMP) $(OIDC_STAMP)

# vite only: the type check is frontend-test's (`npm run build` would run tsc a second time).
# Into a new directory, then frontend/dist (a symlink) swapped to it at once: a `make run`
# server of this checkout keeps serving its own build meanwhile (bin/build-frontend).
$(DIST): $(NPM_STAMP) $(DIST_SOURCES) frontend/public/favicon.svg
	bin/build-frontend
	@touch $@

frontend: $(DIST)

migrate: $(RUN_STAMP)
	$(MANAGE) migrate --noinput

# The demo and the public TofuEval release (fixtures/public/tofueval) load once.
# The demo study's answer key goes in as its admin's adjudicated gold (docs/quality.md).
$(DEMO_STAMP): | migrate
	DEMO=1 $(MANAGE) load_demo --no-logins
	$(MANAGE) import_answer_key --project demo fixtures/demo/answer_key.json
	$(MAKE) --no-print-directory tofueval
	@mkdir -p var && touch $@

demo: migrate $(DEMO_STAMP)

tofueval: $(RUN_STAMP)
	$(MANAGE) tofueval_placeholder_documents fixtures/public/tofueval --out var/tofueval-documents.jsonl
	$(MANAGE) import_corpus --format tofueval --documents var/tofueval-documents.jsonl \
		--project tofueval --project-name "TofuEval (public release)" \
		--member admin:admin --member researcher:researcher fixtures/public/tofueval

# Two steps at a time, as this machine kind has two cores: pip beside npm (both mostly wait on
# the disk and the network), then the frontend's build beside the migrations and the demo.
run:
	@$(MAKE) --no-print-directory -j2 $(RUN_STAMP) $(NPM_STAMP)
	@$(MAKE) --no-print-directory -j2 frontend demo
	$(MANAGE) collectstatic --noinput -v0
	@DEMO=1 $(MANAGE) load_demo --logins --port $(PORT)
	$(MANAGE) runserver 127.0.0.1:$(PORT)

# A real deployment's processes on PostgreSQL and Redis (docs/deployment.md): make serve PORT=8080.
serve: $(RUN_STAMP) frontend
	PORT=$(PORT) bin/serve

worker: $(RUN_STAMP)
	$(BIN)/celery -A annotation_site worker --loglevel=INFO --concurrency=2 -Q long,short

# The periodic sweep that fails jobs whose worker died (one beat per deployment).
beat: $(RUN_STAMP)
	$(BIN)/celery -A annotation_site beat --loglevel=INFO -s var/celerybeat-schedule

lint: $(STAMP)
	$(BIN)/ruff check .
	$(BIN)/ruff format --check .
	$(BIN)/mypy annotations annotation_site clients/python/src/annotations_client

format: $(STAMP)
	$(BIN)/ruff format .
	$(BIN)/ruff check --fix .

# In parallel (PYTEST_WORKERS) and in a random order, its seed printed in the header
# ("Using --randomly-seed=N"): replay an order with PYTEST_ARGS="-p randomly --randomly-seed=N".
pytest: $(STAMP)
	$(BIN)/pytest -m "not browser" $(XDIST) $(PYTEST_ARGS)

# The frontend's API types are generated from the OpenAPI schema (docs/kinds.md, "One API
# contract"); api-types-check fails when the committed file is not what the schema gives.
api-types: $(STAMP) $(NPM_STAMP)
	@mkdir -p var
	$(MANAGE) spectacular --file var/openapi.yaml --fail-on-warn
	cd frontend && npx openapi-typescript ../var/openapi.yaml -o src/api/schema.d.ts

api-types-check: $(STAMP) $(NPM_STAMP)
	@mkdir -p var
	$(MANAGE) spectacular --file var/openapi-check.yaml --fail-on-warn
	cd frontend && npx openapi-typescript ../var/openapi-check.yaml -o ../var/schema-check.d.ts >/dev/null
	@diff -u frontend/src/api/schema.d.ts var/schema-check.d.ts > /dev/null || { \
		diff -u frontend/src/api/schema.d.ts var/schema-check.d.ts | head -40; \
		echo "frontend/src/api/schema.d.ts is out of date: run 'make api-types' and commit it"; exit 1; }

# The Python client's generated package (clients/python/src/annotations_api, docs/api/python-client.md)
# comes from the same schema; client-check fails when the committed package is not what the
# pinned openapi-python-client makes of it. PATH: its post hooks run the venv's ruff.
CLIENT_DIR := clients/python
CLIENT_GEN = PATH="$(abspath $(BIN)):$$PATH" $(BIN)/openapi-python-client generate --meta none \
	--config $(CLIENT_DIR)/openapi-python-client.yaml --overwrite

client: $(STAMP)
	@mkdir -p var
	$(MANAGE) spectacular --file var/openapi.yaml --fail-on-warn
	$(CLIENT_GEN) --path var/openapi.yaml --output-path $(CLIENT_DIR)/src/annotations_api

client-check: $(STAMP)
	@mkdir -p var
	$(MANAGE) spectacular --file var/openapi-client-check.yaml --fail-on-warn
	$(CLIENT_GEN) --path var/openapi-client-check.yaml --output-path var/client-check >/dev/null
	@diff -ru $(CLIENT_DIR)/src/annotations_api var/client-check > /dev/null || { \
		diff -ru $(CLIENT_DIR)/src/annotations_api var/client-check | head -40; \
		echo "$(CLIENT_DIR)/src/annotations_api is out of date: run 'make client' and commit it"; exit 1; }

frontend-test: $(NPM_STAMP) api-types-check
	cd frontend && npm run typecheck --silent && npm test --silent

# Only tests/e2e is collected (every browser test lives there; tests/conftest.py refuses one
# elsewhere): importing the rest of the suite cost each worker 20 s for tests it deselected.
browser-test: $(STAMP) $(DIST) $(OIDC_STAMP)
	$(BIN)/pytest -m browser tests/e2e $(XDIST) $(PYTEST_ARGS)

test: lint client-check frontend-test pytest browser-test

bench: bench-import bench-workspace bench-agreement bench-release bench-scores bench-analysis bench-review bench-evaluators bench-corpus-runs bench-judges bench-admin

bench-import: $(STAMP)
	$(PY) bench/bench_import.py

bench-workspace: $(STAMP)
	$(PY) bench/bench_workspace.py

# The assisted round's in-process check alone (docs/models-in-the-loop.md).
bench-assisted: $(STAMP)
	$(PY) bench/bench_assisted.py

bench-agreement: $(STAMP)
	$(PY) bench/bench_agreement.py
	$(PY) bench/bench_span_agreement.py
	$(PY) bench/bench_live_agreement.py
	$(PY) bench/bench_live_agreement_db.py

bench-release: $(STAMP)
	$(PY) bench/bench_release.py

# The per-system score table of 200,000 summaries (target < 2 s); no database.
bench-scores: $(STAMP)
	$(PY) bench/bench_scores.py

# release_report's error rates per summarizer for 200,000 summaries, 1,000 resamples
# (target < 2 s); no database.
bench-analysis: $(STAMP)
	$(PY) bench/bench_analysis.py

bench-review: $(STAMP)
	$(PY) bench/bench_review.py

bench-evaluators: $(STAMP)
	$(PY) bench/bench_evaluators.py
	$(PY) bench/bench_correlations.py

# A 1M-record corpus run (issue 31) uploaded into PostgreSQL: its own bench database.
bench-corpus-runs: $(STAMP)
	$(PY) bench/bench_corpus_runs.py $(ARGS)

# The Judges page (issue 31): 10 corpus runs over 100,000 gold sentences (target < 1 s).
bench-judges: $(STAMP)
	$(PY) bench/bench_judges.py

# The first page of each admin list on 1,000,000 summaries (target < 200 ms); seeds for minutes.
bench-admin: $(STAMP)
	$(PY) bench/bench_admin_pages.py

# Per fully judged unit, side by side with Label Studio and Potato (installed from PyPI into
# var/peers/, their own databases and ports); not part of `make bench` or `make test`.
# ARGS=--quick for a smoke run.
bench-peers: $(STAMP)
	$(PY) bench/bench_peers.py $(ARGS)

clean:
	rm -rf var frontend/dist frontend/builds
