"""Pilot tests of the table app: they drive the real screens and check what is stored."""

__all__: list[str] = []
