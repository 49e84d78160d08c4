"""The table kit: what every game played around a table shares, declared once.

- `seats`: who sits at the table (the one reader of player names and counts), and who may
  act for a seat: its own phone, the phone passed around the table, the host.
- `turns`: turn order: round robin from a start player, ordered groups, roll-offs.
- `secrets`: simultaneous secret choices, seen only by their chooser until all are in.
- `phases`: where a game stands and whom the table waits on; a move out of its phase is refused.
- `rules`: a game's declaration (its moves: what each reads, whose it is, what it touches),
  which the session layer asks before it records an action or takes one back.
"""
