#!/usr/bin/env python3
"""Tests for scripts/openspiel_bot.py (OpenSpiel's MCTS behind our protocol).

    python3 scripts/test_openspiel_bot.py

Exits 0 when every test ran and passed, 1 on a failure, and 77 (the usual
"skipped" status of test harnesses) when a part could not run: pyspiel not
importable (scripts/install-openspiel.sh installs it) or our binary not
built; each skip is printed as SKIPPED on standard error. Our binary is
$QUORIDOR_BIN, else this repository's target/release/quoridor.

1. Conformance: 30 seeded random games (10 each on 5x5, 7x7, 9x9). At every
   ply the bot's `legalmoves` must equal our binary's for the same moves,
   both driven through the protocol; `winner` must agree at the end; a few
   `undo`s are checked on the way. Plies from OpenSpiel's length limit
   (4*N*N) on are skipped.
2. genmove with --simulations 200 gives a legal move (start and mid-game
   positions, 5x5 / 9x9), which our binary accepts.
3. Framing: ids echoed, an empty line after every reply, comments and empty
   lines, unknown commands, 4 players refused, `? game is over`.
4. The bot's move lists, in-process, equal those of the repository's copy
   of the conformance corpus (crates/rules/tests/data/openspiel-2p.jsonl,
   or $QUORIDOR_CORPUS).
"""

import os
import random
import subprocess
import sys

HERE = os.path.dirname(os.path.abspath(__file__))
sys.dont_write_bytecode = True  # importing openspiel_bot leaves no __pycache__
BOT = os.path.join(HERE, "openspiel_bot.py")
REPO = os.path.dirname(HERE)
CORPUS = os.path.join(REPO, "crates", "rules", "tests", "data",
                      "openspiel-2p.jsonl")
SKIPPED = 77
N_GAMES = 30
SIZES = (5, 7, 9)


def find_binary():
    env = os.environ.get("QUORIDOR_BIN")
    if env:
        return env
    return os.path.join(REPO, "target", "release", "quoridor")


class Engine:
    """A program speaking the protocol, driven line by line."""

    def __init__(self, argv):
        self.proc = subprocess.Popen(
            argv, stdin=subprocess.PIPE, stdout=subprocess.PIPE,
            stderr=subprocess.DEVNULL, text=True, bufsize=1)

    def raw(self, line):
        """Send one line; return the reply's lines (without the empty line
        that must end it)."""
        self.proc.stdin.write(line + "\n")
        self.proc.stdin.flush()
        lines = []
        while True:
            text = self.proc.stdout.readline()
            if text == "":
                raise AssertionError(f"EOF after {line!r}; got {lines!r}")
            text = text.rstrip("\n")
            if text == "":
                return lines
            lines.append(text)

    def send(self, line):
        """(ok, result) for a command without id."""
        lines = self.raw(line)
        head = lines[0]
        if head[0] not in "=?":
            raise AssertionError(f"bad reply to {line!r}: {lines!r}")
        text = "\n".join([head[1:].lstrip()] + lines[1:])
        return head[0] == "=", text

    def ok(self, line):
        ok, text = self.send(line)
        if not ok:
            raise AssertionError(f"{line!r} failed: {text}")
        return text

    def close(self):
        try:
            self.raw("quit")
        except Exception:  # noqa: BLE001
            pass
        try:
            self.proc.stdin.close()
        except Exception:  # noqa: BLE001
            pass
        try:
            self.proc.wait(timeout=10)
        except subprocess.TimeoutExpired:
            self.proc.kill()
            self.proc.wait()


class Checker:
    def __init__(self):
        self.failures = 0
        self.checks = 0

    def check(self, cond, what):
        self.checks += 1
        if not cond:
            self.failures += 1
            if self.failures <= 20:
                print(f"FAIL: {what}", file=sys.stderr)
            elif self.failures == 21:
                print("(more failures not shown)", file=sys.stderr)
        return cond


def pick_move(rng, legal, side, size):
    """A random move biased toward pawn moves that go forward, so that pawns
    meet (jumps, side-steps) and games end before OpenSpiel's limit."""
    pawns = [m for m in legal if m[-1].isdigit()]
    fences = [m for m in legal if m[-1] in "hv"]
    if fences and (not pawns or rng.random() < 0.35):
        return rng.choice(fences)
    if not pawns:
        return rng.choice(legal)
    if rng.random() < 0.7:
        def progress(m):
            row = int(m[1:])
            return row if side == 0 else size + 1 - row
        best = max(progress(m) for m in pawns)
        pawns = [m for m in pawns if progress(m) == best]
    return rng.choice(pawns)


