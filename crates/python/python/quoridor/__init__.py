"""Quoridor for Python: the exact rules, the AI and learning environments of
the Rust engine.

>>> import quoridor
>>> pos = quoridor.Position()
>>> pos.play("e2")
>>> pos.turn, pos.distance("south")
('north', 7)
>>> quoridor.Engine(level=3).best_move(pos, depth=2).move.kind in ("pawn", "fence")
True

- `Position`, `Game`, `Move`: positions, games with their records, moves.
- `Engine`: the AI (`best_move`, `analyze`).
- `perft`: the leaves of the move tree.
- Actions and observations: `Position.legal_action_mask()`,
  `Position.observation()`, `num_actions(size)`; `VectorEnv` steps many
  games at once.
- `quoridor.gymnasium_env.QuoridorEnv` (needs `gymnasium`) and
  `quoridor.pettingzoo_env.env()` (needs `pettingzoo`).
"""

from __future__ import annotations

import os
import tempfile
from typing import Union

from ._quoridor import (
    Engine,
    Game,
    IllegalMoveError,
    Move,
    MoveReview,
    ParseError,
    Position,
    QuoridorError,
    SearchResult,
    VectorEnv,
    num_actions,
    observation_shape,
    perft,
)

__all__ = [
    "Engine",
    "Game",
    "IllegalMoveError",
    "Move",
    "MoveReview",
    "ParseError",
    "Position",
    "QuoridorError",
    "SearchResult",
    "VectorEnv",
    "num_actions",
    "observation_shape",
    "perft",
    "read_game",
    "write_game",
]

#: The largest game file read: a record of the longest game allowed takes
#: well under this.
MAX_FILE_BYTES = 1024 * 1024

PathLike = Union[str, "os.PathLike[str]"]


def read_game(path: PathLike) -> Game:
    """Reads a game from a file in any form `Game.parse` accepts.

    Refuses a file larger than 1 MB or not UTF-8 text with `ParseError`; a
    byte-order mark is skipped.
    """
    with open(path, "rb") as file:
        data = file.read(MAX_FILE_BYTES + 1)
    if len(data) > MAX_FILE_BYTES:
        raise ParseError(f"{path}: the file is larger than 1 MB: not a game record")
    try:
        text = data.decode("utf-8-sig")
    except UnicodeDecodeError:
        raise ParseError(f"{path}: the file is not text (it is not valid UTF-8)") from None
    try:
        return Game.parse(text)
    except ParseError as err:
        raise ParseError(f"{path}: {err}") from None


def write_game(game: Game, path: PathLike) -> None:
    """Writes a game's record to a file, whole: a new file is written beside
    it and renamed over it, so that a crash never leaves half a record."""
    target = os.fspath(path)
    folder = os.path.dirname(os.path.abspath(target))
    fd, tmp = tempfile.mkstemp(prefix=".quoridor-", suffix=".tmp", dir=folder)
    try:
        with os.fdopen(fd, "w", encoding="utf-8", newline="\n") as file:
            file.write(game.to_record())
        os.replace(tmp, target)
    except BaseException:
        try:
            os.unlink(tmp)
        except FileNotFoundError:
            pass
        raise
