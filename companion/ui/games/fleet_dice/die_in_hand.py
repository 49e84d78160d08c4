"""Fleet Dice's die in hand: how the die this sheet uses now (the one taken at the table, the shared
one, or a face tapped in for sheets kept before the table's round) may be used, the choices a box
asks for, fishing, and a tap on a box (the golden rule: only the next box of a track). A phone
shows these for its own player's sheet (every sheet on the phone passed around): another player's
sheet is only shown."""

from __future__ import annotations

import flet as ft

from companion.core.errors import DomainError
from companion.core.words import a, count
from companion.games.fleet_dice import rules as fleet
from companion.games.fleet_dice.game import FACE_NAMES, FleetGame
from companion.games.fleet_dice.layout import BOAT_TYPES, HARBOR, WHARF, track_name
from companion.games.fleet_dice.sheet import Sheet
from companion.games.fleet_dice.sheet_terms import BOAT_FACES, FACES
from companion.games.fleet_dice.table import position
from companion.ui.components.common import chip, refusing
from companion.ui.games.fleet_dice.sheet_view import FACE_PICTURES
from companion.ui.session_screen import SessionScreen

WAYS = {"income": "Take income", "salvage": "Salvage Yard: any box", "any_type": "Shrimp license: any boat type",
        "any_box": "Shrimp license: any box", "double": "Shrimp license: a boat type and any box"}


ONE_USE = ("market", "coins")  # a die whose own use is one, not a box of a track


def own_tracks(sheet: Sheet, face: str) -> set[str]:
    """The tracks whose next box a die showing `face` fills by its own use: its boat type's, or one of the
    Harbor's or the Wharf's."""
    if face in ("harbor", "wharf"):
        area = HARBOR if face == "harbor" else WHARF
        return {t for t in area if sheet.next_box(t) is not None}
    return {face} if face in BOAT_TYPES and sheet.next_box(face) is not None else set()