def board_grid(text, size):
    """The picture lines of a showboard reply (border, rows, column letters),
    without the status lines under it that differ between the programs."""
    return text.split("\n")[:2 * size + 2]


def test_conformance(c, binary):
    sys.path.insert(0, HERE)
    import pyspiel
    import openspiel_bot
    ours = Engine([binary, "gtp"])
    bot = Engine([sys.executable, BOT, "--simulations", "50", "--seed", "1"])
    rng = random.Random(20240521)
    plies_compared = 0
    stats = {"win": 0, "limit": 0, "pass": 0, "jump": 0, "diagonal": 0}
    try:
        for k in range(N_GAMES):
            size = SIZES[k % len(SIZES)]
            fences = 10 if size == 9 else size * size // 8
            limit = 4 * size * size
            ours.ok(f"newgame {size} 2 {fences}")
            bot.ok(f"newgame {size} 2 {fences}")
            # The same game in-process, to check the bot's own bookkeeping
            # (pawn-move test used to spot a forced pass).
            mirror = openspiel_bot.Game(pyspiel, size, fences)
            moves = []
            ply = 0
            while True:
                if ply >= limit:
                    stats["limit"] += 1
                    c.check(bot.ok("winner") == "draw",
                            f"game {k}: bot winner at OpenSpiel's limit")
                    c.check(not bot.send("genmove")[0],
                            f"game {k}: genmove past OpenSpiel's limit")
                    break
                want = ours.ok("legalmoves")
                got = bot.ok("legalmoves")
                plies_compared += 1
                if not c.check(got == want,
                               f"game {k} ({size}x{size}) ply {ply} after "
                               f"{' '.join(moves)}:\n  ours {want}\n  bot  {got}"):
                    break
                legal = want.split()
                c.check(board_grid(bot.ok("showboard"), size)
                        == board_grid(ours.ok("showboard"), size),
                        f"game {k} ply {ply}: showboard picture")
                pawn_moves = [m for m in legal if m[-1].isdigit()]
                c.check(mirror.has_pawn_move() == bool(pawn_moves)
                        or not legal,
                        f"game {k} ply {ply}: has_pawn_move")
                me = mirror.pawns[ply % 2]
                for m in pawn_moves:
                    dc = abs(ord(m[0]) - ord("a") - me[0])
                    dr = abs(int(m[1:]) - 1 - me[1])
                    if dc + dr == 2:
                        stats["diagonal" if dc == 1 else "jump"] += 1
                if not legal:
                    stats["win"] += 1
                    w = ours.ok("winner")
                    c.check(bot.ok("winner") == w, f"game {k}: winner {w}")
                    break
                if legal == ["pass"]:
                    stats["pass"] += 1
                    break
                move = pick_move(rng, legal, ply % 2, size)
                # Now and then: play, undo, compare, play again.
                if rng.random() < 0.03:
                    ours.ok(f"play {move}")
                    bot.ok(f"play {move}")
                    ours.ok("undo")
                    bot.ok("undo")
                    c.check(bot.ok("legalmoves") == want,
                            f"game {k} ply {ply}: legalmoves after undo")
                ours.ok(f"play {move}")
                bot.ok(f"play {move}")
                mirror.apply(move, mirror.legal()[move])
                moves.append(move)
                ply += 1
            if k == 0:
                # position/setposition round trip on the finished game.
                pos = bot.ok("position")
                c.check(pos == f"{size} 2 {fences} " + " ".join(moves),
                        f"position: {pos}")
        # OpenSpiel's length limit: shuffle sideways on 5x5 (limit 100).
        ours.ok("newgame 5 2 0 ply_limit=400")
        bot.ok("newgame 5 2 0 ply_limit=400")
        shuffle = ["b1", "b5", "c1", "c5"]
        for ply in range(100):
            want = ours.ok("legalmoves")
            c.check(bot.ok("legalmoves") == want, f"shuffle ply {ply}")
            ours.ok(f"play {shuffle[ply % 4]}")
            c.check(bot.send(f"play {shuffle[ply % 4]}")[0], f"shuffle {ply}")
        c.check(ours.ok("winner") == "none" and ours.ok("legalmoves") != "",
                "our game goes on after 100 plies")
        c.check(bot.ok("legalmoves") == "", "bot: no moves at the limit")
        c.check(bot.ok("winner") == "draw", "bot: draw at the limit")
        c.check(bot.send("genmove") == (False, "game is over"),
                "bot: genmove at the limit")
        c.check(bot.send("play b1") == (False, "game is over"),
                "bot: play at the limit")
        bot.ok("undo")
        c.check(bot.ok("legalmoves") == "a5 b4 c5", "bot: undo from the limit")
        stats["limit"] += 1
        # An illegal move and a syntax error.
        ours.ok("newgame 9 2 10")
        bot.ok("newgame 9 2 10")
        ok, text = bot.send("play e5")
        c.check(not ok and text.startswith("illegal move"), f"play e5: {text}")
        ok, text = bot.send("play z9")
        c.check(not ok and text.startswith("syntax error"), f"play z9: {text}")
        c.check(bot.send("play north e8")[0] is False, "play north on south's turn")
        c.check(bot.send("play south e2")[0] is True, "play south e2")
    finally:
        ours.close()
        bot.close()
    c.check(stats["jump"] > 0 and stats["diagonal"] > 0,
            "the random games include jumps and diagonal side-steps")
    print(f"conformance: {N_GAMES} random games + 1 to OpenSpiel's limit, "
          f"{plies_compared} plies compared, {stats['win']} won, "
          f"{stats['limit']} stopped at OpenSpiel's limit, {stats['pass']} "
          f"at a forced pass; legal jumps seen {stats['jump']}, diagonal "
          f"side-steps {stats['diagonal']}")


