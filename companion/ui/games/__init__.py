"""Each game's screens, one package per game (`companion/ui/games/<game>/`), named in the
game registry (`companion/games/registry.py`)."""
