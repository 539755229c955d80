#!/usr/bin/env bash
# Builds the edge worker (edge/, workers-rs) into edge/build/ (wasm + JS shim) — wrangler.toml's
# [build] command, so `wrangler dev` and `wrangler deploy` both run it. Offline: worker-build would
# download wasm-bindgen and wasm-opt from GitHub, so it is pointed at local ones (scripts/setup.sh
# installs wasm-bindgen-cli at the version in Cargo.lock; wasm-opt and esbuild come from npm).
set -euo pipefail
cd "$(dirname "$0")/.."
root=$PWD
# The tools scripts/setup.sh built into the clone (.cache/tools) when ~/.cargo/bin lacked their
# versions come first.
export PATH="$root/.cache/tools/bin:$HOME/.cargo/bin:$PATH"
export WASM_BINDGEN_BIN=${WASM_BINDGEN_BIN:-$(command -v wasm-bindgen)}
export WASM_OPT_BIN=${WASM_OPT_BIN:-$root/node_modules/.bin/wasm-opt}
export ESBUILD_BIN=${ESBUILD_BIN:-$root/node_modules/.bin/esbuild}
wasm=edge/build/index_bg.wasm
# Up to date when nothing it is built from is newer (wasm-opt alone is slow).
sources=(edge/src edge/domain edge/Cargo.toml generator/model/src content Cargo.lock Cargo.toml "$0")
if [[ -f $wasm && -f edge/build/worker/shim.mjs && -z $(find "${sources[@]}" -newer "$wasm" -print -quit) ]]; then
    echo "edge worker: up to date ($wasm)"
    exit 0
fi
# Cargo's `worker` profile (Cargo.toml: opt-level "z", whole-program LTO). A panic's location
# names its file: the crates' and this clone's folders are left out of those names (smaller, and the same in every clone).
remap=(--remap-path-prefix="$root=")
for index in "${CARGO_HOME:-$HOME/.cargo}"/registry/src/*/; do remap+=(--remap-path-prefix="${index%/}="); done
(cd edge && RUSTFLAGS="${RUSTFLAGS:-} ${remap[*]}" worker-build --profile worker)
# wasm-opt for size (-Os: its output gzips smaller than -Oz's; --converge repeats it while it still
# shrinks; --merge-similar-functions folds generic copies that differ only in constants: less code
# for V8 to check at a cold start) and without the names section (docs/benchmarks.md has what each
# saves; a panic's message is kept, its stack shows function numbers instead of names).
# The features are worker-build's own list (what workerd runs), so binaryen never emits an
# encoding workerd lacks. worker-build's own wasm-opt step is off (edge/Cargo.toml).
features=(mutable-globals sign-ext nontrapping-float-to-int bulk-memory multivalue reference-types exception-handling)
"$WASM_OPT_BIN" "$wasm" -o "$wasm" --merge-similar-functions -Os --converge --strip-debug "${features[@]/#/--enable-}"
printf 'edge worker: %s — %d KiB raw, %d KiB gzip (make bundle-check: at most 400 KiB gzip with its JS)\n' \
    "$wasm" $(( $(stat -c %s "$wasm") / 1024 )) $(( $(gzip -6c "$wasm" | wc -c) / 1024 ))
