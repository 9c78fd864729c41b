"""`make compare BEFORE=<rev>`: one of `make bench`'s sections on an earlier revision and on
this checkout, in alternating runs, every run's samples pooled; each figure's p50 and p95
before and after, and the change.

One run of a section on this machine moves by ±10 % from the next (the other core's
work, the disk, the collector): a figure read off two `make bench` runs once showed a
game's start 16 % slower after a change, and 16 interleaved runs, 1,600 starts each,
then showed it 1 % faster. So the two sides take turns (before, after, after, before…)
on fresh servers, and the p50 and p95 are read from all of a side's samples together.

The earlier revision is checked out in a temporary git worktree (removed after) and run
with this checkout's Python environment: a section is any `bench` module's
`measure(percentiles)` (tap_floor, server_load, quick_entry, deacon_moves) as it is in
each revision, each label paired with its samples through the `percentiles` it is given.
"""

from __future__ import annotations

import argparse
import json
import os
import re
import statistics
import subprocess
import sys
import tempfile
from collections.abc import Iterator
from contextlib import contextmanager
from pathlib import Path

ROOT = Path(__file__).resolve().parent.parent
WORSE = 0.10  # the refactors' aim: every figure within 10 % or better
MARK = re.compile(r"@@(\d+)@@")

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
    importlib.import_module("bench." + sys.argv[1]).measure(percentiles)
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


def pool(into: dict[str, list[float]], run: dict[str, list[float]]) -> None:
    for label, samples in run.items():
        into.setdefault(label, []).extend(samples)


def p50_p95(samples: list[float]) -> tuple[float, float]:
    ordered = sorted(samples)
    return statistics.median(ordered), ordered[min(len(ordered) - 1, int(len(ordered) * 0.95))]


def table(before: dict[str, list[float]], after: dict[str, list[float]]) -> list[str]:
    """A line a figure found on both sides: its p50 and p95 before → after, the change of
    each, and WORSE where one is more than 10 % worse."""
    lines = []
    width = max((len(label) for label in before if label in after), default=0)
    for label, old in before.items():
        new = after.get(label)
        if new is None:
            continue
        (old50, old95), (new50, new95) = p50_p95(old), p50_p95(new)
        changes = [(new50 - old50) / old50, (new95 - old95) / old95]
        worse = "   WORSE" if max(changes) > WORSE else ""
        lines.append(
            f"  {label:<{width}}  p50 {old50 * 1000:6.2f} → {new50 * 1000:6.2f} ms "
            f"({changes[0]:+.0%})   p95 {old95 * 1000:6.2f} → {new95 * 1000:6.2f} ms "
            f"({changes[1]:+.0%})   n={len(old)}/{len(new)}{worse}"
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
    before: dict[str, list[float]] = {}
    after: dict[str, list[float]] = {}
    with checked_out(revision, root) as old:
        for number in range(runs):
            sides = [(old, before), (root, after)]
            for checkout, samples in sides if number % 2 == 0 else sides[::-1]:
                pool(samples, one_run(checkout, section))
            print(f"  run {number + 1} of {runs} on each side", file=sys.stderr)
    return table(before, after)


def main(argv: list[str] | None = None) -> None:
    parser = argparse.ArgumentParser(prog="python -m bench.compare", description=__doc__)
    parser.add_argument("revision", help="the earlier revision (a commit, tag or branch)")
    parser.add_argument("--section", default="tap_floor", help="bench module (tap_floor)")
    parser.add_argument("--runs", type=int, default=8, help="runs on each side (8)")
    args = parser.parse_args(argv)
    print(
        f"bench.{args.section}: {args.revision} → this checkout, {args.runs} alternating "
        f"runs each, samples pooled (WORSE: more than {WORSE:.0%} worse)"
    )
    for line in compare(args.revision, args.section, args.runs):
        print(line)


if __name__ == "__main__":
    main()
