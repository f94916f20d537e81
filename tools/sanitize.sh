#!/usr/bin/env bash
# Build the C core with AddressSanitizer + UndefinedBehaviorSanitizer and run
# the default tier's tests that reach it; exit non-zero on any failure or
# sanitizer report.  The third tier of the tests (README, "Quick start";
# .ci/run runs it after `pytest` and `pytest -m slow`).
#
#   tools/sanitize.sh                 # the default tier of the C tests
#   tools/sanitize.sh -k batch        # extra arguments go to pytest
#   SANITIZE_SLOW=1 tools/sanitize.sh # their slow tests too
#
# The build happens in a temporary copy of the source tree (never in this
# checkout or an installed package), with OMAHA_EVAL_SANITIZE=1 (setup.py:
# -fsanitize=address,undefined -fno-sanitize-recover=all -O1 -g).  Python
# itself is not instrumented, so the gcc ASan runtime is LD_PRELOADed, and
# leak detection is off: the interpreter keeps its own allocations alive at
# exit by design, which LeakSanitizer would report.
#
# Not run here (SKIP below): files whose tests run no C of ours in this
# process: lint and documentation checks, packaging, builds and install
# modes, the suite's own tiers, the C portability and random-digit programs
# (compiled on their own), the import of an unbuilt tree; the command line
# run in subprocesses (test_cli_eval_and_help, test_equity_command,
# test_range_command, test_batch_command, test_batch_robustness: the
# library calls behind them are the ones the in-process tests make); and
# tests/test_plots.py (matplotlib's C++ throws exceptions, which the
# preloaded ASan runtime cannot intercept without libstdc++ loaded first; the
# pictures run no C of ours).  The time limit of the default tier
# (tests/conftest.py) is off: everything runs slower under ASan.
#
# Measured on the shared 2-core machine with nothing else running (6713c01):
# 60 files, 1,687 passed, 2 skipped, no report, in 4 min 56 s (29 s of build).
set -euo pipefail

ROOT="$(cd "$(dirname "$0")/.." && pwd)"
PYTHON="${PYTHON:-python}"
WORK="$(mktemp -d "${TMPDIR:-/tmp}/omaha_eval_sanitize.XXXXXX")"
trap 'rm -rf "$WORK"' EXIT
trap 'exit 130' INT TERM  # through the EXIT trap: the temporary tree is removed

echo "sanitize: copying $ROOT to $WORK"
"$PYTHON" - "$ROOT" "$WORK/src" <<'PY'
import shutil, sys
shutil.copytree(sys.argv[1], sys.argv[2], ignore=shutil.ignore_patterns(
    ".git", "build", "dist", "*.so", "_core.c", "__pycache__", "*.egg-info",
    ".hypothesis", ".benchmarks", ".pytest_cache", ".mypy_cache", ".ruff_cache", ".venv"))
PY
cd "$WORK/src"

echo "sanitize: building with OMAHA_EVAL_SANITIZE=1"
OMAHA_EVAL_SANITIZE=1 "$PYTHON" setup.py build_ext --inplace -q >"$WORK/build.log" 2>&1 || {
    cat "$WORK/build.log"; echo "sanitize: build failed"; exit 1; }

EXT="$(ls omaha_eval/_core*.so)"
ASAN_LIB="$(ldd "$EXT" | awk '/libasan/ {print $3}')"
if [[ -z "$ASAN_LIB" || ! -f "$ASAN_LIB" ]]; then
    echo "sanitize: $EXT is not linked with libasan (ldd below)"; ldd "$EXT"; exit 1
fi
echo "sanitize: $EXT linked with $ASAN_LIB (built in $SECONDS s)"

# The import must pick up this sanitized build, not an installed copy.
LD_PRELOAD="$ASAN_LIB" ASAN_OPTIONS=detect_leaks=0 "$PYTHON" -c "
import os, sys, omaha_eval._core as c
sys.exit(0 if os.path.samefile(c.__file__, '$EXT') else f'imported {c.__file__}, not $EXT')"

