"""The command line: bad input gets one clear line and exit code 2, nothing written."""

from __future__ import annotations

import json
import socket
import subprocess
import sys
from pathlib import Path

import pytest

from companion.cli import data_dir, main
from companion.core.assets import assets_dir
from tests.browser import free_port


def run(*args: str, env: dict | None = None) -> subprocess.CompletedProcess:
    return subprocess.run([sys.executable, "-m", "companion", *args], capture_output=True, text=True,
                          timeout=60, env=env)


def test_unknown_flag_is_one_line_and_exit_2(capsys) -> None:
    assert main(["--fast"]) == 2
    err = capsys.readouterr().err
    assert err == "companion: unrecognized arguments: --fast\n"


@pytest.mark.parametrize("value, message", [
    ("eighty", "companion: argument --port: must be a whole number, not 'eighty'"),
    ("70000", "companion: argument --port: must be between 1 and 65535, not 70000"),
])
def test_bad_port_value(capsys, value: str, message: str) -> None:
    assert main(["--port", value]) == 2
    assert message in capsys.readouterr().err


def test_port_in_use(tmp_path: Path) -> None:
    with socket.socket() as busy:
        busy.bind(("127.0.0.1", 0))
        busy.listen()
        port = busy.getsockname()[1]
        result = run("--port", str(port), "--data-dir", str(tmp_path / "data"))
    assert result.returncode == 2
    assert result.stderr.strip() == f"companion: port {port} is already in use on 127.0.0.1; choose another with --port"
    assert not (tmp_path / "data").exists()


def test_unwritable_data_dir(tmp_path: Path) -> None:
    blocker = tmp_path / "a-file"
    blocker.write_text("not a folder")
    result = run("--port", str(free_port()), "--data-dir", str(blocker / "data"))
    assert result.returncode == 2
    assert result.stderr.strip().startswith(f"companion: cannot use the data folder {blocker / 'data'}")
    assert len(result.stderr.strip().splitlines()) == 1
    assert sorted(p.name for p in tmp_path.iterdir()) == ["a-file"]


def test_data_folder_in_use_by_another_companion(store) -> None:
    result = run("--port", str(free_port()), "--data-dir", str(store.root))
    assert result.returncode == 2
    assert "another Companion is already using the data folder" in result.stderr


def test_data_dir_comes_from_option_then_environment(monkeypatch, tmp_path: Path) -> None:
    monkeypatch.setenv("COMPANION_DATA_DIR", str(tmp_path / "env"))
    assert data_dir(tmp_path / "opt") == tmp_path / "opt"
    assert data_dir(None) == tmp_path / "env"
    monkeypatch.delenv("COMPANION_DATA_DIR")
    assert data_dir(None).name == "companion"


def test_python_dash_m_is_the_same_command() -> None:
    result = run("--help")
    assert result.returncode == 0 and "--lan" in result.stdout and "--data-dir" in result.stdout


def test_a_bad_custom_data_file_stops_start_up_with_its_name(tmp_path: Path) -> None:
    custom = tmp_path / "data" / "custom" / "games" / "fleet_dice"
    custom.mkdir(parents=True)
    (custom / "sheet.json").write_text('{"rounds": 10}')
    result = run("--port", str(free_port()), "--data-dir", str(tmp_path / "data"))
    assert result.returncode == 2
    assert result.stderr.strip() == "companion: a game data file is not valid: games/fleet_dice/sheet.json.boat_types: missing"
    assert sorted(p.name for p in (tmp_path / "data").iterdir()) == ["custom"]  # nothing written


def test_a_bad_custom_adventure_map_stops_start_up_with_its_field(tmp_path: Path) -> None:
    custom = tmp_path / "data" / "custom" / "games" / "fly_solo"
    custom.mkdir(parents=True)
    data = json.loads((assets_dir() / "games" / "fly_solo" / "adventure.json").read_text())
    data["challenges"]["balanced_fishing"] = 0
    (custom / "adventure.json").write_text(json.dumps(data))
    result = run("--port", str(free_port()), "--data-dir", str(tmp_path / "data"))
    assert result.returncode == 2
    assert result.stderr.strip() == ("companion: a game data file is not valid: "
                                     "games/fly_solo/adventure.json.challenges.balanced_fishing: a whole number from 1 to 50, not 0")


def test_lan_in_a_terminal_that_cannot_draw_the_qr_code_says_so_in_words(tmp_path: Path) -> None:
    # Issue 44: in a legacy code page (Windows' terms, PYTHONIOENCODING=cp1252) the QR code's block
    # characters raised UnicodeEncodeError at the server's start.
    import os
    import signal

    process = subprocess.Popen([sys.executable, "-m", "companion", "--lan", "--port", str(free_port()),
                                "--data-dir", str(tmp_path / "data")], stdout=subprocess.PIPE,
                               stderr=subprocess.STDOUT, env={**os.environ, "PYTHONIOENCODING": "cp1252",
                                                              "FLET_FORCE_WEB_SERVER": "1"})
    said = []
    for line in process.stdout:
        said.append(line.decode("cp1252", "replace"))
        if b"Press Ctrl+C to stop." in line or len(said) > 80:
            break
    process.send_signal(signal.SIGINT)
    rest, _ = process.communicate(timeout=30)
    output = "".join(said) + rest.decode("cp1252", "replace")
    assert "(This terminal cannot draw the QR code: open the link above.)" in output, output
    assert "Traceback" not in output and "table code" in output


def test_ctrl_c_while_a_class_is_made_stops_quietly(monkeypatch, capsys) -> None:
    # CI (stop 67): Ctrl+C during FastAPI's import came as a RuntimeError ("Error calling __set_name__"):
    # Python 3.11 wraps what a descriptor's __set_name__ raises, here the StoppedEarly of the SIGINT.
    from companion import cli

    class Field:
        def __set_name__(self, owner, name):
            cli._stop_early(2, None)

    def run(args):
        type("Router", (), {"callbacks": Field()})
        return 1

    monkeypatch.setattr(cli, "run", run)
    assert main(["--port", "8551"]) == 0
    assert capsys.readouterr().err == "companion: stopped\n"


def test_any_other_error_is_not_taken_for_ctrl_c(monkeypatch) -> None:
    from companion import cli

    def run(args):
        raise RuntimeError("not a stop")

    monkeypatch.setattr(cli, "run", run)
    with pytest.raises(RuntimeError, match="not a stop"):
        main(["--port", "8551"])
