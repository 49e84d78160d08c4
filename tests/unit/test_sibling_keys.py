"""Children of one control never share a key (companion/ui/sibling_keys.py): a drawing that gave
two siblings one key has the second renamed, and says so; keys apart stay as they are."""

from __future__ import annotations

import flet as ft
import pytest

from companion.ui import sibling_keys
from companion.ui.sibling_keys import unique_keys


@pytest.fixture(autouse=True)
def told():
    sibling_keys.found.clear()
    yield sibling_keys.found
    sibling_keys.found.clear()


def keys(controls) -> list:
    return [getattr(c.key, "value", c.key) for c in controls]


def test_siblings_of_one_key_get_keys_of_their_own_and_it_is_told(told) -> None:
    column = ft.Column([ft.Text("a", key="outcome"), ft.Text("b", key="outcome"), ft.Text("c", key="outcome"),
                        ft.Text("d")])
    unique_keys(column)
    assert keys(column.controls) == ["outcome", "outcome~2", "outcome~3", None]
    assert told == ["outcome", "outcome"]


def test_a_renamed_key_never_takes_a_key_already_there(told) -> None:
    column = ft.Column([ft.Text("a", key="x"), ft.Text("b", key="x~2"), ft.Text("c", key="x")])
    unique_keys(column)
    assert keys(column.controls) == ["x", "x~2", "x~3"]


def test_children_deep_inside_and_flet_key_objects_are_checked(told) -> None:
    inner = ft.Row([ft.Text("a", key=ft.ValueKey("k")), ft.Text("b", key=ft.ValueKey("k"))])
    page_part = ft.Column([ft.Container(ft.Card(content=inner), key="card")])
    unique_keys(page_part)
    assert keys(inner.controls) == ["k", "k~2"] and isinstance(inner.controls[1].key, ft.ValueKey)
    assert told == ["k"]


def test_keys_apart_and_the_same_key_in_two_lists_stay_as_they_are(told) -> None:
    one, two = ft.Row([ft.Text("a", key="k")]), ft.Row([ft.Text("b", key="k")])
    column = ft.Column([one, two, ft.Text("c", key=1), ft.Text("d", key="1")])
    unique_keys(column)
    assert keys(one.controls) == ["k"] and keys(two.controls) == ["k"] and keys(column.controls[2:]) == [1, "1"]
    assert told == []


def drawing(label: str, selected: bool = False) -> ft.Column:
    return ft.Column([ft.Text("Take a die"),
                      ft.Row([ft.OutlinedButton(label, on_click=lambda e: None), ft.Text("or")]),
                      ft.Row([ft.Text("Store"), ft.OutlinedButton("Buy", key="store-buy", on_click=lambda e: None)]),
                      ft.Chip(ft.Text("Skill"), selected=selected, on_select=lambda e: None)])


def test_a_drawings_new_controls_are_keyed_by_what_they_show(told) -> None:
    # Flet keeps a control's id (and the phone the button under the finger) for a new control of the
    # same type and key: what can be tapped is keyed by what it shows, anything else by the first keyed
    # or tappable control it holds, or its place.
    first, again, relabelled, selected = drawing("Roll"), drawing("Roll"), drawing("Re-roll"), drawing("Roll", True)
    for column in (first, again, relabelled, selected):
        unique_keys(column, name_new=True)
    assert keys(first.controls) == keys(again.controls) and keys(first.controls[1].controls) == keys(
        again.controls[1].controls)
    assert first.controls[0].key == "~Text" and first.controls[2].key == "~Row:store-buy"
    assert first.controls[1].controls[0].key != relabelled.controls[1].controls[0].key  # another button
    assert first.controls[1].key != relabelled.controls[1].key  # the row that holds it, too
    assert first.controls[3].key != selected.controls[3].key  # a chip now selected
    assert told == []


def test_alike_new_siblings_and_controls_already_sent_and_keys_given(told) -> None:
    sent = ft.OutlinedButton("Roll", on_click=lambda e: None)
    setattr(sent, "__prev_lists", {})  # as Flet notes a control it sent
    twins = [ft.OutlinedButton("Roll", on_click=lambda e: None) for _ in range(2)]
    column = ft.Column([sent, *twins, ft.Text("a", key="mine")])
    unique_keys(column, name_new=True)
    assert sent.key is None and column.controls[3].key == "mine"  # a sent control keeps what it had
    assert len({twins[0].key, twins[1].key}) == 2 and told == []
    unique_keys(ft.Column([plain := ft.Text("x")]))
    assert plain.key is None  # only a screen's drawing is named
