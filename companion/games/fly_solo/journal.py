"""The Fly Solo adventure journal: one campaign of up to seven Days (rulebook: Fly Solo,
THE ADVENTURE MAP, Appendix B: Journal Upgrades, Guide Book Challenges).

A campaign is a session: its state is the replay of its actions.

- "upgrade" spends a Badge on a Journal Upgrade. The free Badge must unlock a first
  Momentum tile before Day 1; every other constraint of Appendix B is checked here
  and a refusal says why.
- "sheet.*" (the Freshwater Fly score sheet's own actions, seat 0 is you and seat 1
  the Silent Angler), "track", "bonus", "angler" and "skill" fill in the Day being
  recorded, tap by tap, so a half-entered Day survives a closed tab.
- "day" records that Day: it is scored (`scoring.score_day`), the Guide Book
  Challenges are ticked from your catch, Badges are earned for each completed
  challenge and for a Location beaten, and the adventure moves on, is won (L4 beaten)
  or lost (seven Days played).
"""

from __future__ import annotations

import random
from collections.abc import Callable, Mapping, Sequence
from dataclasses import replace
from typing import Any

from companion.core.actions import Action
from companion.core.assets import AssetError
from companion.core.errors import DomainError
from companion.core.table.phases import anyone
from companion.core.table.rules import Move, TableRules
from companion.games.fly_solo.adventure import Adventure, OnTheMap
from companion.games.fly_solo.campaign import (  # noqa: F401  (the journal's words, read through its rules too)
    FREE_BADGE,
    GAME,
    MAX_BONUS_POINTS,
    MAX_FINESSE,
    MAX_NAME,
    MOMENTUM_TILES,
    NEW_RODS,
    ROCKS,
    SKILL_CARDS,
    UPGRADES,
    YOU,
    Campaign,
    Challenge,
    DayDraft,
    DayRecord,
    SetupCard,
    Status,
    Upgrades,
    bought,
    challenges,
    day_entry,
    day_marks,
    setup_card,
    tick,
    why_not_record,
    why_not_upgrade,
)
from companion.games.fly_solo.scoring import parse_angler, score_day
from companion.games.freshwater_fly import score_sheet
from companion.games.freshwater_fly.entry import Fish, FishColor, Hatch, Species
from companion.games.freshwater_fly.scoring import default_tie_break, parse_tie_break


