"""The Silent Angler assistant: one Fly Solo Day, round by round (rulebook: Fly Solo, Round
Summary, Silent Angler's Turn, End of the Round, Day End).

Each round: roll as many dice as the on-deck hatch tile shows (4 or 5); you take three,
the Silent Angler gets the rest and casts with each, lowest first: to the bottom row of
the die's column, one Strike card per fish (none on a Rock), drifting up a row on a
miss; after the top row the cast is over (the table says at once what the column holds from the
token's row up: one tap, not one a row). A hook gives it the fish and one hatch token
chosen by the colour wheel; with no token left in the column its achievement track
advances instead. A round without a catch advances the track too. The Day ends at the
end of a round in which either side has seven fish. Momentum 5B (Appendix A: "Reroll the
dice in the Dice pool") re-rolls the dice still in the pool while you take yours: the
Silent Angler then casts with the new ones.
"""

from __future__ import annotations

import random
from collections.abc import Iterable, Mapping, Sequence
from dataclasses import dataclass, field, replace
from typing import Any

from companion.core import words
from companion.core.actions import Action
from companion.core.errors import DomainError
from companion.core.table.phases import Phase, nobody
from companion.core.table.rules import Move, TableRules
from companion.core.words import a
from companion.games.fly_solo.adventure import Adventure, OnTheMap, default_adventure
from companion.games.freshwater_fly import draft as draft_rules
from companion.games.freshwater_fly import strike as strike_rules
from companion.games.freshwater_fly.draft import DraftState
from companion.games.freshwater_fly.entry import SEVEN, Fish, FishColor, Hatch, Species
from companion.games.freshwater_fly.strike import StrikeState, deck_rules

GAME = "fly-solo-day"


def wheel_order(die: int, wheel: Sequence[Hatch]) -> tuple[Hatch, ...]:
    """The colours in the order the Silent Angler looks for one: the one its die points at, then
    clockwise round the wheel."""
    return tuple(wheel[(die - 1 + step) % len(wheel)] for step in range(len(wheel)))


def wheel_token(die: int, column: Iterable[Hatch], wheel: Sequence[Hatch]) -> Hatch | None:
    """The hatch token the Silent Angler takes: the colour its die points at on the wheel,
    else the next colour clockwise that the column has; None when the column has none."""
    present = set(column)
    return next((colour for colour in wheel_order(die, wheel) if colour in present), None)


@dataclass(frozen=True)
class AnglerDay:
    location: int
    draft: DraftState = field(default_factory=lambda: draft_rules.begin([], 0, True))
    strike: StrikeState = field(default_factory=StrikeState)
    closed: bool = True  # the round is over (or none began): roll next
    cast_die: int = 0  # which of the Silent Angler's dice this round casts next
    fish: tuple[Fish, ...] = ()
    hatch: Mapping[Hatch, int] = field(default_factory=lambda: {h: 0 for h in Hatch})
    track: int = 0
    your_fish: int = 0
    caught_this_round: bool = False
    over: bool = False

    @property
    def angler_dice(self) -> tuple[int, ...]:
        """The Silent Angler's dice this round, lowest first."""
        return self.draft.dice_of(1)

    @property
    def step(self) -> str:
        """roll, pick, cast, end-round or over."""
        if self.over:
            return "over"
        if self.closed:
            return "roll"
        if not self.draft.round_over:
            return "pick"
        if self.cast_die < len(self.angler_dice):
            return "cast"
        return "end-round"

    @property
    def die(self) -> int | None:
        """The die the Silent Angler casts with now."""
        return self.angler_dice[self.cast_die] if self.step == "cast" else None


def new_day(setup: Mapping[str, Any]) -> AnglerDay:
    location = setup.get("location")
    if location not in (1, 2, 3, 4):
        raise DomainError("A Day is played at a Location, L1 to L4.")
    return AnglerDay(location)


def your_count(day: AnglerDay, data: Mapping[str, Any]) -> AnglerDay:
    n = data.get("fish")
    if not isinstance(n, int) or isinstance(n, bool) or not 0 <= n <= 20:
        raise DomainError("Say how many fish you have caught (0 to 20).")
    return replace(day, your_fish=n)


def roll_round(day: AnglerDay, data: Mapping[str, Any]) -> AnglerDay:
    return replace(day, draft=draft_rules.roll_round(day.draft, data.get("faces")), closed=False,
                   cast_die=0, caught_this_round=False, strike=StrikeState())


def take_die(day: AnglerDay, data: Mapping[str, Any]) -> AnglerDay:
    return replace(day, draft=draft_rules.take(day.draft, data.get("index")))


def reroll_pool(day: AnglerDay, data: Mapping[str, Any]) -> AnglerDay:
    return replace(day, draft=draft_rules.reroll_pool(day.draft, data.get("faces")))


