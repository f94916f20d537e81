"""Sampled board report rows give honest standard errors for rare events
(issue 37, item 6): a figure the row's trials saw 0 or n times had a
standard error of 0 while it differed from the exact report, and trials=1
printed nan%.  The rule (docs/boards.md, study.boards.rows.rare_floor): no
standard error below that of a probability of 1/(n + 2), about 1/n.
"""

from __future__ import annotations

import numpy as np
import pytest

import omaha_eval as oe
from omaha_eval.engine.results import rare_floor

HANDS = ["AsAh2c3d", "KcKd4c5d"]


def test_the_floor_is_the_error_of_one_event_in_n_plus_two():
    for n in (2, 10, 2_000, 1e6):
        f = 1 / (n + 2)
        assert rare_floor(n) == pytest.approx(np.sqrt(f * (1 - f) / (n - 1)))
    assert rare_floor(2_000) == pytest.approx(1 / 2_000, rel=0.01)


def test_a_figure_seen_0_or_n_times_has_a_standard_error_of_about_one_over_n():
    report = oe.board_report(HANDS, "Jd4d8c", exact=False, trials=3_000, seed=3)
    values, stderr = report.values, report.stderr
    n = report.trials.astype(float)[:, None, None]
    certain = (values == 0) | (values == 1)
    assert certain.any()  # the spot has such figures (ties never seen, say)
    assert (stderr > 0).all() and (report.deal_stderr > 0).all()
    assert np.allclose(stderr[certain], np.broadcast_to(1 / n, values.shape)[certain], rtol=0.01)


@pytest.mark.parametrize("trials", [1, 1.0])
def test_one_trial_a_row_is_an_error_naming_trials(trials):
    with pytest.raises(oe.OmahaEvalError) as info:
        oe.board_report(HANDS, exact=False, trials=trials)
    assert info.value.param == "trials" and ">= 2" in str(info.value)


def test_two_trials_a_row_give_numbers_not_nan():
    report = oe.board_report(HANDS, "Jd4d8cQs", exact=False, trials=2, seed=1)
    assert np.isfinite(report.stderr).all() and np.isfinite(report.deal_stderr).all()


@pytest.mark.slow
def test_sampled_rows_agree_with_the_exact_report_within_their_errors():
    exact = oe.board_report(HANDS, exact=True)
    sampled = oe.board_report(HANDS, exact=False, trials=2_000, seed=7)
    assert np.array_equal(exact.new, sampled.new)
    for got, want, err in [
        (sampled.values, exact.values, sampled.stderr),
        (sampled.deal, exact.deal, sampled.deal_stderr),
    ]:
        assert (err > 0).all()  # before: 24 figures with stderr 0 differed from the exact
        z = np.abs(got - want) / err
        # 131,616 player figures: a normal's largest |z| is about 4.5; rare
        # events' counts are skewed, so a little more is allowed
        assert z.max() < 7.0
        assert (z > 3).mean() < 0.005  # a normal: 0.0027
