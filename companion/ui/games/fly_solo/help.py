"""Fly Solo's rules help (the adventure's, shared by its screens, and the Silent Angler assistant's), and an
adventure's state in one line."""

from __future__ import annotations

from companion.core.words import count
from companion.games.fly_solo import journal as j
from companion.games.fly_solo.journal import Campaign

HELP = """\
**The adventure** (Fly Solo): up to seven Days at four Locations played in order, L1 Crooked Fork,
L2 Hunter's Cabin, L3 Snake Run, L4 Coldwater Cove. Beat the Silent Angler at your Location to move
on; beat L4 within seven Days to win the adventure. Equal totals go to the most fish of the tie-break
colours in turn, as in the 2-4 player game (the Day's result says which colour decided it); a tie to
the last colour is not a win.

**Badges**: the free Badge unlocks your first Momentum tile before Day 1. You earn one for each
completed Guide Book Challenge row and one for each Location beaten, even on a lost Day. Each Badge
buys one Journal Upgrade: Momentum tiles 1A to 5A (any order, each once), Finesse at start 1 to 4 (in
order), Rocks per deck 2 then 3, the New Rod (Reel board 3B or 4B, for good), a Skill card every Day,
the 7 Fish Bonus (+2 when you catch seven first), Bonus Points +1 (up to six).

**Guide Book Challenges** are ticked from the fish you record: Species Goals and Balanced Fishing
one box per fish, The Big Ones for a fish of that species with the printed points and colour (the
button names it, e.g. "Black 4-point Brook"), Bonus Hatch Token one box per token you gained that
matches it, in (A) until it is full, then in (B); 8 Fish for a Day of eight fish.

**Scoring**: you score as in the 2-4 player game, plus 1 per hatch token matching the Bonus Hatch
Token (none at L4), your Bonus Points and the 7 Fish Bonus. The Silent Angler scores its fish, the
common achievements against you (its Bonus Hatch Token matches too, except at L4), its achievement
track and its Location's achievements (Appendix B). First to seven fish needs no answer: your three
turns come before the Silent Angler's in every round and the Day ends with that round, so if you have
seven fish you were first; otherwise the Silent Angler with seven was.

**Chosen numbers.** The map's pictures did not survive in the rulebook text, so these are *chosen
defaults*: achievement track points 0, 1, 2, 4, **6**, 8, 10, 12, 15 by space (only the fourth space's
6 is in the text); the colour wheel yellow, green, tan, blue, orange, white (a 1 points at yellow);
L3's fish colours gold 3, black 2, green 1; boxes: Species Goals 5, Balanced Fishing 8; The Big Ones'
colour black for every species (the text gives only the Brook's: "a Black four-point Brook"). From
the text: the Big Ones' points, Bonus Hatch Token (A) and (B) 5 boxes each, 8 Fish 1 box, hatch
tiles 4 4 4 4 4 4 5 (L4: 4 4 4 4 4 5 5). A fish takes only the points its species' cards print:
chosen defaults 1 up to its Big One's points, changed in Settings > Freshwater Fly. To match your
printed map, copy `games/fly_solo/adventure.json` from the app's assets into the data folder's
`custom/` folder and edit it; the app checks it when it starts.
"""


ANGLER_HELP = """\
**Each round** roll as many dice as the on-deck hatch tile shows (4 or 5). You take three dice and
play your three turns; the Silent Angler gets the rest and casts with each, the lower one first.
With Momentum tile 5 unlocked, its B side's re-roll (Appendix A, 5B) is a button while you take your
dice: the dice still in the pool are rolled again, and the Silent Angler casts with the new ones.

**A Silent Angler cast** goes to the bottom row of the die's column. Tap the picture of that column
(top row on top, as on the board): a fish draws one Strike card (a rock none). A miss drifts up a
row; after the top row the cast is over; the rows above a hook do not count. The Strike cards are
shuffled before each Silent Angler cast.

**A hook** gives the Silent Angler the fish and one hatch token from that column: the colour its die
points at on the colour wheel, else the next colour clockwise that the column has. With none left,
its achievement track moves a space instead. The wheel's order was a picture that did not survive:
the app's *chosen default* is yellow, green, tan, blue, orange, white (a 1 points at yellow); change
it in the adventure data file (see the journal's help).

**End of the round**: no catch this round moves its track one space. The Day ends at the end of a
round in which you or the Silent Angler has seven fish: when you land your seventh, tap *You have 7
fish* at the round's end (or your count in the tally as you go, if you like to see it).
"""



def summary(state: Campaign) -> str:
    status = state.status(j.RULES.adventure)
    if status == "won":
        return f"Won in {count(len(state.days), 'Day')}"
    if status == "lost":
        return f"Lost: L{state.location} was not beaten in seven Days"
    spend = f" · {count(state.badges_to_spend, 'Badge')} to spend" if state.badges_to_spend else ""
    return f"Day {state.next_day} of {j.RULES.adventure.days} at L{state.location}{spend}"
