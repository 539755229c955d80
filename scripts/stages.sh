#!/usr/bin/env bash
# Runs `make STAGE` for each stage named, in order, and stops at the first that fails. At the end
# it prints each stage's time, then one last line: every stage passed, or the one that failed.
# `make test` runs the whole suite through it; each stage is a make target that also runs alone.
#
#   scripts/stages.sh setup-test lint test-rust ...
set -uo pipefail
cd "$(dirname "$0")/.."

names=()
times=()
failed=
code=0
started=$SECONDS
for stage in "$@"; do
    echo "==> make $stage"
    from=$SECONDS
    make --no-print-directory "$stage" BUILT="${BUILT:-}"
    code=$?
    names+=("$stage")
    times+=($((SECONDS - from)))
    if ((code != 0)); then
        failed=$stage
        break
    fi
    # The site is built once, by test-build; the stages after it use that build.
    [[ $stage == test-build ]] && BUILT=1
done

echo
echo "stage times:"
for i in "${!names[@]}"; do
    t=${times[$i]}
    printf '  %-14s %3d min %02d s%s\n' "${names[$i]}" $((t / 60)) $((t % 60)) "$([[ ${names[$i]} == "$failed" ]] && echo '  FAILED')"
done
total=$((SECONDS - started))
printf '  %-14s %3d min %02d s\n' total $((total / 60)) $((total % 60))
if [[ -n $failed ]]; then
    echo "make test: stage $failed failed (exit $code); run it alone with: make $failed"
    exit "$code"
fi
echo "make test: every stage passed (${#names[@]} stages)"
