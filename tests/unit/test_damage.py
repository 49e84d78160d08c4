"""A damaged session file is found at the next start, whatever the damage: its folder is set aside
whole, the session is written anew from what holds more of it (what of its log still reads, or the
newest backup's copy) and a notice says what was kept and exactly what was lost. Each case starts
Companion as `companion` does: the store opened on the damaged folder, then the app's context."""

from __future__ import annotations

import json

import pytest

from companion.app import build_context
from companion.core.actions import Action
from companion.core.session_log import DONE, Change
from companion.core.session_manager import SessionManager
from companion.games import GAMES
from companion.games.dice_roller import GAME
from companion.laptop.hosting import LAPTOP
from companion.store import journal, open_store
from tests.killed_while_writing import roll

ACTIONS = 250
SEGMENT = "log-000000.jsonl"
# A roll of 9 and 9 on two d6: it reads as any line, only the rules refuse it (a hand's or a bug's).
REFUSED = Change(DONE, Action("dice.roll", {"faces": [9, 9]}, "roll 9 and 9"))


def play(store, n: int = ACTIONS, backup: bool = True) -> str:
    """A dice session of `n` rolls (a state saved every 5), then a backup holding all of it."""
    session = SessionManager(store.sessions, GAMES, store.clock).create(GAME)
    for i in range(n):
        session.perform(roll(i))
    if backup:
        store.backup_now()
    store.close()
    return session.id


def start(root, clock):
    """The next start, as `companion` makes it: the store, then the context every page shares."""
    clock.advance(hours=1)
    store = open_store(root, clock)
    return store, build_context(store, LAPTOP)


def labels(store, session_id) -> list[str]:
    return [a.label for a in store.sessions.load(session_id).actions]


def rolls(n: int) -> list[str]:
    return [f"roll {i}" for i in range(n)]


def aside_of(store, session_id):
    [aside] = store.root.joinpath("sessions").glob(f"{session_id}.corrupt-*")
    assert aside.name == f"{session_id}.corrupt-20261121-110000"
    return aside


def folder_of(store, session_id):
    return store.root / "sessions" / session_id