def start_cast(day: AnglerDay, data: Mapping[str, Any]) -> AnglerDay:
    return replace(day, strike=strike_rules.start(day.strike, data.get("order"), "silent", deck_rules()))


def next_row(day: AnglerDay, data: Mapping[str, Any]) -> AnglerDay:
    strike = strike_rules.silent_row(day.strike, data.get("fish"))
    if strike.status == "missed":  # after the top row the cast is over
        return replace(day, strike=StrikeState(casts=strike.casts), cast_die=day.cast_die + 1)
    return replace(day, strike=strike)


def cast_column(day: AnglerDay, data: Mapping[str, Any]) -> AnglerDay:
    """The column's rows from the token's row up, a fish (True) or a rock each: the cast drifts up them
    one by one, as `next_row` would (a Strike card a fish, none a rock), and stops at a hook; the rows
    above a hook are not looked at."""
    rows = data.get("fish")
    left = len(strike_rules.ROWS) - day.strike.row
    if not isinstance(rows, list) or len(rows) != left or not all(isinstance(r, bool) for r in rows):
        raise DomainError(f"Say for each of the column's {words.count(left, 'row')} left whether it holds a "
                          "fish or a rock.")
    for fish in rows:
        day = next_row(day, {"fish": fish})
        if day.strike.status != "casting":  # hooked, or the cast over and the next die's turn
            break
    return day


def ends_the_day(day: AnglerDay) -> bool:
    """Whether the round ending now ends the Day: you or the Silent Angler has seven fish (Day End)."""
    return day.your_fish >= SEVEN or len(day.fish) >= SEVEN


def day_phase(day: AnglerDay) -> Phase:
    """Where the Silent Angler's Day stands (its `step`): the one move it opens (the player's own count of
    fish goes in at any time), the Day's one step check (its moves check none: `RULES.play`, a phone's move
    authorized by its session). Played by one player: it waits on no one in particular."""
    if day.over:
        return nobody("the Day is over: record it in the journal")
    step, strike = day.step, day.strike.status
    if step == "roll":
        return Phase("the next round's dice are to be rolled", moves=frozenset({"roll"}))
    if step == "pick":
        return Phase("you take your three dice first", moves=frozenset({"take", "reroll"}))
    if step == "end-round":
        return Phase("the Silent Angler has cast every die: end the round", moves=frozenset({"end"}))
    if strike == "idle":
        return Phase("the Silent Angler casts its next die", moves=frozenset({"cast"}))
    if strike == "hooked":
        return Phase("say which fish the Silent Angler hooked", moves=frozenset({"hook"}))
    return Phase("the Silent Angler's cast goes on, row by row", moves=frozenset({"row", "column"}))


class AnglerRules(OnTheMap, TableRules[AnglerDay]):
    """The Silent Angler's Day (rulebook: Fly Solo, The Silent Angler), on the adventure map given
    (else the shipped or the player's own)."""

    def __init__(self, adventure: Adventure | None = None) -> None:
        OnTheMap.__init__(self, adventure)
        TableRules.__init__(
            self, game=GAME, title="Silent Angler", setup=new_day,
            moves=(Move("you", your_count, ("fish",), anytime=True),
                   Move("roll", roll_round, ("faces",)),
                   Move("take", take_die, ("index",)),
                   Move("reroll", reroll_pool, ("faces",)),
                   Move("cast", start_cast, ("order",)),
                   Move("row", next_row, ("fish",)),  # one row (journals before the column)
                   Move("column", cast_column, ("fish",)),
                   Move("hook", self._hook, ("species", "color", "points", "column")),
                   Move("end", self._end_round, ())),
            over=lambda day: day.over, phase=day_phase, example_setup=day_setup, candidates=day_candidates)

    def _end_round(self, day: AnglerDay, data: Mapping[str, Any]) -> AnglerDay:
        track = day.track if day.caught_this_round else self._advance(day.track)
        return replace(day, track=track, closed=True, over=ends_the_day(day))

    def _hook(self, day: AnglerDay, data: Mapping[str, Any]) -> AnglerDay:
        try:
            fish = Fish(Species(data.get("species")), FishColor(data.get("color")), data.get("points"))
        except ValueError:
            raise DomainError("Say which fish it hooked: its species, colour and points.") from None
        if not isinstance(fish.points, int) or isinstance(fish.points, bool) or not 0 <= fish.points <= 20:
            raise DomainError("A fish's points are a whole number from 0 to 20.")
        column = data.get("column", [])
        try:
            present = {Hatch(c) for c in column}
        except (TypeError, ValueError):
            raise DomainError("Say which hatch token colours the column holds.") from None
        token = wheel_token(day.die, present, self.adventure.wheel)
        hatch, track = dict(day.hatch), day.track
        if token is None:
            track = self._advance(track)  # no token to gain: the track advances instead
        else:
            hatch[token] += 1
        return replace(day, fish=day.fish + (fish,), hatch=hatch, track=track, caught_this_round=True,
                       strike=StrikeState(casts=day.strike.casts), cast_die=day.cast_die + 1)

    def _advance(self, track: int) -> int:
        return min(track + 1, len(self.adventure.track_points) - 1)




