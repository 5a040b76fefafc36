"""A bot on a server with the quoridor module and Python's own library alone:
it accepts the challenges sent to its account (by speed, and how many games
at once) and plays its games with the module's engine, through the server's
HTTP API and the account's personal API token (docs/bots.md).

    python3 server_bot.py --server https://quoridor.example.org --token-file robo.token

It asks the server every second (well within its 30 requests a second), so
a network loss only delays it: the next round finds the challenges and the
games where they were. `quoridor bot` does the same with any engine, live
over WebSockets.
"""
import argparse
import json
import time
import urllib.error
import urllib.request

import quoridor

SPEEDS = ("bullet", "blitz", "rapid", "classical", "correspondence", "untimed")


class Server:
    """The server's API, each request with the token in its header."""

    def __init__(self, url, token):
        self.url, self.token = url.rstrip("/"), token

    def call(self, method, path, body=None):
        data = None if body is None else json.dumps(body).encode()
        headers = {"Authorization": "Bearer " + self.token, "Content-Type": "application/json"}
        request = urllib.request.Request(self.url + path, data=data, method=method, headers=headers)
        with urllib.request.urlopen(request, timeout=30) as response:
            text = response.read()
        return json.loads(text) if text else None


def position_of(game):
    """The game's position from its rules and its moves."""
    s = game["settings"]
    pos = quoridor.Position(size=s["size"], players=s["players"], fences=s["fences"],
                            variant=s["variant"], side_step_over_pawn=s["side_step_over_pawn"],
                            ply_limit=s["ply_limit"])
    for entry in game["moves"]:
        if entry["move"] in ("resign", "timeout", "draw"):
            break
        pos.play(entry["move"])
    return pos


def think_ms(game, seat, default):
    """The move's time: a share of the clock, a move's time, or `default`."""
    control = game["settings"].get("clock")
    if not control or game.get("speed") == "correspondence":
        return default
    if "per_move_ms" in control:
        return max(50, control["per_move_ms"] - 300)
    left = (game.get("clock") or {}).get("remaining_ms", {}).get(seat, default)
    return max(50, min(left // 30 + control["increment_ms"], left // 3) - 300)


def say(line):
    print(time.strftime("%H:%M:%S"), line, flush=True)


def round_(server, engine, args, answered, playing_before):
    """Answers the new challenges and plays the games where it is to move."""
    playing = server.call("GET", "/api/account/playing")
    for gone in playing_before - {line["game"] for line in playing}:
        say(f"game {gone}: over")
    for challenge in server.call("GET", "/api/challenges")["incoming"]:
        if challenge["id"] in answered:
            continue
        answered.add(challenge["id"])
        accept = len(playing) < args.max_games and (challenge["speed"] or "untimed") in args.speeds
        answer = server.call("POST", f"/api/challenges/{challenge['id']}/{'accept' if accept else 'decline'}", {})
        say(f"{'accepted' if accept else 'declined'} {challenge['from']}'s challenge"
            + (f": game {answer['game']}" if accept else ""))
    for line in playing:
        if not line["my_turn"] or line["status"] != "playing":
            continue
        game = server.call("GET", f"/api/games/{line['game']}")
        if game["status"] != "playing" or game["turn"] != line["seat"]:
            continue
        move = engine.best_move(position_of(game), time_ms=think_ms(game, line["seat"], args.think_ms)).move
        server.call("POST", f"/api/games/{line['game']}/move", {"move": str(move)})
    return {line["game"] for line in playing}


def main():
    parser = argparse.ArgumentParser(description=__doc__.split("\n\n")[0])
    parser.add_argument("--server", required=True, help="http://host:port or https://host")
    parser.add_argument("--token-file", required=True, help="a file holding the account's token (qdr_…)")
    parser.add_argument("--speeds", default=",".join(SPEEDS), help="the speeds accepted, comma-separated")
    parser.add_argument("--max-games", type=int, default=2, help="the most games at once")
    parser.add_argument("--level", type=int, default=8, help="the engine's level (1 to 8)")
    parser.add_argument("--think-ms", type=int, default=2000, help="a move's time without a clock")
    parser.add_argument("--every", type=float, default=1.0, help="seconds between two rounds")
    args = parser.parse_args()
    args.speeds = [s.strip() for s in args.speeds.split(",") if s.strip() in SPEEDS]
    with open(args.token_file, encoding="utf-8") as file:
        server = Server(args.server, file.read().strip())
    engine, answered, playing = quoridor.Engine(level=args.level), set(), set()
    say("started: waiting for challenges")
    while True:
        try:
            playing = round_(server, engine, args, answered, playing)
        except urllib.error.HTTPError as error:  # a refusal: its words, then on
            if error.code == 401:
                raise SystemExit("the token is not known (deleted?): make one on the account page")
            say(f"the server refused ({error.code}): {error.read().decode(errors='replace')}")
        except (urllib.error.URLError, OSError) as error:  # the network: try again
            say(f"the server could not be reached ({error}); trying again")
        time.sleep(args.every)


if __name__ == "__main__":
    main()
