"""History's charts, drawn by flet-charts (its controls are in Flet's served web client).

Every chart has a legend in words and a sentence a screen reader reads: a line's colour is
never the only way to tell whose it is (each series also has its own dash pattern, and
stacked parts are listed in the legend in the order they are stacked).
"""

from __future__ import annotations

from collections.abc import Mapping, Sequence

import flet as ft
import flet_charts as fch

SERIES_COLOURS = (ft.Colors.BLUE_700, ft.Colors.ORANGE_800, ft.Colors.GREEN_700, ft.Colors.PURPLE_600,
                  ft.Colors.RED_700, ft.Colors.TEAL_700, ft.Colors.BROWN_600, ft.Colors.PINK_600)
DASHES = ((None, ""), ([10, 6], " (dashed)"), ([3, 4], " (dotted)"), ([14, 4, 3, 4], " (dash-dot)"))
HEIGHT = 220


def colour(i: int) -> str:
    return SERIES_COLOURS[i % len(SERIES_COLOURS)]


def colours_for(names: Sequence[str], known: Mapping[str, str]) -> list[str]:
    """Each name's colour: a player's own seat colour where `known` has it (Ana is red on every
    screen, her line too), else a series colour that none of the others shows."""
    taken = {known[n].upper() for n in names if n in known}
    spare = iter([c for c in SERIES_COLOURS if c.upper() not in taken] or list(SERIES_COLOURS))
    return [known[n] if n in known else next(spare, colour(i)) for i, n in enumerate(names)]


def legend(names: Sequence[str], lines: bool = False, colours: Sequence[str] | None = None) -> ft.Control:
    """Each name beside its colour (and its line's dash, for line charts)."""
    items = []
    for i, name in enumerate(names):
        pattern = DASHES[i % len(DASHES)][1] if lines else ""
        mark = ft.Container(width=22, height=4 if lines else 14, bgcolor=colours[i] if colours else colour(i),
                            border_radius=2)
        items.append(ft.Row([mark, ft.Text(name + pattern, size=14)], spacing=6, tight=True))
    return ft.Row(items, wrap=True, spacing=14, run_spacing=4)


def framed(title: str, chart: ft.Control, key_legend: ft.Control, description: str, key: str) -> ft.Control:
    return ft.Container(
        key=key, padding=12, border_radius=12, bgcolor=ft.Colors.SURFACE_CONTAINER,
        content=ft.Column([
            ft.Text(title, size=17, weight=ft.FontWeight.W_600),
            ft.Semantics(label=description, container=True, content=ft.Container(chart, height=HEIGHT)),
            key_legend,
        ], spacing=8),
    )


def step_for(top: float) -> int:
    """A round spacing for the value axis: about five labelled lines whatever the scale."""
    for step in (1, 2, 5, 10, 20, 25, 50, 100, 200, 250, 500, 1000):
        if top / step <= 6:
            return step
    return 10 ** len(str(int(top)))


def rounded_up(top: float) -> tuple[int, int]:
    """The axis' top (a multiple of its step, above `top`) and the step."""
    step = step_for(max(top, 1))
    return step * (int(max(top, 1) // step) + 1), step


def _axis_numbers(step: int, size: float = 36) -> fch.ChartAxis:
    return fch.ChartAxis(label_size=size, label_spacing=step)


def line_chart(title: str, series: Mapping[str, Sequence[float]], key: str, x_title: str = "Play",
               known: Mapping[str, str] | None = None) -> ft.Control:
    """One line per name: its values in order (x = 1, 2, 3...); `known`: players' own colours."""
    names = list(series)
    colours = colours_for(names, known or {})
    top, step = rounded_up(max((v for values in series.values() for v in values), default=1))
    bottom = min((v for values in series.values() for v in values), default=0)
    chart = fch.LineChart(
        data_series=[
            fch.LineChartData(
                points=[fch.LineChartDataPoint(x, y) for x, y in enumerate(values, 1)],
                color=colours[i], stroke_width=3, dash_pattern=DASHES[i % len(DASHES)][0],
                point=True,
            )
            for i, values in enumerate(series.values())
        ],
        min_y=min(0, bottom - bottom % step), max_y=top, min_x=1,
        max_x=max((len(v) for v in series.values()), default=1),
        left_axis=_axis_numbers(step),
        bottom_axis=fch.ChartAxis(title=ft.Text(x_title, size=13), label_size=24, label_spacing=step_for(
            max((len(v) for v in series.values()), default=1))),
        horizontal_grid_lines=fch.ChartGridLines(color=ft.Colors.OUTLINE_VARIANT, width=1),
        interactive=False,
    )
    said = "; ".join(f"{n}: {', '.join(str(round(v)) for v in series[n])}" for n in names)
    return framed(title, chart, legend(names, lines=True, colours=colours), f"{title}. {said}", key)


def bar_chart(title: str, bars: Sequence[tuple[str, float]], key: str,
              known: Mapping[str, str] | None = None) -> ft.Control:
    """One bar per name, its value written above it; `known`: players' own colours."""
    colours = colours_for([name for name, _ in bars], known or {})
    top, step = rounded_up(max((v for _, v in bars), default=1))
    chart = fch.BarChart(
        groups=[fch.BarChartGroup(x=i, rods=[fch.BarChartRod(
            from_y=0, to_y=v, width=26, color=colours[i], border_radius=4)])
            for i, (_, v) in enumerate(bars)],
        max_y=top, left_axis=_axis_numbers(step),
        bottom_axis=fch.ChartAxis(label_size=44, labels=[
            fch.ChartAxisLabel(value=i, label=ft.Text(f"{name[:8]}\n{value:g}", size=12, text_align=ft.TextAlign.CENTER))
            for i, (name, value) in enumerate(bars)]),
        horizontal_grid_lines=fch.ChartGridLines(color=ft.Colors.OUTLINE_VARIANT, width=1),
        interactive=False,
    )
    said = "; ".join(f"{n}: {v:g}" for n, v in bars)
    return framed(title, chart, legend([n for n, _ in bars], colours=colours), f"{title}. {said}", key)


def stacked_bar_chart(title: str, parts: Sequence[str], bars: Mapping[str, Sequence[float]], key: str) -> ft.Control:
    """One bar per name, stacked from its parts (the same order for every bar; negative parts
    are left out of the stack and listed in the description)."""
    groups = []
    for i, values in enumerate(bars.values()):
        items, y = [], 0.0
        for j, v in enumerate(values):
            if v > 0:
                items.append(fch.BarChartRodStackItem(from_y=y, to_y=y + v, color=colour(j)))
                y += v
        groups.append(fch.BarChartGroup(x=i, rods=[fch.BarChartRod(
            from_y=0, to_y=y, width=30, stack_items=items, border_radius=0)]))
    top, step = rounded_up(max((sum(v for v in values if v > 0) for values in bars.values()), default=1))
    chart = fch.BarChart(
        groups=groups, max_y=top, left_axis=_axis_numbers(step),
        bottom_axis=fch.ChartAxis(label_size=24, labels=[
            fch.ChartAxisLabel(value=i, label=ft.Text(name[:8], size=12)) for i, name in enumerate(bars)]),
        horizontal_grid_lines=fch.ChartGridLines(color=ft.Colors.OUTLINE_VARIANT, width=1),
        interactive=False,
    )
    said = "; ".join(f"{name}: " + ", ".join(f"{p} {v:.1f}" for p, v in zip(parts, values))
                     for name, values in bars.items())
    return framed(title, chart, legend(list(parts)), f"{title}. {said}", key)
