"""The test suite; a package so that the self-play simulator imports as `tests.selfplay`."""
