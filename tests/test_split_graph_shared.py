"""The split graph's shared C spot (omaha_eval/study/split.py,
_SharedSpot; src_c/oe_graph.h): sampled combos run on one spot prepared once,
the villain range drawn by rejection of the hands sharing a card with the
combo.  Checked against the slow path, a spot of each combo's own
(with_hand, the villain range's clashing hands removed), and both against
exact figures: the same law of deals, so each combo's equity lies within
its errors of the exact one; the figures reproduce from the seed whatever
the threads, and combos with too little live villain weight go the slow
way."""

from __future__ import annotations

from typing import Any

import numpy as np
import pytest

import omaha_eval as oe
import omaha_eval.study.split as sg
from omaha_eval.study.split import SPLIT_FIGURES, split_graph


def every(text: str, step: int) -> tuple[Any, Any]:
    r = oe.Range(text)
    return r.combos[::step], r.weights[::step]


def own_spots(monkeypatch: pytest.MonkeyPatch) -> list[int]:
    """Counts the combos that run on a spot of their own (_combo)."""
    calls: list[int] = []
    combo = sg._combo

    def counted(*args: Any) -> Any:
        calls.append(args[2])
        return combo(*args)

    monkeypatch.setattr(sg, "_combo", counted)
    return calls


def z_scores(sampled: Any, exact: Any) -> Any:
    np.testing.assert_array_equal(sampled.combos, exact.combos)
    varies = sampled.stderr > 0.002  # combos whose share is not all but fixed
    assert varies.sum() > 0.8 * len(varies)
    return (sampled.equity - exact.equity)[varies] / sampled.stderr[varies]


def test_shared_spot_agrees_with_a_spot_per_combo_and_exact(
    monkeypatch: pytest.MonkeyPatch,
) -> None:
    args = (every("AA:$ds, A2:$ss", 30), "10%", "Kh 7d 2c 3h 9s")
    exact = split_graph(*args, exact=True)
    calls = own_spots(monkeypatch)
    shared = split_graph(*args, exact=False, trials=1500, seed=21, threads=1)
    assert calls == []  # every combo ran on the shared spot
    monkeypatch.setattr(sg, "SHARED_SPOT_SHARE", 2.0)  # no combo may: each on its own spot
    own = split_graph(*args, exact=False, trials=1500, seed=21, threads=1)
    assert calls == list(range(len(own.combos)))
    for sampled in (shared, own):
        z = z_scores(sampled, exact)
        assert len(z) > 80 and np.abs(z).max() < 4.5
        assert abs(float(np.mean(z**2)) - 1) < 5 * np.sqrt(2 / len(z))
    # the two sampled graphs against each other: independent draws of one law
    both = np.hypot(shared.stderr, own.stderr)
    varies = both > 0.002
    assert np.abs((shared.equity - own.equity)[varies] / both[varies]).max() < 4.5
    for name in SPLIT_FIGURES:  # and the weighted means agree with equity()
        assert shared.mean(name) == pytest.approx(exact.mean(name), abs=0.01), name


def test_shared_spot_meets_the_target_and_reproduces_whatever_the_threads() -> None:
    args = (every("AA:$ds", 6), "KK:$ds, QQ:$ds", "Kh 7d 2c")
    one = split_graph(*args, exact=False, target_stderr=0.006, seed=4, threads=1)
    two = split_graph(*args, exact=False, target_stderr=0.006, seed=4, threads=2)
    for name in (*SPLIT_FIGURES, "stderr", "trials"):
        np.testing.assert_array_equal(getattr(one, name), getattr(two, name))
    assert (one.stderr <= 0.006).all() and (one.trials >= sg.COMBO_FIRST).all()
    assert len(set(one.trials.tolist())) > 1  # each combo stopped at its own count
    other = split_graph(*args, exact=False, target_stderr=0.006, seed=5, threads=1)
    assert not np.array_equal(one.equity, other.equity)


def test_combos_with_little_live_villain_weight_run_on_their_own_spot(
    monkeypatch: pytest.MonkeyPatch,
) -> None:
    """A villain range nearly all holding the Ah: against a hero hand with
    the Ah, under SHARED_SPOT_SHARE of it is live, and the combo runs on a
    spot of its own; the others on the shared spot.  Both agree with the
    exact figures and reproduce whatever the threads."""
    heavy = oe.Range("Ah:$ds")
    light = oe.Range("QsQc5s6h, JcJd7s8h")
    villain = (
        np.concatenate([heavy.combos, light.combos]),
        np.concatenate([heavy.weights, light.weights]),
    )
    hero = "AhAd3c4d, AcAs3s4s, 8c8d9c9s, AhJhTs9s, KsKd4c5d"
    board = "Kh 6d 2c"
    exact = split_graph(hero, villain, board, exact=True)
    calls = own_spots(monkeypatch)
    one = split_graph(hero, villain, board, exact=False, trials=4000, seed=8, threads=1)
    holds_ah = [i for i, c in enumerate(oe.cards.format_hands(one.combos)) if "Ah" in c]
    assert calls == holds_ah and 0 < len(holds_ah) < len(one.combos)
    z = (one.equity - exact.equity) / one.stderr
    assert np.abs(z).max() < 4.5
    two = split_graph(hero, villain, board, exact=False, trials=4000, seed=8, threads=2)
    for name in (*SPLIT_FIGURES, "stderr"):
        np.testing.assert_array_equal(getattr(one, name), getattr(two, name))


class StopsLater:
    """A stop flag first set when asked for the `after`-th time: inside a
    chunk of combos when `after` is past the runner's own look."""

    def __init__(self, after: int) -> None:
        self.after, self.asked = after, 0

    def is_set(self) -> bool:
        self.asked += 1
        return self.asked >= self.after


@pytest.mark.parametrize("threads", [1, 2])
@pytest.mark.parametrize("after", [1, 2, 3, 5])
def test_a_stop_during_the_run_ends_it_with_keyboard_interrupt(threads: int, after: int) -> None:
    """However far into the run the stop is seen (by the runner between
    chunks, or by a chunk between its C calls and combos), on one thread
    or more: KeyboardInterrupt."""
    stop = StopsLater(after)
    with pytest.raises(KeyboardInterrupt):
        split_graph(
            "AA:$ds, KK:$ds", "QQ:$ds", "Kh 7d 2c", trials=5000, seed=1, threads=threads, stop=stop
        )
    assert stop.asked >= after


def test_each_combos_error_from_the_c_is_that_of_its_sums(monkeypatch: pytest.MonkeyPatch) -> None:
    """The C's standard error of each combo (its stopping rule's) is what
    Sums.stderr gives for the combo's counts, to the bit."""
    run = sg._SharedSpot.run
    seen: list[int] = []

    def checked(self: Any, i: int, plan: Any) -> Any:
        sums, error = run(self, i, plan)
        assert error == sums.stderr()[0]
        seen.append(1)
        return sums, error

    monkeypatch.setattr(sg._SharedSpot, "run", checked)
    for options in ({"trials": 700}, {"target_stderr": 0.01}):
        g = split_graph(every("AA:$ds", 5), "KK:$ds", "Kh 7d 2c", exact=False, seed=2, **options)
        assert len(seen) == len(g.combos) and (g.stderr > 0).all()
        seen.clear()
