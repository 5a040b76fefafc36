#!/usr/bin/env python3
"""Benchmark OpenSpiel's Quoridor (9x9, 2 players) on this machine.

Gives a reference figure to set our Rust engine's speed against, as a
ratio, in the same run on the same machine. Measures:

  1. Python-driven random games: at each ply, call state.legal_actions()
     (the full legal move list), pick one uniformly with Python's `random`
     (seeded), apply it, and play on to the end. The cost of the Python loop
     is included, because that is what OpenSpiel costs when driven from Python.
  2. C++-side random games (unless --no-cpp): pyspiel.MCTSBot with
     max_simulations=1 and a pyspiel.RandomRolloutEvaluator(n_rollouts=1).
     Each mcts_search() call clones the state and plays one uniformly random
     game to the end inside C++ (LegalActions() + ApplyAction() at every ply).
     C++ does not report the plies it played. Plies/s is estimated from the
     C++ outcomes (draw or decisive) and the game lengths seen in part 1;
     see "plies_estimate_method" in the output.
  3. Perft from the 9x9 start position to --perft-depth, walking
     legal_actions() with state.clone() + apply_action() from Python.
     Expected: d1=131, d2=16,677, d3=2,062,264.

OpenSpiel declares a draw after game.max_game_length() = 4*N^2 plies
(324 on 9x9). Those games count like any other.

Usage:
  python3 scripts/openspiel_bench.py [--seconds 10] [--perft-depth 3]
      [--perft-apply-leaves] [--seed 1] [--no-cpp] [--json]
"""

import argparse
import importlib.metadata
import json
import math
import os
import platform
import random
import sys
import time

EXPECTED_PERFT = {1: 131, 2: 16_677, 3: 2_062_264}


def _import_pyspiel():
    try:
        import pyspiel  # noqa: F401
    except ImportError:
        sys.exit("pyspiel not importable; run scripts/install-openspiel.sh "
                 "(pip install open_spiel==2.0.2)")
    return pyspiel


def openspiel_version():
    try:
        return importlib.metadata.version("open_spiel")
    except importlib.metadata.PackageNotFoundError:
        return "unknown"


def load_game(pyspiel):
    # Parameter names as used by OpenSpiel 2.0.2: board_size, players,
    # wall_count (default 10), ansi_color_output.
    return pyspiel.load_game("quoridor", {"board_size": 9, "players": 2})


def bench_python_random(game, seconds, seed):
    """Uniformly random games driven from Python, until `seconds` have passed.

    The clock is checked between games, so a run always covers whole games.
    """
    rng = random.Random(seed)
    choice = rng.choice
    max_len = game.max_game_length()
    plies = 0
    games = 0
    draws = 0
    draws_not_max_len = 0
    decisive_plies = 0
    lengths_sq = 0
    t0 = time.perf_counter()
    deadline = t0 + seconds
    while True:
        state = game.new_initial_state()
        n = 0
        while not state.is_terminal():
            state.apply_action(choice(state.legal_actions()))
            n += 1
        plies += n
        games += 1
        lengths_sq += n * n
        if state.returns()[0] == 0.0:
            draws += 1
            if n != max_len:
                draws_not_max_len += 1
        else:
            decisive_plies += n
        if time.perf_counter() >= deadline:
            break
    elapsed = time.perf_counter() - t0
    mean = plies / games
    var = max(lengths_sq / games - mean * mean, 0.0)
    decisive = games - draws
    return {
        "seed": seed,
        "seconds": elapsed,
        "games": games,
        "plies": plies,
        "plies_per_sec": plies / elapsed,
        "games_per_sec": games / elapsed,
        "mean_plies_per_game": mean,
        "stdev_plies_per_game": math.sqrt(var),
        "draws": draws,
        "draw_fraction": draws / games,
        "draws_all_max_length": draws_not_max_len == 0,
        "max_game_length": max_len,
        "mean_plies_decisive_game": (decisive_plies / decisive) if decisive else None,
    }


def bench_cpp_random(pyspiel, game, seconds, seed, py_result):
    """Random games played entirely in C++ via MCTSBot + RandomRolloutEvaluator.

    With max_simulations=1, one mcts_search() call runs one simulation. The
    root is not expanded (explore_count is 0), so the evaluator is called on a
    clone of the root state and plays n_rollouts uniformly random games to the
    end in C++. root.total_reward is then player 0's return (n_rollouts=1:
    +1, -1, or 0 for a draw).
    """
    evaluator = pyspiel.RandomRolloutEvaluator(1, seed)
    bot = pyspiel.MCTSBot(game, evaluator, 2.0, 1, 1000, False, seed, False)
    root_state = game.new_initial_state()
    games = 0
    draws = 0
    t0 = time.perf_counter()
    deadline = t0 + seconds
    while True:
        node = bot.mcts_search(root_state)
        games += 1
        if node.total_reward == 0.0:
            draws += 1
        if time.perf_counter() >= deadline:
            break
    elapsed = time.perf_counter() - t0
    max_len = game.max_game_length()
    decisive = games - draws
    # A draw always lasts exactly max_game_length plies. For decisive games,
    # use the mean length measured by the Python-driven loop (same policy:
    # uniform over the full legal list, so the same length distribution).
    mean_dec = py_result.get("mean_plies_decisive_game")
    if mean_dec is not None and py_result["draws_all_max_length"]:
        est_plies = draws * max_len + decisive * mean_dec
        method = ("draws * max_game_length + decisive games * mean decisive "
                  "length from the Python-driven run")
    else:
        est_plies = games * py_result["mean_plies_per_game"]
        method = "games * mean plies/game from the Python-driven run"
    return {
        "driver": "pyspiel.MCTSBot(max_simulations=1) + "
                  "RandomRolloutEvaluator(n_rollouts=1); each game in C++",
        "seed": seed,
        "seconds": elapsed,
        "games": games,
        "games_per_sec": games / elapsed,
        "draws": draws,
        "draw_fraction": draws / games,
        "estimated_plies": est_plies,
        "estimated_plies_per_sec": est_plies / elapsed,
        "estimated_mean_plies_per_game": est_plies / games,
        "plies_estimate_method": method,
    }


