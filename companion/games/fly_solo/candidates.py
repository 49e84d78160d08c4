"""What a Fly Solo player might do now, in the journal and with the Silent Angler assistant,
with any die or shuffle drawn from `rng`: the moves random play and the conformance tests
choose from (a few, a Badge spent twice, are refused)."""

from __future__ import annotations

import random
from typing import Any

from companion.core.actions import Action
from companion.games.fly_solo import angler as sa
from companion.games.fly_solo import journal as j
from companion.games.fly_solo.adventure import default_adventure
from companion.games.freshwater_fly import score_sheet as sheet
from companion.games.freshwater_fly.candidates import sheet_moves
from companion.games.freshwater_fly.entry import FishColor, Hatch, Species
from companion.games.freshwater_fly.strike import deck_rules

UPGRADE_CHOICES = {"momentum": j.MOMENTUM_TILES, "rod": j.NEW_RODS}
YOU, ANGLER = 0, 1


def campaign_setup(rng: random.Random) -> dict[str, Any]:
    return {"name": rng.choice(["Summer", "A week at the lake", "Autumn"])}


def campaign_candidates(campaign: j.Campaign, rng: random.Random) -> list[Action]:
    adventure = default_adventure()
    if campaign.status(adventure) != "playing":
        return []
    moves = []
    if campaign.badges_to_spend:
        kind = "momentum" if not campaign.upgrades.momentum else rng.choice(j.UPGRADES)
        choices = UPGRADE_CHOICES.get(kind)
        moves.append(j.upgrade(kind, rng.choice(choices) if choices else None))
    draft = campaign.draft.sheet
    seat = rng.choice([YOU, ANGLER])
    moves += [j.sheet_action(a) for a in sheet_moves(draft, seat, rng) if a.type in ("fish.add", "hatch", "fish.remove")]
    moves.append(j.sheet_action(sheet.add_fish(draft, seat, rng.choice(list(Species)), rng.choice(list(FishColor)),
                                               rng.randint(1, 4))))
    moves.append(j.set_track(rng.randint(0, len(adventure.track_points) - 1)))
    if campaign.location <= 3 and campaign.draft.bonus is None:
        moves.append(j.set_bonus(rng.choice(list(Hatch))))
    if campaign.upgrades.skill and campaign.draft.skill is None:
        moves.append(j.draw_skill(campaign, rng))
    if j.why_not_record(campaign, adventure) is None:
        moves.append(j.record_day(campaign))
    return moves


def day_setup(rng: random.Random) -> dict[str, Any]:
    return {"location": rng.randint(1, 4)}


def day_candidates(day: sa.AnglerDay, rng: random.Random) -> list[Action]:
    moves = [sa.your_fish(min(20, day.your_fish + rng.randint(0, 2)))]
    step = day.step
    if step == "roll":
        moves.append(sa.roll(day, rng.choice((4, 5)), rng))
    elif step == "pick":
        moves.append(sa.take(day, rng.randrange(len(day.draft.pool))))
    elif step == "cast" and day.strike.status == "idle":
        moves.append(sa.cast(day, rng, deck_rules().default_hooks))
    elif step == "cast" and day.strike.status == "hooked":
        column = rng.sample(list(Hatch), rng.randint(0, 3))
        moves.append(sa.hook(day, rng.choice(list(Species)), rng.choice(list(FishColor)), rng.randint(1, 4), column))
    elif step == "cast":
        moves.append(sa.row(day, rng.random() < 0.7))
    elif step == "end-round":
        moves.append(sa.end_round(day))
    return moves
