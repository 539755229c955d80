#!/usr/bin/env bash
# The browser editor's file server for `make dev` (scripts/editor-files.sh [ROOT]): decap-server
# on 127.0.0.1:8081 (loopback only; the port /admin/ expects, generator/codegen/src/editor), reading and
# writing the files under ROOT (the repository, by default) as they are on disk: no account, no
# git host. It answers only pages from localhost or 127.0.0.1 (its CORS rule).
set -euo pipefail
cd "$(dirname "$0")/.."
root=$(realpath "${1:-.}")
BIND_HOST=127.0.0.1 PORT=8081 MODE=fs GIT_REPO_DIRECTORY=$root LOG_LEVEL=${LOG_LEVEL:-warn} \
    exec node site/node_modules/decap-server/dist/index.js
