"""`make mutate`'s report (tests/mutation_report.py): a module's score counts what the
suite kills out of the mutants that change behaviour, the equivalents listed with why."""

from __future__ import annotations

import json
from pathlib import Path

import pytest

from tests.mutation_report import equivalents, report, statuses


def test_a_score_counts_kills_and_timeouts_out_of_the_mutants_that_change_behaviour():
    found = {
        "webapp/engine/game.py": {
            "a__mutmut_1": "killed",
            "a__mutmut_2": "timeout",
            "a__mutmut_3": "survived",
            "a__mutmut_4": "survived",  # listed as equivalent
            "a__mutmut_5": "no tests",
        }
    }
    lines, reached = report(found, {"a__mutmut_4": "the same value either way"})
    row = next(line for line in lines if line.startswith("webapp/engine/game.py"))
    assert row.split()[1:6] == ["50.0%", "2", "1", "1", "1"]
    assert "below the aim" in row and not reached
    assert "  a__mutmut_3  (survived)" in lines and "  a__mutmut_5  (no tests)" in lines
    assert not any("a__mutmut_4" in line for line in lines[lines.index("") :])


def test_a_module_whose_survivors_are_all_equivalent_reaches_the_aim():
    found = {"webapp/storage/db.py": {"x__mutmut_1": "killed", "x__mutmut_2": "survived"}}
    lines, reached = report(found, {"x__mutmut_2": "a log line's words"})
    assert reached and "100.0%" in lines[1]


def test_an_equivalent_that_no_longer_survives_is_said():
    lines, _ = report({"webapp/storage/db.py": {"x__mutmut_1": "killed"}}, {"x__mutmut_1": "was"})
    assert lines[-1] == "  x__mutmut_1"


def test_an_equivalent_listed_without_its_reason_is_refused(tmp_path: Path):
    listed = tmp_path / "equivalent.txt"
    listed.write_text("# a comment\n\nx__mutmut_2 the same value either way\nx__mutmut_3\n")
    with pytest.raises(ValueError, match="equivalent.txt:4: x__mutmut_3 needs one line saying why"):
        equivalents(listed)
    listed.write_text("x__mutmut_2 the same value either way\n")
    assert equivalents(listed) == {"x__mutmut_2": "the same value either way"}


def test_the_statuses_are_read_from_mutmuts_files(tmp_path: Path):
    meta = tmp_path / "webapp" / "engine" / "text.py.meta"
    meta.parent.mkdir(parents=True)
    meta.write_text(json.dumps({"exit_code_by_key": {"m__mutmut_1": 1, "m__mutmut_2": 0}}))
    (tmp_path / "webapp" / "db.py.meta").write_text(json.dumps({"exit_code_by_key": {}}))
    assert statuses(tmp_path) == {
        "webapp/engine/text.py": {"m__mutmut_1": "killed", "m__mutmut_2": "survived"}
    }


def test_the_equivalents_file_gives_a_reason_for_each():
    assert all(equivalents().values())


def test_an_equivalent_not_run_yet_is_not_said_to_be_stale():
    """A run of some modules only (`make mutate MUTANTS=…`) leaves the others' listed
    equivalents unjudged; one that ran and was killed, or no longer exists, is said."""
    found = {"webapp/storage/db.py": {"x__mutmut_1": "not checked", "x__mutmut_2": "killed"}}
    listed = {"x__mutmut_1": "why", "x__mutmut_2": "why", "gone__mutmut_9": "why"}
    lines, _ = report(found, listed)
    stale = lines[
        lines.index("listed as equivalent but not a survivor now (take them off the list):") + 1 :
    ]
    assert stale == ["  x__mutmut_2", "  gone__mutmut_9"]
