"""A browser's answer to a method asked of a control that has left the page since (a scroll of a screen the
player has just left): dropped, and whoever waits on it told, instead of ending the phone's connection.

Flet 1.0.5's `Session.handle_invoke_method_results` raises a RuntimeError ("Control with ID ... is not
registered") for such an answer, from the receive loop of the phone's connection (flet_web/fastapi/flet_app.py,
`__on_message`; the phone build's `pyodide_connection` the same way): the laptop closed that connection, and
the phone kept showing the old screen while its taps reached nobody (CI's full run of stop 74: Freshwater Fly's
Score part opened while a scroll of the Strike part was on its way; "Start scoring" did nothing). The answer
of a control gone is of no use to anyone: the asker gets the error Flet gives when a session closes, in words.
Read through Flet's private names (`_Session__method_calls`), as `taps` does: 1.0.5 is pinned. No Flet issue
found for it (searched: "Error handling invoke method results", scroll_to on a control gone); the test in
tests/ui/test_method_answers.py shows Flet's fault, so an upgrade tells when this can go.
"""

from __future__ import annotations

import logging
from typing import Any

from flet.messaging.session import Session

log = logging.getLogger(__name__)

_flet_results = Session.handle_invoke_method_results


def _results(self: Session, control_id: int, call_id: str, result: Any, error: str | None) -> None:
    if control_id in self.index:
        _flet_results(self, control_id, call_id, result, error)
        return
    waiting = self._Session__method_calls.pop(call_id, None)  # see the module docstring
    log.info("the browser answered a method of control %s after it left the page", control_id)
    if waiting is not None:
        self._Session__method_call_results[waiting] = (None, f"control {control_id} left the page")
        waiting.set()


Session.handle_invoke_method_results = _results  # type: ignore[method-assign]
