"""Sampled board report rows give honest standard errors for rare events
(issue 37, item 6; issue 45, item 4): a figure the row's trials saw 0 or n
times had a standard error of 0 while it differed from the exact report,
and trials=1 printed nan%; then a figure seen once in 2,000 trials had the
binomial error of 0.05% against an exact 0.37% (|z| 6.3), and rows reached
|z| 9.2 on lo_tie and quartered.  The rules (docs/boards.md): equity's error
never below that of a probability of 1/(n + 2) (rare_floor, about 1/n);
every other figure's from its Wilson score interval (binomial_stderr), so
that no |z| exceeds 5 over hundreds of thousands of figures, as none of a
normal's would.
"""

from __future__ import annotations

import math

import numpy as np
import pytest

import omaha_eval as oe
from omaha_eval.engine.results import WILSON_Z, binomial_stderr, rare_floor
from omaha_eval.study.boards.rows import PLAYER_FIGURES

HANDS = ["AsAh2c3d", "KcKd4c5d"]


def test_the_floor_is_the_error_of_one_event_in_n_plus_two():
    for n in (2, 10, 2_000, 1e6):
        f = 1 / (n + 2)
        assert rare_floor(n) == pytest.approx(np.sqrt(f * (1 - f) / (n - 1)))
    assert rare_floor(2_000) == pytest.approx(1 / 2_000, rel=0.01)


def test_a_figure_seen_0_or_n_times_is_not_shown_as_certain():
    report = oe.board_report(HANDS, "Jd4d8c", exact=False, trials=3_000, seed=3)
    values, stderr = report.values, report.stderr
    n = report.trials.astype(float)[:, None, None]
    certain = (values == 0) | (values == 1)
    assert certain.any()  # the spot has such figures (ties never seen, say)
    assert (stderr > 0).all() and (report.deal_stderr > 0).all()
    # a probability: the far end of its Wilson interval, about 3/n
    binomial = certain.copy()
    binomial[:, :, PLAYER_FIGURES.index("equity")] = False
    wilson = np.broadcast_to(WILSON_Z / (n + WILSON_Z**2), values.shape)
    assert np.allclose(stderr[binomial], wilson[binomial], rtol=1e-9)
    # equity (a share with its own variance): rare_floor, about 1/n
    equity = certain[:, :, PLAYER_FIGURES.index("equity")]
    floor = np.broadcast_to(1 / n[:, :, 0], equity.shape)[equity]
    assert np.allclose(stderr[:, :, PLAYER_FIGURES.index("equity")][equity], floor, rtol=0.01)


def _binomial_tail(error, n: int, p: float) -> float:
    """The chance that a probability p estimated from n trials is more than
    5 of its reported errors from p: exactly, over every count."""
    x = np.arange(n + 1)
    log_factorial = np.concatenate([[0.0], np.cumsum(np.log(np.arange(1, n + 1)))])
    log_choose = log_factorial[n] - log_factorial - log_factorial[::-1]
    pmf = np.exp(log_choose + x * math.log(p) + (n - x) * math.log1p(-p))
    far = np.abs(x / n - p) > 5 * error(x / n, n)
    return float(pmf[far].sum())


def _plain_binomial(p, n):
    """The error before: the binomial sqrt(p (1 - p) / (n - 1)), floored."""
    return np.maximum(np.sqrt(p * (1 - p) / (n - 1)), rare_floor(n))


@pytest.mark.parametrize("n", [100, 2_000, 20_000])
def test_a_binomial_figure_is_over_5_errors_off_no_more_often_than_a_normal(n):
    # a normal: P(|z| > 5) = 5.7e-7; the worst chance is near p = 10 / n (a
    # count of 0 is then 5 errors off), over a grid of chances around it
    chances = np.geomspace(0.5 / n, min(100 / n, 0.5), 60)
    worst = max(_binomial_tail(binomial_stderr, n, p) for p in chances)
    assert worst < 1e-6
    before = max(_binomial_tail(_plain_binomial, n, p) for p in chances)
    assert before > 1e-2  # an event seen a few times: one in a hundred


