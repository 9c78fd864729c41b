"""How many examples a property test tries.

`make test` tries them all. A mutant's run (`make mutate`, where mutmut sets
MUTANT_UNDER_TEST before any test module is imported) tries a tenth, derandomized so
that each of its thousands of runs is the same: the targeted tests do the killing,
and the property tests must not turn every surviving mutant into minutes of work.
"""

from __future__ import annotations

import os

MUTANT_RUN = "MUTANT_UNDER_TEST" in os.environ


def examples(count: int) -> int:
    """`count` examples, or a tenth of them (at least 2) in a mutant's run."""
    return max(2, count // 10) if MUTANT_RUN else count