class JournalRules(OnTheMap, TableRules[Campaign]):
    """The journal's moves, on the adventure map given (else the shipped or the player's own)."""

    def __init__(self, adventure: Adventure | None = None) -> None:
        OnTheMap.__init__(self, adventure)
        # The Day being recorded: the score sheet's own moves (seat 0 is you, 1 the Silent Angler), then
        # the Silent Angler's track, the Bonus Hatch Token, the Skill card, the assistant's count.
        entries = [(f"sheet.{m.type}", m.fields) for m in score_sheet.RULES.moves.values()]
        entries += [("track", ("space",)), ("bonus", ("color",)), ("skill", ("card",)),
                    ("angler", ("fish", "hatch", "track"))]
        TableRules.__init__(
            self, game=GAME, title="Fly Solo adventure", setup=new_campaign,
            moves=(Move("upgrade", self._upgrade, ("kind", "choice")), Move("day", self._record, ("tie_break", "recorded_at")),
                   *(Move(kind, self._entry(kind), fields) for kind, fields in entries)),
            over=lambda campaign: campaign.status(self.adventure) != "playing",
            phase=anyone("the adventure's journal is kept in any order"),
            example_setup=example_setup, candidates=self._candidates)

    def _entry(self, kind: str) -> Callable[[Campaign, Mapping[str, Any]], Campaign]:
        return lambda campaign, data: self._filled(campaign, kind, data)

    def _upgrade(self, campaign: Campaign, data: Mapping[str, Any]) -> Campaign:
        why = why_not_upgrade(campaign, data.get("kind"), data.get("choice"), self.adventure)
        if why:
            raise DomainError(why)
        return replace(campaign, upgrades=bought(campaign.upgrades, data["kind"], data.get("choice")))

    def _filled(self, campaign: Campaign, kind: str, data: Mapping[str, Any]) -> Campaign:
        if campaign.status(self.adventure) != "playing":
            raise DomainError("The adventure is over: no Day is left to record.")
        return replace(campaign, draft=self._fill(campaign, kind, data))

    def _fill(self, campaign: Campaign, kind: str, data: Mapping[str, Any]) -> DayDraft:
        draft = campaign.draft
        if kind.startswith("sheet."):
            inner = Action(kind.removeprefix("sheet."), data)
            if data.get("seat") == 1 and inner.type in ("board", "card", "w", "first"):
                raise DomainError("The Silent Angler has no reel board or Skill cards, and the app works out "
                                  "whether it was first to seven fish.")
            if data.get("seat") == 0 and inner.type == "board":
                raise DomainError("Your reel board comes from the journal: 1A, or the New Rod's.")
            return replace(draft, sheet=score_sheet.RULES.apply(draft.sheet, inner))
        if kind == "track":
            last = len(self.adventure.track_points) - 1
            n = data.get("space")
            if not isinstance(n, int) or isinstance(n, bool) or not 0 <= n <= last:
                raise DomainError(f"The achievement track has spaces 0 (the start) to {last}, not {n!r}.")
            return replace(draft, track=n)
        if kind == "bonus":
            colour = data.get("color")
            try:
                return replace(draft, bonus=None if colour is None else Hatch(colour))
            except ValueError:
                raise DomainError(f"There is no {colour!r} hatch token.") from None
        if kind == "skill":
            if not campaign.upgrades.skill:  # Appendix B, Skill Card: "After unlocking this upgrade ..."
                raise DomainError("A Skill card is drawn during Setup only once the Skill Card upgrade is unlocked.")
            if data.get("card") not in SKILL_CARDS:
                raise DomainError(f"The Skill cards are {SKILL_CARDS[0]} to {SKILL_CARDS[-1]}.")
            return replace(draft, skill=data["card"])
        if kind == "angler":
            return self._from_assistant(draft, data)
        raise DomainError(f"The journal does not know the action {kind!r}.")

    def _from_assistant(self, draft: DayDraft, data: Mapping[str, Any]) -> DayDraft:
        """The Silent Angler's catch, hatch tokens and track, as the assistant counted them."""
        angler, _ = parse_angler(dict(data), "silent_angler")
        sheet = draft.sheet
        players = (sheet.player(0), replace(sheet.player(1), fish=angler.fish, hatch=angler.hatch))
        return replace(draft, sheet=replace(sheet, game=replace(sheet.game, players=players)), track=angler.track)

    def _record(self, campaign: Campaign, data: Mapping[str, Any]) -> Campaign:
        adventure = self.adventure
        why = why_not_record(campaign, adventure)
        if why:
            raise DomainError(why)
        try:
            tie_break = parse_tie_break(data["tie_break"]) if "tie_break" in data else default_tie_break()
        except AssetError as exc:
            raise DomainError(f"The tie-break order is not right: {exc}") from None
        entry = day_entry(campaign)
        score = score_day(entry, adventure, tie_break)
        marks = day_marks(entry.you.fish, entry.bonus_hatch_matches, campaign.progress, adventure)
        progress, done = tick(campaign.progress, marks, adventure)
        badges = tuple(row.badge for row in done)
        location = campaign.location
        if score.result == "win":
            badges += (f"Beat {adventure.location(location).label}",)
            location += 1
        record = DayRecord(campaign.next_day, campaign.location, entry, campaign.draft.bonus,
                           campaign.draft.skill, score, badges)
        return replace(campaign, badges=campaign.badges + badges, days=campaign.days + (record,),
                       location=location, progress=progress, draft=DayDraft())

    def _candidates(self, campaign: Campaign, rng: random.Random) -> list[Action]:
        return campaign_candidates(campaign, rng, self.adventure)


def new_campaign(setup: Mapping[str, Any]) -> Campaign:
    name = setup.get("name")
    if not isinstance(name, str) or not name.strip():
        raise DomainError("Give the adventure a name.")
    if len(name.strip()) > MAX_NAME:
        raise DomainError(f"An adventure's name is at most {MAX_NAME} letters.")
    return Campaign(name.strip())


# Action builders ---------------------------------------------------------------------------

