"""`make mutate`'s report, read from what `mutmut run` left in mutants/: the mutation
score of each module mutated and every mutant that survived.

A module's score is the share of its mutants the suite kills (a timeout counts as killed:
the break stopped the game), out of those that change behaviour — the survivors judged
equivalent are listed in tests/mutation_equivalent.txt, one a line: the mutant's name,
then why it changes nothing. An equivalent listed that is no longer a survivor is said,
so the list does not rot. Aim: 90 % a module.

Not a test (too long for `make test`): run `make mutate` before a refactor and after a
rules change; `mutmut show <name>` shows a mutant, `mutmut run <name>` tries it again.
"""

from __future__ import annotations

import json
import sys
from collections import Counter
from pathlib import Path

from mutmut.stats import status_by_exit_code

AIM = 0.90
EQUIVALENT = Path(__file__).with_name("mutation_equivalent.txt")
KILLED = ("killed", "timeout", "caught by type check", "segfault")
NOT_RUN = ("skipped", "not checked", "check was interrupted by user")


def equivalents(path: Path = EQUIVALENT) -> dict[str, str]:
    """The survivors judged equivalent: name -> why (blank lines and # comments aside)."""
    found: dict[str, str] = {}
    for number, line in enumerate(path.read_text().splitlines(), start=1):
        line = line.strip()
        if not line or line.startswith("#"):
            continue
        name, _, why = line.partition(" ")
        if not why.strip():
            raise ValueError(f"{path.name}:{number}: {name} needs one line saying why")
        found[name] = why.strip()
    return found


def statuses(mutants: Path) -> dict[str, dict[str, str]]:
    """Each mutated module's mutants and their status, from mutmut's .meta files."""
    found: dict[str, dict[str, str]] = {}
    for meta in sorted(mutants.rglob("*.py.meta")):
        module = str(meta.relative_to(mutants))[: -len(".meta")]
        codes = json.loads(meta.read_text())["exit_code_by_key"]
        if codes:
            found[module] = {name: status_by_exit_code[code] for name, code in codes.items()}
    return found


def report(found: dict[str, dict[str, str]], equivalent: dict[str, str]) -> tuple[list[str], bool]:
    """The report's lines, and whether every module reaches the aim."""
    lines = [
        f"{'module':<40} {'score':>7} {'killed':>7} {'survived':>9} {'equiv.':>7} {'no test':>8}"
    ]
    survivors: list[str] = []
    reached, seen = True, set()
    for module, mutants in found.items():
        counts: Counter[str] = Counter()
        for name, status in mutants.items():
            if status in NOT_RUN:
                counts["not run"] += 1
            elif status in KILLED:
                counts["killed"] += 1
            elif name in equivalent:
                counts["equivalent"] += 1
                seen.add(name)
            else:
                counts["no tests" if status == "no tests" else "survived"] += 1
                survivors.append(f"  {name}  ({status})")
        judged = counts["killed"] + counts["survived"] + counts["no tests"]
        score = counts["killed"] / judged if judged else 1.0
        reached = reached and score >= AIM
        mark = "" if score >= AIM else "  below the aim"
        if counts["not run"]:
            mark += f"  ({counts['not run']} not run yet)"
        lines.append(
            f"{module:<40} {score:>6.1%} {counts['killed']:>7} {counts['survived']:>9}"
            f" {counts['equivalent']:>7} {counts['no tests']:>8}{mark}"
        )
    lines += ["", f"survivors ({len(survivors)}):", *survivors]
    # a listed mutant not run yet (a run of some modules only) is not judged
    waiting = {name for mutants in found.values() for name, s in mutants.items() if s in NOT_RUN}
    stale = [name for name in equivalent if name not in seen and name not in waiting]
    if stale:
        lines += ["", "listed as equivalent but not a survivor now (take them off the list):"]
        lines += [f"  {name}" for name in stale]
    return lines, reached


def main() -> int:
    found = statuses(Path("mutants"))
    if not found:
        print("No mutation results: run `make mutate` (mutmut run) first.")
        return 1
    lines, reached = report(found, equivalents())
    print("\n".join(lines))
    print(
        f"\naim: {AIM:.0%} of the mutants that change behaviour killed, in every module:"
        f" {'reached' if reached else 'not reached'}"
    )
    return 0


if __name__ == "__main__":
    sys.exit(main())