def test_a_figure_seen_once_in_2000_trials_is_within_5_errors_of_0_37_percent():
    seen, exact = 1 / 2_000, 0.0037
    assert abs(seen - exact) / _plain_binomial(seen, 2_000) > 6  # before: |z| 6.3
    assert abs(seen - exact) / binomial_stderr(seen, 2_000) < 3


def test_the_binomial_error_is_the_binomial_one_where_the_event_is_common():
    p = np.array([0.2, 0.5, 0.8])
    plain = np.sqrt(p * (1 - p) / 1e6)
    np.testing.assert_allclose(binomial_stderr(p, 1e6), plain, rtol=0.01)
    assert (binomial_stderr(np.linspace(0, 1, 101), 50) >= rare_floor(50)).all()


def _z_scores(hands: list[str], trials: int, seed: int) -> tuple[np.ndarray, np.ndarray]:
    """(binomial figures' z-scores, equity's) of a sampled report of every
    flop against the exact one: each figure off its exact value in units of
    its reported error; a figure whose exact value is 0 or 1 must equal it."""
    exact = oe.board_report(hands, exact=True, threads=1)
    sampled = oe.board_report(hands, exact=False, trials=trials, seed=seed, threads=1)
    assert np.array_equal(exact.new, sampled.new)
    equity = PLAYER_FIGURES.index("equity")
    binomial = [
        j for j, name in enumerate(PLAYER_FIGURES) if name not in ("equity", "lost_nut_low")
    ]
    z = []
    for got, want, err in [
        (
            sampled.values[:, :, binomial],
            exact.values[:, :, binomial],
            sampled.stderr[:, :, binomial],
        ),
        (sampled.deal, exact.deal, sampled.deal_stderr),
    ]:
        assert (err > 0).all()
        certain = (want == 0) | (want == 1)
        assert (got[certain] == want[certain]).all()
        z.append(((got - want) / err)[~certain])
    equity_z = (sampled.values - exact.values)[:, :, equity] / sampled.stderr[:, :, equity]
    return np.concatenate(z), equity_z.ravel()


def test_sampled_rows_binomial_figures_are_within_5_errors_of_the_exact_report():
    z, equity_z = _z_scores(HANDS, 2_000, 7)
    assert len(z) > 90_000  # of 168,176 figures, the others certain (and equal)
    assert np.abs(z).max() < 5  # a normal's largest of 96,000: about 4.6
    assert np.abs(equity_z).max() < 5


@pytest.mark.parametrize("trials", [1, 1.0])
def test_one_trial_a_row_is_an_error_naming_trials(trials):
    with pytest.raises(oe.OmahaEvalError) as info:
        oe.board_report(HANDS, exact=False, trials=trials)
    assert info.value.param == "trials" and ">= 2" in str(info.value)


def test_two_trials_a_row_give_numbers_not_nan():
    report = oe.board_report(HANDS, "Jd4d8cQs", exact=False, trials=2, seed=1)
    assert np.isfinite(report.stderr).all() and np.isfinite(report.deal_stderr).all()


@pytest.mark.slow
def test_binomial_figures_of_three_sampled_reports_stay_within_5_errors():
    spots = [HANDS, ["8h8d9hTh", "AcKd2h3s"], [*HANDS, "QhJhTs9s"]]
    found = [_z_scores(hands, 2_000, 7 + i) for i, hands in enumerate(spots)]
    z = np.concatenate([b for b, _ in found])
    assert len(z) > 300_000  # of 940,332 figures, the others certain (and equal)
    assert np.abs(z).max() < 5
    # honest, not only large: the mean square of the probabilities' z-scores
    # (shares' errors are bounds, rare events' a little wide) is near 1
    assert 0.3 < float(np.mean(z**2)) < 1.1
    # equity's own error (the trials' variance, floored): a row whose equity
    # was seen once in 2,000 trials sits about 5 of it off
    assert np.abs(np.concatenate([e for _, e in found])).max() < 5.5
