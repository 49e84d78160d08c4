"""One player's Fleet Dice score sheet (rules: ../shared/seeds/004, "Fleet: The Dice Game").

THE GOLDEN RULE: whenever a box is filled it is the topmost open box of its track, so a
track is just how many of its boxes are filled. A fill can trigger more: launching a
boat, activating a license, coins (and a free fill for each coin box beside a G),
completing a building. Anything that needs the player to decide waits in `pending`
as the next required choice; no die can be used until it is made, so the sheet is
never in a state the rules forbid.

A round: the boat phase (your die, then the shared die), fishing in even rounds, the
town phase (your die, then the shared die). License bonuses apply to your die only.
"""

from __future__ import annotations

from collections.abc import Iterable, Mapping
from dataclasses import dataclass, field, replace

from companion.core.words import a
from companion.games.fleet_dice.dice_use import DiceUse
from companion.games.fleet_dice.fishing import FishingAndCasino
from companion.games.fleet_dice.layout import (
    BOAT_TYPES,
    COINS,
    SALVAGE_USES,
    BoatSpec,
    Layout,
    default_layout,
    track_name,
)
from companion.games.fleet_dice.sheet_terms import (
    BOAT_KINDS,
    Choice,
    Die,
    GoldenRuleError,
    Phase,
    Reroll,
    SheetError,
)


