"""Using a die on a Fleet Dice sheet (rules: ../shared/seeds/004, "Boat Phase", "Town Phase", "Income",
the Shrimp licenses, the Salvage Yard, the Bait Shop, the Smokehouse): the part of `Sheet` that says how a
die may be used now and fills what it fills. `Sheet` inherits it (companion/games/fleet_dice/sheet.py)."""

from __future__ import annotations

from dataclasses import replace
from typing import Self

from companion.games.fleet_dice.layout import BOAT_TYPES, COINS, HARBOR, SALVAGE_USES, WHARF, track_name
from companion.games.fleet_dice.sheet_terms import (
    BOAT_FACES,
    COINS_FACE,
    FACES,
    TOWN_FACES,
    Die,
    SheetError,
)


class DiceUse:
    """The dice, used on a `Sheet` (self is one: its fields and its other methods are the sheet's; this
    module imports nothing of sheet.py, which imports it)."""

    def ways_to_use(self, face: str, die: Die) -> list[str]:
        """How a die showing `face` can be used now (see `use`)."""
        if self.over or self.pending or die != self.die or self.used:
            return []
        allowed = BOAT_FACES if self.phase == "boat" else FACES
        if face not in allowed:
            return []
        ways = ["normal", "income"]
        if self.complete("salvage_yard") and self.next_box(SALVAGE_USES) is not None:
            ways.append("salvage")
        shrimp = self.licenses["shrimp"]
        if die == "chosen" and face in BOAT_FACES:
            if shrimp == 1 and face == "shrimp":
                ways.append("any_type")
            if shrimp == 2 and face == "shrimp":
                ways += ["any_type", "any_box"]
            if shrimp == 3:
                ways += ["any_type", "double"]
        return ways

    def use(self, die: Die, face: str, how: str = "normal", target: str | None = None,
            second: str | None = None, rerolled_from: str | None = None) -> Self:
        """Use a die. `how`: normal (its own box, or Harbor/Wharf `target`, or the Market),
        income, salvage (any topmost box `target`), any_type (a Shrimp license: the boat type
        `target`), any_box (the second Shrimp license: any topmost box `target`), double (the
        third: boat type `target` and any topmost box `second`)."""
        if face not in FACES:
            raise SheetError(f"A Fleet die has no {face!r} face.")
        if self.over:
            raise SheetError("The game is over: no more boxes can be filled.")
        if self.pending:
            raise SheetError(f"First: {self.what_now()}")
        if die != self.die or self.used:
            raise SheetError(f"Use {'your' if self.die == 'chosen' else 'the shared'} die now.")
        if self.phase == "boat" and face in TOWN_FACES:
            raise SheetError("The boat phase uses boat dice; a town die shows Harbor, Wharf or Market.")
        if rerolled_from is not None:
            if die != "chosen" or not self.complete("casino"):
                raise SheetError("Only a finished Casino re-rolls, and only the die you select.")
            if rerolled_from not in (BOAT_FACES if self.phase == "boat" else FACES):
                raise SheetError(f"A Fleet die has no {rerolled_from!r} face.")
        if how not in self.ways_to_use(face, die):
            raise SheetError(f"That die cannot be used that way now ({how}).")
        sheet = replace(self, used=True, reroll=None)
        if how == "normal":
            sheet = sheet._use_normal(face, target)
        elif how == "income":
            bait = sheet.layout.wharf["bait_shop"]
            sheet = sheet.earn(bait.income if sheet.complete("bait_shop") else 1)
        elif how == "salvage":
            sheet = sheet._any_box(target).fill_next(SALVAGE_USES)
        elif how == "any_type":
            sheet = sheet._boat_type(target)
        elif how == "any_box":
            sheet = sheet._any_box(target)
        elif how == "double":
            sheet = sheet._boat_type(target)._any_box(second)
        return sheet._settle()

    def _use_normal(self, face: str, target: str | None) -> Self:
        if face in BOAT_TYPES:
            return self.fill_next(face)
        if face == COINS:
            return self.earn(COINS_FACE)
        if face == "market":
            coins = max(c for at, c in self.layout.market if self.fish >= at)
            if self.complete("smokehouse"):
                coins += self.layout.wharf["smokehouse"].market_coins
            return self.earn(coins)
        area = HARBOR if face == "harbor" else WHARF
        if target not in area:
            names = ", ".join(track_name(self.layout, t) for t in area)
            raise SheetError(f"A {face.capitalize()} die fills a box of one of: {names}.")
        return self.fill_next(target)

    def _boat_type(self, target: str | None) -> Self:
        if target not in BOAT_TYPES:
            raise SheetError("Choose the boat type to fill.")
        return self.fill_next(target)

    def _any_box(self, target: str | None) -> Self:
        if target not in self.gold_targets():
            raise SheetError("Choose a track with an open box.")
        return self.fill_next(target)
