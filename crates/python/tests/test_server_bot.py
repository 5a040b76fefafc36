"""The Python bot of the docs (examples/server_bot.py) on a real server: an
account made a bot with a token, a person's account challenges it, and the
game is played to its end over the API. The server is the `quoridor` that
scripts/test.sh built (QUORIDOR_BIN, else target/debug/quoridor)."""
import http.cookies
import json
import os
import pathlib
import socket
import subprocess
import sys
import time
import urllib.request

import pytest

ROOT = pathlib.Path(__file__).resolve().parents[3]
EXAMPLE = ROOT / "crates" / "python" / "examples" / "server_bot.py"


def binary():
    found = pathlib.Path(os.environ.get("QUORIDOR_BIN", ROOT / "target" / "debug" / "quoridor"))
    assert found.is_file(), f"{found}: build it first (cargo build), or set QUORIDOR_BIN"
    return str(found)


def free_port():
    with socket.socket() as s:
        s.bind(("127.0.0.1", 0))
        return s.getsockname()[1]


class Client:
    """HTTP as a browser's session would send it (its cookie)."""

    def __init__(self, port):
        self.base, self.cookie = f"http://127.0.0.1:{port}", None

    def call(self, method, path, body=None):
        headers = {"Content-Type": "application/json"}
        if self.cookie:
            headers["Cookie"] = "quoridor_session=" + self.cookie
        data = None if body is None else json.dumps(body).encode()
        request = urllib.request.Request(self.base + path, data=data, method=method, headers=headers)
        with urllib.request.urlopen(request, timeout=30) as response:
            cookie = response.headers.get("Set-Cookie")
            if cookie:
                self.cookie = http.cookies.SimpleCookie(cookie)["quoridor_session"].value
            text = response.read()
        return json.loads(text) if text else None

    def sign_up(self, name):
        self.call("POST", "/api/account/signup", {"name": name, "password": "a long enough password"})
        return self


@pytest.fixture
def server(tmp_path):
    port = free_port()
    process = subprocess.Popen(
        [binary(), "serve", "--quiet", "--addr", f"127.0.0.1:{port}", "--db", str(tmp_path / "games.db")],
        stdout=subprocess.DEVNULL,
        stderr=subprocess.DEVNULL,
    )
    try:
        deadline = time.monotonic() + 20
        while True:
            try:
                socket.create_connection(("127.0.0.1", port), timeout=1).close()
                break
            except OSError:
                assert time.monotonic() < deadline, "the server did not start"
                time.sleep(0.05)
        yield port
    finally:
        process.kill()
        process.wait()


def test_a_person_plays_the_python_bot_to_the_end(server, tmp_path):
    robo = Client(server).sign_up("Robo")
    assert robo.call("POST", "/api/account/bot", {})["bot"] is True
    token = robo.call("POST", "/api/account/tokens", {"label": "python"})["token"]
    (tmp_path / "token").write_text(token)
    log = open(tmp_path / "bot.log", "w")
    bot = subprocess.Popen(
        [sys.executable, str(EXAMPLE), "--server", f"http://127.0.0.1:{server}",
         "--token-file", str(tmp_path / "token"), "--level", "4", "--think-ms", "50", "--every", "0.1"],
        stdout=log,
        stderr=subprocess.STDOUT,
    )
    try:
        ana = Client(server).sign_up("Ana")
        ana.call("POST", "/api/challenges", {"to": "Robo", "color": "south"})
        deadline = time.monotonic() + 120
        while not ana.call("GET", "/api/account/playing"):
            assert time.monotonic() < deadline, (tmp_path / "bot.log").read_text()
            time.sleep(0.1)
        game_id = ana.call("GET", "/api/account/playing")[0]["game"]
        while True:
            assert time.monotonic() < deadline, (tmp_path / "bot.log").read_text()
            game = ana.call("GET", f"/api/games/{game_id}")
            if game["status"] == "over":
                break
            if game["turn"] == "south" and game.get("legal"):
                # The step nearest her goal (the north edge).
                step = max(game["legal"]["pawn"], key=lambda square: int(square[1:]))
                ana.call("POST", f"/api/games/{game_id}/move", {"move": step})
            else:
                time.sleep(0.1)
        assert game["result"]["termination"] == "goal", game["result"]
        assert game["seats"][1]["name"] == "Robo" and game["seats"][1]["bot"] is True
        assert len(game["moves"]) == game["ply"]
        text = (tmp_path / "bot.log").read_text()
        assert f"accepted Ana's challenge: game {game_id}" in text, text
    finally:
        bot.kill()
        bot.wait()
        log.close()
