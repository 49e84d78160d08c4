"""Hypothesis's budgets, by profile (HYPOTHESIS_PROFILE): `default` for every change, each property test
about 10 s at most on a 2-core machine; `deep` (`make test-deep`) for work on the rules, with DEEP times
the examples of each test (never fewer than the suite ran before the profiles)."""

from __future__ import annotations

import os

from hypothesis import HealthCheck, settings

PROFILES = ("default", "deep")
PROFILE = os.environ.get("HYPOTHESIS_PROFILE", "default")
if PROFILE not in PROFILES:
    raise SystemExit(f"HYPOTHESIS_PROFILE={PROFILE!r}: choose one of {', '.join(PROFILES)}")
DEEP = 4

# These machines are shared and noisy: no deadlines, and no health check on the time examples take to
# make (too_slow: a wall-clock limit that a loaded machine fails).
QUIET = [HealthCheck.function_scoped_fixture, HealthCheck.too_slow]


def examples(default: int) -> int:
    """A test's examples: `default` in the default profile, DEEP times as many in the deep one."""
    return default * DEEP if PROFILE == "deep" else default


def load_profile() -> None:
    """The profile the environment asks for, for every test that does not set its own examples."""
    settings.register_profile("companion-default", deadline=None, max_examples=60, suppress_health_check=QUIET)
    settings.register_profile("companion-deep", deadline=None, max_examples=60 * DEEP, suppress_health_check=QUIET)
    settings.load_profile(f"companion-{PROFILE}")
