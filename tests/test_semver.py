"""npm's semver ranges as far as a package manager's link of a local package needs them
(node-semver's README, "Ranges"): each form met and not met."""

from __future__ import annotations

import pytest

from diffreach.languages.semver import satisfies

MET = [
    ("2.1.2", "2.1.2"),
    ("2.1.2", "=2.1.2"),
    ("3.16.0-next.11", "3.16.0-next.11"),
    ("3.16.0-next.11", "^3.16.0-next.7"),
    ("7.8.0", "^7.5.1"),
    ("0.2.5", "^0.2.3"),
    ("2.1.9", "~2.1.0"),
    ("1.2.3", "1.x"),
    ("1.2.3", "1.2.*"),
    ("1.2.3", "*"),
    ("1.2.3", ">=1.0.0 <2"),
    ("1.2.3", ">= 1.2.0"),
    ("1.2.3", "1.0.0 - 1.2.3"),
    ("2.0.0", "^1.0.0 || ^2.0.0"),
]
NOT_MET = [
    ("8.0.0", "^7.5.1"),
    ("0.3.0", "^0.2.3"),
    ("2.2.0", "~2.1.0"),
    ("1.3.0", "1.2.x"),
    ("2.0.0", ">=1.0.0 <2"),
    ("1.2.4", "1.0.0 - 1.2.3"),
    ("3.0.0-beta.1", "^2.0.0"),
    ("3.16.0-next.11", "3.16.0-next.7"),
    ("3.16.0-next.11", "^3.15.0"),
    ("1.0.0", "latest"),
    ("1.0.0", "github:owner/repo"),
    ("not-a-version", "*"),
]


@pytest.mark.parametrize(("version", "spec"), MET)
def test_a_version_meets_its_range(version: str, spec: str) -> None:
    assert satisfies(version, spec)


@pytest.mark.parametrize(("version", "spec"), NOT_MET)
def test_a_version_outside_its_range_does_not_meet_it(version: str, spec: str) -> None:
    assert not satisfies(version, spec)
