"""Benchmarks: scripts that print their numbers (never timings in tests)."""