class DieInHand(SessionScreen):
    """The screen's part that uses a die on the sheet shown (`seat`): what was tapped so far."""

    seat: int
    pick: int | None
    face: str | None
    rerolled_from: str | None
    how: str | None
    first: str | None
    skip: set[tuple[str, int]]
    oyster: set[int]

    def _keep_table_die(self, game: FleetGame, sheet: Sheet) -> None:
        """The die this sheet uses next: the one tapped on its pick (the one the Casino re-rolled, as the
        log has it, on every phone), or the shared one once all picked."""
        roll = game.current_roll()
        usable = roll is not None and sheet.choice() is None and position(sheet) == game.position()
        r = sheet.reroll
        if usable and sheet.die == "chosen" and r is not None:
            if (self.pick, self.face, self.rerolled_from) != (r.pick, r.face, r.was):
                self.pick, self.face, self.rerolled_from, self.how, self.first = r.pick, r.face, r.was, None, None
        elif usable and sheet.die == "shared" and roll.shared is not None:
            if self.pick is not None or self.face is None:
                self.pick, self.face, self.rerolled_from, self.how, self.first = None, roll.faces[roll.shared], \
                    None, None, None
        elif not usable or sheet.die != "chosen" or self.pick not in roll.free() or game.picker() != self.seat:
            self.pick = None
            if game.at_table and (self.face is not None):
                self.face = self.rerolled_from = self.how = self.first = None

    def _targets(self, sheet: Sheet) -> set[str]:
        """The tracks whose next box a tap may fill now."""
        choice = sheet.choice()
        if choice is not None and choice.kind in ("gold", "swordfish"):
            return set(sheet.gold_targets() if choice.kind == "gold" else sheet.swordfish_targets())
        if self.face is None and choice is None and self.session is not None:
            return set(self._boxes_taking_dice(self.view, sheet))
        if self.face is None or choice is not None:
            return set()
        if self.how in ("salvage", "any_box") or (self.how == "double" and self.first):
            return set(sheet.gold_targets())
        if self.how in ("any_type", "double"):
            return {t for t in BOAT_TYPES if sheet.next_box(t) is not None}
        return own_tracks(sheet, self.face) if self.how is None else set()

    def _boxes_taking_dice(self, game: FleetGame, sheet: Sheet) -> dict[str, tuple[int, str]]:
        """During this sheet's pick at the table, with no die in hand: each track whose next box a free die
        fills by its own use, with that die (its place in the roll, its face). A tap on that box takes the
        die and fills the box in one tap (issue 43: it was the die, then the box); other uses (income, the
        Salvage Yard, a license bonus, the Casino) still start with a tap on the die."""
        if not self._picking(game, sheet):
            return {}
        roll = game.current_roll()
        found: dict[str, tuple[int, str]] = {}
        for i in roll.free():
            face = roll.faces[i]
            if "normal" in sheet.ways_to_use(face, sheet.die):
                for track in own_tracks(sheet, face):
                    found.setdefault(track, (i, face))
        return found

    def _picking(self, game: FleetGame, sheet: Sheet) -> bool:
        """This phone acts for the sheet whose pick at the table it is, with no die taken yet."""
        return (game.current_roll() is not None and game.at_table and sheet.die == "chosen" and sheet.reroll is None
                and game.picker() == self.seat and position(sheet) == game.position() and self.acts_for(self.seat))

    def _one_tap_picks(self, game: FleetGame, sheet: Sheet) -> list[ft.Control]:
        """During this sheet's pick: each box a free die fills by its own use (its boat type's, a Harbor or
        Wharf building's), and the Market's coins and the 3 Coins a free die takes, as a button under the
        dice, its die's picture on it (the lit box itself may be a screen down the sheet: issue 62 counted 12
        scrolls in two rounds to them). A tap takes the die and uses it so, as a tap on the lit box (issue 65:
        a town die was two taps, the die and then its use)."""
        taking = sorted(self._boxes_taking_dice(game, sheet).items(), key=lambda item: item[1][0])  # dice order
        seat = self.seat
        # What the button shows is what its tap does (this die, this box), whatever die this phone has taken
        # in hand since it was drawn: a late tap is not read through the hand.
        picks = [(pick, face, f"Fill {self._box_words(sheet, track)}", f"pick-fill-{track}",
                  lambda t=track, p=pick, f=face: self._take_and_fill(seat, p, f, t)) for track, (pick, face) in taking]
        roll, picking = game.current_roll(), self._picking(game, sheet)
        for face, words in zip(ONE_USE, ("Market: coins for your fish", "Take 3 coins")):
            free = [i for i in roll.free() if roll.faces[i] == face] if picking else []
            if free and "normal" in sheet.ways_to_use(face, sheet.die):
                picks.append((free[0], face, words, f"pick-{face}",
                              lambda p=free[0], f=face: self._take_and_fill(seat, p, f, None)))
        buttons = [ft.OutlinedButton(words, key=key, on_click=lambda e, tap=tap: tap(),
                                     icon=ft.Image(src=f"dice/{FACE_PICTURES[face]}", width=24, height=24))
                   # The Market's and the 3 Coins' first (one each, short), then the boxes in the dice's order: a
                   # Harbor and a Wharf die light a button a building, which pushed the coins below the fold.
                   for _, face, words, key, tap in sorted(picks, key=lambda p: (p[1] not in ONE_USE, p[0]))]
        return [ft.Row(buttons, wrap=True, spacing=6, run_spacing=6)] if buttons else []

    def not_mine(self, game: FleetGame) -> str:
        """Why this phone does not use the sheet it shows."""
        name = game.names[self.seat]
        if self.passed_around:  # the phone passed around: this player plays on a phone of their own
            return f"This is {name}'s sheet: {name} plays on their own phone and fills it there (or the host does)."
        return f"This is {name}'s sheet: {name} fills it on their own phone, or on the phone passed around the table."

    def _panel(self, game: FleetGame, sheet: Sheet) -> list[ft.Control]:
        if sheet.over:
            return []
        if not self.acts_for(self.seat):
            return [ft.Text(self.not_mine(game), size=15, key="not-mine")]
        choice, seat = sheet.choice(), self.seat  # a button records what it showed: this seat's
        if choice is None and game.at_table:
            return self._ways(sheet) if self.face is not None else self._one_tap_picks(game, sheet)
        if choice is None:
            return self._dice_panel(sheet)
        if choice.kind == "either":
            name = track_name(sheet.layout, choice.boat_type)
            return [ft.Row([
                self._act_button(f"Launch {a(name)} boat", lambda g: fleet.choose_either(g, seat, "boat"),
                                 "either-boat"),
                self._act_button(f"Activate {a(name)} license", lambda g: fleet.choose_either(g, seat, "license"),
                                 "either-license"),
            ], spacing=8)]
        if choice.kind in ("gold", "swordfish"):
            targets = sheet.gold_targets() if choice.kind == "gold" else sheet.swordfish_targets()
            return [ft.Text("Tap a highlighted box, or:", size=15),
                    ft.Row([ft.OutlinedButton(f"Fill {self._box_words(sheet, t)}",
                                              on_click=lambda e, t=t: self._tap_box(t, None, seat)) for t in targets],
                           wrap=True, spacing=6, run_spacing=6)]
        if choice.kind == "king_crab":
            taken = {b: game.names[i] for i, s in enumerate(game.sheets) for b in [s.bonus] if b and i != self.seat}
            return [ft.Column([
                refusing(ft.OutlinedButton(b.name + (f" (taken by {taken[b.id]})" if b.id in taken else ""),
                                           key=f"bonus-{b.id}",
                                           on_click=lambda e, b=b: self.act(lambda g: fleet.choose_bonus(g, seat, b.id))),
                         f"{taken[b.id]} took {b.name}: each bonus goes to one player." if b.id in taken else None,
                         self.host.toast)
                for b in sheet.layout.bonuses], spacing=6)]
        return self._fishing_panel(game, sheet)

    def _dice_panel(self, sheet: Sheet) -> list[ft.Control]:
        if sheet.reroll is not None and sheet.die == "chosen":  # the die the Casino re-rolled: that one
            self.face, self.rerolled_from = sheet.reroll.face, sheet.reroll.was
            return self._ways(sheet)
        faces = BOAT_FACES if sheet.phase == "boat" else FACES
        whose = "your die" if sheet.die == "chosen" else "the shared die"
        controls: list[ft.Control] = [
            ft.Text(f"Tap the face of {whose}:", size=15),
            ft.Row([self._face_button(f, f"face-{f}", self._pick_face) for f in faces], wrap=True, spacing=6,
                   run_spacing=6)]
        if self.face is not None:
            controls += self._ways(sheet)
        return controls

    def _face_button(self, face: str, key: str, on_tap, picked: bool | None = None) -> ft.Control:
        picked = face == self.face if picked is None else picked
        return ft.Container(
            key=key, width=52, height=52, border_radius=10, padding=5,
            bgcolor=ft.Colors.PRIMARY_CONTAINER if picked else ft.Colors.SURFACE_CONTAINER_HIGH,
            border=ft.Border.all(3 if picked else 1, ft.Colors.PRIMARY if picked else ft.Colors.OUTLINE),
            tooltip=FACE_NAMES[face], on_click=lambda e: on_tap(face),
            content=ft.Image(src=f"dice/{FACE_PICTURES[face]}", width=40, height=40),
        )

    def _ways(self, sheet: Sheet) -> list[ft.Control]:
        face = self.face
        assert face is not None
        ways = sheet.ways_to_use(face, sheet.die)
        rows: list[ft.Control] = [ft.Text(f"{FACE_NAMES[face]}" + (f" (re-rolled from {FACE_NAMES[self.rerolled_from]})"
                                                                    if self.rerolled_from else "") + ":",
                                          size=17, weight=ft.FontWeight.W_600)]
        if self.how in ("any_type", "double") and self.first is None:
            rows.append(ft.Text("Tap the boat type's highlighted box.", size=15))
            return rows
        if self.how in ("salvage", "any_box") or (self.how == "double" and self.first):
            rows.append(ft.Text("Tap the highlighted box to fill.", size=15))
            return rows
        buttons = []
        if "normal" in ways:
            if face in BOAT_TYPES and sheet.next_box(face) is not None:
                buttons.append(self._use_button(f"Fill {self._box_words(sheet, face)}", "normal", "use-normal"))
            elif face == "coins":
                buttons.append(self._use_button("Take 3 coins", "normal", "use-normal"))
            elif face == "market":
                buttons.append(self._use_button("Market: coins for your fish", "normal", "use-normal"))
            elif face in ("harbor", "wharf"):
                area = HARBOR if face == "harbor" else WHARF
                buttons += [self._use_button(f"Fill {self._box_words(sheet, t)}", "normal", f"use-{t}", target=t)
                            for t in area if sheet.next_box(t) is not None]
        coins = sheet.layout.wharf["bait_shop"].income if sheet.complete("bait_shop") else 1
        buttons.append(self._use_button(f"Take income ({coins} coin{'s' if coins != 1 else ''})", "income", "use-income"))
        for how in ("salvage", "any_type", "any_box", "double"):
            if how in ways:
                buttons.append(ft.OutlinedButton(WAYS[how], key=f"use-{how}",
                                                 on_click=lambda e, how=how: self._choose_how(how)))
        if sheet.can_reroll() and self.rerolled_from is None:  # once per die selected, recorded for all
            buttons.append(ft.OutlinedButton("Casino: re-roll it", icon=ft.Icons.CASINO,
                                             key="casino-reroll", on_click=lambda e: self._reroll()))
        rows.append(ft.Row(buttons, wrap=True, spacing=6, run_spacing=6))
        return rows

    def _fishing_panel(self, game: FleetGame, sheet: Sheet) -> list[ft.Control]:
        layout = sheet.layout
        rows: list[ft.Control] = [ft.Text("Fishing: every launched boat that is not full catches a fish "
                                          "(Oyster boats two).", size=15)]
        sword = sheet.licenses["swordfish"]
        # A boat skips only for a box it can fill (a game set up before rules version 2: as its licenses let).
        most = sheet.swordfish_skips() if game.rules_version > fleet.EARLIER_RULES else \
            layout.swordfish_boats[sword - 1] if sword else 0
        if sword and not most:
            self.skip = set()
            rows.append(ft.Text("Swordfish license: no boat box without an activation symbol is open, so no boat "
                                "skips fishing (it would fill no box).", size=15, key="skip-none"))
        elif sword:
            rows.append(ft.Text(f"Swordfish license: up to {count(most, 'boat')} may skip fishing for a box each.",
                                size=15))
            rows.append(ft.Row([
                chip(f"Skip {track_name(layout, k)} {i + 1}", lambda b=(k, i): self._toggle_skip(b),
                     key=f"skip-{k}-{i}", selected=(k, i) in self.skip)
                for k, i in sheet.launched() if not sheet.full(k, i)], wrap=True, spacing=6, run_spacing=6))
        coin_boats = sheet.oyster_coin_boats(sorted(self.skip))
        if coin_boats:
            rows.append(ft.Text("Oyster license: at this fishing, a coin instead of a boat's second fish, once per "
                                "launched Oyster boat (a boat with room for two).", size=15))
            rows.append(ft.Row([chip(f"Coin for Oyster {i + 1}", lambda i=i: self._toggle_oyster(i),
                                     key=f"oyster-coin-{i}", selected=i in self.oyster)
                                for i in coin_boats], wrap=True, spacing=6))
        coins = sorted(self.oyster & set(coin_boats))  # a boat ticked, then set to skip fishing, takes none
        seat, skip = self.seat, sorted(self.skip)  # what the screen shows now is what the tap records
        self.pin("Go fishing", ft.Icons.PHISHING, "go-fishing",  # below the choices, yet always on screen
                 lambda: self._act(lambda g: fleet.go_fishing(g, seat, skip, coins)))
        return rows

    @staticmethod
    def _box_words(sheet: Sheet, track: str) -> str:
        index = sheet.next_box(track)
        return f"{track_name(sheet.layout, track)} box {index + 1}" if index is not None else track_name(sheet.layout, track)

    def _act_button(self, text: str, build, key: str) -> ft.Control:
        return ft.FilledButton(text, key=key, on_click=lambda e: self._act(build))

    def _use_button(self, text: str, how: str, key: str, target: str | None = None) -> ft.Control:
        shown = self._in_hand()  # the die as this button shows it: a late tap still records this one
        return ft.FilledButton(text, key=key, on_click=lambda e: self._use(how, target, shown=shown))

    def _in_hand(self) -> tuple[int, str | None, str | None, int | None]:
        """The sheet shown, the die's face (and the face it was re-rolled from) and its pick at the table."""
        return self.seat, self.face, self.rerolled_from, self.pick

    def _act(self, build) -> None:
        # The die and its way of use are done with once the action is recorded.
        saved = (self.pick, self.face, self.rerolled_from, self.how, self.first, self.skip, self.oyster)
        self._clear()
        if not self.act(build):
            self.pick, self.face, self.rerolled_from, self.how, self.first, self.skip, self.oyster = saved
            self.render()

    def _clear(self) -> None:
        self.pick = self.face = self.rerolled_from = self.how = self.first = None
        self.skip, self.oyster = set(), set()

    def _pick_face(self, face: str) -> None:
        sheet = self.view.sheets[self.seat] if self.session is not None else None
        if sheet is not None and sheet.reroll is not None and sheet.die == "chosen":
            self.host.toast(f"The Casino re-rolled this die: it shows {FACE_NAMES[sheet.reroll.face]} now.")
            return
        self.face, self.rerolled_from, self.how, self.first = face, None, None, None
        self.render()

    def _choose_how(self, how: str) -> None:
        self.how, self.first = how, None
        self.render()

    def _use(self, how: str, target: str | None = None, second: str | None = None,
             shown: tuple[int, str | None, str | None, int | None] | None = None) -> None:
        seat, face, rerolled, pick = shown or self._in_hand()
        die = self.view.sheets[seat].die
        self._act(lambda g: fleet.use_die(g, seat, die, face, how, target, second, rerolled, pick))

    def _reroll(self) -> None:
        """The Casino re-rolls the die in hand (a boat die shows a boat face again, a town die a town face):
        recorded in the log before its new face is shown, once, on every phone; that die is then used."""
        seat, was, pick = self.seat, self.face, self.pick
        if was is None:
            return
        self.act(lambda g: fleet.reroll_with(g, seat, was, self.chance("reroll"), pick))

    def _take_and_fill(self, seat: int, pick: int, face: str, track: str | None) -> None:
        """Take the free die `pick` (showing `face`) on `seat`'s pick and use it by its own use, in one tap: fill
        `track`'s next box (the lit box, or its button under the dice; `_boxes_taking_dice`), or the Market's
        coins or the 3 Coins (None)."""
        target = track if face in ("harbor", "wharf") else None
        self._act(lambda g: fleet.use_die(g, seat, "chosen", face, "normal", target, None, None, pick))

    def _tap_box(self, track: str, index: int | None = None, seat: int | None = None) -> None:
        """A highlighted box of `seat`'s sheet was tapped: it answers the choice or the die's way of use.
        Any other box says why it cannot be filled now (the golden rule: only the next box of a track)."""
        if self.session is None:
            return
        if seat is not None and seat != self.seat:  # drawn for a sheet this screen no longer shows
            names = self.view.names
            self.host.toast(f"That box was on {names[seat]}'s sheet; this screen now shows {names[self.seat]}'s. "
                            "Your tap was not recorded: look again.")
            return
        sheet = self.view.sheets[self.seat]
        if not self.acts_for(self.seat):
            self.host.toast(self.not_mine(self.view))
            return
        taking = self._boxes_taking_dice(self.view, sheet) if self.face is None and sheet.choice() is None else {}
        if track in taking and (index is None or index == sheet.next_box(track)):
            self._take_and_fill(self.seat, *taking[track], track)
            return
        if track not in self._targets(sheet):  # the die's reason, after the golden rule's for a box not the next
            self.host.toast(" ".join(w for w in (self._golden_rule(sheet, track, index), self._why_not(sheet, track))
                                     if w))
            return
        if index is not None and index != sheet.next_box(track):
            self.host.attempt(lambda: sheet.fill(track, index))  # the golden rule's words, nothing recorded
            return
        choice = sheet.choice()
        if choice is not None:
            self._act(lambda g: fleet.free_fill(g, self.seat, track))
        elif self.how == "double" and self.first is None:
            self.first = track
            self.render()
        elif self.how == "double":
            self._use("double", self.first, track)
        elif self.how is not None:
            self._use(self.how, track)
        else:
            self._use("normal", track if self.face in ("harbor", "wharf") else None)

    def _why_not(self, sheet: Sheet, track: str) -> str:
        box = self._box_words(sheet, track)
        game: FleetGame = self.view
        if sheet.over:
            return "The game is over: no more boxes can be filled."
        if sheet.choice() is not None:
            return f"First: {sheet.what_now()}"
        if self.face is None and game.at_table:  # the lit boxes are lit already (issue 65: "light up once taken")
            lit = self._boxes_taking_dice(game, sheet)
            return f"{self._banner(game, sheet)} No die of this roll fills {box}: a lit box takes its die and " \
                   "fills in one tap." if lit else self._banner(game, sheet)
        if self.face is None:
            return f"Tap the face your die shows first; the boxes it may fill then light up ({box} is not one now)."
        return f"{FACE_NAMES[self.face]} cannot fill {box} now; the highlighted boxes are the ones it can."

    @staticmethod
    def _golden_rule(sheet: Sheet, track: str, index: int | None) -> str:
        """The golden rule's words when box `index` is not the topmost open box of its track (issue 65: a forbidden
        box was refused without naming the rule); "" when it is, or no box was named."""
        if index is None or index == sheet.next_box(track):
            return ""
        try:
            sheet.fill(track, index)
        except DomainError as exc:
            return str(exc)
        return ""

    def _toggle_skip(self, boat: tuple[str, int]) -> None:
        self.skip ^= {boat}
        self.render()

    def _toggle_oyster(self, index: int) -> None:
        self.oyster ^= {index}
        self.render()
