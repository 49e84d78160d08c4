"""Fly Solo scoring (rulebook: Fly Solo, Scoring; Appendix B, Silent Angler Achievements).

You score as in the 2-4 player game, plus a point per hatch token matching the Bonus
Hatch Token (none at L4), the journal's Bonus Points, and the 7 Fish Bonus (+2 more
for catching seven first, once unlocked). The Silent Angler scores its fish, the common
achievements as you do (compared with you; the Bonus Hatch Token's point per matching
token is one of them), its achievement track and its Location's achievements.

Who was first to seven fish follows from the counts: each round you take your three
turns before the Silent Angler, and the Day ends at the end of the round in which
either has a seventh fish, so with seven at the end you were first; otherwise the
Silent Angler with seven was (rulebook: Fly Solo, Silent Angler's Turn and DAY END).
"""

from __future__ import annotations

from collections.abc import Mapping, Sequence
from dataclasses import dataclass, field, replace
from typing import Any, Literal

from companion.core.score_input import choice, flag, show
from companion.core.scoring import BreakdownLine, TieBreak, break_tie, total_of
from companion.games.fly_solo.adventure import Adventure, default_adventure
from companion.games.freshwater_fly.entry import (
    SEVEN,
    EntryError,
    Fish,
    FishColor,
    FishPoints,
    Hatch,
    PlayerEntry,
    Species,
    check_keys,
    parse_player,
    whole_number,
)
from companion.games.freshwater_fly.scoring import (
    breakdown as player_breakdown,
)
from companion.games.freshwater_fly.scoring import (
    colour_sets,
    colour_ties,
    default_fish_points,
    default_tie_break,
    fish_points,
    most_coho,
)

SOLO_BOARDS = ("1A", "3B", "4B")  # Reel board 1A, or 3B/4B after a New Rod
MAX_BONUS_POINTS = 6
SEVEN_FISH_BONUS = 2
SILENT_ANGLER = "Silent Angler"
BONUS_TOKEN_RULE = "Bonus hatch token matches"

Result = Literal["win", "loss", "tie"]


@dataclass(frozen=True)
class AnglerEntry:
    """The Silent Angler at the end of a Day."""

    fish: tuple[Fish, ...] = ()
    hatch: Mapping[Hatch, int] = field(default_factory=lambda: {h: 0 for h in Hatch})
    track: int = 0  # its space on the achievement track; 0 is the start space

    def count(self, species: Species) -> int:
        return sum(1 for f in self.fish if f.species is species)


@dataclass(frozen=True)
class DayEntry:
    location: int  # 1 to 4
    you: PlayerEntry
    angler: AnglerEntry
    bonus_hatch_matches: int = 0  # your hatch tokens matching the Bonus Hatch Token
    bonus_points: int = 0  # the journal's Bonus Points upgrades
    seven_fish_bonus: bool = False  # the journal's 7 Fish Bonus upgrade
    you_first: bool | None = None  # first to seven fish, when said; None: follows from the counts
    angler_bonus_matches: int = 0  # the Silent Angler's tokens matching the Bonus Hatch Token


@dataclass(frozen=True)
class DayScore:
    you: tuple[BreakdownLine, ...]
    angler: tuple[BreakdownLine, ...]
    result: Result
    tie: str = ""  # when the totals are level, why the Day went as it did (`day_tie`); "" otherwise

    @property
    def your_total(self) -> int:
        return total_of(self.you)

    @property
    def angler_total(self) -> int:
        return total_of(self.angler)


def first_to_seven(day: DayEntry) -> tuple[bool, bool]:
    """(you, the Silent Angler): who was first to seven fish. You, when you have seven at
    the end of the Day (your turns come first in each round, and the round in which either
    catches a seventh fish is the last); else the Silent Angler, when it has seven. What was
    said (`you_first`) wins over the counts."""
    you_have = len(day.you.fish) >= SEVEN
    you = you_have if day.you_first is None else day.you_first and you_have
    return you, not you and len(day.angler.fish) >= SEVEN


def angler_as_player(day: DayEntry) -> PlayerEntry:
    """The Silent Angler as a player, for the common achievements."""
    return PlayerEntry(SILENT_ANGLER, "1A", day.angler.fish, day.angler.hatch, (), first_to_seven(day)[1])