@pytest.mark.parametrize("damage, problem", [
    (lambda seg: seg.write_bytes(seg.read_bytes()[:len(seg.read_bytes()) // 2]), "its log ends after 12"),
    (lambda seg: seg.write_bytes(b""), "its log ends after 0 changes"),
    (lambda seg: seg.unlink(), "its log ends after 0 changes"),
], ids=["cut in half", "emptied", "deleted"])
def test_a_segment_cut_emptied_or_deleted_is_set_aside_and_every_action_restored(store, clock, damage,
                                                                                  problem) -> None:
    session_id = play(store)
    segment = folder_of(store, session_id) / SEGMENT
    damage(segment)
    left = segment.read_bytes() if segment.exists() else None
    store, ctx = start(store.root, clock)
    try:
        [notice] = ctx.notices
        assert notice.startswith(f"The unfinished session {session_id} could not be read: {problem}")
        assert "but its saved position state-250-250.json was made after 250" in notice
        aside = aside_of(store, session_id)
        assert f"It was moved to {aside}." in notice
        assert "Restored the copy from the backup of 21 Nov 2026, 10:00 (250 actions on its log)" in notice
        assert labels(store, session_id) == rolls(ACTIONS)  # every acknowledged action is back
        assert (aside / SEGMENT).read_bytes() == left if left is not None else not (aside / SEGMENT).exists()
        ctx.sessions.get(session_id).perform(roll(ACTIONS))  # and the session carries on
    finally:
        store.close()


def test_a_cut_only_the_backup_can_tell_is_found_by_it(store, clock) -> None:
    session_id = play(store, 13)  # states saved after 5 and 10 rolls, the backup after 13
    segment = folder_of(store, session_id) / SEGMENT
    segment.write_bytes(b"".join(segment.read_bytes().splitlines(keepends=True)[:11]))  # two whole lines gone
    store, ctx = start(store.root, clock)
    try:
        [notice] = ctx.notices
        assert ("could not be read: its log ends after 11 changes, but the backup of 21 Nov 2026, 10:00 holds 13 of "
                "them") in notice
        assert labels(store, session_id) == rolls(13)
    finally:
        store.close()


def test_a_byte_changed_in_the_head_is_found_by_its_checksum_and_nothing_is_lost(store, clock) -> None:
    session_id = play(store)
    head = folder_of(store, session_id) / "head.json"
    head.write_bytes(head.read_bytes().replace(b"Dice session", b"Dice sessiom"))  # still parses
    store, ctx = start(store.root, clock)
    try:
        [notice] = ctx.notices
        assert (f"The unfinished session {session_id} could not be read: its head.json: it does not match its "
                "checksum (a byte of it was changed).") in notice
        assert ("Restored the copy from the backup of 21 Nov 2026, 10:00, which holds all 250 changes of its log: "
                "nothing was lost.") in notice
        assert b"Dice sessiom" in (aside_of(store, session_id) / "head.json").read_bytes()
        assert store.sessions.load(session_id).title == "Dice session" and labels(store, session_id) == rolls(ACTIONS)
    finally:
        store.close()


def test_a_byte_changed_in_a_line_loses_nothing_a_backup_holds(store, clock) -> None:
    session_id = play(store, 20, backup=False)
    store = open_store(store.root, clock)
    store.backup_now()
    SessionManager(store.sessions, GAMES, store.clock).get(session_id).perform(roll(20))  # after the backup
    store.close()
    segment = folder_of(store, session_id) / SEGMENT
    data = segment.read_bytes()
    where = data.index(b'"faces":[', data.index(b'"roll 12"') - 60) + 9  # roll 12's first die: 1 becomes 2
    segment.write_bytes(data[:where] + b"2" + data[where + 1:])
    store, ctx = start(store.root, clock)
    try:
        [notice] = ctx.notices
        assert "could not be read: line 13 of its log-000000.jsonl: it does not match its checksum" in notice
        assert ("Restored the copy from the backup of 21 Nov 2026, 10:00 (its first 20 changes). Lost, made after "
                "it: the next 1 change (roll 20).") in notice
        assert labels(store, session_id) == rolls(20)
    finally:
        store.close()


def test_without_a_backup_what_reads_is_kept_and_the_notice_names_what_was_lost(store, clock) -> None:
    session_id = play(store, 20, backup=False)
    segment = folder_of(store, session_id) / SEGMENT
    lines = segment.read_bytes().splitlines(keepends=True)
    lines[12] = lines[12].replace(b'"roll 12"', b'"roll 13"')
    segment.write_bytes(b"".join(lines))
    store, ctx = start(store.root, clock)
    try:
        [notice] = ctx.notices
        assert ("Kept what could still be read of it: its first 12 changes (12 actions on its log). Lost: the next "
                "8 changes (one that could not be read, roll 13, roll 14, roll 15, roll 16 and 3 more).") in notice
        assert labels(store, session_id) == rolls(12)
    finally:
        store.close()


def test_without_a_backup_a_log_cut_short_keeps_what_reads_and_says_how_much_is_gone(store, clock) -> None:
    session_id = play(store, 20, backup=False)
    segment = folder_of(store, session_id) / SEGMENT
    segment.write_bytes(segment.read_bytes()[:len(segment.read_bytes()) // 2])
    store, ctx = start(store.root, clock)
    try:
        [notice] = ctx.notices
        kept = len(labels(store, session_id))
        assert labels(store, session_id) == rolls(kept) and 8 <= kept <= 10
        assert (f"Kept what could still be read of it: its first {kept} changes ({kept} actions on its log). Lost: "
                f"at least {20 - kept} changes after these, which could not be read back.") in notice
    finally:
        store.close()


def test_a_line_that_reads_but_does_not_apply_is_found_at_start_up(store, clock) -> None:
    session_id = play(store, 20)
    store = open_store(store.root, clock)
    store.sessions.record_change(session_id, REFUSED, "2026-11-21T10:30:00+00:00")  # sealed as any line
    store.close()
    store, ctx = start(store.root, clock)
    try:
        [notice] = ctx.notices
        assert f"The unfinished session {session_id} could not be read: its log cannot be replayed: " in notice
        assert ("Kept what could still be read of it: its first 20 changes (20 actions on its log). Lost: the next "
                "1 change (roll 9 and 9).") in notice
        assert labels(store, session_id) == rolls(20)
        assert b"roll 9 and 9" in (aside_of(store, session_id) / SEGMENT).read_bytes()
        assert ctx.sessions.get(session_id).record.actions[-1].label == "roll 19"
    finally:
        store.close()


def test_a_line_that_reads_but_does_not_apply_before_the_newest_saved_state_is_found_at_start_up(store, clock) -> None:
    # Issue 44: opening from the newest saved state replayed only the lines after it, so a line before it that
    # reads (its checksum made anew by a hand or a bug) but that the rules refuse went unnoticed at start-up.
    session_id = play(store)
    segment = folder_of(store, session_id) / SEGMENT
    assert journal.state_files(folder_of(store, session_id))  # a state saved after the line changed below
    lines = segment.read_bytes().splitlines(keepends=True)
    at = json.loads(lines[3])["at"]
    lines[3] = journal.change_to_line(REFUSED, at)
    segment.write_bytes(b"".join(lines))
    store, ctx = start(store.root, clock)
    try:
        [notice] = ctx.notices
        assert f"The unfinished session {session_id} could not be read: its log cannot be replayed: " in notice
        assert labels(store, session_id) == rolls(ACTIONS)  # the backup's copy holds more than the first 3
        assert b"roll 9 and 9" in (aside_of(store, session_id) / SEGMENT).read_bytes()
    finally:
        store.close()


@pytest.mark.parametrize("started", [True, False], ids=["after a start", "never started"])
def test_a_line_the_rules_refuse_that_a_bug_wrote_before_the_saved_states_is_found_at_start_up(store, clock,
                                                                                             started) -> None:
    # Issue 44: a line the rules refuse, written in the middle of the log by a bug (its checksum right, and the
    # lines before each later saved state unchanged since, so those states hold), went unnoticed: start-up opened
    # the session from its newest saved state and never replayed the line. Now every line is replayed by a
    # start-up, once: by this one, from the state the last start's replay reached, or from the first action.
    session_id = play(store, 20)
    if started:
        store, ctx = start(store.root, clock)
        assert ctx.notices == []
        live = ctx.sessions.get(session_id)
    else:
        store = open_store(store.root, clock)
        live = SessionManager(store.sessions, GAMES, store.clock).get(session_id)
    store.sessions.record_change(session_id, REFUSED, "2026-11-21T10:30:00+00:00")  # as a bug would write it
    for i in range(20, 30):
        live.perform(roll(i))  # the live session plays on, and saves its states after the line
    store.close()
    assert (folder_of(store, session_id) / "state-31-30.json").exists()  # saved after the line, which it followed
    store, ctx = start(store.root, clock)
    try:
        [notice] = ctx.notices
        assert f"The unfinished session {session_id} could not be read: its log cannot be replayed: " in notice
        assert ("Kept what could still be read of it: its first 20 changes (20 actions on its log). Lost: the next "
                "11 changes (roll 9 and 9, roll 20, roll 21, roll 22, roll 23 and 6 more).") in notice
        assert labels(store, session_id) == rolls(20)
        [aside] = store.root.joinpath("sessions").glob(f"{session_id}.corrupt-*")
        assert b"roll 9 and 9" in (aside / SEGMENT).read_bytes()
        ctx.sessions.get(session_id).perform(roll(20))  # and the session carries on
    finally:
        store.close()


def test_a_last_line_a_crash_cut_short_is_still_dropped_without_a_word(store, clock) -> None:
    session_id = play(store, 12)
    segment = folder_of(store, session_id) / SEGMENT
    line = segment.read_bytes().splitlines(keepends=True)[-1]
    with open(segment, "ab") as f:
        f.write(line[:len(line) - 1])  # all of a line but its newline: the sync never returned
    store, ctx = start(store.root, clock)
    try:
        assert ctx.notices == [] and labels(store, session_id) == rolls(12)
        assert not segment.read_bytes().endswith(line[:-1] + line[:-1])  # cut off: the next line follows
    finally:
        store.close()


def test_a_changed_newline_at_the_end_is_damage_not_a_crash(store, clock) -> None:
    session_id = play(store, 12, backup=False)
    segment = folder_of(store, session_id) / SEGMENT
    segment.write_bytes(segment.read_bytes()[:-1] + b"\x0b")
    store, ctx = start(store.root, clock)
    try:
        [notice] = ctx.notices
        assert "the end of its log-000000.jsonl was changed: its last line lost its newline" in notice
        assert ("Kept what could still be read of it: its first 12 changes (12 actions on its log). Nothing was "
                "lost.") in notice  # the line itself still matches its checksum
        assert labels(store, session_id) == rolls(12)
    finally:
        store.close()


def test_a_damaged_saved_state_costs_nothing(store, clock) -> None:
    session_id = play(store, 12)
    state = journal.state_files(folder_of(store, session_id))[0]
    data = state.read_bytes()
    state.write_bytes(data.replace(b'"count":10', b'"count":11'))  # parses, and reads as a state
    store, ctx = start(store.root, clock)
    try:
        [notice] = ctx.notices
        assert "could not be read: it does not match its checksum" in notice and "nothing was lost" in notice
        assert ctx.sessions.get(session_id).state.dice.count == 12
        assert labels(store, session_id) == rolls(12)
        assert state.with_name(state.name + ".corrupt").read_bytes() != data
    finally:
        store.close()


def test_a_session_damaged_while_companion_runs_says_so_in_words(store, clock) -> None:
    from companion.store.sessions import DamagedFiles

    session_id = play(store, 3, backup=False)
    store = open_store(store.root, clock)
    try:
        store.sessions.close_all()
        (folder_of(store, session_id) / "head.json").write_text("{}")
        with pytest.raises(DamagedFiles, match="start Companion again to restore it from the newest backup"):
            SessionManager(store.sessions, GAMES, store.clock).get(session_id)
    finally:
        store.close()


def test_every_file_written_carries_a_checksum(store, clock) -> None:
    session_id = play(store, 6)
    folder = folder_of(store, session_id)
    for path in [folder / "head.json", *folder.glob("state-*.json")]:
        assert json.loads(path.read_bytes()).popitem()[0] == "sum", path.name
    for line in (folder / SEGMENT).read_bytes().splitlines():
        assert list(json.loads(line))[-1] == "sum"


def test_a_damaged_session_whose_backup_copy_does_not_replay_either_is_set_aside_twice_and_both_said(
        store, clock) -> None:
    session_id = play(store, 5)
    [bundle_path] = store.backups_dir.glob("manual-*.json")
    bundle = json.loads(bundle_path.read_text())
    bundle["files"][f"sessions/{session_id}.json"]["session"]["1"]["actions"][2]["data"]["faces"] = [9, 9]
    bundle_path.write_text(json.dumps(bundle))
    (folder_of(store, session_id) / "head.json").write_text("{")
    store, ctx = start(store.root, clock)
    try:
        [notice] = ctx.notices
        first, second = sorted(store.root.joinpath("sessions").glob(f"{session_id}.corrupt-*"))
        assert (first / "head.json").read_text() == "{" and f"It was moved to {first}." in notice
        assert "its log cannot be replayed: " in notice and f"It was moved to {second}." in notice
        assert notice.endswith("No backup held a copy of this session that its rules replay, so it is not in the "
                               "list of unfinished sessions.")
        assert store.sessions.ids() == []
    finally:
        store.close()


@pytest.mark.parametrize("where", ["head.json", SEGMENT])
def test_a_file_nested_too_deep_to_read_is_damage_not_a_crash(store, clock, where) -> None:
    # Issue 44: a head.json of 3,000 nested brackets (or a log line of 100,000) raised RecursionError from
    # the salvage at start-up, which caught only ValueError: Companion did not start.
    session_id = play(store)
    damaged = folder_of(store, session_id) / where
    nested = b"[" * 100_000 + b"]" * 100_000
    damaged.write_bytes(nested if where == "head.json" else damaged.read_bytes() + nested + b"\n")
    store, ctx = start(store.root, clock)
    try:
        [notice] = ctx.notices
        assert f"The unfinished session {session_id} could not be read" in notice
        assert labels(store, session_id) == rolls(ACTIONS)  # the backup held it all
    finally:
        store.close()


SHAPES = {  # what a damaged file may hold, whatever the file: each is found at start-up and announced
    "latin-1": '{"name": "Ren\xe9e \xff"}'.encode("latin-1"), "UTF-16": '{"a": 1}'.encode("utf-16"),
    "a byte-order mark": b"\xef\xbb\xbf{}", "a number": b"5", "a list": b"[1, 2]", "a string": b'"x"',
    "null": b"null", "nested 200,000 deep": b"[" * 200_000 + b"]" * 200_000, "a huge number": b"9" * 100_000,
    "5 MB of spaces": b" " * 5_000_000 + b"{}", "NaN": b'{"a": NaN}', "a lone surrogate": b'{"a": "\\ud800"}',
    "control bytes": b"\x00\x01\x02",
}


@pytest.mark.parametrize("shape", SHAPES, ids=list(SHAPES))
def test_every_file_of_any_shape_is_found_set_aside_and_announced(store, clock, tmp_path, shape) -> None:
    # Issue 44: every reader of a damaged file survives any shape of it (recursion, size, encoding, type).
    import shutil

    from companion.core.plays import Play

    store.settings.add_player("Ana")
    store.archive.add(Play("p1", "lure", "2026-11-21T09:00:00+00:00", (), ("Ana",), {}))
    session_id = play(store, 12)
    start(store.root, clock)[0].close()  # a start-up keeps the state its replay reached (a .checked one)
    folder = folder_of(store, session_id).relative_to(store.root)
    checked, state = journal.state_files(store.root / folder)[:2]
    assert journal.is_checked(checked) and not journal.is_checked(state)
    for n, relpath in enumerate(["settings.json", "archive.json", folder / "head.json", folder / SEGMENT,
                                 folder / state.name, folder / checked.name]):
        root = shutil.copytree(store.root, tmp_path / f"case-{n}")
        (root / relpath).write_bytes(SHAPES[shape])
        case, ctx = start(root, clock)
        try:
            assert len(ctx.notices) == 1, (relpath, ctx.notices)
            assert [p.name for p in case.settings.players()] == ["Ana"] and case.archive.count() == 1
            assert labels(case, session_id) == rolls(12)
        finally:
            case.close()
