"""The engine from Python: a game to the end, analysis, limits, Ctrl-C."""

import _thread
import signal
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


def test_a_game_lets_four_players_see_a_repetition_coming():
    # South far ahead; its best step, then every pawn out and back: given
    # the game, South's step would bring a position back (a draw), so it
    # plays another move; given the bare position, the step.
    start = Position("9 e5,b5,e8,h5 - 5,5,5,5 south 20 repetition")
    engine = Engine(level=8)
    fresh = engine.best_move(start, depth=4).move
    game = Game(start)
    for move in [fresh, "c5", "e7", "g5", "e5", "b5", "e8", "h5"]:
        game.play(move)
    assert engine.best_move(game, depth=4).move != fresh
    assert engine.best_move(game.position, depth=4).move == fresh


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


def test_the_opening_book_can_be_left_out():
    start = Position()
    engine = Engine(seed=3)
    assert engine.book
    # Full strength plays the standard game's opening from its book: at
    # once, without searching.
    booked = engine.best_move(start, time_ms=5_000)
    assert booked.nodes == 0 and booked.seconds < 1
    assert booked.move in start.legal_moves() and booked.pv[0] == booked.move
    engine.book = False
    assert not engine.book
    searched = engine.best_move(start, depth=3)
    assert searched.nodes > 0 and searched.depth == 3
    assert Engine(book=False).best_move(start, depth=2).nodes > 0
    # The review searches every position, the book's too, and leaves the
    # engine's setting as it was.
    engine.book = True
    reviews = engine.analyze(Game.parse("9 2 10 e2 e8"), depth=2)
    assert [str(r.played) for r in reviews] == ["e2", "e8"]
    # A searched line, not the book's line of nine plies.
    assert all(len(r.pv) <= 6 for r in reviews)
    assert engine.book
    assert engine.best_move(start, depth=2).nodes == 0


def test_ctrl_c_stops_a_long_search():
    # One Ctrl-C, 0.3 s into a search of a minute. (A single press once went
    # unseen and the search ran to its end: the test process had been
    # started in the background, where Ctrl-C comes ignored, and then
    # `interrupt_main` does nothing. With Python's own handler installed for
    # the test, one press is always seen.)
    stopped = threading.Event()

    def press():
        if not stopped.wait(0.3):
            _thread.interrupt_main()

    # A process started in the background without job control (`cmd &` in
    # a script, as a CI runner may be) inherits Ctrl-C ignored, and then
    # `interrupt_main` does nothing: Python's own handler, as in a terminal.
    previous = signal.signal(signal.SIGINT, signal.default_int_handler)
    presser = threading.Thread(target=press)
    presser.start()
    started = time.monotonic()
    try:
        with pytest.raises(KeyboardInterrupt):
            Engine().best_move(Position(size=11), time_ms=60_000)
    finally:
        stopped.set()
        presser.join()
        signal.signal(signal.SIGINT, previous)
    assert time.monotonic() - started < 5
