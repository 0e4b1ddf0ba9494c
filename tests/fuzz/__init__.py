"""Fuzzing the command line: mutated `.uno` files through every file command (issue 16)."""
