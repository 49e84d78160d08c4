"""Every game system the app knows, one entry each.

An entry says what a game is (title, players, picture), which screens make up its page,
which kinds of session it keeps, how its settings are read and drawn, its scoring
command and its data files. Adding a game means adding its rules package
(`companion/games/<game>/`), its screens package (`companion/ui/games/<game>/`) and one
entry below; the shell, Games, Settings, Unfinished sessions, History and the command
line read what they need from here.

Modules are named as text and imported when first needed, so reading the registry stays
quick and pulls in neither Flet nor a game's rules (only `core.plays`, for what History knows,
`core.pools`, for the dice presets, and `core.play_fields`, for the BG Stats data file).
"""

from __future__ import annotations

import importlib
from collections.abc import Callable
from dataclasses import dataclass, replace
from functools import cache
from typing import Any, Protocol

from companion.core.assets import load_data
from companion.core.play_fields import read_bgg_data
from companion.core.plays import Play, PlayKind, minutes_between
from companion.core.session_log import SessionRecord
from companion.core.pools import Preset, find_preset, merge_presets, parse_presets


class OptionsSpec(Protocol):
    """How a game reads and changes its settings document (kept by the store unread)."""

    def read(self, doc: Any) -> tuple[Any, list[str]]:
        """The settings (defaults where missing or damaged) and a sentence per damaged value."""
        ...

    def change(self, doc: Any, key: str, value: Any) -> dict[str, Any]:
        """The document with one setting changed; DomainError when the value is not possible."""
        ...


@dataclass(frozen=True)
class Part:
    """One screen of a game's page, shown at `/games/<game>/<part>`."""

    id: str
    label: str
    icon: str  # a Material icon's name (ft.Icons), e.g. "CASINO"
    screen: str  # "module:callable" making the screen from (host, route argument)
    listed: bool = True  # in the page's row of parts (False: reached only from elsewhere, e.g. History's Edit)


@dataclass(frozen=True)
class SessionKind:
    """A kind of session a game keeps, and the part of its page that shows one."""

    kind: str  # as saved in the session's file
    rules: str  # the module whose RULES play it
    part: str
    arg: str = "{id}"  # the route argument that names one session (formatted with id and setup)
    # The attribute of its finished state holding the seat that started the game (an int, or the turn
    # order, whose first seat started), kept on the play saved from it; None: the rules keep none.
    start_seat: str | None = None
    # A play saved from it keeps the minutes from the game's set-up to its last action. True: the session
    # runs from the game's set-up to its end; an attribute's name: the session comes after the set-up (a
    # score sheet), and that attribute of its state holds when the game was set up (an ISO time; None:
    # not known). False: the game's length is not known.
    timed: bool | str = False
    # True: the session is its own record in History (a Fly Solo adventure, its story and Days read from it):
    # once its rules say it is over it is finished, no longer among the unfinished, and kept as it is.
    kept_in_history: bool = False


@dataclass(frozen=True)
class Game:
    id: str  # in routes: /games/<id>
    title: str
    players: str  # as said on its card
    picture: str  # under assets/
    summary: str  # what the app does for it, in one line
    parts: tuple[Part, ...]
    sessions: tuple[SessionKind, ...] = ()
    plays: tuple[str, ...] = ()  # how its finished plays are filed in History
    edits: str | None = None  # the session kind that corrects a saved play (setup: its entry and play_id)
    options: str | None = None  # "module:NAME" of its OptionsSpec
    options_section: str | None = None  # "module:function" drawing its settings on the Settings screen
    score_command: str | None = None  # "module:function" for `companion score <id>`: JSON in, JSON out
    data: tuple[tuple[str, str], ...] = ()  # (data file under assets/, "module:loader" reading it or a part)
    presets: str | None = None  # its dice presets' file under assets/ (games/<game>/presets.json)
    fewer_is_better: bool = False  # its plays' total is something to have few of: the best is the lowest
    total_unit: str = ""  # what its plays' total counts, when it is not points ("Fatigue card")
    bgstats: str | None = None  # its BG Stats data file under assets/ (games/<game>/bgstats.json: its bggId)
    # "module:function": the plays its sessions' journals give the files of plays (CSV, BG Stats) beside
    # History's archive, from their records (Fly Solo's Days, from its adventures), filed under its id.
    journal_plays: str | None = None

    def part(self, part_id: str | None) -> Part:
        """The part called `part_id`, else the first one."""
        return next((p for p in self.parts if p.id == part_id), self.parts[0])

    def read_options(self, doc: Any) -> tuple[Any, list[str]]:
        if self.options is None:
            raise KeyError(f"{self.title} has no settings")
        spec: OptionsSpec = load(self.options)
        return spec.read(doc)

    def change_options(self, doc: Any, key: str, value: Any) -> dict[str, Any]:
        if self.options is None:
            raise KeyError(f"{self.title} has no settings")
        spec: OptionsSpec = load(self.options)
        return spec.change(doc, key, value)


