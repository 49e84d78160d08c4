"""Flet's icon font cut down to the icons Companion draws.

Flet's prebuilt web client carries Material's whole icon font (`MaterialIcons-Regular.otf`,
1.26 MB, 469 kB gzipped: 8,600 glyphs), which a phone downloads on its first visit and its
engine loads; a Flutter app built on its own keeps only the icons it uses. The server serves
a copy with only the glyphs of `ICONS` (every icon Companion names) and `FLUTTER_OWN` (those
Flutter's widgets draw by themselves), made once per client version in the cache folder:
about 30 kB. Each glyph is named after its icon (`casino_baseline`, `casino_outlined`...),
which is how an icon's name finds its character. tests/unit/test_icon_font.py fails when
the code names an icon that is not in `ICONS`.
"""

from __future__ import annotations

import hashlib
import threading
from pathlib import Path

from companion.client.cache_files import clear_stale, write_whole

FONT = "assets/fonts/MaterialIcons-Regular.otf"  # the client's file, as the page asks for it

# Every icon Companion's screens name (ft.Icons, and the games' parts in games/registry.py).
ICONS = frozenset("""
    ADD ADD_CARD ADD_TO_HOME_SCREEN ALT_ROUTE ARROW_BACK ARROW_FORWARD BACKUP BADGE BRIGHTNESS_AUTO CASINO
    CASINO_OUTLINED CHECK CHECK_CIRCLE CHEVRON_RIGHT CLOSE DARK_MODE DELETE_OUTLINE DIRECTIONS_BOAT DONE_ALL
    DOWNLOAD DRAG_HANDLE EDIT EDIT_NOTE EMOJI_EVENTS ERROR_OUTLINE EXPAND_MORE EXTENSION EXTENSION_OUTLINED
    FILTER_2 FILTER_LIST FLAG FRONT_HAND GRID_ON GROUPS HANDSHAKE HELP_OUTLINE HIKING HISTORY HISTORY_OUTLINED
    INFO_OUTLINE INSIGHTS INVENTORY_2_OUTLINED LANDSCAPE LIGHT_MODE LIST LIST_ALT LOCK LOCK_RESET MENU_BOOK
    PENDING_ACTIONS PERSON_ADD PERSON_ADD_ALT PETS PHISHING PIVOT_TABLE_CHART PLACE PLAY_ARROW QR_CODE_2
    QUESTION_MARK RADIO_BUTTON_CHECKED RADIO_BUTTON_UNCHECKED REDO REMOVE REMOVE_CIRCLE_OUTLINE REPLAY
    RESTORE_FROM_TRASH SAILING SAVE SCOREBOARD SEARCH_OFF SEND_TO_MOBILE SET_MEAL SETTINGS SHARE SHUFFLE SKIP_NEXT
    SMART_TOY_OUTLINED STAR
    STAR_BORDER STOP_CIRCLE_OUTLINED STOREFRONT STYLE TABLE_VIEW TASK_ALT TUNE UNDO UPGRADE UPLOAD_FILE
    VISIBILITY_OFF WARNING_AMBER_ROUNDED WATER WAVES WIFI_OFF
""".split())

# What Flutter's own widgets draw from the font, unasked (a back arrow, a menu's arrow, a chosen
# segment's tick, a snack bar's close...), kept in each of the font's styles: an iPhone's
# widgets take the rounded ones.
FLUTTER_OWN = frozenset("""
    ACCESS_TIME ADD ARROW_BACK ARROW_BACK_IOS ARROW_BACK_IOS_NEW ARROW_DOWNWARD ARROW_DROP_DOWN ARROW_DROP_UP
    ARROW_FORWARD ARROW_FORWARD_IOS ARROW_UPWARD CALENDAR_TODAY CANCEL CHECK CHECK_BOX CHECK_BOX_OUTLINE_BLANK
    CHEVRON_LEFT CHEVRON_RIGHT CLEAR CLOSE DATE_RANGE DRAG_HANDLE EDIT ERROR ERROR_OUTLINE EXPAND_LESS
    EXPAND_MORE INFO INFO_OUTLINE KEYBOARD KEYBOARD_ARROW_DOWN KEYBOARD_ARROW_LEFT KEYBOARD_ARROW_RIGHT
    KEYBOARD_ARROW_UP MENU MORE_HORIZ MORE_VERT REMOVE SCHEDULE SEARCH VISIBILITY VISIBILITY_OFF
""".split())
STYLES = ("_outlined", "_rounded", "_sharp")


def glyph_of(name: str) -> str:
    """The font's glyph for ft.Icons' `name` ("CASINO" -> "casino_baseline", "CASINO_OUTLINED" ->
    "casino_outlined")."""
    plain = name.lower()
    return plain if plain.endswith(STYLES) else plain + "_baseline"


def wanted_glyphs() -> set[str]:
    styled = {glyph_of(name).removesuffix("_baseline") + style for name in FLUTTER_OWN for style in STYLES}
    return {glyph_of(name) for name in ICONS | FLUTTER_OWN} | styled


def cut(full: Path, out: Path) -> Path:
    """`full` with only the wanted glyphs, written to `out` whole or not at all."""
    from fontTools import subset
    from fontTools.ttLib import TTFont

    font = TTFont(full, recalcTimestamp=False)  # the same cut from the same font: no time in it
    wanted = wanted_glyphs()
    codes = [code for code, glyph in font.getBestCmap().items() if glyph in wanted or code == 0x20]
    options = subset.Options()
    options.glyph_names = True  # the glyphs keep their names (how the tests find them)
    options.name_IDs = ["*"]
    cutter = subset.Subsetter(options)
    cutter.populate(unicodes=codes)
    cutter.subset(font)
    return write_whole(out, lambda partial: font.save(str(partial)))


class IconFont:
    """The cut font for one client version, made in the background when the server starts (a
    quarter-second, once: kept in `folder`). `path` is None until it is ready: the whole font is
    sent meanwhile."""

    def __init__(self, full: Path, folder: Path, version: str) -> None:
        self.full = full
        names = "|".join(sorted(wanted_glyphs()))
        self.out = folder / f"MaterialIcons-{version}-{hashlib.sha1(names.encode()).hexdigest()[:10]}.otf"
        self.path: Path | None = self.out if self.out.exists() else None

    def start(self) -> None:
        """Make it unless it is kept already (web_files compresses it when a phone first asks for it)."""
        if self.out.parent.is_dir():
            clear_stale(self.out.parent)
        if self.path is None:
            threading.Thread(target=self._make, name="icon-font", daemon=True).start()

    def _make(self) -> None:
        try:
            self.path = cut(self.full, self.out)
        except Exception:  # noqa: BLE001  (a font fontTools cannot read, a full disk: the whole font is sent)
            pass
