#!/usr/bin/env bash
# Runs `make STAGE` for each stage named, in order, and stops at the first that fails. At the end
# it prints each stage's time, then one last line: every stage passed, or the one that failed.
# `make test` runs the whole suite through it; each stage is a make target that also runs alone.
# Stages joined by `+` run side by side, after test-build (each one's output is printed once all
# have ended, from .cache/stages/).
#
#   scripts/stages.sh setup-test lint test-rust ... test-worker+test-engines
set -uo pipefail
cd "$(dirname "$0")/.."

# The machine's busy and total CPU ticks so far (/proc/stat's first line): a stage's share of the
# cores it kept busy shows where running things side by side could still gain.
ticks() { awk '/^cpu /{ print $2 + $3 + $4 + $7 + $8, $2 + $3 + $4 + $5 + $6 + $7 + $8 }' /proc/stat; }
stage() { make --no-print-directory "$1" BUILT="${BUILT:-}"; }
names=()
times=()
cpus=()
beside=()
failed=
code=0
started=$SECONDS
for group in "$@"; do
    IFS=+ read -ra parts <<<"$group"
    from=$SECONDS
    read -r busy0 all0 < <(ticks)
    codes=()
    if ((${#parts[@]} == 1)); then
        echo "==> make $group"
        stage "$group"
        codes=($?)
        times+=($((SECONDS - from)))
    elif [[ -z ${BUILT:-} ]]; then
        # Each would build the site into the same dist/ at once.
        echo "stages.sh: ${parts[*]} run side by side only after test-build (or with BUILT=1)" >&2
        codes=(2)
        times+=(0)
        parts=("${parts[0]}")
    else
        echo "==> make ${parts[*]} (side by side)"
        logs=.cache/stages
        mkdir -p "$logs"
        for part in "${parts[@]}"; do
            (
                begun=$SECONDS
                stage "$part" >"$logs/$part.log" 2>&1
                echo "$? $((SECONDS - begun))" >"$logs/$part.status"
            ) &
        done
        wait
        for part in "${parts[@]}"; do
            echo "--> make $part"
            cat "$logs/$part.log"
            read -r c t <"$logs/$part.status"
            codes+=("$c")
            times+=("$t")
        done
    fi
    read -r busy1 all1 < <(ticks)
    cpu=$(((busy1 - busy0) * 100 / (all1 - all0 > 0 ? all1 - all0 : 1)))
    for i in "${!parts[@]}"; do
        names+=("${parts[$i]}")
        cpus+=("$cpu")
        others=()
        for part in "${parts[@]}"; do [[ $part == "${parts[$i]}" ]] || others+=("$part"); done
        beside+=("${others[*]}")
        if ((${codes[$i]} != 0)) && [[ -z $failed ]]; then
            failed=${parts[$i]}
            code=${codes[$i]}
        fi
    done
    [[ -n $failed ]] && break
    # The site is built once, by test-build; the stages after it use that build.
    [[ $group == test-build ]] && BUILT=1
done

echo
echo "stage times (cpu: the share of the machine's cores the stage kept busy):"
for i in "${!names[@]}"; do
    t=${times[$i]}
    printf '  %-14s %3d min %02d s   cpu %3d%%%s%s\n' "${names[$i]}" $((t / 60)) $((t % 60)) "${cpus[$i]}" \
        "${beside[$i]:+ (beside ${beside[$i]})}" "$([[ ${names[$i]} == "$failed" ]] && echo '  FAILED')"
done
total=$((SECONDS - started))
printf '  %-14s %3d min %02d s\n' total $((total / 60)) $((total % 60))
if [[ -n $failed ]]; then
    echo "make test: stage $failed failed (exit $code); run it alone with: make $failed"
    exit "$code"
fi
echo "make test: every stage passed (${#names[@]} stages)"
