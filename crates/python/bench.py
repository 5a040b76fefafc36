#!/usr/bin/env python3
"""Random games from Python: the quoridor module against OpenSpiel's pyspiel.

Run from the repository's root, in an environment where the module is
installed (`pip install ./crates/python`) and, for the comparison, pyspiel
(`PYTHON=... scripts/install-openspiel.sh`, open_spiel 2.0.2):

    python crates/python/bench.py [--seconds 5] [--json]

Every game is 9x9, two players, uniformly random, and drawn at ply 324 as
OpenSpiel draws it (`ply_limit=324` on our side), so both play the same
games. The clock is checked between games (between steps for VectorEnv).
Everything runs on one thread, one after the other:

1. pyspiel driven from Python: `legal_actions()`, `random.choice`,
   `apply_action` at every ply (scripts/openspiel_bench.py's loop).
2. quoridor, the same loop: `legal_actions()`, `random.choice`,
   `apply_action`.
3. quoridor, the move drawn in Rust: `random_action()`, `apply_action`.
4. The Python share of loop 3: the same loop with its three calls into the
   module replaced by three of the cheapest ones (property reads), which is
   what the interpreter and the binding cost per ply whatever the engine does.
5. VectorEnv: `step(random_actions())` on E games at once, observations,
   masks and rewards included.
6. pyspiel's games inside C++ (MCTSBot with one random rollout), for the
   figure VectorEnv is set against.
"""

from __future__ import annotations

import argparse
import importlib.util
import json
import platform
import random
import sys
import time
from pathlib import Path

import quoridor
from quoridor import Position, VectorEnv

PLY_CAP = 324
ROOT = Path(__file__).resolve().parents[2]


def load_openspiel_bench():
    """scripts/openspiel_bench.py, whose loops measure pyspiel."""
    path = ROOT / "scripts" / "openspiel_bench.py"
    spec = importlib.util.spec_from_file_location("openspiel_bench", path)
    module = importlib.util.module_from_spec(spec)
    spec.loader.exec_module(module)
    return module


def timed_games(seconds: float, play_one) -> dict:
    """Plays games with `play_one()` (which returns its plies) for `seconds`."""
    plies = games = 0
    start = time.perf_counter()
    deadline = start + seconds
    while True:
        plies += play_one()
        games += 1
        if time.perf_counter() >= deadline:
            break
    elapsed = time.perf_counter() - start
    return {
        "seconds": elapsed,
        "games": games,
        "plies": plies,
        "plies_per_sec": plies / elapsed,
        "mean_plies_per_game": plies / games,
        "ns_per_ply": elapsed / plies * 1e9,
    }


def bench_same_loop(seconds: float, seed: int) -> dict:
    choice = random.Random(seed).choice
    start = Position(ply_limit=PLY_CAP)

    def play_one() -> int:
        pos = start.copy()
        n = 0
        while not pos.is_over:
            pos.apply_action(choice(pos.legal_actions()))
            n += 1
        return n

    return timed_games(seconds, play_one)


def bench_rust_choice(seconds: float, seed: int) -> dict:
    start = Position(ply_limit=PLY_CAP)
    first = [True]

    def play_one() -> int:
        pos = start.copy()
        if first[0]:
            pos.random_action(seed)
            first[0] = False
        n = 0
        while not pos.is_over:
            pos.apply_action(pos.random_action())
            n += 1
        return n

    return timed_games(seconds, play_one)


def bench_call_overhead(plies: int) -> dict:
    """Three trivial calls into the module per iteration, as loop 3 makes
    three calls (is_over, random_action, apply_action) per ply."""
    pos = Position()
    n = 0
    start = time.perf_counter()
    while not pos.ply and n < plies:
        pos.turn_index
        pos.size
        n += 1
    elapsed = time.perf_counter() - start
    return {"iterations": n, "ns_per_iteration": elapsed / n * 1e9}


def bench_choice(iterations: int, seed: int) -> dict:
    """`random.choice` on a list of 100 actions (about the mean number of
    legal moves in these games): Python's own work in the same loop."""
    choice = random.Random(seed).choice
    actions = list(range(100))
    start = time.perf_counter()
    for _ in range(iterations):
        choice(actions)
    elapsed = time.perf_counter() - start
    return {"iterations": iterations, "ns_per_choice": elapsed / iterations * 1e9}


def bench_vector(seconds: float, num_envs: int, seed: int) -> dict:
    env = VectorEnv(num_envs, ply_limit=PLY_CAP, seed=seed)
    env.reset()
    steps = games = 0
    start = time.perf_counter()
    deadline = start + seconds
    while time.perf_counter() < deadline:
        for _ in range(16):
            _, _, terminated, truncated, _ = env.step(env.random_actions())
            games += int(terminated.sum() + truncated.sum())
        steps += 16
    elapsed = time.perf_counter() - start
    plies = steps * num_envs
    return {
        "num_envs": num_envs,
        "seconds": elapsed,
        "steps": steps,
        "plies": plies,
        "games_finished": games,
        "plies_per_sec": plies / elapsed,
    }


