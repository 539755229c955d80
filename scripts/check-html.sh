#!/usr/bin/env bash
# Validates every .html file under DIR with the W3C Nu HTML checker, in one
# JVM run (its start-up is paid once). Fails on any error; warnings are not reported.
# Fragments (under DIR/data/, e.g. the search's cards) are checked inside a minimal document, as
# the page that shows them holds them: in a list item.
#
#   scripts/check-html.sh DIR
set -euo pipefail
dir=${1:?usage: scripts/check-html.sh DIR}
root=$(cd "$(dirname "$0")/.." && pwd)
jar=$root/node_modules/vnu-jar/build/dist/vnu.jar

[[ -f $jar ]] || { echo "check-html: $jar missing (run scripts/setup.sh)" >&2; exit 1; }

mapfile -d '' files < <(find "$dir" -type f -name '*.html' -not -path "$dir/data/*" -print0 | sort -z)
shells=$(mktemp -d)
trap 'rm -rf "$shells"' EXIT
while IFS= read -r -d '' fragment; do
    shell=$shells/${fragment#"$dir"/}
    mkdir -p "$(dirname "$shell")"
    { printf '<!doctype html><html lang="en"><meta charset="utf-8"><title>fragment</title><ul><li>'
      cat "$fragment"
      printf '</li></ul></html>\n'; } >"$shell"
    files+=("$shell")
done < <(find "$dir/data" -type f -name '*.html' -print0 2>/dev/null | sort -z)
total=${#files[@]}
if (( total == 0 )); then
    # A site build that produced no page is a failure, not a pass.
    echo "check-html: no .html files under $dir" >&2
    exit 1
fi

echo "check-html: Nu HTML checker on $total files under $dir"
status=0
report=$(java -jar "$jar" --errors-only "${files[@]}" 2>&1) || status=$?
if (( status == 0 )); then
    failed=0
else
    printf '%s\n' "$report" >&2
    # Lines look like: "file:/path/page.html":3.5-3.9: error: ...
    failed=$(grep -o '^"file:[^"]*"' <<<"$report" | sort -u | wc -l || true)
    (( failed > 0 )) || failed=$total   # the checker itself failed
fi
echo "html: $((total - failed)) passed, $failed failed"
exit "$status"
