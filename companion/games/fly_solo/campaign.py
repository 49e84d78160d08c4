"""A Fly Solo adventure's state: its Days, Badges, Journal Upgrades and Guide Book Challenges, the
Day being recorded, and what the journal says of them (rulebook: Fly Solo, THE ADVENTURE MAP,
Appendix B: Journal Upgrades, Guide Book Challenges). The moves that change it are `journal`'s."""

from __future__ import annotations

from collections.abc import Mapping, Sequence
from dataclasses import dataclass, field, replace
from typing import Literal

from companion.games.fly_solo.adventure import Adventure
from companion.games.fly_solo.scoring import (
    SILENT_ANGLER,
    AnglerEntry,
    DayEntry,
    DayScore,
)
from companion.games.freshwater_fly import score_sheet
from companion.games.freshwater_fly.entry import (
    SEVEN,
    Fish,
    FishColor,
    Hatch,
    PlayerEntry,
    Species,
)
from companion.games.freshwater_fly.score_sheet import SheetState

GAME = "fly-solo-campaign"
YOU = "You"
FREE_BADGE = "Free Badge"
MAX_NAME = 40

MOMENTUM_TILES = ("1A", "2A", "3A", "4A", "5A")
MAX_FINESSE = 4
ROCKS = (1, 2, 3)  # 1 is unlocked from the start; then 2, then 3
NEW_RODS = ("3B", "4B")
MAX_BONUS_POINTS = 6
SKILL_CARDS = tuple("ABCDEFGHIJKLMNOP")  # Appendix A, Skill Actions
UPGRADES = ("momentum", "finesse", "rocks", "rod", "skill", "seven_fish", "bonus_point")

Status = Literal["playing", "won", "lost"]


# Guide Book Challenges ----------------------------------------------------------------------

@dataclass(frozen=True)
class Challenge:
    id: str
    group: str
    label: str  # the row's name ("" when the group has one row)
    boxes: int

    @property
    def badge(self) -> str:
        return f"{self.group}: {self.label}" if self.label else self.group


def challenges(adventure: Adventure) -> tuple[Challenge, ...]:
    """Every row of the Guide Book Challenges, with its box count from the adventure data."""
    rows = [Challenge(f"species:{s.value}", "Species Goals", s.label, adventure.species_goals) for s in Species]
    rows += [Challenge(f"colour:{c.value}", "Balanced Fishing", f"{c.value} fish", adventure.balanced_fishing)
             for c in FishColor]
    rows += [Challenge(f"big:{s.value}", "The Big Ones", f"{big.colour.value.capitalize()} {big.points}-point "
                                                         f"{s.label}", 1)
             for s, big in adventure.big_ones.items()]
    rows += [Challenge("hatch-a", "Bonus Hatch Token (A)", "", adventure.bonus_hatch_a),
             Challenge("hatch-b", "Bonus Hatch Token (B)", "", adventure.bonus_hatch_b),
             Challenge("eight-fish", "8 Fish", "", adventure.eight_fish)]
    return tuple(rows)


def day_marks(fish: Sequence[Fish], matches: int, progress: Mapping[str, int],
              adventure: Adventure) -> dict[str, int]:
    """The boxes one Day marks (Appendix B, Guide Book Challenges): one per fish of each
    species and colour; a Big One for a fish meeting all its criteria (species, printed
    points and colour: 'a Black four-point Brook');
    one per bonus-token match, in (A) until it is full, then in (B); 8 Fish for a Day of
    eight fish."""
    marks = {f"species:{s.value}": sum(1 for f in fish if f.species is s) for s in Species}
    marks |= {f"colour:{c.value}": sum(1 for f in fish if f.color is c) for c in FishColor}
    marks |= {f"big:{s.value}": int(any(f.species is s and f.points == big.points and f.color is big.colour
                                        for f in fish))
              for s, big in adventure.big_ones.items()}
    room_a = adventure.bonus_hatch_a - progress.get("hatch-a", 0)
    marks["hatch-a"] = min(matches, room_a)
    marks["hatch-b"] = matches - marks["hatch-a"]
    marks["eight-fish"] = int(len(fish) >= 8)
    return marks


