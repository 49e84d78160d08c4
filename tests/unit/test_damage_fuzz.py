"""Any file of a session damaged in any way (cut short, emptied, deleted, one byte changed), then
Companion started as `companion` starts it: nothing acknowledged is lost when a backup holds it;
when none holds all of it, what is kept is the session as its log had it some time after that
backup, and the notice says what was lost. Never a silent loss, never a start that fails."""

from __future__ import annotations

import json
import shutil

import pytest
from hypothesis import HealthCheck, given, settings
from hypothesis import strategies as st

from companion.app import build_context
from companion.core import session as session_module
from companion.core.actions import Action, Actor
from companion.core.errors import DomainError
from companion.core.session_log import DONE, Change, replay
from companion.core.session_manager import SessionManager
from companion.games import GAMES
from companion.games.dice_roller import GAME, RULES
from companion.laptop.hosting import LAPTOP
from companion.store import journal, open_store
from companion.store.backups import witnesses
from companion.store.salvage import salvage
from tests.budgets import examples
from tests.conftest import FakeClock
from tests.killed_while_writing import roll

ANA, BEN = Actor("ana", "Ana", False), Actor("ben", "Ben", False)
REFUSED = Action("dice.roll", {"faces": [9, 9]}, "roll 9 and 9")  # no die of the table has a 9
ACTIONS, BACKED_UP_PART, RESTARTED_AFTER = 40, 25, 20
FUZZ = settings(max_examples=examples(60), suppress_health_check=[HealthCheck.function_scoped_fixture,
                                                         HealthCheck.too_slow])


def play_a_table(root, backup_after: int) -> str:
    """A dice session of 40 rolls by two players with undos and redos, in segments of 15 lines
    with states saved every 5 actions, Companion started again after 20 rolls (the state its replay
    reached kept as checked), and a backup taken after `backup_after` rolls."""
    saved = journal.SEGMENT_LINES, session_module.SNAPSHOT_EVERY
    journal.SEGMENT_LINES, session_module.SNAPSHOT_EVERY = 15, 5
    try:
        store = open_store(root, FakeClock())
        session = SessionManager(store.sessions, GAMES, store.clock).create(GAME)
        for n in range(ACTIONS):
            if n == RESTARTED_AFTER:
                store.close()
                store = open_store(root, FakeClock())
                session = build_context(store, LAPTOP).sessions.get(session.id)
            actor = ANA if n % 3 else BEN
            session.perform(roll(n), actor)
            try:
                if n % 7 == 4:
                    session.undo(actor)
                if n % 14 == 4:
                    session.redo(actor)
            except DomainError:
                pass
            if n + 1 == backup_after:
                store.backup_now()
        store.close()
        return session.id
    finally:
        journal.SEGMENT_LINES, session_module.SNAPSHOT_EVERY = saved


@pytest.fixture(scope="module")
def tables(tmp_path_factory):
    """Two folders, made once: one whose backup holds the whole session, one whose backup holds part."""
    made = {}
    for name, after in (("whole", ACTIONS), ("part", BACKED_UP_PART)):
        root = tmp_path_factory.mktemp(f"table-{name}")
        made[name] = (root, play_a_table(root, after))
    return made


def damage(data, folder, on_the_log: set[str]) -> tuple[str, bytes | None]:
    """Damage one file of the session folder as `data` draws: what file, and what is left of it. A line
    that did an action still on the log at its end (`on_the_log`: their labels) can also become one the
    rules refuse, its checksum right ("refuse": a hand's or a bug's). An action undone since is no longer
    on the log: the rules are asked about it only if it is redone, and refuse it then, in words."""
    files = sorted(p.name for p in folder.iterdir())
    name = data.draw(st.sampled_from(files), label="file")
    path = folder / name
    content = path.read_bytes()
    lines = content.splitlines(keepends=True) if name.startswith("log-") else []
    done = [i for i, line in enumerate(lines) if json.loads(line).get(DONE, {}).get("label") in on_the_log]
    how = data.draw(st.sampled_from(["cut", "empty", "delete", "flip"] + (["refuse"] if done else [])), label="how")
    if how == "refuse":
        at = data.draw(st.sampled_from(done), label="line")
        lines[at] = journal.change_to_line(Change(DONE, REFUSED), json.loads(lines[at])["at"])
        content = b"".join(lines)
    elif how == "delete":
        path.unlink()
        return name, None
    elif how == "empty":
        content = b""
    elif how == "cut":
        content = content[:data.draw(st.integers(0, len(content) - 1), label="length")]
    else:
        at = data.draw(st.integers(0, len(content) - 1), label="at")
        content = content[:at] + bytes([content[at] ^ data.draw(st.integers(1, 255), label="xor")]) + content[at + 1:]
    path.write_bytes(content)
    return name, content


