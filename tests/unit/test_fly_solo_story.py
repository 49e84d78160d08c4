"""An adventure's timeline for History (companion/games/fly_solo/story.py)."""

from __future__ import annotations

from companion.games.fly_solo import journal as j
from companion.games.fly_solo.story import story
from tests.unit.test_fly_solo_journal import Journal, started


def test_a_won_adventure_tells_each_day_and_upgrade_in_order_then_the_win() -> None:
    journal = started("1A")  # the Free Badge on Momentum 1A (Fly Solo: Setup)
    journal.win()  # seven Steelhead at 9: 63 + first to seven 2 + L1 ... (the journal tests' win)
    journal.buy("finesse")  # the Badge for beating L1
    journal.win()
    journal.lose()
    journal.win()
    journal.win()
    told = story(journal.setup, journal.log)
    assert [m.kind for m in told.moments] == ["upgrade", "day", "upgrade", "day", "day", "day", "day", "end"]
    assert [m.day for m in told.moments] == [0, 1, 1, 2, 3, 4, 5, 5]
    days = [d for d in journal.state.days]
    assert told.scores == tuple((d.number, d.score.your_total, d.score.angler_total) for d in days)
    assert told.moments[1].text.startswith("Day 1 at L1 Crooked Fork: you ")
    assert told.moments[1].result == "win" and "Beat L1 Crooked Fork" in told.moments[1].badges
    assert told.moments[4].result == "loss" and told.moments[4].text.endswith("the Silent Angler won")
    assert told.upgrades == ("Momentum tile 1A", "Finesse at start +1")
    assert told.status == "won" and told.moments[-1].text == "Adventure won: every Location beaten"
    assert told.summary == f"Won · 5 of 7 Days · {len(journal.state.badges)} Badges · 2 upgrades"


def test_a_lost_adventure_ends_with_the_days_and_locations_beaten() -> None:
    journal = started()
    journal.win()
    for _ in range(6):
        journal.lose()
    told = story(journal.setup, journal.log)
    assert told.status == "lost" and told.days == 7
    assert told.moments[-1].text == "Adventure lost: 7 Days played, 1 of 4 Locations beaten"


def test_an_adventure_not_yet_played_has_no_moments_but_its_name() -> None:
    told = story({"name": "Spring"}, [])
    assert (told.name, told.status, told.moments, told.scores) == ("Spring", "playing", (), ())
    assert told.summary == "Playing · 0 of 7 Days · 1 Badge · 0 upgrades"


def test_the_story_matches_the_journal_replayed_from_its_log() -> None:
    journal = Journal("Replay")
    journal.buy("momentum", "2A")
    journal.lose()
    told = story(journal.setup, journal.log)
    assert told.badges == journal.state.badges and told.days == len(journal.state.days) == 1
    assert j.RULES.initial_state(journal.setup).name == told.name
