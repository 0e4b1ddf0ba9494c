"""Suggestions for the people who enter moves (the app's move box and keys; later the phones):
complete move lines in notation, each one the referee would accept. An edge's helper, not the
service's: the service answers with data and never shapes input."""

from .moves import actor, catch_lines, completions, misplay_instead, playable, quick_moves

__all__ = ["actor", "catch_lines", "completions", "misplay_instead", "playable", "quick_moves"]
