"""Lure: secretly pick dice and lures, roll from fewest dice to most, catch the revealed fish."""
