"""A one-list Flet app for tests/e2e/test_sibling_keys_in_browser.py: each tap on "Next" draws the
list again, a few texts under keys picked at random from four (so siblings often share one), and
says what it drew in a text keyed "expected". With "guarded", each drawing goes through
companion's `unique_keys` first, as every screen of the app does.

    python -m tests.e2e.apps.keyed_lists PORT SEED guarded|bare
"""

from __future__ import annotations

import random
import sys

import flet as ft

from companion.ui.sibling_keys import unique_keys


def main() -> None:
    port, seed, guarded = int(sys.argv[1]), int(sys.argv[2]), sys.argv[3] == "guarded"
    rng = random.Random(seed)
    drawn = [0]

    def app(page: ft.Page) -> None:
        items = ft.Column([])
        expected = ft.Text("")

        def draw() -> None:
            drawn[0] += 1
            items.controls = [ft.Text(f"t{drawn[0]}-{j}", key=rng.choice(["a", "b", "c", "d", None]))
                              for j in range(rng.randint(2, 7))]
            expected.value = "drawn: " + " ".join(t.value for t in items.controls)
            if guarded:
                unique_keys(items)

        def next_drawing(e) -> None:
            draw()
            page.update()

        draw()
        page.add(ft.Button("Next", on_click=next_drawing), expected, items)

    ft.run(app, port=port, view=ft.AppView.WEB_BROWSER, no_cdn=True)


if __name__ == "__main__":
    main()