def tick(progress: Mapping[str, int], marks: Mapping[str, int],
         adventure: Adventure) -> tuple[dict[str, int], tuple[Challenge, ...]]:
    """The progress after a Day's marks (no row beyond its boxes) and the rows it completed."""
    new, done = dict(progress), []
    for row in challenges(adventure):
        before = progress.get(row.id, 0)
        new[row.id] = min(row.boxes, before + marks.get(row.id, 0))
        if before < row.boxes <= new[row.id]:
            done.append(row)
    return new, tuple(done)


# The journal --------------------------------------------------------------------------------

@dataclass(frozen=True)
class Upgrades:
    momentum: tuple[str, ...] = ()  # in the order unlocked
    finesse: int = 0
    rocks: int = 1
    rod: str | None = None
    skill: bool = False
    seven_fish: bool = False
    bonus_points: int = 0

    @property
    def reel_board(self) -> str:
        return self.rod or "1A"

    @property
    def count(self) -> int:
        """Badges spent so far."""
        return (len(self.momentum) + self.finesse + self.rocks - 1 + bool(self.rod) + self.skill
                + self.seven_fish + self.bonus_points)


@dataclass(frozen=True)
class DayDraft:
    """The Day being recorded: your end state and the Silent Angler's."""

    sheet: SheetState = field(default_factory=lambda: score_sheet.RULES.initial_state(
        {"players": [YOU, SILENT_ANGLER]}))
    track: int = 0
    bonus: Hatch | None = None  # the Bonus Hatch Token's colour (L1 to L3)
    skill: str | None = None  # the Skill card drawn for this Day (Skill Card upgrade)

    @property
    def you(self) -> PlayerEntry:
        return self.sheet.player(0)

    @property
    def angler(self) -> AnglerEntry:
        theirs = self.sheet.player(1)
        return AnglerEntry(theirs.fish, theirs.hatch, self.track)


@dataclass(frozen=True)
class DayRecord:
    number: int
    location: int
    entry: DayEntry
    bonus: Hatch | None
    skill: str | None
    score: DayScore
    badges: tuple[str, ...]  # earned at the end of this Day


@dataclass(frozen=True)
class Campaign:
    name: str
    upgrades: Upgrades = Upgrades()
    badges: tuple[str, ...] = (FREE_BADGE,)  # every Badge earned, in order
    days: tuple[DayRecord, ...] = ()
    location: int = 1  # where the next Day is played; 5 once L4 is beaten
    progress: Mapping[str, int] = field(default_factory=dict)  # challenge id -> boxes marked
    draft: DayDraft = DayDraft()

    @property
    def badges_to_spend(self) -> int:
        return len(self.badges) - self.upgrades.count

    @property
    def beaten(self) -> int:
        """How many Locations are beaten (they are beaten in order)."""
        return self.location - 1

    def status(self, adventure: Adventure) -> Status:
        if self.location > len(adventure.locations):
            return "won"
        return "lost" if len(self.days) >= adventure.days else "playing"

    @property
    def next_day(self) -> int:
        return len(self.days) + 1


@dataclass(frozen=True)
class SetupCard:
    """What the journal says to set up before a Day (Fly Solo: Setup; THE ADVENTURE MAP 5)."""

    day: int
    location: str
    hatch_tiles: tuple[int, ...]
    bonus_hatch_token: bool
    finesse: int
    rocks: int
    momentum: tuple[str, ...]
    reel_board: str
    skill_card: bool
    bonus_points: int
    seven_fish_bonus: bool


def setup_card(campaign: Campaign, adventure: Adventure) -> SetupCard:
    location = adventure.location(min(campaign.location, len(adventure.locations)))
    up = campaign.upgrades
    return SetupCard(campaign.next_day, location.label, location.hatch_tiles, location.bonus_hatch_token,
                     up.finesse, up.rocks, tuple(sorted(up.momentum)), up.reel_board, up.skill,
                     up.bonus_points, up.seven_fish)


