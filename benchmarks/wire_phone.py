"""A phone without a screen: speaks Flet's websocket protocol to the real server.

Used by table_of_phones.py to put eight players on one server on a 2-core machine,
where eight real browsers would spend the cores drawing each other's screens (a real
phone draws only its own). It registers like the web client, answers the browser
calls (storage, wake lock) with nothing, says who plays on it, and taps "Roll" at the
planned moments; it notes when each tap was sent and when each history line ('#n')
arrived, so what it measures is the server and the network, not a screen.
"""

from __future__ import annotations

import asyncio
import re
import time
from typing import Any

import msgpack

REGISTER, PATCH, EVENT, INVOKE = 1, 2, 3, 5
# A history line's text as MessagePack writes a short string: its length byte, then '#n'.
HISTORY_LINE = re.compile(rb"[\xa2-\xa6](#\d{1,5})")
REFUSAL = b"not recorded"


def now_ms() -> float:
    return time.time() * 1000


def controls(message: Any):
    """Every control (a dict with an id) anywhere in a message."""
    stack = [message]
    while stack:
        item = stack.pop()
        if isinstance(item, dict):
            if "_i" in item:
                yield item
            stack.extend(item.values())
        elif isinstance(item, list):
            stack.extend(item)


async def play(url: str, headers: dict[str, str], name: str, moments: list[float], until: float) -> dict:
    """One phone for the whole run; returns its taps and when each history line arrived."""
    from websockets.asyncio.client import connect

    result: dict[str, Any] = {"name": name, "taps": [], "seen": {}, "refused": 0}
    roll_id: int | None = None
    chosen = False  # said who plays on it
    joined = asyncio.Event()  # and the Dice tab drawn again for that player
    async with connect(url.replace("http", "ws", 1) + "/ws", additional_headers=headers, max_size=None) as ws:
        async def send(action: int, body: Any) -> None:
            await ws.send(b"\x00" + msgpack.packb([action, body]))

        async def receive() -> None:
            nonlocal roll_id, chosen
            async for frame in ws:
                arrived = now_ms()
                if not isinstance(frame, bytes) or frame[:1] != b"\x00":
                    continue
                if joined.is_set() and frame[2] != INVOKE:
                    # Playing: only the history lines and refusals matter, read straight off the bytes
                    # (decoding every patch of six phones would slow this process, not the server).
                    for match in HISTORY_LINE.finditer(frame):
                        result["seen"].setdefault(match.group(1).decode(), arrived)
                    result["refused"] += frame.count(REFUSAL)
                    continue
                action, body = msgpack.unpackb(frame[1:], strict_map_key=False)
                if action == INVOKE:  # the browser's storage and wake lock: nothing kept, nothing done
                    await send(INVOKE, {"control_id": body["control_id"], "call_id": body["call_id"],
                                        "result": None, "error": None})
                    continue
                answered = chosen  # the Dice tab in a message after the answer is the one to tap
                for control in controls(body):
                    key, value = control.get("key"), control.get("value")
                    if key == f"i-am-{name}" and not chosen:
                        chosen = True
                        await send(EVENT, {"target": control["_i"], "name": "click", "data": None})
                    elif key == "roll" and answered:
                        roll_id = control["_i"]
                        joined.set()
                    elif isinstance(value, str) and value.startswith("#") and value[1:].isdigit():
                        result["seen"].setdefault(value, arrived)
                    elif isinstance(value, str) and "not recorded" in value:
                        result["refused"] += 1

        listener = asyncio.create_task(receive())
        await send(REGISTER, {"session_id": None, "page_name": "",
                              "page": {"route": "/dice", "web": True, "width": 360, "height": 740}})
        await asyncio.wait_for(joined.wait(), 30)
        for at in moments:
            await asyncio.sleep(max(0.0, (at - now_ms()) / 1000))
            result["taps"].append(now_ms())
            await send(EVENT, {"target": roll_id, "name": "click", "data": None})
        await asyncio.sleep(max(0.0, (until - now_ms()) / 1000))
        listener.cancel()
    return result


def play_all(url: str, headers: dict[str, str], names: list[str], moments: list[list[float]], until: float,
             out) -> None:
    """Entry point of the process that runs every screenless phone."""
    async def run() -> list[dict]:
        return list(await asyncio.gather(*(play(url, headers, n, m, until) for n, m in zip(names, moments))))

    out.put(asyncio.run(run()))