# Reports go to stderr (log_path is not honoured by gcc's libubsan when it
# runs beside ASan); every run is teed to a log that is searched for them.
REPORT='ERROR: AddressSanitizer|ERROR: LeakSanitizer|runtime error:|SUMMARY: [A-Za-z]*Sanitizer'
# allocator_may_return_null: an impossible malloc gives NULL (MemoryError in
# Python) as without ASan; tests feed peers that announce exabyte messages.
export ASAN_OPTIONS="allocator_may_return_null=1:detect_leaks=0:halt_on_error=1:detect_stack_use_after_return=1:check_initialization_order=1:strict_init_order=1"
export UBSAN_OPTIONS="halt_on_error=1:print_stacktrace=1"

# Canaries: two deliberate contract violations of the private core must each
# be reported, or the sanitizers are not really watching the extension.
canary() {  # canary NAME PYTHON-CODE
    local log="$WORK/canary-$1.log"
    if LD_PRELOAD="$ASAN_LIB" "$PYTHON" -c \
        "import numpy as np; from omaha_eval import _core; $2" >"$log" 2>&1 \
        || ! grep -Eq "$REPORT" "$log"; then
        cat "$log"; echo "sanitize: canary $1 was not reported: the sanitizers are not active"
        exit 1
    fi
    echo "sanitize: canary $1 reported: $(grep -Eo 'AddressSanitizer: [a-z-]+|runtime error: [^(]*' "$log" | head -1)"
}
# ASan: three hand rows against two board rows reads past the boards buffer
canary asan "_core.evaluate_rows(np.arange(12, dtype=np.uint8).reshape(3, 4), np.arange(20, 30, dtype=np.uint8).reshape(2, 5))"
# UBSan: one past the end of the 7,462-entry high-key table
canary ubsan "_core.high_key(7463)"

SKIP=" test_docs_and_lint.py test_docs_examples.py test_docs_site.py test_packaging.py test_editable_install.py
    test_fast_subset_locale.py test_suite_tiers.py test_c_portability.py test_random_digits.py
    test_source_tree_import.py test_cli_eval_and_help.py test_equity_command.py
    test_range_command.py test_batch_command.py test_batch_robustness.py test_plots.py "
TESTS=()
for f in tests/test_*.py; do
    [[ "$SKIP" == *[[:space:]]"$(basename "$f")"[[:space:]]* ]] || TESTS+=("$f")
done
MARK=()  # the default tier: pyproject.toml's addopts deselect the slow tests
[[ "${SANITIZE_SLOW:-0}" == 1 ]] && MARK=(-m "")

# --capture=sys: pytest must not swallow what the C runtime writes to fd 2.
# pytest's progress lines (one per file) go to the terminal as they come.
echo "sanitize: ${#TESTS[@]} test files: ${TESTS[*]##*/}"
echo "sanitize: pytest on them${MARK[*]:+, slow tests too}${*:+, with $*} (after $SECONDS s)"
status=0
LD_PRELOAD="$ASAN_LIB" OMAHA_EVAL_TEST_TIME_LIMIT=off PYTHONUNBUFFERED=1 \
    "$PYTHON" -m pytest -p no:cacheprovider --capture=sys -n 0 \
    "${MARK[@]}" "${TESTS[@]}" "$@" 2>&1 | tee "$WORK/pytest.log" || status=$?

if grep -Eq "$REPORT" "$WORK/pytest.log"; then
    echo "sanitize: FAILED: sanitizer reports:"; grep -E "$REPORT" "$WORK/pytest.log"
    exit 1
fi
if [[ $status -ne 0 ]]; then
    echo "sanitize: FAILED (pytest exit status $status)"
    exit "$status"
fi
echo "sanitize: OK (no sanitizer reports; $SECONDS s in all)"
