"""The Gymnasium and PettingZoo environments pass those libraries' own
checkers, and play whole games."""

import gymnasium
import numpy as np
import pytest
from gymnasium.utils.env_checker import check_env
from pettingzoo.test import api_test, seed_test

from quoridor import IllegalMoveError
from quoridor.gymnasium_env import QuoridorEnv
from quoridor.pettingzoo_env import env as pettingzoo_env
from quoridor.pettingzoo_env import raw_env


@pytest.mark.parametrize("opponent", ["random", 3])
@pytest.mark.parametrize("seat", ["south", "north", "random"])
def test_gymnasium_checker(opponent, seat):
    env = gymnasium.make("quoridor/Quoridor-v0", size=5, opponent=opponent, agent_seat=seat, render_mode="ansi")
    check_env(env.unwrapped)


def test_random_policy_against_level_3_in_ten_lines():
    env = QuoridorEnv(opponent=3, render_mode="ansi")
    obs, info = env.reset(seed=1)
    done = False
    while not done:
        action = env.action_space.sample(info["action_mask"].astype(np.int8))
        obs, reward, terminated, truncated, info = env.step(action)
        done = terminated or truncated
    assert reward == -1.0 and "illegal_action" not in info
    assert "S" in env.render()
    with pytest.raises(RuntimeError, match="reset"):
        env.step(0)


def test_gymnasium_illegal_actions():
    env = QuoridorEnv(size=5)
    obs, info = env.reset(seed=0)
    far = 4 * 5 + 2  # c5: not reachable
    obs, reward, terminated, truncated, info = env.step(far)
    assert (reward, terminated) == (-1.0, True) and info["illegal_action"] == "not reachable from c1"
    strict = QuoridorEnv(size=5, illegal="raise")
    strict.reset(seed=0)
    with pytest.raises(IllegalMoveError, match="not reachable"):
        strict.step(far)
    assert strict.action_masks().sum() == len(strict.position.legal_moves())
    with pytest.raises(ValueError, match="opponent"):
        QuoridorEnv(opponent=11)


@pytest.mark.parametrize(
    "players, variant",
    [(2, "standard"), (2, "scoring"), (4, "standard"), (4, "teams"), (4, "scoring")],
)
def test_pettingzoo_api(players, variant):
    api_test(pettingzoo_env(size=5, players=players, variant=variant), num_cycles=1000)


def test_pettingzoo_seeded_and_nine_by_nine():
    seed_test(lambda: pettingzoo_env(size=5, players=4), num_cycles=200)
    api_test(pettingzoo_env(), num_cycles=300)


def test_pettingzoo_rewards_the_winner_team():
    env = raw_env(size=3, players=4, variant="teams")
    env.reset()
    # A random game to its end: the two partners share the result.
    rng = np.random.default_rng(4)
    while not all(env.terminations.values()):
        obs = env.observe(env.agent_selection)
        env.step(int(rng.choice(np.flatnonzero(obs["action_mask"]))))
    results = dict(env._cumulative_rewards)
    assert results["south"] == results["west"] == -results["north"] == -results["east"] != 0


def test_a_game_at_the_ply_limit_is_truncated_in_gymnasium_and_pettingzoo():
    env = QuoridorEnv(size=5, opponent="random", ply_limit=4)
    env.reset(seed=5)
    terminated = truncated = False
    while not (terminated or truncated):
        _, reward, terminated, truncated, _ = env.step(int(env.np_random.choice(np.flatnonzero(env.action_masks()))))
    # Nobody reaches a goal in two moves on 5×5: the limit ends it.
    assert (reward, terminated, truncated) == (0.0, False, True)
    assert env.position.ply == 4 and env.position.reached_ply_limit
    zoo = raw_env(size=5, ply_limit=4)
    zoo.reset()
    while not any(zoo.terminations.values()) and not any(zoo.truncations.values()):
        mask = zoo.observe(zoo.agent_selection)["action_mask"]
        # Pawn moves only (the first 25 actions): nobody reaches a goal in 4 plies.
        zoo.step(int(np.flatnonzero(mask[:25])[0]))
    assert all(zoo.truncations.values()) and not any(zoo.terminations.values())
    assert zoo._cumulative_rewards == {"south": 0.0, "north": 0.0}
