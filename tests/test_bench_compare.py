"""`make compare`: a bench section run on an earlier revision and on this checkout in
alternating runs, its samples pooled, each figure's change and those more than 10 %
worse marked. How fast anything is stays `make bench`'s; here a stand-in section whose
figures are known, in a repository made for the test."""

from __future__ import annotations

import subprocess
from pathlib import Path

import pytest

from bench.compare import compare, table

SECTION = """
def measure(percentiles):
    print("A stand-in section")
    print(f"  a tap  {percentiles([{tap}] * 20)}")
    print(f"  aims: within the floor; the disk's fsync: {percentiles([0.0001] * 4)}")


def undo(percentiles):
    print(f"  an undo  {percentiles([0.003] * 10)}")
"""


def git(repo: Path, *args: str) -> str:
    done = subprocess.run(["git", "-C", str(repo), *args], capture_output=True, text=True)
    assert done.returncode == 0, done.stderr
    return done.stdout


def write_section(repo: Path, tap: float) -> None:
    (repo / "bench" / "standin.py").write_text(SECTION.replace("{tap}", repr(tap)))


@pytest.fixture
def repo(tmp_path: Path) -> Path:
    """A repository whose committed section taps in 1 ms."""
    (tmp_path / "bench").mkdir()
    (tmp_path / "bench" / "__init__.py").write_text("")
    write_section(tmp_path, 0.001)
    git(tmp_path, "init", "--quiet")
    git(tmp_path, "add", ".")
    git(tmp_path, "-c", "user.name=t", "-c", "user.email=t@t", "commit", "--quiet", "-m", "1 ms")
    return tmp_path


def test_a_figure_slower_in_this_checkout_is_marked_worse(repo: Path) -> None:
    write_section(repo, 0.002)  # not committed: this checkout as it is
    lines = compare("HEAD", "standin", runs=2, root=repo)
    tap = next(line for line in lines if line.lstrip().startswith("a tap"))
    # every run alike: the change's spread over the runs is the change itself
    assert "p50   1.00 →   2.00 ms +100% [+100%…+100%]" in tap
    assert "n=40/40" in tap  # each side's two runs pooled
    assert tap.endswith("WORSE")
    # a line's label is its last clause: the disk's fsync, not the aims before it
    assert any(line.lstrip().startswith("the disk's fsync  p50") for line in lines)


def test_a_figure_within_ten_percent_is_not_marked_and_the_worktree_is_removed(
    repo: Path,
) -> None:
    write_section(repo, 0.00105)
    lines = compare("HEAD", "standin", runs=1, root=repo)
    assert not any("WORSE" in line for line in lines)
    assert git(repo, "worktree", "list").count("\n") == 1  # only the repository itself


def test_one_function_of_a_section_is_run_alone(repo: Path) -> None:
    lines = compare("HEAD", "standin:undo", runs=1, root=repo)
    assert [line.split("  p50")[0].strip() for line in lines] == ["an undo"]


def test_a_section_that_fails_is_named_with_its_error(repo: Path) -> None:
    (repo / "bench" / "standin.py").write_text("def measure(percentiles):\n    1 / 0\n")
    with pytest.raises(SystemExit, match=r"bench\.standin failed in .*ZeroDivisionError"):
        compare("HEAD", "standin", runs=1, root=repo)


def test_a_change_over_ten_percent_that_one_run_makes_needs_more_runs() -> None:
    before = {"a tap": [[0.001] * 4 + [0.002]] * 4}
    after = {"a tap": [[0.001] * 4 + [0.002]] * 2 + [[0.0013] * 4 + [0.002]] * 2}
    [line] = table(before, after)  # two runs of four slower: drawn again, often one or none
    assert "p50   1.00 →   1.30 ms +30% [+0%…+30%]" in line
    assert "p95   2.00 →   2.00 ms  +0% [+0%…+0%]" in line
    assert line.endswith("over 10 %, within the runs' spread: run more")


def test_the_table_names_a_figure_found_on_one_side_only() -> None:
    lines = table({"a tap": [[0.001]], "gone": [[0.001]]}, {"a tap": [[0.001]], "new": [[0.002]]})
    assert lines[0].lstrip().startswith("a tap")
    assert lines[-1] == "  on one side only: gone; new"
