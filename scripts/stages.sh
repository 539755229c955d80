#!/usr/bin/env bash
# Runs `make STAGE` for each stage named, in order, and stops at the first that fails. At the end
# it prints each stage's time, then one last line: every stage passed, or the one that failed.
# `make test` runs the whole suite through it; each stage is a make target that also runs alone.
#
#   scripts/stages.sh setup-test lint test-rust ...
set -uo pipefail
cd "$(dirname "$0")/.."

# The machine's busy and total CPU ticks so far (/proc/stat's first line): a stage's share of the
# cores it kept busy shows where running things side by side could still gain.
ticks() { awk '/^cpu /{ print $2 + $3 + $4 + $7 + $8, $2 + $3 + $4 + $5 + $6 + $7 + $8 }' /proc/stat; }
names=()
times=()
cpus=()
failed=
code=0
started=$SECONDS
for stage in "$@"; do
    echo "==> make $stage"
    from=$SECONDS
    read -r busy0 all0 < <(ticks)
    make --no-print-directory "$stage" BUILT="${BUILT:-}"
    code=$?
    names+=("$stage")
    times+=($((SECONDS - from)))
    read -r busy1 all1 < <(ticks)
    cpus+=($(( (busy1 - busy0) * 100 / (all1 - all0 > 0 ? all1 - all0 : 1) )))
    if ((code != 0)); then
        failed=$stage
        break
    fi
    # The site is built once, by test-build; the stages after it use that build.
    [[ $stage == test-build ]] && BUILT=1
done

echo
echo "stage times (cpu: the share of the machine's cores the stage kept busy):"
for i in "${!names[@]}"; do
    t=${times[$i]}
    printf '  %-14s %3d min %02d s   cpu %3d%%%s\n' "${names[$i]}" $((t / 60)) $((t % 60)) "${cpus[$i]}" "$([[ ${names[$i]} == "$failed" ]] && echo '  FAILED')"
done
total=$((SECONDS - started))
printf '  %-14s %3d min %02d s\n' total $((total / 60)) $((total % 60))
if [[ -n $failed ]]; then
    echo "make test: stage $failed failed (exit $code); run it alone with: make $failed"
    exit "$code"
fi
echo "make test: every stage passed (${#names[@]} stages)"
