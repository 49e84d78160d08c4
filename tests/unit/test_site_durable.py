"""On a phone, nothing is shown that is not kept (companion/site/durable.py): a message to the screen goes
only once every write made before it is saved to the browser's storage, in the order made; a failed save
is said, never hidden."""

from __future__ import annotations

import asyncio

from hypothesis import assume, given, settings
from hypothesis import strategies as st

from companion.site.durable import Acknowledged
from tests.budgets import examples


class Phone:
    """A page's writes, its saves (each answered when the test says), and what reached its screen."""

    def __init__(self, failing: int = 0) -> None:
        self.writes = 0
        self.saved = 0  # the writes the last finished save covers
        self.saves: list[asyncio.Future] = []
        self.failing = failing
        self.shown: list[tuple[str, int]] = []  # (message, writes saved when it was shown)
        self.troubles: list[str] = []
        self.gate = Acknowledged(self.save, lambda: self.writes, self.show, lambda e: self.troubles.append(str(e)))

    async def save(self) -> None:
        covers = self.writes
        answer = asyncio.get_running_loop().create_future()
        self.saves.append(answer)
        await answer
        if self.failing:
            self.failing -= 1
            raise OSError("the quota is exceeded")
        self.saved = max(self.saved, covers)

    def show(self, message: str) -> None:
        self.shown.append((message, self.saved))

    async def answer_saves(self) -> None:
        while any(not s.done() for s in self.saves) or self.gate.holding:
            for s in self.saves:
                if not s.done():
                    s.set_result(None)
            await asyncio.sleep(0)


async def test_a_message_that_follows_no_write_goes_at_once() -> None:
    phone = Phone()
    phone.gate.send("scrolled")
    assert phone.shown == [("scrolled", 0)] and not phone.saves


async def test_a_message_after_a_write_waits_until_the_write_is_kept() -> None:
    phone = Phone()
    phone.writes += 1  # a roll written
    phone.gate.send("the roll shown")
    phone.gate.send("its undo button")
    await asyncio.sleep(0)
    assert phone.shown == [] and len(phone.saves) == 1  # held, one save for both
    await phone.answer_saves()
    assert phone.shown == [("the roll shown", 1), ("its undo button", 1)]


async def test_a_message_made_while_a_save_is_under_way_waits_for_the_next_one() -> None:
    phone = Phone()
    phone.writes += 1
    phone.gate.send("first tap shown")
    await asyncio.sleep(0)
    phone.writes += 1  # a second tap written while the first is being saved
    phone.gate.send("second tap shown")
    phone.saves[0].set_result(None)
    for _ in range(3):
        await asyncio.sleep(0)
    assert phone.shown == [("first tap shown", 1)]  # the first save did not cover the second write
    await phone.answer_saves()
    assert phone.shown[-1] == ("second tap shown", 2) and len(phone.saves) == 2


async def test_a_message_that_follows_no_write_still_waits_behind_one_held() -> None:
    phone = Phone()
    phone.writes += 1
    phone.gate.send("the roll shown")
    phone.gate.send("a toast closing")  # no write of its own: still not before the roll
    await phone.answer_saves()
    assert [m for m, _ in phone.shown] == ["the roll shown", "a toast closing"]


async def test_a_save_that_fails_twice_is_said_and_the_next_message_tries_again() -> None:
    phone = Phone(failing=2)
    phone.writes += 1
    phone.gate.send("the roll shown")
    await phone.answer_saves()
    assert phone.troubles == ["the quota is exceeded"]
    assert phone.shown == [("the roll shown", 0)]  # shown, with the trouble said: not a frozen screen
    phone.gate.send("the next screen")  # no new write, but the last one is not kept yet: saved now
    await phone.answer_saves()
    assert phone.shown[-1] == ("the next screen", 1) and len(phone.saves) == 3


async def test_a_save_that_fails_once_is_tried_again_at_once() -> None:
    phone = Phone(failing=1)  # a file renamed while the save read the folder
    phone.writes += 1
    phone.gate.send("the roll shown")
    await phone.answer_saves()
    assert phone.troubles == [] and phone.shown == [("the roll shown", 1)]


@settings(max_examples=examples(150), deadline=None)
@given(st.lists(st.sampled_from(["write", "send", "answer", "yield"]), min_size=1, max_size=40))
def test_every_message_shown_comes_after_every_write_before_it_was_kept(steps) -> None:
    assume("write" in steps and "send" in steps[steps.index("write"):])  # a message made after a write
    async def play() -> tuple[list, list]:
        phone = Phone()
        made: list[tuple[str, int]] = []  # each message and the writes made before it
        for n, step in enumerate(steps):
            if step == "write":
                phone.writes += 1
            elif step == "send":
                made.append((f"m{n}", phone.writes))
                phone.gate.send(f"m{n}")
            elif step == "answer":
                for s in phone.saves:
                    if not s.done():
                        s.set_result(None)
                        break
            await asyncio.sleep(0)
        await phone.answer_saves()
        return made, phone.shown

    made, shown = asyncio.run(play())
    assert made and [m for m, _ in shown] == [m for m, _ in made]  # all shown, in the order made
    for (message, before), (_, kept) in zip(made, shown):
        assert kept >= before, f"{message} was shown before its writes were kept"