def test_genmove(c, binary):
    bot = Engine([sys.executable, BOT, "--simulations", "200", "--seed", "7"])
    ours = Engine([binary, "gtp"])
    rng = random.Random(99)
    try:
        for size, fences, opening in ((9, 10, 0), (9, 10, 16), (5, 3, 6),
                                      (7, 6, 10)):
            ours.ok(f"newgame {size} 2 {fences}")
            bot.ok(f"newgame {size} 2 {fences}")
            for ply in range(opening):
                legal = ours.ok("legalmoves").split()
                move = pick_move(rng, legal, ply % 2, size)
                ours.ok(f"play {move}")
                bot.ok(f"play {move}")
            if ours.ok("winner") != "none":
                continue
            for _ in range(4):
                legal = ours.ok("legalmoves").split()
                if not legal:
                    break
                ok, move = bot.send("genmove")
                c.check(ok and move in legal,
                        f"genmove {size}x{size} after {opening} plies: {move!r}")
                if not (ok and move in legal):
                    break
                ours.ok(f"play {move}")
                c.check(bot.ok("legalmoves") == ours.ok("legalmoves"),
                        "legalmoves after genmove")
        print("genmove: legal moves from start and mid-game positions")
    finally:
        bot.close()
        ours.close()


def test_framing(c):
    proc = subprocess.Popen(
        [sys.executable, BOT, "--simulations", "20", "--seed", "3"],
        stdin=subprocess.PIPE, stdout=subprocess.PIPE,
        stderr=subprocess.DEVNULL)
    script = (
        b"1 protocol_version\n"
        b"\n"
        b"   \n"
        b"# only a comment\n"
        b"2 name # trailing comment\n"
        b"3\tversion\n"
        b"4 known_command genmove\n"
        b"5 known_command frobnicate\n"
        b"6 frobnicate\n"
        b"7 list_commands\n"
        b"8 newgame 9 4 5\n"
        b"9 newgame 3 2 1\n"
        b"10 showboard\n"
        b"11 play b2\n"
        b"12 play a3\n"
        b"13 play b3\n"
        b"14 winner\n"
        b"15 genmove\n"
        b"16 legalmoves\n"
        b"17 time_left 1500\n"
        b"18 level 5\n"
        b"19 undo\n"
        b"20 genmove\n"
        b"na\x01me\n"
        b"21 undo\n"
        b"22 undo\n"
        b"23 undo\n"
        b"24 undo\n"
        b"25 quit\n"
    )
    out, _ = proc.communicate(script, timeout=120)
    text = out.decode()
    c.check(text.endswith("\n\n"), "output ends with an empty line")
    replies = text[:-2].split("\n\n") if text.endswith("\n\n") else []
    c.check(len(replies) == 26, f"26 replies, got {len(replies)}: {replies!r}")
    by_id = {}
    for r in replies:
        head = r.split("\n")[0]
        c.check(head[:1] in ("=", "?"), f"reply starts with = or ?: {r!r}")
        ident = head[1:].split(" ")[0]
        by_id[ident] = r
    expect = {
        "1": "=1 2",
        "2": "=2 openspiel-mcts",
        "4": "=4 true",
        "5": "=5 false",
        "6": "?6 unknown command",
        "9": "=9",
        "11": "=11",
        "12": "=12",
        "13": "=13",
        "14": "=14 south",
        "15": "?15 game is over",
        "16": "=16",
        "17": "=17",
        "18": "=18",
        "19": "=19",
        "": "= openspiel-mcts",
        "21": "=21",
        "22": "=22",
        "23": "=23",
        "24": "?24 cannot undo",
        "25": "=25",
    }
    for ident, want in expect.items():
        c.check(by_id.get(ident) == want,
                f"reply {ident}: want {want!r}, got {by_id.get(ident)!r}")
    c.check(by_id.get("3", "").startswith("=3 "), "version reply")
    c.check(by_id.get("8", "").startswith("?8 "), "4 players refused")
    c.check("genmove" in by_id.get("7", "").split("\n"), "list_commands")
    board = by_id.get("10", "")
    c.check(board.startswith("=10\n") and board.count("\n") >= 6,
            f"showboard is multi-line: {board!r}")
    # MCTS-Solver finds the winning step b3 within 20 simulations.
    c.check(by_id.get("20") == "=20 b3",
            f"genmove after undo: {by_id.get('20')!r}")
    print(f"framing: {len(replies)} replies checked")


