#!/usr/bin/env python3
"""OpenSpiel's MCTS as an engine speaking our text protocol.

Plays Quoridor with OpenSpiel 2.0.2's C++ MCTS (pyspiel.MCTSBot with a
pyspiel.RandomRolloutEvaluator) and speaks the engine protocol of
/work/shared/PROTOCOL.md (GTP v2 framing) on stdin/stdout, so that our match
runner can play against it:

    python3 scripts/openspiel_bot.py --simulations 10000 --seed 1

Options:
  --simulations N   MCTS simulations per move (default 10000)
  --rollouts N      random rollouts per leaf evaluation (default 1)
  --uct-c C         UCT exploration constant (default 2, OpenSpiel's usual)
  --max-memory-mb M tree memory limit before garbage collection (default 1000)
  --no-solve        switch off MCTS-Solver backups (on by default, as in
                    OpenSpiel's mcts examples)
  --seed S          seed for the search and rollouts (default: random); the
                    same seed and the same commands give the same moves
  --max-seconds T   search by time instead of by simulations: OpenSpiel's
                    max_wall_clock_time. In OpenSpiel 2.0.2 a positive time
                    REPLACES the simulation count (the loop runs until T
                    seconds have passed, or the root is solved / has one
                    child); it is not a cap on top of --simulations.
  --verbose, -v     a line per move on stderr; twice also turns on the C++
                    MCTS's own verbose output

Notation. OpenSpiel's strings name columns a.. from the left as the first
player sees the board (the same as ours) but rows 1..N from the FIRST
PLAYER'S GOAL side: OpenSpiel's first player starts on row N and walks to
row 1, and a fence is named by its upper-left square in that numbering.
In our notation (RULES.md §2) the first player (south) starts on row 1 and
a fence is named by its lower-left square. So, on an N x N board:

    pawn move  OpenSpiel <col><r>    ->  ours <col><N+1-r>
    fence      OpenSpiel <col><r>h/v ->  ours <col><N-r>h/v

(for example, on 9x9 OpenSpiel's first moves d9 e8 f9 are our d1 e2 f1, and
its a1h / a1v are our a8h / a8v). Pawn actions in 2.0.2 are relative (a jump
has the same action id as the step it extends), so moves are converted
through state.action_to_string() of the current state, never by id alone.

Limits (documented behaviour):
  * 2 players only: `newgame <size> 4 ...` is refused with `?`.
  * OpenSpiel ends every game as a draw after 4*N*N plies (324 on 9x9). Once
    that limit is reached, `genmove` and `play` reply `? game is over`,
    `legalmoves` is empty and `winner` says `draw`, even though our rules
    play on. Run matches against this bot with the runner's ply limit at
    4*N*N or lower (`--ply-limit 324` on 9x9).
  * Forced pass (RULES.md §6): OpenSpiel 2.0.2's pass action is broken (it
    is a relative id for an absolute square). The bot reports `pass` as the
    only legal move in such a position, but `play pass` and `genmove` there
    reply `? illegal move: ...` / `? cannot pass: ...`: the game cannot be
    carried on inside OpenSpiel. This is a safeguard only: with 2 players on
    N >= 3 such a position cannot arise (a stuck pawn and the other pawn
    would be shut in a two-square pocket that must hold both goal lines).
  * `time_left` and `level` are accepted and stored but do not change the
    search (OpenSpiel's MCTS offers either a simulation count or a fixed
    time, not a cap); use --simulations or --max-seconds.

Speed: with the defaults (10,000 simulations, 1 rollout) a move takes about
2-2.5 s from the 9x9 start and less later (fewer fences left, shorter
rollouts), on the project's 2-vCPU machine. Tests: scripts/test_openspiel_bot.py.
"""

import argparse
import random
import re
import sys
import time

NAME = "openspiel-mcts"
VERSION = "0.1.0 (open_spiel {})"

COMMANDS = [
    "protocol_version", "name", "version", "known_command", "list_commands",
    "newgame", "play", "genmove", "legalmoves", "undo", "showboard",
    "position", "setposition", "winner", "time_left", "level", "settings",
    "quit",
]

SEATS = ("south", "north")
MOVE_RE = re.compile(r"^([a-k])(1[01]|[1-9])([hv]?)$")
OS_MOVE_RE = re.compile(r"^([a-z])(\d+)([hv]?)$")


class Failure(Exception):
    """A command failure: its text is the message after `?`."""