UPGRADE_LABELS = {"momentum": "Momentum tile {choice}", "finesse": "Finesse at start +1", "rocks": "one more Rock per deck",
                  "rod": "New Rod: Reel board {choice}", "skill": "a Skill card every Day",
                  "seven_fish": "7 Fish Bonus +2", "bonus_point": "Bonus Points +1"}


def upgrade(kind: str, choice: str | None = None) -> Action:
    data = {"kind": kind} | ({"choice": choice} if choice else {})
    return Action("upgrade", data, "spend a Badge on " + UPGRADE_LABELS[kind].format(choice=choice))


def sheet_action(inner: Action) -> Action:
    """A Freshwater Fly score-sheet action on the Day being recorded."""
    return Action(f"sheet.{inner.type}", inner.data, inner.label)


def set_track(space: int) -> Action:
    return Action("track", {"space": space}, f"the Silent Angler's track at space {space}")


def set_bonus(colour: Hatch | None) -> Action:
    words = f"the Bonus Hatch Token is {colour.value}" if colour else "no Bonus Hatch Token"
    return Action("bonus", {"color": colour.value if colour else None}, words)


def draw_skill(campaign: Campaign, rng: Any) -> Action:
    card = rng.choice(SKILL_CARDS)
    return Action("skill", {"card": card}, f"draw Skill card {card} for Day {campaign.next_day}")


def from_assistant(fish: Sequence[Fish], hatch: Mapping[Hatch, int], track: int) -> Action:
    return Action("angler", {"fish": [{"species": f.species.value, "color": f.color.value, "points": f.points}
                                      for f in fish],
                             "hatch": {h.value: n for h, n in hatch.items()}, "track": track},
                  f"the Silent Angler's Day from the assistant ({len(fish)} fish)")


def angler_day_in(actions: Sequence[Action]) -> bool:
    """Whether the Silent Angler's Day came from the assistant since the last Day was recorded (what is
    left of the Day is your own catch)."""
    kinds = [a.type for a in actions if a.type in ("angler", "day")]
    return bool(kinds) and kinds[-1] == "angler"


def record_day(campaign: Campaign, tie_break: Sequence[FishColor] | None = None, recorded_at: str = "") -> Action:
    """The Day recorded; `recorded_at` (an ISO time) dates it in the files of plays (`plays.day_plays`)."""
    data: dict[str, Any] = {"tie_break": [c.value for c in tie_break]} if tie_break else {}
    if recorded_at:
        data["recorded_at"] = recorded_at
    return Action("day", data, f"record Day {campaign.next_day}")


# What a player might do now (random play and the conformance tests) -------------------

ANGLER_SEAT = 1
UPGRADE_CHOICES = {"momentum": MOMENTUM_TILES, "rod": NEW_RODS}


def example_setup(rng: random.Random) -> dict[str, Any]:
    return {"name": rng.choice(["Summer", "A week at the lake", "Autumn"])}


def campaign_candidates(campaign: Campaign, rng: random.Random, adventure: Adventure) -> list[Action]:
    if campaign.status(adventure) != "playing":
        return []
    moves = []
    if campaign.badges_to_spend:
        kind = "momentum" if not campaign.upgrades.momentum else rng.choice(UPGRADES)
        choices = UPGRADE_CHOICES.get(kind)
        moves.append(upgrade(kind, rng.choice(choices) if choices else None))
    seat = rng.choice([0, ANGLER_SEAT])
    moves += [sheet_action(a) for a in score_sheet.sheet_moves(campaign.draft.sheet, seat, rng)
              if a.type in ("fish.add", "hatch", "fish.remove")]
    moves.append(sheet_action(score_sheet.add_fish(campaign.draft.sheet, seat, rng.choice(list(Species)),
                                                   rng.choice(list(FishColor)), rng.randint(1, 4))))
    moves.append(set_track(rng.randint(0, len(adventure.track_points) - 1)))
    if campaign.location <= 3 and campaign.draft.bonus is None:
        moves.append(set_bonus(rng.choice(list(Hatch))))
    if campaign.upgrades.skill and campaign.draft.skill is None:
        moves.append(draw_skill(campaign, rng))
    if why_not_record(campaign, adventure) is None:
        moves.append(record_day(campaign))
    return moves


RULES = JournalRules()
