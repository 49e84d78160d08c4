"""Fleet Dice: the digital score sheet with the golden rule."""

from companion.games.fleet_dice.sheet import GoldenRuleError, Sheet, SheetError, new_sheet

__all__ = ["GoldenRuleError", "Sheet", "SheetError", "new_sheet"]