def load(where: str) -> Any:
    """The object named "module:name", its module imported now."""
    module, _, name = where.partition(":")
    return getattr(importlib.import_module(module), name)


UI = "companion.ui.games"
RULES = "companion.games"

FRESHWATER_FLY = Game(
    id="freshwater-fly", title="Freshwater Fly", players="2-4 players", picture="games/freshwater_fly/picture.png",
    summary="Dice draft, Strike cards, end-game scoring.",
    parts=(Part("draft", "Draft", "CASINO", f"{UI}.freshwater_fly.draft:DraftScreen"),
           Part("strike", "Strike", "STYLE", f"{UI}.freshwater_fly.strike:StrikeScreen"),
           Part("score", "Score", "SCOREBOARD", f"{UI}.freshwater_fly.scores:ScoresScreen")),
    sessions=(SessionKind("freshwater-fly-table", f"{RULES}.freshwater_fly.table", "draft"),
              # the sheet set up from the draft keeps its start player and when it was set up
              SessionKind("freshwater-fly-score", f"{RULES}.freshwater_fly.score_sheet", "score",
                          start_seat="start", timed="began")),
    plays=("freshwater-fly",),
    bgstats="games/freshwater_fly/bgstats.json",
    edits="freshwater-fly-score",
    options=f"{RULES}.freshwater_fly.options:OPTIONS",
    options_section=f"{UI}.freshwater_fly.settings:options_section",
    score_command=f"{RULES}.freshwater_fly.scoring:score_json",
    data=(("games/freshwater_fly/strike.json", f"{RULES}.freshwater_fly.strike:deck_rules"),
          ("games/freshwater_fly/skills.json", f"{RULES}.freshwater_fly.draft:default_face_changes"),
          ("games/freshwater_fly/scoring.json", f"{RULES}.freshwater_fly.scoring:default_tie_break"),
          ("games/freshwater_fly/scoring.json", f"{RULES}.freshwater_fly.options:default_fish_points")),
    presets="games/freshwater_fly/presets.json",
)

FLY_SOLO = Game(
    id="fly-solo", title="Fly Solo", players="1 player", picture="games/fly_solo/picture.png",
    summary="The 7-Day adventure journal, the Silent Angler.",
    parts=(Part("journal", "Journal", "MENU_BOOK", f"{UI}.fly_solo.journal:journal_screen"),),
    sessions=(SessionKind("fly-solo-campaign", f"{RULES}.fly_solo.journal", "journal", kept_in_history=True),
              # the assistant is shown beside its adventure
              SessionKind("fly-solo-day", f"{RULES}.fly_solo.angler", "journal", arg="{setup[campaign]}/angler")),
    score_command=f"{RULES}.fly_solo.scoring:score_json",
    journal_plays=f"{RULES}.fly_solo.plays:adventure_plays",
    data=(("games/fly_solo/adventure.json", f"{RULES}.fly_solo.adventure:default_adventure"),),
    presets="games/fly_solo/presets.json",
)

FLEET_DICE = Game(
    id="fleet-dice", title="Fleet Dice", players="2-4 players", picture="games/fleet_dice/picture.png",
    summary="The table's roll and picks; sheets that keep the golden rule.",
    parts=(Part("sheets", "Sheets", "GRID_ON", f"{UI}.fleet_dice.sheets:SheetsScreen"),
           # a saved play, corrected: opened from History's Edit
           Part("edit", "Edit", "EDIT", f"{UI}.fleet_dice.edit:EditScreen", listed=False)),
    sessions=(SessionKind("fleet-dice", f"{RULES}.fleet_dice.rules", "sheets", start_seat="start", timed=True),
              SessionKind("fleet-dice-edit", f"{RULES}.fleet_dice.correction", "edit")),
    plays=("fleet-dice",),
    bgstats="games/fleet_dice/bgstats.json",
    edits="fleet-dice-edit",
    data=(("games/fleet_dice/sheet.json", f"{RULES}.fleet_dice.layout:default_layout"),),
    presets="games/fleet_dice/presets.json",
)

