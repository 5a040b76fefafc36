"""A PettingZoo AEC environment: two or four players take turns on one board.

>>> from quoridor.pettingzoo_env import env
>>> e = env(size=5, players=4)
>>> e.reset(seed=1)
>>> e.agents
['south', 'west', 'north', 'east']
>>> observation, reward, termination, truncation, info = e.last()
>>> observation["observation"].shape, observation["action_mask"].dtype
((16, 5, 5), dtype('int8'))

Agents are the seats in turn order. Each observation is a dict:
``"observation"``, the planes of `Position.observation()` (`uint8`), and
``"action_mask"`` (`int8`, 1 for each legal action), as in PettingZoo's
classic games. When the game ends, the winner (or the winning team) gets +1
and every other player -1 (``terminations``); a game that reaches
``ply_limit`` undecided ends with 0 for all as ``truncations``, Gymnasium's
convention for an end the moves did not earn.
``env()`` wraps the raw environment as PettingZoo's classic games do: an
illegal action ends the game with -1 for the player who tried it. The
wrappers check every call and take most of the time (about 38 k plies a
second wrapped against 269 k raw on one core): a loop that plays only
actions from the mask can use ``raw_env()`` directly, which plays an
illegal action's refusal as `IllegalMoveError`.
"""

from __future__ import annotations

from typing import Any, Optional

import numpy as np
from gymnasium import spaces
from pettingzoo import AECEnv
from pettingzoo.utils import wrappers

from . import Position

__all__ = ["env", "raw_env"]


def env(**kwargs: Any) -> AECEnv:
    """The environment wrapped against illegal and out-of-range actions."""
    environment = raw_env(**kwargs)
    environment = wrappers.TerminateIllegalWrapper(environment, illegal_reward=-1)
    environment = wrappers.AssertOutOfBoundsWrapper(environment)
    environment = wrappers.OrderEnforcingWrapper(environment)
    return environment


class raw_env(AECEnv):
    """Quoridor for 2 or 4 players, any size, any variant (``standard``,
    ``teams``, ``scoring``)."""

    metadata = {
        "render_modes": ["ansi"],
        "name": "quoridor_v0",
        "is_parallelizable": False,
        "render_fps": 2,
    }

    def __init__(
        self,
        size: int = 9,
        players: int = 2,
        fences: Optional[int] = None,
        variant: str = "standard",
        ply_limit: Optional[int] = None,
        render_mode: Optional[str] = None,
    ) -> None:
        super().__init__()
        if render_mode is not None and render_mode not in self.metadata["render_modes"]:
            raise ValueError(f"render_mode {render_mode!r} is not one of {self.metadata['render_modes']}")
        self._start = Position(size=size, players=players, fences=fences, variant=variant, ply_limit=ply_limit)
        self.render_mode = render_mode
        self.possible_agents = list(self._start.seats)
        shape = self._start.observation_shape
        n = self._start.num_actions
        self.observation_spaces = {
            agent: spaces.Dict(
                {
                    "observation": spaces.Box(0, 255, shape=shape, dtype=np.uint8),
                    "action_mask": spaces.Box(0, 1, shape=(n,), dtype=np.int8),
                }
            )
            for agent in self.possible_agents
        }
        self.action_spaces = {agent: spaces.Discrete(n) for agent in self.possible_agents}
        self.position = self._start.copy()

    def observation_space(self, agent: str) -> spaces.Space:
        return self.observation_spaces[agent]

    def action_space(self, agent: str) -> spaces.Space:
        return self.action_spaces[agent]

    def observe(self, agent: str) -> dict[str, np.ndarray]:
        if agent == self.position.turn and not self.position.is_over:
            mask = self.position.legal_action_mask().astype(np.int8)
        else:
            mask = np.zeros(self.position.num_actions, dtype=np.int8)
        return {"observation": self.position.observation(), "action_mask": mask}

    def reset(self, seed: Optional[int] = None, options: Optional[dict[str, Any]] = None) -> None:
        self.position = self._start.copy()
        self.agents = list(self.possible_agents)
        self.rewards = {agent: 0.0 for agent in self.agents}
        self._cumulative_rewards = {agent: 0.0 for agent in self.agents}
        self.terminations = {agent: False for agent in self.agents}
        self.truncations = {agent: False for agent in self.agents}
        self.infos = {agent: {} for agent in self.agents}
        self.agent_selection = self.position.turn

    def _final_rewards(self) -> dict[str, float]:
        winner = self.position.winner
        if winner is None:
            return {agent: 0.0 for agent in self.agents}
        winners = set(winner.split("+"))
        return {agent: (1.0 if agent in winners else -1.0) for agent in self.agents}

    def step(self, action: Optional[int]) -> None:
        agent = self.agent_selection
        if self.terminations[agent] or self.truncations[agent]:
            self._was_dead_step(action)
            return
        self._cumulative_rewards[agent] = 0.0
        self.position.apply_action(int(action))
        if self.position.is_over:
            self.rewards = self._final_rewards()
            if self.position.reached_ply_limit:
                self.truncations = {a: True for a in self.agents}
            else:
                self.terminations = {a: True for a in self.agents}
        else:
            self.rewards = {a: 0.0 for a in self.agents}
            self.agent_selection = self.position.turn
        self._accumulate_rewards()

    def render(self) -> Optional[str]:
        if self.render_mode is None:
            return None
        return str(self.position)

    def close(self) -> None:
        pass
