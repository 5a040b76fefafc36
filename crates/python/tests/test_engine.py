"""The engine from Python: a game to the end, analysis, limits, Ctrl-C."""

import _thread
import threading
import time

import pytest

from quoridor import Engine, Game, IllegalMoveError, Move, Position, QuoridorError


def test_an_engine_game_to_the_end():
    game = Game(size=7)
    strong, weak = Engine(level=8, seed=1), Engine(level=2, seed=1)
    while not game.is_over:
        engine = strong if game.turn == "south" else weak
        result = engine.best_move(game, depth=3)
        assert result.move in game.legal_moves()
        assert result.pv[0] == result.move and result.depth >= 1
        game.play(result.move)
        assert len(game) < 300
    assert game.winner in ("south", "north") and game.termination == "goal"


def test_a_win_in_one_is_seen():
    pos = Position("5 c4,a5 - 0,0 south 6")
    result = Engine().best_move(pos, depth=2)
    assert result.move == Move("c5")
    assert result.plies_to_end == 1 and result.expected_outcome == 1.0
    assert result.value_text == "win in 1"


def test_limits_and_levels():
    engine = Engine(level=5, hash_mb=4)
    assert engine.level == 5
    engine.level = 8
    assert engine.level == 8
    result = engine.best_move(Position(), time_ms=50)
    assert result.seconds < 2
    assert engine.best_move(Position(size=5), nodes=500, level=1).move in Position(size=5).legal_moves()
    assert engine.level == 8
    for kwargs, words in [
        (dict(time_ms=0), "time_ms 0"),
        (dict(depth=0), "depth 0"),
        (dict(depth=1000), "depth 1000"),
        (dict(nodes=0), "nodes"),
        (dict(depth=2, time_ms=10), "at most one"),
        (dict(level=9), "level 9"),
    ]:
        with pytest.raises(QuoridorError, match=words):
            engine.best_move(Position(), **kwargs)
    with pytest.raises(QuoridorError, match="hash_mb"):
        Engine(hash_mb=10**9)
    with pytest.raises(TypeError, match="a Position or a Game"):
        engine.best_move("9 e1,e9 - 10,10 south 0")
    over = Position(size=3)
    for m in ["a1", "a3", "a2", "b3", "a3"]:
        over.play(m)
    with pytest.raises(IllegalMoveError, match="game is over"):
        engine.best_move(over, depth=1)


def test_analyze_reviews_every_move():
    game = Game.parse("5 2 3 c2 c4 c3 b4h")
    game.resign("south")
    reviews = Engine().analyze(game, depth=2)
    assert [r.index for r in reviews] == [0, 1, 2, 3]
    assert [str(r.played) for r in reviews] == ["c2", "c4", "c3", "b4h"]
    assert [r.seat for r in reviews] == ["south", "north", "south", "north"]
    assert all(0 <= r.expected_outcome <= 1 for r in reviews)


def test_ctrl_c_stops_a_long_search():
    timer = threading.Timer(0.3, _thread.interrupt_main)
    timer.start()
    started = time.monotonic()
    with pytest.raises(KeyboardInterrupt):
        Engine().best_move(Position(size=11), time_ms=60_000)
    assert time.monotonic() - started < 5
    timer.cancel()