LURE = Game(
    id="lure", title="Lure", players="2-5 players", picture="games/lure/picture.png",
    summary="Secret casts with their odds, the catch, the score.",
    parts=(Part("round", "Round", "SET_MEAL", f"{UI}.lure.round:RoundScreen"),
           Part("dice", "Dice", "CASINO", f"{UI}.lure.dice:LureDiceScreen")),
    sessions=(SessionKind("lure", f"{RULES}.lure.rules", "round", timed=True),),  # no start player: order by dice
    plays=("lure",),
    bgstats="games/lure/bgstats.json",
    score_command=f"{RULES}.lure.scoring:score_json",
    data=(("games/lure/lure.json", f"{RULES}.lure.rules:default_data"),),
    presets="games/lure/presets.json",
)

SALMON_RUN = Game(
    id="salmon-run", title="Salmon Run", players="2-4 players", picture="games/salmon_run/picture.png",
    summary="The river, the turn helper, decks and fatigue.",
    parts=(Part("race", "Race", "WAVES", f"{UI}.salmon_run.race:RaceScreen"),
           Part("dice", "Dice", "CASINO", f"{UI}.salmon_run.dice:SalmonRunDiceScreen")),
    sessions=(SessionKind("salmon-run", f"{RULES}.salmon_run.rules", "race", start_seat="first", timed=True),),
    plays=("salmon-run",),
    bgstats="games/salmon_run/bgstats.json",
    fewer_is_better=True,  # the total is the Fatigue cards (salmon_run/scoring.py)
    total_unit="Fatigue card",
    score_command=f"{RULES}.salmon_run.scoring:score_json",
    data=(("games/salmon_run/river.json", f"{RULES}.salmon_run.river:default_data"),),
    presets="games/salmon_run/presets.json",
)

PEARL_BOAT = Game(
    id="pearl-boat", title="The pearl boat game", players="4 players recommended",
    picture="games/pearl_boat/picture.png",
    summary="Banker and referee; the hidden duel.",
    parts=(Part("voyage", "Voyage", "SAILING", f"{UI}.pearl_boat.voyage:VoyageScreen"),
           Part("dice", "Dice", "CASINO", f"{UI}.pearl_boat.dice:PearlBoatDiceScreen")),
    sessions=(SessionKind("pearl-boat", f"{RULES}.pearl_boat.rules", "voyage", start_seat="order", timed=True),),
    plays=("pearl-boat",),
    bgstats="games/pearl_boat/bgstats.json",
    score_command=f"{RULES}.pearl_boat.scoring:score_json",
    data=(("games/pearl_boat/pearl_boat.json", f"{RULES}.pearl_boat.rules:default_data"),),
    presets="games/pearl_boat/presets.json",
)

GAMES: tuple[Game, ...] = (FRESHWATER_FLY, FLY_SOLO, FLEET_DICE, LURE, SALMON_RUN, PEARL_BOAT)

# The free dice roller (the Dice tab) keeps sessions too; it belongs to no one game.
DICE_ROLLER = SessionKind("table", f"{RULES}.dice_roller", part="")
DICE_ROUTE = "/dice"

# Data files every game shares, with what reads them.
SHARED_PRESETS = "dice/presets.json"  # pools of no one game; one with a game's preset id takes its place
SHARED_DATA = (("dice/dice.json", "companion.core.dice:all_dice"),
               (SHARED_PRESETS, f"{__name__}:preset_files"))


def game(game_id: str) -> Game:
    for entry in GAMES:
        if entry.id == game_id:
            return entry
    raise KeyError(game_id)


def session_kinds() -> dict[str, tuple[Game | None, SessionKind]]:
    """Every kind of session, with the game keeping it (None: the dice roller)."""
    kinds: dict[str, tuple[Game | None, SessionKind]] = {DICE_ROLLER.kind: (None, DICE_ROLLER)}
    for entry in GAMES:
        for kind in entry.sessions:
            assert kind.kind not in kinds, f"session kind {kind.kind} registered twice"
            kinds[kind.kind] = (entry, kind)
    return kinds


def play_kinds() -> dict[str, PlayKind]:
    """What History knows of each game's plays, by how they are filed: the title on screen, and
    whether the best total is the lowest."""
    return {name: PlayKind(entry.title, entry.fewer_is_better, unit=entry.total_unit)
            for entry in GAMES for name in entry.plays}


@cache
def bgg_ids() -> dict[str, int]:
    """Each game's BoardGameGeek id, by how its plays are filed, from its BG Stats data file (a
    player's own copy in `custom/` first); 0 where the file says it is not known."""
    return {name: load_data(entry.bgstats, read_bgg_data) for entry in GAMES if entry.bgstats
            for name in entry.plays}


