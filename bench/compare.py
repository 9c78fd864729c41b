"""`make compare BEFORE=<rev>`: one of `make bench`'s sections on an earlier revision and on
this checkout, in alternating runs; each figure's p50 and p95 before and after (every
run's samples pooled), the change, and how far the change moves with the runs.

One run of a section on this machine moves by ±10-15 % from the next, as a whole (the
other core's work, the disk, the collector): a figure read off two `make bench` runs
once showed a game's start 16 % slower after a change, and 16 interleaved runs, 1,600
starts each, then showed it 1 % faster. So the two sides take turns (before, after,
after, before…) on fresh servers, and each change is printed with its spread: the 5th
and 95th percentile of the change when each side's runs are drawn again at random. A
figure is WORSE when even the 5th percentile is more than 10 % worse; a change over
10 % whose spread reaches below is said to need more runs.

The earlier revision is checked out in a temporary git worktree (removed after) and run
with this checkout's Python environment. A section is a `bench` module's
`measure(percentiles)` (tap_floor, server_load, quick_entry, deacon_moves), or one of its
functions that takes `percentiles` (`server_load:long_games`), as it is in each
revision: each label is paired with its samples through the `percentiles` it is given.
"""

from __future__ import annotations

import argparse
import json
import os
import random
import statistics
import subprocess
import sys
import tempfile
from collections.abc import Callable, Iterator
from contextlib import contextmanager
from pathlib import Path

from .server_load import p95

ROOT = Path(__file__).resolve().parent.parent
WORSE = 0.10  # the refactors' aim: every figure within 10 % or better
RESAMPLES = 400

# One run of a section in a child process (cwd and import path: the revision's checkout):
# `percentiles` keeps each list it is given and stands in the printed line as a mark, so a
# line's label is the text before its first mark (its last clause, after a semicolon).
# Printed: {label: [seconds, …]}.
CHILD = """
import contextlib, importlib, io, json, re, sys
samples = []
def percentiles(values):
    samples.append([float(value) for value in values])
    return f"@@{len(samples) - 1}@@"
printed = io.StringIO()
with contextlib.redirect_stdout(printed):
    module, _, function = sys.argv[1].partition(":")
    getattr(importlib.import_module("bench." + module), function or "measure")(percentiles)
labelled = {}
for line in printed.getvalue().splitlines():
    mark = re.search(r"@@(\\d+)@@", line)
    if mark:
        label = " ".join(line[: mark.start()].split()).rstrip(":")
        labelled[label.rpartition("; ")[2]] = samples[int(mark.group(1))]
print(json.dumps(labelled))
"""


def one_run(checkout: Path, section: str) -> dict[str, list[float]]:
    """The section's samples, by label, from one run in `checkout`."""
    done = subprocess.run(
        [sys.executable, "-c", CHILD, section],
        cwd=checkout,
        env={**os.environ, "PYTHONPATH": str(checkout)},
        capture_output=True,
        text=True,
        check=False,
    )
    if done.returncode != 0:
        tail = done.stderr.strip().splitlines()[-3:]
        raise SystemExit(f"bench.{section} failed in {checkout}: {' / '.join(tail)}")
    samples: dict[str, list[float]] = json.loads(done.stdout.strip().splitlines()[-1])
    return samples


Runs = dict[str, list[list[float]]]  # label -> each run's samples


def keep(into: Runs, run: dict[str, list[float]]) -> None:
    for label, samples in run.items():
        into.setdefault(label, []).append(samples)


def pooled(runs: list[list[float]]) -> list[float]:
    return [sample for run in runs for sample in run]


def spread(
    old: list[list[float]], new: list[list[float]], figure: Callable[[list[float]], float]
) -> tuple[float, float]:
    """The change of `figure` (new / old - 1) with each side's runs drawn again at random,
    RESAMPLES times: the 5th and 95th percentile. A run moves as a whole (the machine's
    state): its samples are drawn together, so the spread is that of the runs."""
    rng = random.Random(0)  # the same table from the same samples
    changes = sorted(
        figure(pooled(rng.choices(new, k=len(new)))) / figure(pooled(rng.choices(old, k=len(old))))
        - 1
        for _ in range(RESAMPLES)
    )
    return changes[int(RESAMPLES * 0.05)], changes[int(RESAMPLES * 0.95) - 1]


