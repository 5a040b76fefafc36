"""Actions, observations and VectorEnv: shapes, dtypes, round trips, and
agreement with the rules."""

import numpy as np
import pytest

import quoridor
from quoridor import IllegalMoveError, Move, Position, QuoridorError, VectorEnv


@pytest.mark.parametrize("size", [3, 5, 7, 9, 11])
def test_every_action_is_one_move_and_back(size):
    pos = Position(size=size)
    n = quoridor.num_actions(size)
    assert n == pos.num_actions == size * size + 2 * (size - 1) ** 2 + 1
    moves = [pos.action_to_move(a) for a in range(n)]
    assert len(set(moves)) == n
    assert [pos.move_to_action(m) for m in moves] == list(range(n))
    assert moves[-1] == Move("pass")
    assert moves[size * size] == Move("a1h")


def random_positions(count, seed, **rules):
    pos = Position(**rules)
    rng = np.random.default_rng(seed)
    for _ in range(count):
        if pos.is_over:
            pos = Position(**rules)
        yield pos
        actions = pos.legal_actions()
        pos.apply_action(int(rng.choice(actions)))


@pytest.mark.parametrize("rules", [dict(size=9), dict(size=5, players=4), dict(size=7, variant="scoring")])
def test_mask_and_actions_agree_with_the_legal_moves(rules):
    for pos in random_positions(300, 1, **rules):
        mask = pos.legal_action_mask()
        assert mask.dtype == np.bool_ and mask.shape == (pos.num_actions,)
        legal = sorted(pos.move_to_action(m) for m in pos.legal_moves())
        assert list(np.flatnonzero(mask)) == legal == pos.legal_actions()


def test_observation_planes():
    pos = Position(size=5)
    pos.play("c2")
    pos.play("b3h")
    obs = pos.observation()
    assert obs.dtype == np.uint8 and obs.shape == (10, 5, 5) == pos.observation_shape
    assert obs.flags["C_CONTIGUOUS"]
    assert obs[0, 1, 2] == 1 and obs[0].sum() == 1  # south on c2: row 1, column 2
    assert obs[1, 4, 2] == 1  # north on c5
    # b3h: between rows 3 and 4 under columns b and c.
    assert obs[2, 2, 1] == obs[2, 2, 2] == 1 and obs[2].sum() == 2  # a step north is stopped
    assert obs[4, 3, 1] == obs[4, 3, 2] == 1 and obs[4].sum() == 2  # a step south is stopped
    assert obs[3].sum() == obs[5].sum() == 0
    assert (obs[6] == 3).all() and (obs[7] == 2).all()  # fences left
    assert (obs[8] == 1).all() and (obs[9] == 0).all()  # south to move
    assert quoridor.observation_shape(9, 4) == (16, 9, 9)


def test_random_actions_are_legal_and_seeded():
    a, b = Position(), Position()
    first = [a.random_action(seed=5)] + [a.random_action() for _ in range(5)]
    second = [b.random_action(seed=5)] + [b.random_action() for _ in range(5)]
    assert first == second
    pos = Position(size=5)
    while not pos.is_over:
        pos.apply_action(pos.random_action())
    with pytest.raises(IllegalMoveError, match="game is over"):
        pos.random_action()


def test_vector_env_steps_and_resets():
    env = VectorEnv(16, size=5, seed=3)
    obs, masks = env.reset()
    assert obs.shape == (16, 10, 5, 5) and obs.dtype == np.uint8
    assert masks.shape == (16, 58) and masks.dtype == np.bool_
    assert (obs[0] == Position(size=5).observation()).all()
    finished = 0
    for _ in range(400):
        movers = env.to_play.copy()
        obs, rewards, dones, truncated, masks = env.step(env.random_actions())
        assert rewards.shape == (16, 2) and rewards.dtype == np.float32
        assert dones.shape == (16,) and dones.dtype == np.bool_
        assert truncated.shape == (16,) and not truncated.any(), "no ply limit"
        for i in np.flatnonzero(dones):
            finished += 1
            assert rewards[i, movers[i]] == 1 and rewards[i, 1 - movers[i]] == -1
            assert env.position(i) == Position(size=5)
        assert (rewards[~dones] == 0).all()
        for i in range(16):
            pos = env.position(i)
            assert (obs[i] == pos.observation()).all()
            assert (masks[i] == pos.legal_action_mask()).all()
    assert finished > 20


def test_vector_env_is_repeatable_and_four_players():
    runs = []
    for _ in range(2):
        env = VectorEnv(4, size=5, players=4, variant="teams", seed=9)
        env.reset()
        total = np.zeros((4, 4), dtype=np.float32)
        for _ in range(300):
            _, rewards, _, _, _ = env.step(env.random_actions())
            total += rewards
        runs.append(total)
    assert (runs[0] == runs[1]).all() and runs[0].shape == (4, 4)
    # Partners (south and west, seats 0 and 1; north and east, 2 and 3)
    # share each result, and the teams' results are opposite.
    t = runs[0]
    assert (t[:, 0] == t[:, 1]).all() and (t[:, 2] == t[:, 3]).all() and (t[:, 0] == -t[:, 2]).all()
    assert np.abs(t).sum() > 0


def test_vector_env_refuses_bad_actions_and_plays_nothing():
    env = VectorEnv(2, size=5)
    env.reset()
    c2 = Position(size=5).move_to_action("c2")
    with pytest.raises(IllegalMoveError, match="game 1: action 22 is illegal: not reachable from c1"):
        env.step([c2, Position(size=5).move_to_action("c5")])
    assert env.position(0).ply == 0
    with pytest.raises(QuoridorError, match="game 0: action 58 is out of range"):
        env.step(np.array([58, c2], dtype=np.int32))
    with pytest.raises(QuoridorError, match="3 actions for 2 games"):
        env.step([c2, c2, c2])
    with pytest.raises(QuoridorError, match="must be integers"):
        env.step([0.5, 1.5])
    with pytest.raises(QuoridorError, match="one per game"):
        env.step(np.zeros((2, 2), dtype=np.int64))
    with pytest.raises(QuoridorError, match="num_envs 0"):
        VectorEnv(0)
    obs, rewards, dones, truncated, masks = env.step(np.array([c2, c2], dtype=np.uint8))
    assert env.position(1).ply == 1 and not dones.any() and not truncated.any()


def test_the_ply_limit_truncates_and_never_terminates():
    """Gymnasium's convention: a game that reaches the ply limit undecided
    is truncated (a draw, reward 0), in every environment."""
    env = VectorEnv(3, size=5, ply_limit=6, seed=2)
    env.reset()
    ended = 0
    for step in range(1, 13):
        _, rewards, terminated, truncated, _ = env.step(env.random_actions())
        assert not (terminated & truncated).any()
        for i in np.flatnonzero(truncated):
            ended += 1
            assert (rewards[i] == 0).all()
    assert ended > 0
    pos = Position(size=5, ply_limit=2)
    pos.play("c2")
    assert not pos.reached_ply_limit
    pos.play("c4")
    assert pos.reached_ply_limit and pos.is_over and pos.winner is None
    won = Position("5 c4,c2 - 3,3 south 0")
    won.play("c5")
    assert won.is_over and not won.reached_ply_limit
