"""What a screen reader and a thumb get from a screen, read off Flutter's accessibility tree
in the browser: the check of every screen at 100, 130 and 200 % text (issue 19).

`audit(page)` lists what is wrong on the screen shown now:
- an interactive node (button, checkbox, radio, switch, tab, text field...) without a name,
  or with the same name as another one on the screen;
- an interactive node smaller than 48 x 48 px (Material's minimum tap target);
- anything (interactive or text) reaching past the viewport's right or left edge: a layout
  that did not reflow (Flutter's release build reports no overflow of its own: a row too
  wide for the phone shows as nodes past the edge);
- an interactive node whose centre, tapped, reaches another node (a tap there goes to that one: a
  button of the app bar over a chip scrolled under it);
- a one-word text broken mid-word ("Oyst/er"): a word on one line is at least a quarter of
  its height wide per letter, a word broken over lines much narrower than that. Words inside
  longer texts and on buttons are not measured (their lines are not in the tree), nor paths
  and addresses (longer than a screen, they wrap at any letter).
"""

from __future__ import annotations

from dataclasses import dataclass

MIN_TAP = 48
WORD_WIDTH = 0.25  # the least width per letter, in heights of the text, of a word on one line
TEXT_SIZE_KEY = "flutter.companion.text_size"  # the phone's text size, as the app keeps it

NODES_JS = """() => {
  const ROLES = ['button', 'checkbox', 'radio', 'switch', 'tab', 'link', 'slider', 'menuitem', 'textbox'];
  const out = [];
  for (const e of document.querySelectorAll('flt-semantics')) {
    const r = e.getBoundingClientRect();
    if (r.width === 0 && r.height === 0) continue;
    const field = e.querySelector(':scope > input, :scope > textarea');
    const role = e.getAttribute('role') || (field ? 'textbox' : '');
    const interactive = ROLES.includes(role) || e.hasAttribute('flt-tappable') || !!field;
    const own = e.querySelector(':scope > span');
    let name = e.getAttribute('aria-label') || (field && (field.getAttribute('aria-label') || '')) || '';
    if (!name && !e.querySelector('flt-semantics')) name = e.textContent.trim();
    // An icon button's name is its tooltip, which Flutter puts on the node around it.
    const parent = e.parentElement && e.parentElement.closest('flt-semantics');
    if (!name && interactive && parent && parent.getAttribute('aria-label')) {
      const p = parent.getBoundingClientRect();
      if (Math.abs(p.left - r.left) < 1 && Math.abs(p.width - r.width) < 1) name = parent.getAttribute('aria-label');
    }
    // Cut off by the scrolling area it is in (half under the navigation bar, or above its top once the
    // app scrolled a question into view): sized at another scroll. The tree cuts a node to what shows,
    // so one cut there ends on the area's edge.
    let clipped = false;
    for (let a = e.parentElement && e.parentElement.closest('flt-semantics'); a; a = a.parentElement && a.parentElement.closest('flt-semantics')) {
      if (a.querySelector(':scope > flt-semantics-scroll-overflow')) {
        const s = a.getBoundingClientRect();
        clipped = r.top < s.top + 1 || r.bottom > s.bottom - 1;
        break;
      }
    }
    // What a tap at its centre reaches (in view and not cut off: the node itself or what it holds).
    let covered = null;
    const x = r.left + r.width / 2, y = r.top + r.height / 2;
    if (interactive && !clipped && x >= 0 && y >= 0 && x < innerWidth && y < innerHeight) {
      const hit = document.elementFromPoint(x, y), there = hit && hit.closest && hit.closest('flt-semantics');
      if (there && there !== e && !e.contains(there)) {
        covered = (there.getAttribute('aria-label') || there.textContent.trim() || there.getAttribute('role') || '?')
          .replace(/\\s+/g, ' ').trim().slice(0, 60);
      }
    }
    out.push({role, interactive, clipped, covered, name: name.replace(/\\s+/g, ' ').trim(),
              left: r.left, right: r.right, top: r.top, width: r.width, height: r.height,
              hasText: !!own || (!e.querySelector('flt-semantics') && e.textContent.trim() !== '')});
  }
  return {width: document.documentElement.clientWidth, nodes: out};
}"""


@dataclass(frozen=True)
class Node:
    role: str
    name: str
    left: float
    right: float
    top: float
    width: float
    height: float
    interactive: bool
    has_text: bool
    clipped: bool
    covered: str | None = None  # what a tap at its centre reaches instead (None: the node itself)

    def __str__(self) -> str:
        return f"{self.role or 'text'} {self.name!r} ({self.width:.0f} x {self.height:.0f} at {self.left:.0f},{self.top:.0f})"


def nodes(page) -> tuple[float, list[Node]]:
    found = page.evaluate(NODES_JS)
    return found["width"], [Node(n["role"], n["name"], n["left"], n["right"], n["top"], n["width"], n["height"],
                                 n["interactive"], n["hasText"], n["clipped"], n["covered"]) for n in found["nodes"]]


def problems(width: float, found: list[Node]) -> list[str]:
    """What is wrong with these nodes on a screen `width` px wide (empty: nothing)."""
    wrong: list[str] = []
    interactive = [n for n in found if n.interactive]
    seen: dict[str, Node] = {}
    for node in interactive:
        if not node.name:
            wrong.append(f"no name: {node}")
        elif node.name in seen:
            wrong.append(f"same name as another control: {node}")
        else:
            seen[node.name] = node
        if not node.clipped and (node.width < MIN_TAP - 0.5 or node.height < MIN_TAP - 0.5):
            wrong.append(f"smaller than {MIN_TAP} x {MIN_TAP}: {node}")
        if node.covered is not None:
            wrong.append(f"a tap at its centre reaches {node.covered!r}: {node}")
    for node in found:
        if (node.interactive or node.has_text) and (node.left < -0.5 or node.right > width + 0.5):
            wrong.append(f"past the screen's edge ({width:.0f} px): {node}")
        if broken_word(node):
            wrong.append(f"a word broken over lines: {node}")
    return wrong


def broken_word(node: Node) -> bool:
    """A text of one word (four letters or more) too narrow for its height to be on one line."""
    word = node.name
    return (node.has_text and not node.interactive and len(word) >= 4 and " " not in word and "/" not in word
            and node.width < WORD_WIDTH * len(word) * node.height)


def audit(page) -> list[str]:
    """What is wrong on the screen `page` shows now."""
    return problems(*nodes(page))


LISTEN_JS = """() => {
  window.companionHeard = [];
  new MutationObserver(changes => { for (const c of changes) for (const n of c.addedNodes)
    window.companionHeard.push(c.target.getAttribute('aria-live') + ': ' + n.textContent); })
    .observe(document.querySelector('flt-announcement-host'), {childList: true, subtree: true});
}"""


def listen(page) -> None:
    """Keep what the page announces to a screen reader from now on (Flutter writes each
    announcement into an aria-live element for a moment, then takes it away)."""
    page.evaluate(LISTEN_JS)


def heard(page) -> list[str]:
    """What was announced since `listen`: "polite: Give the adventure a name.". (Flutter ends every
    other announcement with a no-break space, so that a message said twice is said again: left off.)"""
    return [said.rstrip("\xa0") for said in page.evaluate("() => window.companionHeard")]


def text_size_script(percent: int) -> str:
    """A page script that sets the phone's text size before the app starts."""
    return f"localStorage.setItem('{TEXT_SIZE_KEY}', '{percent}');"