def os_to_std(text, size):
    """An OpenSpiel action string (as action_to_string gives it) in our
    notation, on a size x size board."""
    m = OS_MOVE_RE.match(text)
    if not m:
        raise ValueError(f"unexpected OpenSpiel move string {text!r}")
    col, row, kind = m.group(1), int(m.group(2)), m.group(3)
    row = size - row if kind else size + 1 - row
    return f"{col}{row}{kind}"


def default_fences(size, players):
    """RULES.md §1: 10 on 9x9, else floor(N^2/8); halved for 4 players."""
    two = 10 if size == 9 else size * size // 8
    if players == 2:
        return two
    return 5 if size == 9 else two // 2


class Game:
    """One game: the OpenSpiel state plus what we need beside it (the moves
    in our notation, the pawns and fences, to answer `showboard` and to spot
    a forced pass)."""

    def __init__(self, pyspiel, size=9, fences=10, options=()):
        self.size = size
        self.fences = fences
        self.options = list(options)
        self.game = pyspiel.load_game(
            "quoridor",
            {"board_size": size, "players": 2, "wall_count": fences})
        self.max_plies = self.game.max_game_length()
        self.history = []  # (our move, OpenSpiel action id)
        self.reset()

    def reset(self):
        self.state = self.game.new_initial_state()
        mid = self.size // 2
        self.pawns = [(mid, 0), (mid, self.size - 1)]  # (col, row), 0-based
        self.placed = set()  # (col, row, 'h'|'v') by lower-left, 0-based
        self.fences_left = [self.fences, self.fences]
        self.ply = 0

    # --- our own bookkeeping -------------------------------------------

    def _record(self, move):
        side = self.ply % 2
        m = MOVE_RE.match(move)
        col, row = ord(m.group(1)) - ord("a"), int(m.group(2)) - 1
        if m.group(3):
            self.placed.add((col, row, m.group(3)))
            self.fences_left[side] -= 1
        else:
            self.pawns[side] = (col, row)
        self.ply += 1

    def blocked(self, a, b):
        """Whether a step between orthogonal neighbours a and b is blocked by
        the board edge or a fence."""
        n = self.size
        (c1, r1), (c2, r2) = a, b
        if not (0 <= c2 < n and 0 <= r2 < n):
            return True
        if r1 == r2:  # sideways: a vertical fence at the left column
            c = min(c1, c2)
            return (c, r1, "v") in self.placed or (c, r1 - 1, "v") in self.placed
        r = min(r1, r2)  # up/down: a horizontal fence at the lower row
        return (c1, r, "h") in self.placed or (c1 - 1, r, "h") in self.placed

    def has_pawn_move(self):
        """RULES.md §5 for two players: does the side to move have any pawn
        move (step, jump or diagonal)?"""
        side = self.ply % 2
        me, other = self.pawns[side], self.pawns[1 - side]
        for dc, dr in ((1, 0), (-1, 0), (0, 1), (0, -1)):
            t = (me[0] + dc, me[1] + dr)
            if self.blocked(me, t):
                continue
            if t != other:
                return True
            u = (t[0] + dc, t[1] + dr)
            if not self.blocked(t, u):
                return True
            for sc, sr in ((dr, dc), (-dr, -dc)):
                if not self.blocked(t, (t[0] + sc, t[1] + sr)):
                    return True
        return False

    # --- OpenSpiel ------------------------------------------------------

    def over(self):
        return self.state.is_terminal()

    def legal(self):
        """Legal moves as {our notation: OpenSpiel action id}; a forced pass
        is {'pass': None}; empty when OpenSpiel's game is over."""
        if self.state.is_terminal():
            return {}
        player = self.state.current_player()
        actions = self.state.legal_actions()
        diameter = 2 * self.size - 1
        if (len(actions) == 1 and not self.has_pawn_move()
                and actions[0] % diameter % 2 == 0
                and actions[0] // diameter % 2 == 0):
            # No pawn move, and no fence: OpenSpiel's (broken) pass.
            return {"pass": None}
        return {os_to_std(self.state.action_to_string(player, a), self.size): a
                for a in actions}

    def apply(self, move, action):
        self.state.apply_action(action)
        self.history.append((move, action))
        self._record(move)

    def undo(self):
        if not self.history:
            raise Failure("cannot undo")
        moves = self.history[:-1]
        self.history = []
        self.reset()
        for move, action in moves:
            self.apply(move, action)

    def winner(self):
        if not self.state.is_terminal():
            return "none"
        returns = self.state.returns()
        if returns[0] > returns[1]:
            return SEATS[0]
        if returns[1] > returns[0]:
            return SEATS[1]
        return "draw"

    def turn(self):
        return SEATS[self.ply % 2]

    def board(self):
        """A picture in our orientation: row N at the top, south = S."""
        n = self.size
        cols = "abcdefghijk"[:n]
        width = 4 * n - 1
        lines = ["   +" + "-" * width + "+"]
        for row in range(n - 1, -1, -1):
            cells = []
            for col in range(n):
                if (col, row) == self.pawns[0]:
                    ch = "S"
                elif (col, row) == self.pawns[1]:
                    ch = "N"
                else:
                    ch = "."
                cells.append(ch)
                if col < n - 1:
                    wall = self.blocked((col, row), (col + 1, row))
                    cells.append(" | " if wall else "   ")
            lines.append(f"{row + 1:2d} | " + "".join(cells) + " |")
            if row > 0:
                seg = []
                for col in range(n):
                    wall = self.blocked((col, row), (col, row - 1))
                    seg.append("---" if wall else "   ")
                    if col < n - 1:
                        if (col, row - 1, "h") in self.placed:
                            seg.append("-")
                        elif (col, row - 1, "v") in self.placed:
                            seg.append("|")
                        else:
                            seg.append(" ")
                lines.append("   |" + "".join(seg) + "|")
        lines.append("   +" + "-" * width + "+")
        lines.append("     " + "   ".join(cols))
        if self.over():
            w = self.winner()
            status = ("game over: draw (OpenSpiel's length limit)"
                      if w == "draw" else f"game over: {w} wins")
        else:
            status = f"{self.turn()} to move"
        lines.append(f"ply {self.ply}, {status}")
        lines.append(f"fences left: south {self.fences_left[0]}, "
                     f"north {self.fences_left[1]}")
        lines.append(f"OpenSpiel ply limit: {self.max_plies}")
        return "\n".join(lines)


class Bot:
    def __init__(self, args, pyspiel):
        self.args = args
        self.pyspiel = pyspiel
        seed = args.seed if args.seed is not None else random.SystemRandom().randrange(2**31)
        self.seed = seed
        self.rng = random.Random(seed)
        self.time_left_ms = None
        self.level = None
        self.game = Game(pyspiel)
        self.quit = False
        self.log(f"seed {seed}")

    def log(self, msg):
        if self.args.verbose:
            print(f"[{NAME}] {msg}", file=sys.stderr, flush=True)

    # --- commands -------------------------------------------------------

    def cmd_protocol_version(self, args):
        return "2"

    def cmd_name(self, args):
        return NAME

    def cmd_version(self, args):
        try:
            import importlib.metadata as md
            v = md.version("open_spiel")
        except Exception:  # noqa: BLE001
            v = "unknown"
        return VERSION.format(v)

    def cmd_known_command(self, args):
        if len(args) != 1:
            raise Failure("syntax error: expected a command name")
        return "true" if args[0] in COMMANDS else "false"

    def cmd_list_commands(self, args):
        return "\n".join(COMMANDS)

    def _parse_ruleset(self, words):
        """`[<size> <players> [fences]] [options]` -> (size, fences, options,
        rest): the words after the ruleset are returned (for setposition)."""
        size, players, fences = 9, 2, None
        i = 0
        if i < len(words) and words[i].isdigit():
            if i + 1 >= len(words) or not words[i + 1].isdigit():
                raise Failure("syntax error: expected <size> <players> [fences]")
            size, players = int(words[i]), int(words[i + 1])
            i += 2
            if i < len(words) and words[i].isdigit():
                fences = int(words[i])
                i += 1
        if size % 2 == 0 or not 3 <= size <= 11:
            raise Failure(f"board size must be odd, from 3 to 11 (got {size})")
        if players == 4:
            raise Failure("only 2 players are supported by this bot")
        if players != 2:
            raise Failure(f"players must be 2 or 4 (got {players})")
        if fences is None:
            fences = default_fences(size, players)
        options = []
        while i < len(words):
            w = words[i].lower()
            if w in ("standard", "side_step_over_pawn"):
                options.append(w)  # no effect with two players
            elif w.startswith("ply_limit="):
                limit = w.split("=", 1)[1]
                if not limit.isdigit():
                    raise Failure(f"syntax error: bad ply limit `{limit}`")
                options.append(w)
                if int(limit) == 0 or int(limit) > 4 * size * size:
                    self.log(f"warning: OpenSpiel stops at {4 * size * size} plies")
            elif w in ("teams", "scoring"):
                raise Failure(f"variant `{w}` is not supported by this bot")
            else:
                break
            i += 1
        return size, fences, options, words[i:]

    def cmd_newgame(self, args):
        size, fences, options, rest = self._parse_ruleset(args)
        if rest:
            raise Failure(f"syntax error: unknown option `{rest[0]}`")
        self.game = Game(self.pyspiel, size, fences, options)
        self.log(f"newgame {size} 2 {fences} {' '.join(options)}".rstrip())
        return ""

    def cmd_setposition(self, args):
        size, fences, options, moves = self._parse_ruleset(args)
        game = Game(self.pyspiel, size, fences, options)
        for k, move in enumerate(moves):
            try:
                self._play(game, move.lower())
            except Failure as f:
                raise Failure(f"{f} (move {k + 1}, `{move}`)")
        self.game = game
        return ""

    def cmd_position(self, args):
        g = self.game
        words = [str(g.size), "2", str(g.fences)] + g.options
        return " ".join(words + [m for m, _ in g.history])

    def _check_seat(self, word):
        w = word.lower()
        seat = {"1": "south", "2": "north", "s": "south", "n": "north"}.get(w, w)
        if seat not in SEATS:
            if seat in ("west", "east", "3", "4", "w", "e"):
                raise Failure(f"{seat} is not playing")
            raise Failure(f"syntax error: expected a seat: south or north, found `{word}`")
        if seat != self.game.turn():
            raise Failure(f"it is {self.game.turn()}'s turn")

    def _play(self, game, move):
        if move != "pass" and not MOVE_RE.match(move):
            raise Failure(f"syntax error: expected a move: a square (e2), a fence "
                          f"(e3h, e3v) or pass, found `{move}`")
        if game.over():
            raise Failure("game is over")
        legal = game.legal()
        if move not in legal:
            raise Failure("illegal move")
        if move == "pass":
            raise Failure("illegal move: OpenSpiel 2.0.2 cannot play a forced pass")
        game.apply(move, legal[move])

    def cmd_play(self, args):
        if len(args) == 2:
            self._check_seat(args[0])
            args = args[1:]
        if len(args) != 1:
            raise Failure("syntax error: expected [seat] <move>")
        self._play(self.game, args[0].lower())
        return ""

    def cmd_genmove(self, args):
        if len(args) > 1:
            raise Failure("syntax error: expected [seat]")
        if args:
            self._check_seat(args[0])
        g = self.game
        if g.over():
            if g.winner() == "draw":
                self.log(f"genmove: OpenSpiel's {g.max_plies}-ply limit reached")
            raise Failure("game is over")
        legal = g.legal()
        if "pass" in legal:
            raise Failure("cannot pass: OpenSpiel 2.0.2 has no working pass")
        t0 = time.perf_counter()
        info = "the only legal move"
        if len(legal) == 1:
            action = next(iter(legal.values()))
        else:
            a = self.args
            seed = self.rng.randrange(2**31)
            evaluator = self.pyspiel.RandomRolloutEvaluator(a.rollouts, seed)
            bot = self.pyspiel.MCTSBot(
                g.game, evaluator, a.uct_c, a.simulations, a.max_memory_mb,
                a.solve, seed, a.verbose >= 2,
                self.pyspiel.ChildSelectionPolicy.UCT,
                a.max_seconds if a.max_seconds else -1.0)
            if a.simulations > 1:
                # What MCTSBot::Step does (search, then the best child of the
                # root), done in two calls to see the search's figures.
                root = bot.mcts_search(g.state)
                best = root.best_child()
                action = best.action
                value = (best.total_reward / best.explore_count
                         if best.explore_count else 0.0)
                info = (f"{root.explore_count} simulations, "
                        f"{best.explore_count} visits, value {value:+.3f}"
                        + (", solved" if best.outcome else ""))
            else:
                action = bot.step(g.state)  # samples from the prior
                info = "1 simulation"
        player = g.state.current_player()
        move = os_to_std(g.state.action_to_string(player, action), g.size)
        if legal.get(move) != action:
            raise Failure(f"internal error: MCTS chose {move} ({action}), not legal")
        g.apply(move, action)
        self.log(f"ply {g.ply}: {move} in {time.perf_counter() - t0:.3f} s "
                 f"({info})")
        return move

    def cmd_legalmoves(self, args):
        return " ".join(sorted(self.game.legal()))

    def cmd_undo(self, args):
        self.game.undo()
        return ""

    def cmd_showboard(self, args):
        return "\n" + self.game.board()

    def cmd_winner(self, args):
        return self.game.winner()

    def cmd_time_left(self, args):
        if len(args) != 1 or not args[0].isdigit():
            raise Failure("syntax error: expected a time in milliseconds")
        self.time_left_ms = int(args[0])
        return ""

    def cmd_level(self, args):
        if len(args) != 1 or not re.fullmatch(r"-?\d+", args[0]):
            raise Failure("syntax error: expected a level (a number)")
        self.level = int(args[0])
        return ""

    def cmd_settings(self, args):
        a = self.args
        search = (f"max_seconds {a.max_seconds}" if a.max_seconds
                  else f"simulations {a.simulations}")
        return "\n".join([
            search, f"rollouts {a.rollouts}", f"uct_c {a.uct_c}",
            f"solve {str(a.solve).lower()}", f"seed {self.seed}",
            f"level {self.level if self.level is not None else '-'} (ignored)",
            f"time_left {self.time_left_ms if self.time_left_ms is not None else '-'} (ignored)",
        ])

    def cmd_quit(self, args):
        self.quit = True
        return ""

    # --- framing --------------------------------------------------------

    def handle(self, raw):
        """One input line -> the reply text (without the final empty line),
        or None for a line that gets no reply."""
        line = "".join(ch for ch in raw if ch in "\t\n" or ord(ch) >= 32 and ord(ch) != 127)
        line = line.split("#", 1)[0].replace("\t", " ").strip()
        if not line:
            return None
        words = line.split()
        ident = ""
        if words[0].isdigit():
            ident = words.pop(0)
        if not words:
            return f"?{ident} syntax error: missing command"
        name, args = words[0].lower(), words[1:]
        if name not in COMMANDS:
            return f"?{ident} unknown command"
        try:
            result = getattr(self, "cmd_" + name)(args)
        except Failure as f:
            return f"?{ident} {f}"
        except Exception as ex:  # noqa: BLE001 - never die on a command
            return f"?{ident} internal error: {type(ex).__name__}: {ex}".replace("\n", " ")
        # A result never contains an empty line; a multi-line result may
        # start on the line after `=` (as showboard does).
        first, *rest = result.split("\n")
        body = "\n".join(l for l in rest if l.strip())
        if not first.strip():
            return f"={ident}\n{body}" if body else f"={ident}"
        return f"={ident} {first}" + (f"\n{body}" if body else "")

    def run(self, stdin, stdout):
        for raw in stdin:
            reply = self.handle(raw)
            if reply is None:
                continue
            stdout.write(reply + "\n\n")
            stdout.flush()
            if self.quit:
                break


def main(argv=None):
    ap = argparse.ArgumentParser(
        description="OpenSpiel 2.0.2 MCTS as an engine speaking our protocol")
    ap.add_argument("--simulations", type=int, default=10000)
    ap.add_argument("--rollouts", type=int, default=1)
    ap.add_argument("--uct-c", type=float, default=2.0)
    ap.add_argument("--max-memory-mb", type=int, default=1000)
    ap.add_argument("--no-solve", dest="solve", action="store_false")
    ap.add_argument("--seed", type=int, default=None)
    ap.add_argument("--max-seconds", type=float, default=None,
                    help="search for this many seconds per move instead of "
                         "a number of simulations (OpenSpiel's "
                         "max_wall_clock_time)")
    ap.add_argument("--verbose", "-v", action="count", default=0)
    args = ap.parse_args(argv)
    if args.simulations < 1 or args.rollouts < 1:
        ap.error("--simulations and --rollouts must be at least 1")
    if args.max_seconds is not None and args.max_seconds <= 0:
        ap.error("--max-seconds must be positive")
    try:
        import pyspiel
    except ImportError:
        sys.exit("pyspiel not importable; run scripts/install-openspiel.sh")
    bot = Bot(args, pyspiel)
    sys.stdin.reconfigure(errors="replace")  # bad bytes must not end the session
    try:
        bot.run(sys.stdin, sys.stdout)
    except (KeyboardInterrupt, BrokenPipeError):
        pass


if __name__ == "__main__":
    main()