def start_on_a_copy(tables, which, data, tmp_path_factory):
    template, session_id = tables[which]
    root = tmp_path_factory.mktemp("damaged")
    shutil.rmtree(root)
    shutil.copytree(template, root)
    before = salvage(root / "sessions" / session_id)  # the session as its whole log has it, line by line
    name, left = damage(data, root / "sessions" / session_id, {a.label for a in before.record().actions})
    store = open_store(root, FakeClock())
    return store, build_context(store, LAPTOP), session_id, before, name, left


def the_folder_set_aside_holds_the_damage_as_it_was(store, session_id, name, left) -> None:
    [aside] = (store.root / "sessions").glob(f"{session_id}.corrupt-*")
    assert (aside / name).read_bytes() == left if left is not None else not (aside / name).exists()


def notices_of(ctx, session_id) -> list[str]:
    assert all(session_id in n or "saved position" in n for n in ctx.notices), ctx.notices  # nothing else is said
    return ctx.notices


@FUZZ
@given(data=st.data())
def test_any_damage_to_a_session_with_a_whole_backup_loses_nothing(tables, tmp_path_factory, data) -> None:
    store, ctx, session_id, before, name, left = start_on_a_copy(tables, "whole", data, tmp_path_factory)
    try:
        whole = before.record()
        session = ctx.sessions.get(session_id)
        assert (session.record.actions, session.record.undone) == (whole.actions, whole.undone)
        assert session.state == replay(RULES, {}, whole.actions)
        notices = notices_of(ctx, session_id)
        if name.startswith("state-"):  # a saved position: rebuilt from the log, which holds everything
            assert all("nothing was lost" in n for n in notices)
            assert not list((store.root / "sessions").glob(f"{session_id}.corrupt-*"))
        else:
            [notice] = notices
            assert notice.startswith(f"The unfinished session {session_id} could not be read: ")
            assert "Restored the copy from the backup of 21 Nov 2026, 10:00" in notice or \
                "Nothing was lost." in notice
            assert "Lost" not in notice, notice  # nothing was: and no notice says otherwise
            the_folder_set_aside_holds_the_damage_as_it_was(store, session_id, name, left)
    finally:
        store.close()


@FUZZ
@given(data=st.data())
def test_any_damage_to_a_session_backed_up_in_part_keeps_what_it_can_and_says_what_was_lost(
        tables, tmp_path_factory, data) -> None:
    store, ctx, session_id, before, name, left = start_on_a_copy(tables, "part", data, tmp_path_factory)
    try:
        template, _ = tables["part"]
        backed_up = witnesses(template / "backups")[f"sessions/{session_id}.json"].lines
        saved = max(int(p.name.split("-")[1]) for p in (template / "sessions" / session_id).glob("state-*"))
        session = ctx.sessions.get(session_id)
        kept = (session.record.actions, session.record.undone)
        assert session.state == replay(RULES, {}, session.record.actions)

        def as_after(first: int) -> bool:  # the session as its log had it after some line from `first` on
            return any((before.record(lines).actions, before.record(lines).undone) == kept
                       for lines in range(first, len(before.changes) + 1))

        assert as_after(backed_up)
        if kept != (before.record().actions, before.record().undone):  # something was lost: and said so,
            notices = notices_of(ctx, session_id)
            if notices:
                [notice] = notices
                assert "Lost" in notice or "could not be read back" in notice, notice
                the_folder_set_aside_holds_the_damage_as_it_was(store, session_id, name, left)
            else:  # unless only the log's end went, past its newest saved state and backup: a crash looks so
                assert name.startswith("log-") and as_after(max(backed_up, saved))
    finally:
        store.close()


@pytest.mark.parametrize("at", [0, 1, "middle", -1])
def test_a_newline_changed_into_a_line_splits_it_but_it_is_still_counted_as_one(tables, tmp_path_factory, at) -> None:
    """One byte of a log line changed into a newline (found by the fuzz above): the line reads as
    two pieces, neither of which reads, and the log as one line longer than it is. The backup
    holds the whole session, so the notice says that nothing was lost (it said one change was)."""
    template, session_id = tables["whole"]
    root = tmp_path_factory.mktemp("split")
    shutil.rmtree(root)
    shutil.copytree(template, root)
    segments = sorted((root / "sessions" / session_id).glob("log-*.jsonl"))
    for path in segments:  # the first line of every segment split, its other lines as they were
        first, rest = path.read_bytes().split(b"\n", 1)
        i = {"middle": len(first) // 2}.get(at, at) % len(first)
        path.write_bytes(first[:i] + b"\n" + first[i + 1:] + b"\n" + rest)
        store = open_store(root, FakeClock())
        try:
            [notice] = build_context(store, LAPTOP).notices
            assert "Restored the copy from the backup of 21 Nov 2026, 10:00" in notice, notice
            assert "Lost" not in notice and notice.endswith("nothing was lost."), notice
        finally:
            store.close()
        shutil.rmtree(root)
        shutil.copytree(template, root)