def verdict(changes: list[tuple[float, float, float]]) -> str:
    """WORSE: more than 10 % worse however the runs are drawn (the 5th percentile of the
    change over 10 %); "over 10 %, within the runs' spread": the change over 10 %, its
    spread reaching below (run more to tell)."""
    if any(low > WORSE for _, low, _ in changes):
        return "   WORSE"
    if any(change > WORSE for change, _, _ in changes):
        return "   over 10 %, within the runs' spread: run more"
    return ""


def table(before: Runs, after: Runs) -> list[str]:
    """A line a figure found on both sides: its p50 and p95 before → after, each pooled
    over the runs, the change and its spread over the runs (5th…95th percentile), and a
    verdict where one is more than 10 % worse."""
    lines = []
    width = max((len(label) for label in before if label in after), default=0)
    for label, old_runs in before.items():
        new_runs = after.get(label)
        if new_runs is None:
            continue
        old, new = pooled(old_runs), pooled(new_runs)
        figures = []
        changes = []
        # each as `make bench` prints it (bench/__main__.py `percentiles`)
        for name, figure in (("p50", statistics.median), ("p95", p95)):
            change = figure(new) / figure(old) - 1
            low, high = spread(old_runs, new_runs, figure)
            changes.append((change, low, high))
            figures.append(
                f"{name} {figure(old) * 1000:6.2f} → {figure(new) * 1000:6.2f} ms "
                f"{change:+4.0%} [{low:+.0%}…{high:+.0%}]"
            )
        lines.append(
            f"  {label:<{width}}  {'   '.join(figures)}   n={len(old)}/{len(new)}"
            + verdict(changes)
        )
    left = sorted(set(before) ^ set(after))
    if left:
        lines.append(f"  on one side only: {'; '.join(left)}")
    return lines


@contextmanager
def checked_out(revision: str, root: Path) -> Iterator[Path]:
    """The revision of `root`'s repository in a temporary worktree, removed after."""
    with tempfile.TemporaryDirectory(prefix="botdeck-before-") as parent:
        place = Path(parent) / "checkout"
        git = ["git", "-C", str(root), "worktree"]
        subprocess.run([*git, "add", "--detach", "--quiet", str(place), revision], check=True)
        try:
            yield place
        finally:
            subprocess.run([*git, "remove", "--force", str(place)], check=False)


def compare(revision: str, section: str, runs: int, root: Path = ROOT) -> list[str]:
    """`runs` runs of bench.`section` on each side, alternating; the table of figures."""
    before: Runs = {}
    after: Runs = {}
    with checked_out(revision, root) as old:
        for number in range(runs):
            sides = [(old, before), (root, after)]
            for checkout, samples in sides if number % 2 == 0 else sides[::-1]:
                keep(samples, one_run(checkout, section))
            print(f"  run {number + 1} of {runs} on each side", file=sys.stderr)
    return table(before, after)


def main(argv: list[str] | None = None) -> None:
    parser = argparse.ArgumentParser(prog="python -m bench.compare", description=__doc__)
    parser.add_argument("revision", help="the earlier revision (a commit, tag or branch)")
    parser.add_argument(
        "--section", default="tap_floor", help="bench module, or module:function (tap_floor)"
    )
    parser.add_argument("--runs", type=int, default=8, help="runs on each side (8)")
    args = parser.parse_args(argv)
    print(
        f"bench.{args.section}: {args.revision} → this checkout, {args.runs} alternating "
        f"runs each; [the change's 5th…95th percentile over the runs]"
    )
    for line in compare(args.revision, args.section, args.runs):
        print(line)


if __name__ == "__main__":
    main()