def file_kinds() -> dict[str, PlayKind]:
    """What the files of plays (CSV, BG Stats) say of each game: `play_kinds` with its BoardGameGeek id,
    and the games whose plays come from their journals (`journal_plays`)."""
    ids = bgg_ids()
    kinds = {**play_kinds(), **{entry.id: PlayKind(entry.title) for entry in GAMES if entry.journal_plays}}
    return {name: replace(kind, bgg_id=ids.get(name, 0)) for name, kind in kinds.items()}


def journal_plays(open_records: Callable[[str], list[SessionRecord]]) -> list[Play]:
    """The plays the files hold beside History's archive: each game's from its sessions' journals
    (`open_records(kind)`: the records of one session kind), newest first."""
    plays = [play for entry in GAMES if entry.journal_plays
             for play in load(entry.journal_plays)([r for s in entry.sessions for r in open_records(s.kind)])]
    return sorted(plays, key=lambda p: (p.played_at, p.id), reverse=True)


def start_seat(kind: str, state: Any) -> int | None:
    """The seat that started the finished game `state` of session kind `kind` (its start player), where
    its rules keep one (`SessionKind.start_seat`); None where they do not."""
    found = session_kinds().get(kind)
    attribute = found[1].start_seat if found is not None else None
    value = getattr(state, attribute, None) if attribute else None
    if isinstance(value, tuple):  # a turn order: its first seat started
        value = value[0] if value else None
    return value if isinstance(value, int) and not isinstance(value, bool) else None


def with_session_facts(play: Play, record: Any, state: Any) -> Play:
    """The play saved from a session (`record`, a SessionRecord; `state`, its finished state) with what
    the session knows beyond the rules' result: who started (where its kind keeps it) and the minutes
    from the game's set-up to the session's last action (where its kind knows the set-up, `SessionKind.timed`)."""
    found = session_kinds().get(record.game)
    timed = found[1].timed if found is not None else False
    began = getattr(state, timed, None) if isinstance(timed, str) else record.created if timed else None
    return replace(play, start_seat=start_seat(record.game, state),
                   duration_min=minutes_between(began, record.updated) if began else 0)


def play_editors() -> dict[str, str]:
    """The session kind that corrects a finished play, by how the play is filed."""
    return {name: entry.edits for entry in GAMES if entry.edits for name in entry.plays}


def scorers() -> dict[str, Callable[[Any], dict]]:
    """`companion score <game>`: the games with a scoring command, by id (imported on use)."""
    return {entry.id: _lazy(entry.score_command) for entry in GAMES if entry.score_command}


def _lazy(where: str) -> Callable[[Any], dict]:
    return lambda data: load(where)(data)


def data_files() -> tuple[tuple[str, str], ...]:
    """Every data file a player may replace with their own copy in `custom/`, with its reader."""
    own = tuple(item for entry in GAMES for item in (*entry.data, *_presets_file(entry), *_bgstats_file(entry)))
    return SHARED_DATA + own


def _presets_file(entry: Game) -> tuple[tuple[str, str], ...]:
    return ((entry.presets, f"{__name__}:preset_files"),) if entry.presets else ()


def _bgstats_file(entry: Game) -> tuple[tuple[str, str], ...]:
    return ((entry.bgstats, f"{__name__}:bgg_ids"),) if entry.bgstats else ()


@cache
def preset_files() -> dict[str, tuple[Preset, ...]]:
    """The presets of each presets file: each game's, in the games' order, then the shared one."""
    files = [entry.presets for entry in GAMES if entry.presets] + [SHARED_PRESETS]
    return {path: load_data(path, parse_presets) for path in files}


def presets() -> tuple[Preset, ...]:
    """Every dice preset, a shared one in the place of a game's with the same id."""
    return merge_presets(preset_files().values())


def preset(preset_id: str) -> Preset:
    """The preset called `preset_id`; DomainError if there is none."""
    return find_preset(presets(), preset_id)


def known_preset(preset_id: str | None) -> Preset | None:
    """The preset called `preset_id`, or None: none given, or one no presets file has now (a player's
    own file may drop a preset a saved pool came from: the pool stays, as plain dice)."""
    if preset_id is None:
        return None
    return next((p for p in presets() if p.id == preset_id), None)


def game_presets(entry: Game) -> tuple[Preset, ...]:
    """The presets in a game's own file (as the shared file may have replaced them)."""
    if not entry.presets:
        return ()
    return tuple(preset(p.id) for p in preset_files()[entry.presets])
