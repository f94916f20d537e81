"""Bucket a flop's hands for a solver's abstraction: k-means on each hand's
equity histogram over the runouts (omaha_eval.equity_features), computed
once per suit-isomorphism class (omaha_eval.hand_classes).

    pip install -r examples/requirements.txt
    python examples/bucket_flop.py [--board "Ks 7s 2s"] [--hero 20%] [--villain 30%] [--buckets 8]

Prints one line per bucket, strongest first: its hands (members of the
range, all classes expanded), its mean EHS and EHS^2, its mean histogram as
a bar of shades (left: equity near 0; right: near 1), and a few of its hands.
"""

from __future__ import annotations

import argparse
import time

import numpy as np
from sklearn.cluster import KMeans

import omaha_eval as oe

SHADES = " .:-=+*#%@"


def bar(histogram: np.ndarray) -> str:
    """One shade per bin, scaled to the bin of largest probability."""
    top = float(histogram.max()) or 1.0
    return "".join(
        SHADES[min(len(SHADES) - 1, int(p / top * (len(SHADES) - 1)))] for p in histogram
    )


def main() -> None:
    parser = argparse.ArgumentParser(description=__doc__.splitlines()[0])
    parser.add_argument("--board", default="Ks 7s 2s")
    parser.add_argument("--hero", default="20%", help="the range to bucket")
    parser.add_argument("--villain", default="30%", help="the range it meets")
    parser.add_argument("--buckets", type=int, default=8)
    parser.add_argument("--bins", type=int, default=10)
    parser.add_argument("--seed", type=int, default=0, help="k-means' seed")
    args = parser.parse_args()

    start = time.perf_counter()
    classes = oe.hand_classes(args.board, args.hero)
    f = oe.equity_features(args.board, classes, args.villain, bins=args.bins)
    seconds = time.perf_counter() - start
    print(
        f"{args.hero} on {args.board} against {args.villain}: {len(classes.hands):,} hands in "
        f"{len(classes):,} classes, features in {seconds:.1f} s"
    )

    # each class weighs as many hands of the range as it holds
    live = ~np.isnan(f.ehs)
    kmeans = KMeans(n_clusters=args.buckets, n_init=10, random_state=args.seed)
    labels = np.full(len(classes), -1)
    labels[live] = kmeans.fit_predict(f.histogram[live], sample_weight=classes.sizes[live])
    order = sorted(range(args.buckets), key=lambda b: -float(np.mean(f.ehs[labels == b])))
    print(f"{'bucket':>6} {'hands':>7} {'EHS':>6} {'EHS^2':>6}  histogram   examples")
    for rank, b in enumerate(order):
        members = np.flatnonzero(labels == b)
        size = classes.sizes[members]
        ehs = np.average(f.ehs[members], weights=size)
        ehs2 = np.average(f.ehs2[members], weights=size)
        mean_hist = np.average(f.histogram[members], axis=0, weights=size)
        examples = " ".join(oe.format_cards(classes.representatives[i]) for i in members[:3])
        print(
            f"{rank:>6} {int(size.sum()):>7,} {ehs:6.3f} {ehs2:6.3f}  [{bar(mean_hist)}]  "
            f"{examples}"
        )


if __name__ == "__main__":
    main()