def day_entry(campaign: Campaign) -> DayEntry:
    """The Day being recorded, as solo scoring reads it: who was first to seven fish follows
    from the counts (scoring.first_to_seven), and both sides' hatch tokens of the Bonus Hatch
    Token's colour are counted."""
    draft = campaign.draft
    you, angler = draft.you, draft.angler
    you = replace(you, reel_board=campaign.upgrades.reel_board)
    matches = you.hatch.get(draft.bonus, 0) if draft.bonus else 0
    angler_matches = angler.hatch.get(draft.bonus, 0) if draft.bonus else 0
    up = campaign.upgrades
    return DayEntry(campaign.location, you, angler, matches, up.bonus_points, up.seven_fish,
                    angler_bonus_matches=angler_matches)


def why_not_record(campaign: Campaign, adventure: Adventure) -> str | None:
    """Why the Day cannot be recorded yet, or None when it can."""
    status = campaign.status(adventure)
    if status != "playing":
        return f"The adventure is over: it was {status}."
    if not campaign.upgrades.momentum:
        return "Before Day 1, spend your free Badge on a Momentum tile (the rules suggest 1A)."
    you, angler = len(campaign.draft.you.fish), len(campaign.draft.angler.fish)
    if you < SEVEN and angler < SEVEN:
        return (f"A Day ends when you or the Silent Angler has seven fish: you have {you}, "
                f"the Silent Angler {angler}.")
    if adventure.location(campaign.location).bonus_hatch_token and campaign.draft.bonus is None:
        return f"Tap the colour of the Bonus Hatch Token: L{campaign.location} has one."
    return None


def why_not_upgrade(campaign: Campaign, kind: str, choice: str | None, adventure: Adventure) -> str | None:
    """Why this Journal Upgrade cannot be bought now, or None when it can (Appendix B)."""
    up = campaign.upgrades
    if campaign.status(adventure) != "playing":
        return "The adventure is over: there is nothing left to upgrade for."
    if kind not in UPGRADES:
        return f"There is no Journal Upgrade called {kind!r}."
    if campaign.badges_to_spend < 1:
        return "You have no Badge to spend: complete a Guide Book Challenge or beat a Location to earn one."
    if not up.momentum and kind != "momentum":
        return "Your free Badge unlocks your first Momentum tile before Day 1 (the rules suggest 1A)."
    if kind == "momentum":
        if choice not in MOMENTUM_TILES:
            return f"The Momentum tiles are {', '.join(MOMENTUM_TILES)}, not {choice!r}."
        if choice in up.momentum:
            return f"Momentum tile {choice} is already unlocked."
    elif kind == "finesse" and up.finesse >= MAX_FINESSE:
        return f"Finesse at start is already {MAX_FINESSE}, the most."
    elif kind == "rocks" and up.rocks >= ROCKS[-1]:
        return f"Rocks per deck is already {ROCKS[-1]}, the most."
    elif kind == "rod":
        if up.rod:
            return f"You chose Reel board {up.rod} for the rest of the adventure: the New Rod cannot change."
        if choice not in NEW_RODS:
            return f"The New Rod is Reel board {' or '.join(NEW_RODS)}, not {choice!r}."
    elif kind == "skill" and up.skill:
        return "The Skill card upgrade is already unlocked."
    elif kind == "seven_fish" and up.seven_fish:
        return "The 7 Fish Bonus is already unlocked."
    elif kind == "bonus_point" and up.bonus_points >= MAX_BONUS_POINTS:
        return f"Bonus Points are already +{MAX_BONUS_POINTS}, the most."
    return None


def bought(up: Upgrades, kind: str, choice: str | None) -> Upgrades:
    if kind == "momentum":
        return replace(up, momentum=up.momentum + (choice,))
    if kind == "finesse":
        return replace(up, finesse=up.finesse + 1)
    if kind == "rocks":
        return replace(up, rocks=up.rocks + 1)
    if kind == "rod":
        return replace(up, rod=choice)
    if kind == "skill":
        return replace(up, skill=True)
    if kind == "seven_fish":
        return replace(up, seven_fish=True)
    return replace(up, bonus_points=up.bonus_points + 1)