def perft(state, depth, apply_leaves):
    """Counts leaf nodes at `depth`. Terminal positions before `depth` add 0
    (the chess convention); there are none within depth 3 of the start.

    With apply_leaves False, the last ply is counted as len(legal_actions())
    ("bulk counting"); with True, every leaf move is also cloned and applied.
    """
    if depth == 0:
        return 1
    actions = state.legal_actions()
    if depth == 1 and not apply_leaves:
        return len(actions)
    total = 0
    for a in actions:
        child = state.clone()
        child.apply_action(a)
        total += perft(child, depth - 1, apply_leaves)
    return total


def bench_perft(game, max_depth, apply_leaves):
    results = []
    for d in range(1, max_depth + 1):
        t0 = time.perf_counter()
        n = perft(game.new_initial_state(), d, apply_leaves)
        dt = time.perf_counter() - t0
        exp = EXPECTED_PERFT.get(d)
        results.append({
            "depth": d,
            "leaves": n,
            "seconds": dt,
            "leaves_per_sec": n / dt if dt > 0 else None,
            "expected": exp,
            "ok": (n == exp) if exp is not None else None,
        })
    return results


def main():
    ap = argparse.ArgumentParser(description=__doc__.split("\n\n")[0])
    ap.add_argument("--seconds", type=float, default=10.0,
                    help="seconds for each random-game benchmark (default 10)")
    ap.add_argument("--perft-depth", type=int, default=3,
                    help="perft from the start to this depth; 0 skips (default 3)")
    ap.add_argument("--perft-apply-leaves", action="store_true",
                    help="perft: clone and apply every leaf move too, instead "
                         "of counting the last ply with len(legal_actions())")
    ap.add_argument("--seed", type=int, default=1, help="RNG seed (default 1)")
    ap.add_argument("--no-cpp", action="store_true",
                    help="skip the C++-side random-game benchmark")
    ap.add_argument("--json", action="store_true",
                    help="print one JSON object instead of text")
    args = ap.parse_args()

    pyspiel = _import_pyspiel()
    game = load_game(pyspiel)
    params = game.get_parameters()
    if params.get("board_size") != 9 or params.get("players") != 2:
        sys.exit(f"unexpected game parameters: {params}")

    out = {
        "engine": "openspiel",
        "openspiel_version": openspiel_version(),
        "python": platform.python_version(),
        "machine": platform.machine(),
        "cpu_count": os.cpu_count(),
        "game": "quoridor",
        "game_parameters": params,
        "max_game_length": game.max_game_length(),
        "start_legal_actions": len(game.new_initial_state().legal_actions()),
    }

    py = bench_python_random(game, args.seconds, args.seed)
    out["random_games_python"] = py
    if not args.no_cpp:
        out["random_games_cpp"] = bench_cpp_random(
            pyspiel, game, args.seconds, args.seed, py)
    if args.perft_depth > 0:
        out["perft_leaf_mode"] = ("apply" if args.perft_apply_leaves
                                  else "bulk")
        out["perft"] = bench_perft(game, args.perft_depth,
                                   args.perft_apply_leaves)

    if args.json:
        print(json.dumps(out))
    else:
        print_text(out)
    if any(p["ok"] is False for p in out.get("perft", [])):
        sys.exit(1)


def print_text(o):
    print(f"OpenSpiel {o['openspiel_version']} (Python {o['python']}, "
          f"{o['machine']}, {o['cpu_count']} CPUs)")
    print(f"game: quoridor {o['game_parameters']}, max length "
          f"{o['max_game_length']} plies, {o['start_legal_actions']} legal "
          f"moves at start")
    py = o["random_games_python"]
    print(f"\nrandom games, Python-driven loop (seed {py['seed']}):")
    print(f"  {py['games']} games, {py['plies']} plies in {py['seconds']:.2f} s")
    print(f"  {py['plies_per_sec']:,.0f} plies/s   {py['games_per_sec']:,.2f} games/s")
    print(f"  mean {py['mean_plies_per_game']:.1f} plies/game "
          f"(sd {py['stdev_plies_per_game']:.1f}), draws "
          f"{py['draw_fraction']:.1%}")
    if "random_games_cpp" in o:
        c = o["random_games_cpp"]
        print(f"\nrandom games, inside C++ ({c['driver']}):")
        print(f"  {c['games']} games in {c['seconds']:.2f} s, draws "
              f"{c['draw_fraction']:.1%}")
        print(f"  {c['games_per_sec']:,.2f} games/s   ~{c['estimated_plies_per_sec']:,.0f} "
              f"plies/s (estimated)")
        print(f"  plies estimate: {c['plies_estimate_method']}")
    if "perft" in o:
        how = ("every leaf move cloned and applied"
               if o["perft_leaf_mode"] == "apply"
               else "last ply counted by len(legal_actions())")
        print(f"\nperft from start (Python clone + apply_action; {how}):")
        for p in o["perft"]:
            status = "" if p["ok"] is None else (" ok" if p["ok"] else
                                                  f" MISMATCH, expected {p['expected']}")
            print(f"  depth {p['depth']}: {p['leaves']:,} in {p['seconds']:.3f} s "
                  f"({p['leaves_per_sec']:,.0f} leaves/s){status}")


if __name__ == "__main__":
    main()
