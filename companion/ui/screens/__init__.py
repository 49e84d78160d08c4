"""The screens every game shares: Games, Dice, History, Settings, Unfinished sessions, Who, Invite."""