def location_achievement(location: int, angler: AnglerEntry, adventure: Adventure) -> list[BreakdownLine]:
    """Appendix B, Silent Angler Achievements, L1 to L4, as worded."""
    colours = sum(1 for h in Hatch if angler.hatch.get(h, 0) > 0)
    label = f"L{location}"
    lines: list[BreakdownLine] = []

    def line(rule: str, count: int, each: int) -> None:
        lines.append(BreakdownLine(f"{label}: {rule}", count, count * each))

    if location == 1:
        line("different hatch colours", colours, 2)
        line("pairs of fish of one species", sum(angler.count(s) // 2 for s in Species), 3)
        line("Steelhead", angler.count(Species.STEELHEAD), 1)
        line("Brown", angler.count(Species.BROWN), 1)
    elif location == 2:
        line("different hatch colours", colours, 2)
        line("different species", sum(1 for s in Species if angler.count(s)), 2)
        line("Grayling", angler.count(Species.GRAYLING), 1)
        line("Rainbow", angler.count(Species.RAINBOW), 1)
    elif location == 3:
        line("different hatch colours", colours, 1)
        for colour, each in sorted(adventure.l3_points.items(), key=lambda kv: -kv[1]):
            line(f"{colour.value} fish", sum(1 for f in angler.fish if f.color is colour), each)
    else:
        for hatch, each in ((Hatch.YELLOW, 1), (Hatch.GREEN, 1), (Hatch.TAN, 2), (Hatch.ORANGE, 2),
                            (Hatch.WHITE, 3), (Hatch.BLUE, 3)):
            line(f"{hatch.value} hatch tokens", angler.hatch.get(hatch, 0), each)
        for species in (Species.COHO, Species.CUTTHROAT, Species.DOLLY, Species.BROOK):
            line(species.label, angler.count(species), 2)
    return lines


def score_day(day: DayEntry, adventure: Adventure | None = None,
              tie_break: Sequence[FishColor] | None = None) -> DayScore:
    adventure = adventure or default_adventure()
    you_first, _ = first_to_seven(day)
    your_entry = replace(day.you, first_to_seven=you_first)
    angler = angler_as_player(day)
    your_coho, angler_coho = most_coho([your_entry, angler])
    you = list(player_breakdown(your_entry, your_coho))
    token = adventure.location(day.location).bonus_hatch_token  # none at L4 (Fly Solo: Setup 3)
    matches, angler_matches = (day.bonus_hatch_matches, day.angler_bonus_matches) if token else (0, 0)
    you.append(BreakdownLine(BONUS_TOKEN_RULE, matches, matches))
    you.append(BreakdownLine("Journal bonus points", day.bonus_points, day.bonus_points))
    seven = day.seven_fish_bonus and you_first
    you.append(BreakdownLine("7 Fish Bonus", int(seven), SEVEN_FISH_BONUS * int(seven)))
    track = min(day.angler.track, len(adventure.track_points) - 1)
    theirs = [
        fish_points(angler),
        BreakdownLine("First to seven fish", int(angler.first_to_seven), 2 * int(angler.first_to_seven)),
        colour_sets(angler),
        angler_coho,
        BreakdownLine(BONUS_TOKEN_RULE, angler_matches, angler_matches),
        BreakdownLine(f"Achievement track (space {track})", track, adventure.track_points[track]),
        *location_achievement(day.location, day.angler, adventure),
    ]
    you_lines = tuple(line for line in you if line.points or line.rule == "Fish points")
    angler_lines = tuple(line for line in theirs if line.points or line.rule == "Fish points")
    # WINNING applies: most points, then the most fish of each tie-break colour in turn.
    order = tuple(tie_break or default_tie_break())
    mine = (total_of(you_lines), *(your_entry.colour_count(c) for c in order))
    its = (total_of(angler_lines), *(sum(1 for f in day.angler.fish if f.color is c) for c in order))
    result: Result = "win" if mine > its else "loss" if mine < its else "tie"
    tie = day_tie(day.location, mine[0] == its[0], colour_ties((your_entry, angler), order))
    return DayScore(you_lines, angler_lines, result, tie)


def day_tie(location: int, level: bool, breaks: Sequence[TieBreak]) -> str:
    """The words on a Day whose totals are `level`: "You win the tie: gold 2-1", "The Silent Angler wins the
    tie: gold 2-2, black 3-1", or a tie to the last colour, which does not beat the Location; "" when not
    level. A Day plays "exactly like the 2-4 player game" (Fly Solo: GAMEPLAY), so WINNING's tie-break
    colours decide it; a Location is beaten only by beating the Silent Angler (THE ADVENTURE MAP, 2)."""
    if not level:
        return ""
    left, why = break_tie(("You", SILENT_ANGLER), (0, 1), breaks)
    if len(left) == 1:
        return f"{'You win' if left == (0,) else 'The Silent Angler wins'} the tie: {why}"
    return (f"A tie, to the last fish colour ({why}), does not beat L{location}: you move on only when you beat "
            "the Silent Angler")


# `companion score fly-solo` -----------------------------------------------------------------

def parse_angler(data: Any, path: str, fish_points: FishPoints | None = None) -> tuple[AnglerEntry, int | None]:
    """The Silent Angler's end of Day as JSON (`fish`, `hatch`, `track`, and its
    `bonus_hatch_matches` when said); EntryError names the field. `fish_points`: the points each
    species' cards print, each fish's checked against them (`companion score`)."""
    data = check_keys(data, path, ("fish", "hatch", "track", "bonus_hatch_matches"), ("fish",))
    as_player = parse_player({"name": SILENT_ANGLER, "reel_board": "1A", "fish": data["fish"],
                              "hatch": data.get("hatch", {})}, path, fish_points=fish_points)
    track = whole_number(data.get("track", 0), f"{path}.track")
    last = len(default_adventure().track_points) - 1
    if track > last:
        raise EntryError(f"{path}.track", f"the achievement track has spaces 0 to {last}, not {track}")
    matches = data.get("bonus_hatch_matches")
    return (AnglerEntry(as_player.fish, as_player.hatch, track),
            None if matches is None else whole_number(matches, f"{path}.bonus_hatch_matches"))


def _matches(side: str, said: int | None, hatch: Mapping[Hatch, int], token: Hatch | None, location: int) -> int:
    """A side's hatch tokens matching the Bonus Hatch Token: counted when its colour is given,
    else as said (0 when neither), and checked against the tokens gained and the Location."""
    path = f"{side}.bonus_hatch_matches"
    gained = sum(hatch.values())
    counted = hatch.get(token, 0) if token else None
    if said is not None and counted is not None and said != counted:
        raise EntryError(path, f"{said}, but {counted} of the hatch tokens gained are {token.value}, "
                               "the Bonus Hatch Token's colour")
    matches = counted if counted is not None else said or 0
    if matches > gained:
        who = "you" if side == "you" else "the Silent Angler"
        raise EntryError(path, f"{who} gained {gained} hatch tokens, so at most that many match, not {matches}")
    if matches and not default_adventure().location(location).bonus_hatch_token:
        raise EntryError(path, f"L{location} has no Bonus Hatch Token")
    return matches


def parse_day(data: Any, fish_points: FishPoints | None = None) -> DayEntry:
    """A Fly Solo Day's end, checked; EntryError names the first bad field. `fish_points`: the points
    each species' cards print, both sides' fish checked against them."""
    data = check_keys(data, "game", ("location", "you", "silent_angler", "journal", "bonus_hatch"),
                      ("location", "you", "silent_angler"))
    location = data["location"]
    if not isinstance(location, int) or isinstance(location, bool) or location not in (1, 2, 3, 4):
        raise EntryError("location", f"a Location is 1 to 4, not {show(location)}")
    token = None
    if "bonus_hatch" in data:
        token = Hatch(choice(data["bonus_hatch"], "bonus_hatch", [h.value for h in Hatch], "hatch colour",
                             listed=False))
        if not default_adventure().location(location).bonus_hatch_token:
            raise EntryError("bonus_hatch", f"L{location} has no Bonus Hatch Token")
    raw_you = check_keys(data["you"], "you", ("name", "reel_board", "fish", "hatch", "cards", "first_to_seven",
                                         "bonus_hatch_matches"), ("reel_board", "fish"))
    said = raw_you.get("bonus_hatch_matches")
    you = parse_player({"name": "You", **{k: v for k, v in raw_you.items() if k != "bonus_hatch_matches"}}, "you",
                       fish_points=fish_points)
    if you.reel_board not in SOLO_BOARDS:
        raise EntryError("you.reel_board", f"Fly Solo uses reel board 1A, or 3B or 4B after a New Rod, "
                                           f"not {you.reel_board!r}")
    matches = _matches("you", None if said is None else whole_number(said, "you.bonus_hatch_matches"),
                       you.hatch, token, location)
    angler, angler_said = parse_angler(data["silent_angler"], "silent_angler", fish_points)
    angler_matches = _matches("silent_angler", angler_said, angler.hatch, token, location)
    journal = check_keys(data.get("journal", {}), "journal", ("bonus_points", "seven_fish_bonus"), ())
    bonus = whole_number(journal.get("bonus_points", 0), "journal.bonus_points")
    if bonus > MAX_BONUS_POINTS:
        raise EntryError("journal.bonus_points", f"at most {MAX_BONUS_POINTS}, not {bonus}")
    seven = flag(journal.get("seven_fish_bonus", False), "journal.seven_fish_bonus")
    you_first = you.first_to_seven if "first_to_seven" in raw_you else None
    return DayEntry(location, you, angler, matches, bonus, seven, you_first, angler_matches)


def score_json(data: Any) -> dict[str, Any]:
    """`companion score fly-solo`: a Day's end in, both scores and the result out."""
    score = score_day(parse_day(data, default_fish_points()))

    def side(lines: tuple[BreakdownLine, ...]) -> dict[str, Any]:
        return {"total": total_of(lines),
                "breakdown": [{"rule": b.rule, "count": b.count, "points": b.points} for b in lines]}

    return {"you": side(score.you), "silent_angler": side(score.angler), "result": score.result,
            **({"tie": score.tie} if score.tie else {})}
