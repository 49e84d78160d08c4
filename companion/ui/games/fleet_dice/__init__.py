"""Fleet Dice's screens: the score sheets."""