@dataclass(frozen=True)
class Sheet(DiceUse, FishingAndCasino):
    """One player's sheet; using a die is in `DiceUse` (dice_use.py), fishing and the Casino's re-roll
    in `FishingAndCasino` (fishing.py)."""

    layout: Layout = field(repr=False, compare=False)
    filled: Mapping[str, int]  # track -> boxes filled (always the topmost ones)
    licenses: Mapping[str, int]  # boat type -> licenses active (0 to 3)
    boats: Mapping[str, tuple[int, ...]]  # boat kind -> fish on each launched boat
    bonus: str | None = None  # the King Crab bonus taken
    round: int = 1
    phase: Phase = "boat"
    die: Die = "chosen"  # the die to use next in this phase
    used: bool = False  # that die is used (play goes on once the choices are made)
    pending: tuple[Choice, ...] = ()
    reroll: Reroll | None = None  # the die selected, re-rolled with the Casino, not used yet

    # Reading the sheet ---------------------------------------------------------------

    def tracks(self) -> dict[str, list[bool]]:
        """Every track, top box first: True where filled."""
        return {t: [i < self.filled[t] for i in range(self.layout.track_length(t))] for t in self.layout.tracks}

    def next_box(self, track: str) -> int | None:
        """The index of the topmost open box of `track`, or None when it is full."""
        n = self.filled[track]
        return n if n < self.layout.track_length(track) else None

    def complete(self, building: str) -> bool:
        """A Wharf building or Harbor track is complete once its boxes (or its first ones) are filled."""
        if building in self.layout.wharf:
            return self.filled[building] >= self.layout.wharf[building].boxes
        harbor = self.layout.harbor[building]
        return self.filled[building] >= (harbor.complete or harbor.boxes)

    def boat_spec(self, kind: str, index: int) -> BoatSpec:
        if kind in self.layout.boat_types:
            return self.layout.boat_types[kind].boats[index]
        if kind == "barge":
            return self.layout.barge
        return self.layout.harbor[kind].boats[index]

    def capacity(self, kind: str, index: int) -> int:
        capacity = self.boat_spec(kind, index).capacity
        level = self.licenses["oyster"]
        if kind == "oyster" and level:
            capacity = max(capacity, self.layout.oyster_capacity[level - 1])
        return capacity

    def launched(self) -> list[tuple[str, int]]:
        """Every launched boat as (kind, index)."""
        return [(kind, i) for kind in BOAT_KINDS for i in range(len(self.boats[kind]))]

    def full(self, kind: str, index: int) -> bool:
        return self.boats[kind][index] >= self.capacity(kind, index)

    @property
    def fish(self) -> int:
        return sum(sum(f) for f in self.boats.values())

    @property
    def coins(self) -> int:
        return self.filled[COINS]

    @property
    def over(self) -> bool:
        return self.phase == "over"

    def gold_targets(self) -> list[str]:
        """Tracks a free fill (a G, the Salvage Yard, the second Shrimp license) may fill now."""
        return [t for t in self.layout.tracks if t != SALVAGE_USES and self.next_box(t) is not None]

    def swordfish_targets(self) -> list[str]:
        """Boat tracks whose topmost open box has no activation symbol beside it."""
        return [t for t in BOAT_TYPES if (i := self.next_box(t)) is not None and not self.layout.boat_types[t].track[i]]

    # The golden rule --------------------------------------------------------------------

    def fill(self, track: str, index: int) -> Sheet:
        """Fill box `index` (from 0) of `track`, with everything it triggers.

        GoldenRuleError when it is not the topmost open box of its track."""
        if track not in self.filled:
            raise SheetError(f"There is no {track!r} track on the sheet.")
        if self.over:
            raise SheetError("The game is over: no more boxes can be filled.")
        expected = self.next_box(track)
        name = track_name(self.layout, track)
        if expected is None:
            raise GoldenRuleError(f"Golden rule: every {name} box is filled already.")
        if index != expected:
            raise GoldenRuleError(f"Golden rule: the next {name} box is box {expected + 1}.")
        return self._effects_of_fill(replace(self, filled={**self.filled, track: expected + 1}), track, expected + 1)

    def fill_next(self, track: str) -> Sheet:
        index = self.next_box(track)
        if index is None:
            raise GoldenRuleError(f"Golden rule: every {track_name(self.layout, track)} box is filled already.")
        return self.fill(track, index)

    def _effects_of_fill(self, sheet: Sheet, track: str, number: int) -> Sheet:
        layout = sheet.layout
        if track in layout.boat_types:
            symbol = layout.boat_types[track].track[number - 1]
            if symbol == "boat":
                sheet = sheet._launch(track)
            elif symbol == "license":
                sheet = sheet._license(track)
            elif symbol == "either":
                sheet = sheet._either(track)
        elif track == COINS:
            if number in layout.gold:
                sheet = sheet._ask(Choice("gold"))
        elif track in layout.harbor:
            harbor = layout.harbor[track]
            if number in harbor.launch:
                sheet = sheet._launch(track)
            if number in harbor.fish or (track == "captains_club" and number == harbor.complete):
                sheet = sheet._ask(Choice("fishing"))
            if track == "king_crab" and number == harbor.complete:
                sheet = sheet._ask(Choice("king_crab"))
            if track == "barge" and number == harbor.complete:
                sheet = sheet._launch("barge")
        return sheet

    # What fills trigger ------------------------------------------------------------------

    def can_launch(self, kind: str) -> bool:
        available = 1 if kind == "barge" else len(
            self.layout.boat_types[kind].boats if kind in self.layout.boat_types else self.layout.harbor[kind].boats)
        return len(self.boats[kind]) < available

    def _launch(self, kind: str) -> Sheet:
        """Launch the topmost boat of `kind` (nothing if all are out); Cod licenses pay coins."""
        if not self.can_launch(kind):
            return self
        sheet = replace(self, boats={**self.boats, kind: self.boats[kind] + (0,)})
        level = sheet.licenses["cod"]
        return sheet.earn(sheet.layout.cod_coins[level - 1]) if level else sheet

    def _license(self, boat_type: str) -> Sheet:
        level = self.licenses[boat_type]
        if level >= 3:
            return self
        sheet = replace(self, licenses={**self.licenses, boat_type: level + 1})
        return sheet.earn(sheet.layout.second_license_coins) if level + 1 == 2 else sheet

    def _either(self, boat_type: str) -> Sheet:
        boat, license = self.can_launch(boat_type), self.licenses[boat_type] < 3
        if boat and license:
            return self._ask(Choice("either", boat_type))
        return self._launch(boat_type) if boat else self._license(boat_type) if license else self

    def earn(self, coins: int) -> Sheet:
        """Fill one coin box per coin (coins past the end of the track are lost)."""
        sheet = self
        for _ in range(coins):
            if sheet.next_box(COINS) is None:
                break
            sheet = sheet.fill_next(COINS)
        return sheet

    def _ask(self, choice: Choice) -> Sheet:
        return replace(self, pending=self.pending + (choice,))

    # The choices ---------------------------------------------------------------------------

    def choice(self) -> Choice | None:
        """The next decision the rules ask for, if any."""
        return self.pending[0] if self.pending else None

    def _answer(self) -> Sheet:
        return replace(self, pending=self.pending[1:])

    def _expect(self, kind: str) -> Choice:
        choice = self.choice()
        if choice is None or choice.kind != kind:
            raise SheetError(f"Nothing asks for that now. {self.what_now()}")
        return choice

    def choose_either(self, what: str) -> Sheet:
        """An 'either' symbol: launch a boat or activate a license of its type."""
        choice = self._expect("either")
        sheet = self._answer()
        if what == "boat":
            sheet = sheet._launch(choice.boat_type)
        elif what == "license":
            sheet = sheet._license(choice.boat_type)
        else:
            raise SheetError("Launch a boat or activate a license.")
        return sheet._settle()

    def free_fill(self, track: str) -> Sheet:
        """A G on the coin track (or a Swordfish license at fishing): fill a topmost box."""
        choice = self.choice()
        if choice is None or choice.kind not in ("gold", "swordfish"):
            raise SheetError(f"Nothing asks for a free box now. {self.what_now()}")
        targets = self.gold_targets() if choice.kind == "gold" else self.swordfish_targets()
        if track not in targets:
            raise SheetError("A Swordfish license fills the topmost box of a boat without an activation symbol."
                             if choice.kind == "swordfish" else "That track has no open box.")
        return self._answer().fill_next(track)._settle()

    def choose_bonus(self, bonus: str, taken_elsewhere: Iterable[str] = ()) -> Sheet:
        """King Crab: pick one bonus; one another player took is not available."""
        self._expect("king_crab")
        ids = [b.id for b in self.layout.bonuses]
        if bonus not in ids:
            raise SheetError(f"The King Crab bonuses are {', '.join(ids)}.")
        if bonus in taken_elsewhere:
            raise SheetError("Another player took that King Crab bonus; choose another.")
        return replace(self._answer(), bonus=bonus)._settle()

    # Rounds and phases ----------------------------------------------------------------------

    def _settle(self) -> Sheet:
        """Move play on once the die is used and every choice is made."""
        sheet = self._drop_impossible()
        while not sheet.pending and sheet.used and not sheet.over:
            if sheet.die == "chosen":
                sheet = replace(sheet, die="shared", used=False)
            elif sheet.phase == "boat":
                sheet = replace(sheet._lobster_coins(), phase="town", die="chosen", used=False)
                if sheet.round % 2 == 0:
                    sheet = sheet._ask(Choice("fishing"))  # even rounds: fishing after the boat phase
            elif sheet.round >= sheet.layout.rounds:
                sheet = replace(sheet, phase="over", used=False)
            else:
                sheet = replace(sheet, round=sheet.round + 1, phase="boat", die="chosen", used=False)
            sheet = sheet._drop_impossible()
        return sheet

    def _drop_impossible(self) -> Sheet:
        """A free box with no open box left to fill is lost (the rules cannot ask the impossible)."""
        sheet = self
        while (choice := sheet.choice()) is not None and (
                (choice.kind == "gold" and not sheet.gold_targets())
                or (choice.kind == "swordfish" and not sheet.swordfish_targets())):
            sheet = sheet._answer()
        return sheet

    def drop_choice(self) -> Sheet:
        """Give up the next choice when nothing can answer it (see the game's King Crab bonuses)."""
        return self._answer()._settle()

    def _lobster_coins(self) -> Sheet:
        level = self.licenses["lobster"]
        if not level:
            return self
        launched = len(self.launched())
        coins = max((c for at, c in self.layout.lobster_coins[level - 1] if launched >= at), default=0)
        return self.earn(coins)

    def what_now(self) -> str:
        """What the rules ask of this sheet now, in a sentence."""
        if self.over:
            return "The game is over."
        choice = self.choice()
        if choice is not None:
            if choice.kind == "either":
                return f"launch {a(track_name(self.layout, choice.boat_type or ''))} boat or activate a license."
            return {
                "gold": "a G: fill any topmost open box.",
                "swordfish": "Swordfish license: fill the topmost box of a boat without an activation symbol.",
                "king_crab": "choose a King Crab bonus.",
                "fishing": "go fishing.",
            }[choice.kind]
        phase = "boat phase" if self.phase == "boat" else "town phase"
        die = "take a die" if self.die == "chosen" else "use the shared die"
        return f"Round {self.round}, {phase}: {die}."


def new_sheet(start_boat: str, layout: Layout | None = None) -> Sheet:
    """Set Up: fill the first three boxes of the boat type rolled (a license and a boat)."""
    layout = layout or default_layout()
    if start_boat not in BOAT_TYPES:
        raise SheetError(f"The start boat is one of {', '.join(BOAT_TYPES)}, not {start_boat!r}.")
    sheet = Sheet(layout, {t: 0 for t in layout.tracks}, {t: 0 for t in BOAT_TYPES}, {k: () for k in BOAT_KINDS})
    for _ in range(3):
        sheet = sheet.fill_next(start_boat)
    return sheet
