"""A Gymnasium environment: one agent plays a two-player game against the
engine at a chosen level, or against a random player.

>>> from quoridor.gymnasium_env import QuoridorEnv
>>> env = QuoridorEnv(size=5, opponent="random")
>>> obs, info = env.reset(seed=3)
>>> obs.shape, obs.dtype, int(env.action_space.n), info["action_mask"].shape
((10, 5, 5), dtype('uint8'), 58, (58,))

Observations are the planes of `Position.observation()` (`uint8`, shape
`(10, N, N)`), always with the board as south sees it; the agent's seat is
in `info["seat"]`. Actions are the numbers of `Position.move_to_action`.
`info["action_mask"]` (and `action_masks()`, for maskable algorithms) marks
the legal ones. Reward: +1 for a win, -1 for a loss, 0 otherwise. A game
that reaches ``ply_limit`` undecided ends as a draw with ``truncated`` true
(Gymnasium's convention: an end the moves did not earn); every other end is
``terminated``. An illegal
action ends the episode with -1 (``illegal="lose"``, the default) or raises
`IllegalMoveError` (``illegal="raise"``). Registered as
``quoridor/Quoridor-v0``.
"""

from __future__ import annotations

from typing import Any, Optional, Union

import gymnasium
import numpy as np
from gymnasium import spaces

from . import Engine, Position, observation_shape

__all__ = ["QuoridorEnv"]

Opponent = Union[int, str]


class QuoridorEnv(gymnasium.Env):
    """One agent against the engine (``opponent=1..8``) or a random player
    (``opponent="random"``).

    ``agent_seat`` is ``"south"`` (moves first), ``"north"``, or
    ``"random"`` (drawn at each reset). The engine's search is limited by
    ``opponent_nodes`` (the default, repeatable) or ``opponent_time_ms``.
    """

    metadata = {"render_modes": ["ansi"], "render_fps": 4}

    def __init__(
        self,
        size: int = 9,
        fences: Optional[int] = None,
        opponent: Opponent = "random",
        agent_seat: str = "south",
        opponent_nodes: Optional[int] = 20_000,
        opponent_time_ms: Optional[int] = None,
        ply_limit: Optional[int] = None,
        illegal: str = "lose",
        render_mode: Optional[str] = None,
    ) -> None:
        if render_mode is not None and render_mode not in self.metadata["render_modes"]:
            raise ValueError(f"render_mode {render_mode!r} is not one of {self.metadata['render_modes']}")
        if agent_seat not in ("south", "north", "random"):
            raise ValueError(f"agent_seat {agent_seat!r} is not south, north or random")
        if illegal not in ("lose", "raise"):
            raise ValueError(f"illegal {illegal!r} is not 'lose' or 'raise'")
        if opponent != "random" and not (isinstance(opponent, int) and 1 <= opponent <= 8):
            raise ValueError(f"opponent {opponent!r} is not 'random' or a level from 1 to 8")
        self._start = Position(size=size, fences=fences, ply_limit=ply_limit)
        self.render_mode = render_mode
        self.opponent = opponent
        self.agent_seat = agent_seat
        self.illegal = illegal
        if opponent_time_ms is not None:
            self._limit: dict[str, int] = {"time_ms": opponent_time_ms}
        elif opponent_nodes is not None:
            self._limit = {"nodes": opponent_nodes}
        else:
            raise ValueError("give opponent_nodes or opponent_time_ms")
        self._engine = Engine(level=opponent) if isinstance(opponent, int) else None
        shape = observation_shape(size, 2)
        self.observation_space = spaces.Box(0, 255, shape=shape, dtype=np.uint8)
        self.action_space = spaces.Discrete(self._start.num_actions)
        self.position = self._start.copy()
        self.seat = "south"
        self._done = False

    # The game as seen by the agent.

    def _info(self) -> dict[str, Any]:
        return {
            "action_mask": self.position.legal_action_mask(),
            "seat": self.seat,
            "turn": self.position.turn,
            "distances": self.position.distances,
        }

    def action_masks(self) -> np.ndarray:
        """The legal actions (for maskable policies such as sb3-contrib's)."""
        return self.position.legal_action_mask()

    def _reward(self) -> float:
        winner = self.position.winner
        if winner is None:
            return 0.0
        return 1.0 if winner == self.seat else -1.0

    def _opponent_moves(self) -> None:
        while not self.position.is_over and self.position.turn != self.seat:
            if self._engine is None:
                mask = self.position.legal_action_mask()
                action = int(self.np_random.choice(np.flatnonzero(mask)))
                self.position.apply_action(action)
            else:
                result = self._engine.best_move(self.position, **self._limit)
                self.position.play(result.move)

    def reset(self, *, seed: Optional[int] = None, options: Optional[dict[str, Any]] = None):
        super().reset(seed=seed)
        self.position = self._start.copy()
        self._done = False
        if self.agent_seat == "random":
            self.seat = "south" if self.np_random.integers(2) == 0 else "north"
        else:
            self.seat = self.agent_seat
        if self._engine is not None:
            self._engine.new_game()
        self._opponent_moves()
        return self.position.observation(), self._info()

    def step(self, action):
        if self._done:
            raise RuntimeError("the episode is over: call reset()")
        action = int(action)
        reason = None
        if not 0 <= action < self.action_space.n:
            reason = f"action {action} is out of range: actions are 0 to {self.action_space.n - 1}"
        else:
            reason = self.position.why_illegal(self.position.action_to_move(action))
        if reason is not None:
            if self.illegal == "raise":
                from . import IllegalMoveError

                raise IllegalMoveError(reason)
            info = self._info()
            info["illegal_action"] = reason
            self._done = True
            return self.position.observation(), -1.0, True, False, info
        self.position.apply_action(action)
        self._opponent_moves()
        self._done = self.position.is_over
        truncated = self.position.reached_ply_limit
        terminated = self._done and not truncated
        return self.position.observation(), self._reward(), terminated, truncated, self._info()

    def render(self) -> Optional[str]:
        if self.render_mode == "ansi":
            return str(self.position)
        return None

    def close(self) -> None:
        pass


gymnasium.register(
    id="quoridor/Quoridor-v0",
    entry_point="quoridor.gymnasium_env:QuoridorEnv",
)