def test_corpus(c):
    """The bot's move lists against the shared conformance corpus (games
    recorded from OpenSpiel and converted to our notation independently),
    in-process. A missing corpus is a failure: the repository has it."""
    path = os.environ.get("QUORIDOR_CORPUS", CORPUS)
    if not c.check(os.path.exists(path), f"corpus: {path} not found"):
        return
    import json
    sys.path.insert(0, HERE)
    import pyspiel
    import openspiel_bot
    games = plies = 0
    with open(path) as f:
        for line in f:
            rec = json.loads(line)
            if rec["players"] != 2:
                continue
            g = openspiel_bot.Game(pyspiel, rec["size"], rec["walls"])
            games += 1
            for i, want in enumerate(rec["legal"]):
                if i == len(rec["moves"]) and rec["end"] != "win":
                    break  # OpenSpiel's length limit or broken pass
                got = sorted(g.legal())
                plies += 1
                if not c.check(got == want,
                               f"corpus game {rec['id']} ply {i}: "
                               f"{got} != {want}"):
                    break
                if i < len(rec["moves"]):
                    move = rec["moves"][i]
                    g.apply(move, g.legal()[move])
    print(f"corpus: {games} games, {plies} positions match {path}")


def skip(why):
    print(f"SKIPPED: {why}", file=sys.stderr)


def main():
    try:
        import pyspiel  # noqa: F401
    except ImportError:
        skip("pyspiel is not importable (scripts/install-openspiel.sh "
             "installs it): nothing was tested")
        return SKIPPED
    binary = find_binary()
    tests = [test_framing]
    skipped = False
    if not os.path.exists(binary):
        skip(f"genmove and conformance against our binary: {binary} not "
             f"found (cargo build --release, or set QUORIDOR_BIN)")
        skipped = True
    else:
        tests += [lambda c: test_genmove(c, binary),
                  lambda c: test_conformance(c, binary)]
    tests.append(test_corpus)
    c = Checker()
    for test in tests:
        try:
            test(c)
        except (AssertionError, OSError, subprocess.SubprocessError) as ex:
            c.check(False, f"{type(ex).__name__}: {ex}")
    print(f"{c.checks} checks, {c.failures} failures")
    if c.failures:
        return 1
    return SKIPPED if skipped else 0


if __name__ == "__main__":
    sys.exit(main())