# Action builders ---------------------------------------------------------------------------

def roll(day: AnglerDay, count: int, rng: random.Random) -> Action:
    return Action("roll", {"faces": draft_rules.roll_faces(count, rng)},
                  f"roll round {day.draft.round + 1} ({words.count(count, 'die', 'dice')})")


def take(day: AnglerDay, index: int) -> Action:
    return Action("take", {"index": index}, f"you take {a(day.draft.pool[index])}")


def reroll(day: AnglerDay, rng: random.Random) -> Action:
    """Momentum 5B: the dice in the pool rolled again (you gain 1 Finesse on your board)."""
    return Action("reroll", {"faces": draft_rules.roll_faces(len(day.draft.pool), rng)},
                  f"Momentum 5B: re-roll the pool ({words.count(len(day.draft.pool), 'die', 'dice')})")


def cast(day: AnglerDay, rng: random.Random, hooks: int) -> Action:
    return Action("cast", {"order": strike_rules.new_order(hooks, rng)}, f"the Silent Angler casts its {day.die}")


def row(day: AnglerDay, fish: bool) -> Action:
    where = strike_rules.ROWS[min(day.strike.row, 2)]
    return Action("row", {"fish": fish}, f"Silent Angler: {'a fish' if fish else 'a rock'} in the {where} row")


def column(day: AnglerDay, rows: Sequence[bool]) -> Action:
    """What the column holds from the token's row up (bottom first): a fish or a rock each; its label says
    how the cast ends (the Strike cards are shuffled already) and names no row above a hook."""
    first, held = day.strike.row, list(rows)
    after = cast_column(day, {"fish": held}).strike
    looked = held[:after.row - first] if after.status == "hooked" else held
    said = ", ".join(f"{'a fish' if fish else 'a rock'} {strike_rules.ROWS[first + i]}"
                     for i, fish in enumerate(looked))
    ends = "hooked!" if after.status == "hooked" else "no hook"
    return Action("column", {"fish": held}, f"Silent Angler's {day.die}: {said}: {ends}")


def hook(day: AnglerDay, species: Species, color: FishColor, points: int, column: Iterable[Hatch],
         adventure: Adventure | None = None) -> Action:
    present = list(column)
    token = wheel_token(day.die or 1, present, (adventure or default_adventure()).wheel)
    gains = f"{a(token.value)} token" if token else "no token (the track advances)"
    return Action("hook", {"species": species.value, "color": color.value, "points": points,
                           "column": [h.value for h in present]},
                  f"the Silent Angler lands {a(color.value)} {species.label} ({points}) and {gains}")


def your_fish(count: int) -> Action:
    return Action("you", {"fish": count}, f"you have {count} fish")


def end_round(day: AnglerDay) -> Action:
    moves = "" if day.caught_this_round else ", no catch: the track advances"
    return Action("end", {}, f"end round {day.draft.round}{moves}")


# What a player might do now (random play and the conformance tests) -------------------

def day_setup(rng: random.Random) -> dict[str, Any]:
    return {"location": rng.randint(1, 4)}


def day_candidates(day: AnglerDay, rng: random.Random) -> list[Action]:
    moves = [your_fish(min(20, day.your_fish + rng.randint(0, 2)))]
    step = day.step
    if step == "roll":
        moves.append(roll(day, rng.choice((4, 5)), rng))
    elif step == "pick":
        moves.append(take(day, rng.randrange(len(day.draft.pool))))
        if rng.random() < 0.1:
            moves.append(reroll(day, rng))
    elif step == "cast" and day.strike.status == "idle":
        moves.append(cast(day, rng, deck_rules().default_hooks))
    elif step == "cast" and day.strike.status == "hooked":
        tokens = rng.sample(list(Hatch), rng.randint(0, 3))
        moves.append(hook(day, rng.choice(list(Species)), rng.choice(list(FishColor)), rng.randint(1, 4), tokens))
    elif step == "cast":
        moves.append(row(day, rng.random() < 0.7))
        left = len(strike_rules.ROWS) - day.strike.row
        moves.append(column(day, [rng.random() < 0.7 for _ in range(left)]))
    elif step == "end-round":
        moves.append(end_round(day))
    return moves


RULES = AnglerRules()
