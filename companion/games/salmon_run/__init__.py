"""Salmon Run: the river set-up, each salmon's deck and Fatigue, the current's die, the race's end."""
