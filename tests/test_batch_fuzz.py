"""Batch files fuzzed with any Unicode (lone surrogates, line separators,
control characters, long cells): every run writes one readable record per
spot, and a resumed run finds them all done and changes nothing."""

from __future__ import annotations

import json
import os
import tempfile
from pathlib import Path

import pytest
from hypothesis import HealthCheck, given, settings
from hypothesis import strategies as st

from omaha_eval import batch
from omaha_eval.batch.spots import spot_id

EXAMPLES = max(int(os.environ.get("OMAHA_EVAL_FUZZ_EXAMPLES", "200")) // 10, 10)
fuzz = settings(max_examples=EXAMPLES, deadline=None, suppress_health_check=[HealthCheck.too_slow])

any_text = st.text(
    st.one_of(
        st.characters(),  # surrogates included
        st.sampled_from(["\n", "\r", "\u2028", "\u2029", "\u0085", "\x1c", "\\", '"', ",", "|"]),
    ),
    max_size=12,
)
player = st.one_of(any_text, st.sampled_from(["AsAh2c3d", "7c7d4c5d", "*", "AA"]))
spot = st.fixed_dictionaries(
    {"players": st.lists(player, min_size=1, max_size=3)},
    optional={
        "board": st.one_of(any_text, st.just("KsQdJh9c9h")),
        "dead": any_text,
        "game": any_text,
        "trials": st.just(1000),
    },
)


@pytest.mark.slow
@fuzz
@given(st.lists(st.tuples(any_text, spot), min_size=1, max_size=6))
def test_any_text_runs_and_resumes(spots: list[tuple[str, dict[str, object]]]) -> None:
    with tempfile.TemporaryDirectory() as tmp:
        folder = Path(tmp)
        # the index keeps ids unique once stripped (a resume skips spots by id)
        rows = [{"id": f"{i}{text}", **fields} for i, (text, fields) in enumerate(spots)]
        source = folder / "spots.jsonl"
        source.write_text("".join(json.dumps(r) + "\n" for r in rows), encoding="ascii")
        for name in ("out.jsonl", "out.csv"):
            out = folder / name
            first = batch.run_file(source, out, workers=1)
            assert first.done == len(rows)
            written = out.read_bytes()
            written.decode("utf-8")  # every record is UTF-8
            assert written.count(b"\n") == len(rows) + name.endswith(".csv")  # one line each
            again = batch.run_file(source, out, workers=1)
            assert (again.done, again.skipped) == (0, len(rows))
            assert out.read_bytes() == written
            if name.endswith(".jsonl"):
                ids = [json.loads(line)["id"] for line in written.decode().split("\n") if line]
                assert sorted(ids) == sorted(spot_id(r["id"], n) for n, r in enumerate(rows, 1))
