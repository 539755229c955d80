#!/usr/bin/env bash
# A pull request's preview (.github/workflows/publish.yml's preview jobs; docs/deploy.md "Previews and secrets"):
#   scripts/preview.sh content DIR   ./content becomes DIR/content (a pull request's; in publish,
#                                    main's over the tested code), refused if it holds anything but
#                                    files and folders (a symlink could publish a file of the runner's)
#   scripts/preview.sh deploy N      the site built from content/ with the sample listings, deployed
#                                    as the worker move-to-jax-pr-N (wrangler.toml's [env.preview])
#                                    with a link secret made for this deploy; prints its URL
#   scripts/preview.sh delete N      deletes that worker (a closed pull request's)
# Only content/ ever comes from the pull request: the code that runs is the base branch's.
set -euo pipefail
repo=$(cd "$(dirname "$0")/.." && pwd)

# Node 24 and wrangler from the project (make setup), as the Makefile runs them.
export PATH=$repo/node_modules/.bin:$PATH
WRANGLER=(env WRANGLER_SEND_METRICS=false wrangler)
BUCKET=client-documents-preview

name() {
  [[ ${1:-} =~ ^[1-9][0-9]{0,6}$ ]] || { echo "preview: a pull request's number, not '${1:-}'" >&2; exit 2; }
  echo "move-to-jax-pr-$1"
}

case ${1:-} in
  content)
    from=${2:?preview content DIR}/content
    [[ -d $from && ! -L $from ]] || { echo "preview: $from is not a folder" >&2; exit 1; }
    odd=$(find "$from" -mindepth 1 ! -type f ! -type d)
    if [[ -n $odd ]]; then
      echo "preview: content/ may hold only files and folders; refused:" >&2
      echo "$odd" >&2
      exit 1
    fi
    rm -rf content
    cp -R "$from" content
    ;;
  deploy)
    worker=$(name "${2:-}")
    cd "$repo" && mkdir -p .cache
    make --no-print-directory build IMPORT_FLAGS=--sample
    # Its own bucket, whose objects live a day (the preview's documents are tries, not a client's).
    "${WRANGLER[@]}" r2 bucket info "$BUCKET" >/dev/null 2>&1 || "${WRANGLER[@]}" r2 bucket create "$BUCKET"
    "${WRANGLER[@]}" r2 bucket lifecycle list "$BUCKET" | grep -q 'preview-a-day' ||
      "${WRANGLER[@]}" r2 bucket lifecycle add "$BUCKET" preview-a-day --expire-days 1 --abort-multipart-days 1 --force
    secrets=$(mktemp)
    trap 'rm -f "$secrets"' EXIT
    printf '{"DOCUMENT_LINK_SECRET":"%s","COUNTING_SECRET":"%s","SAVED_SEARCH_SECRET":"%s"}\n' \
      "$(openssl rand -hex 32)" "$(openssl rand -hex 32)" "$(openssl rand -hex 32)" >"$secrets"
    "${WRANGLER[@]}" deploy --env preview --name "$worker" --secrets-file "$secrets" --message "Pull request #$2" |
      tee .cache/preview-deploy.log
    # The last line: the preview's address (the workflow links it from the pull request).
    sed 's/\x1b\[[0-9;]*m//g' .cache/preview-deploy.log | grep -o "https://$worker\.[a-z0-9.-]*\.workers\.dev" | tail -n 1
    ;;
  delete)
    worker=$(name "${2:-}")
    cd "$repo"
    # A pull request closed before any preview was deployed has none to delete; anything else fails.
    if ! said=$("${WRANGLER[@]}" delete --name "$worker" --force 2>&1); then
      echo "$said" >&2
      grep -qiE 'not found|does not exist' <<<"$said" || exit 1
    fi
    echo "$said"
    ;;
  *)
    echo "usage: scripts/preview.sh content DIR | deploy N | delete N" >&2
    exit 2
    ;;
esac
