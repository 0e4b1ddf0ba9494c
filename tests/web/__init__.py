"""Tests of the phone scoreboard (`uno-referee serve`, referee/web/)."""