def main() -> None:
    parser = argparse.ArgumentParser(description=__doc__.split("\n\n")[0])
    parser.add_argument("--seconds", type=float, default=5.0, help="time for each timed loop")
    parser.add_argument("--seed", type=int, default=1)
    parser.add_argument("--envs", type=int, nargs="+", default=[64, 256, 1024], help="VectorEnv sizes")
    parser.add_argument("--no-openspiel", action="store_true", help="measure quoridor alone")
    parser.add_argument("--json", action="store_true", help="print one JSON object")
    args = parser.parse_args()

    out: dict = {
        "python": platform.python_version(),
        "machine": platform.machine(),
        "seconds_per_loop": args.seconds,
        "ply_cap": PLY_CAP,
    }
    progress = (lambda text: None) if args.json else (lambda text: print(text, file=sys.stderr))

    progress("quoridor: the same loop as pyspiel's ...")
    out["quoridor_same_loop"] = bench_same_loop(args.seconds, args.seed)
    progress("quoridor: the move drawn in Rust ...")
    out["quoridor_rust_choice"] = bench_rust_choice(args.seconds, args.seed)
    overhead = bench_call_overhead(2_000_000)
    out["call_overhead"] = overhead
    out["python_share_of_rust_choice_ply"] = (
        overhead["ns_per_iteration"] / out["quoridor_rust_choice"]["ns_per_ply"]
    )
    out["random_choice"] = bench_choice(1_000_000, args.seed)
    out["python_share_of_same_loop_ply"] = (
        overhead["ns_per_iteration"] + out["random_choice"]["ns_per_choice"]
    ) / out["quoridor_same_loop"]["ns_per_ply"]
    out["vector_env"] = []
    for num_envs in args.envs:
        progress(f"quoridor: VectorEnv({num_envs}) ...")
        out["vector_env"].append(bench_vector(args.seconds, num_envs, args.seed))

    pyspiel = None
    if not args.no_openspiel:
        try:
            import pyspiel
        except ImportError:
            out["openspiel"] = "pyspiel is not installed: PYTHON=<this python> scripts/install-openspiel.sh"
    if pyspiel is not None:
        bench = load_openspiel_bench()
        game = bench.load_game(pyspiel)
        progress("pyspiel: the Python loop ...")
        py_loop = bench.bench_python_random(game, args.seconds, args.seed)
        progress("pyspiel: games in C++ ...")
        cpp = bench.bench_cpp_random(pyspiel, game, args.seconds, args.seed, py_loop)
        out["openspiel"] = {"version": bench.openspiel_version(), "python_loop": py_loop, "cpp_games": cpp}
        base = py_loop["plies_per_sec"]
        best_vector = max(v["plies_per_sec"] for v in out["vector_env"])
        out["ratios"] = {
            "same_loop_vs_pyspiel_loop": out["quoridor_same_loop"]["plies_per_sec"] / base,
            "rust_choice_vs_pyspiel_loop": out["quoridor_rust_choice"]["plies_per_sec"] / base,
            "vector_env_vs_pyspiel_loop": best_vector / base,
            "vector_env_vs_pyspiel_cpp_estimate": best_vector / cpp["estimated_plies_per_sec"],
        }

    if args.json:
        print(json.dumps(out, indent=2))
        return
    print_report(out)


def print_report(out: dict) -> None:
    def row(label: str, value: str, details: str = "") -> None:
        print(f"  {label:<58} {value:>16}  {details}")

    print(f"Random 9x9 games from Python {out['python']}, drawn at ply {out['ply_cap']}, one thread")
    same, rust = out["quoridor_same_loop"], out["quoridor_rust_choice"]
    row("quoridor, legal_actions + random.choice + apply_action", f"{same['plies_per_sec'] / 1e3:,.1f} k plies/s",
        f"{same['ns_per_ply']:.0f} ns a ply, {same['mean_plies_per_game']:.1f} plies a game")
    row("  of which the interpreter, the calls and random.choice",
        f"{out['call_overhead']['ns_per_iteration'] + out['random_choice']['ns_per_choice']:.0f} ns",
        f"{100 * out['python_share_of_same_loop_ply']:.0f} % of a ply")
    row("quoridor, random_action + apply_action", f"{rust['plies_per_sec'] / 1e3:,.1f} k plies/s",
        f"{rust['ns_per_ply']:.0f} ns a ply")
    row("  of which the interpreter and the calls (3 trivial calls)",
        f"{out['call_overhead']['ns_per_iteration']:.0f} ns",
        f"{100 * out['python_share_of_rust_choice_ply']:.0f} % of a ply")
    for v in out["vector_env"]:
        row(f"quoridor, VectorEnv({v['num_envs']}).step(random_actions())",
            f"{v['plies_per_sec'] / 1e6:,.2f} M plies/s", f"{v['games_finished']} games finished")
    spiel = out.get("openspiel")
    if isinstance(spiel, str):
        print(f"  OpenSpiel: {spiel}")
    elif spiel:
        loop, cpp = spiel["python_loop"], spiel["cpp_games"]
        row(f"pyspiel {spiel['version']}, the same loop", f"{loop['plies_per_sec'] / 1e3:,.1f} k plies/s",
            f"{1e9 / loop['plies_per_sec']:.0f} ns a ply")
        row("pyspiel, games inside C++ (estimated plies)", f"{cpp['estimated_plies_per_sec'] / 1e6:,.2f} M plies/s",
            f"{cpp['games_per_sec']:,.0f} games/s")
        print("Ratios (same run):")
        for name, value in out["ratios"].items():
            row(name.replace("_", " "), f"{value:.2f}x")


if __name__ == "__main__":
    main()
