"""The rules through Python: the conformance corpus, perft, notation,
records, and bad input refused with clear exceptions."""

import copy
import json
import pickle
from pathlib import Path

import pytest

import quoridor
from quoridor import Game, IllegalMoveError, Move, ParseError, Position, QuoridorError

CORPUS = Path(__file__).resolve().parents[2] / "rules" / "tests" / "data"


def corpus_games(name):
    with open(CORPUS / name, encoding="utf-8") as file:
        for line in file:
            if line.strip():
                yield json.loads(line)


@pytest.mark.parametrize("name", ["openspiel-2p.jsonl", "openspiel-4p.jsonl"])
def test_conformance_corpus(name):
    """Every legal-move list of OpenSpiel's games, ply by ply (the corpus
    README's differences: no final list after a length draw, `pass` when stuck)."""
    games = 0
    for game in corpus_games(name):
        games += 1
        pos = Position(size=game["size"], players=game["players"], fences=game["walls"])
        moves, legal = game["moves"], game["legal"]
        assert len(legal) == len(moves) + 1
        for ply, expected in enumerate(legal):
            last = ply == len(moves)
            if last and game["end"] == "draw_max_length":
                break
            if last and game["end"] == "stuck":
                expected = ["pass"]
            ours = sorted(str(m) for m in pos.legal_moves())
            assert ours == expected, f"game {game['id']} ply {ply}"
            assert sorted(pos.legal_actions()) == sorted(pos.move_to_action(m) for m in expected)
            if last:
                break
            pos.play(moves[ply])
        if game["end"] == "win":
            assert pos.is_over
            assert pos.winner == pos.seats[game["winner"]]
    assert games in (240, 160)


def test_perft_from_the_start():
    pos = Position()
    assert [quoridor.perft(pos, d) for d in (0, 1, 2, 3)] == [1, 131, 16677, 2062264]
    assert quoridor.perft(pos, 3, hash_mb=16, threads=2) == 2062264
    assert quoridor.perft(Position(size=5, players=4), 2) == quoridor.perft(
        Position(size=5, players=4), 2, hash_mb=1
    )


def test_perft_refuses_bad_arguments():
    with pytest.raises(QuoridorError, match="depth 99 is not 0 to 32"):
        quoridor.perft(Position(), 99)
    with pytest.raises(QuoridorError, match="threads 0"):
        quoridor.perft(Position(), 1, threads=0)
    with pytest.raises(TypeError):
        quoridor.perft("9 e1,e9 - 10,10 south 0", 1)


def test_play_undo_and_why():
    pos = Position()
    start = pos.copy()
    pos.play("e2")
    pos.play(Move("e3h"))
    with pytest.raises(IllegalMoveError, match="fence crosses e3h"):
        pos.play("e3v")
    assert pos.why_illegal("e3v") == "fence crosses e3h"
    assert pos.why_illegal("e1") is None
    assert not pos.is_legal("e4") and pos.is_legal("d2")
    assert pos.history == [Move("e2"), Move("e3h")]
    assert pos.fences == [Move("e3h")]
    assert pos.fences_left("north") == 9 and pos.fences_left(0) == 10
    assert pos.undo() == Move("e3h")
    assert pos.undo() == Move("e2")
    assert pos == start and hash(pos) == hash(start)
    with pytest.raises(QuoridorError, match="no move to take back"):
        pos.undo()


def test_a_game_to_its_goal():
    pos = Position(size=3)
    pos.play("a1")
    pos.play("a3")
    assert pos.pawns == {"south": "a1", "north": "a3"}
    pos.play("a2")
    pos.play("b3")
    pos.play("a3")
    assert pos.is_over and pos.winner == "south" and pos.outcome == "south"
    with pytest.raises(IllegalMoveError, match="game is over"):
        pos.play("b2")
    assert pos.legal_moves() == []


def test_distances_and_paths():
    pos = Position(size=5)
    assert pos.distances == {"south": 4, "north": 4}
    assert pos.shortest_path("south") == ["c2", "c3", "c4", "c5"]
    pos.play("c1h")
    assert pos.distances == {"south": 5, "north": 5}
    path = pos.shortest_path("n")
    assert len(path) == 5 and path[-1][1] == "1"


def test_notation_round_trip_and_variants():
    text = "9 e1,a5,e9,i5 - 5,5,5,5 south 0 teams"
    pos = Position(text)
    assert pos.to_notation() == text
    assert pos.variant == "teams" and pos.players == 4
    assert pos.seats == ["south", "west", "north", "east"]
    assert repr(pos) == f"Position('{text}')"
    assert Position(size=7, fences=8).to_notation() == "7 d1,d7 - 8,8 south 0 fences=8"
    scoring = Position(size=5, variant="scoring")
    assert scoring.score("south") == 0


def test_copies_and_pickles():
    pos = Position(size=7)
    pos.play("d2")
    for twin in (pos.copy(), copy.copy(pos), copy.deepcopy(pos), pickle.loads(pickle.dumps(pos))):
        assert twin == pos
    twin = pos.copy()
    twin.play("d6")
    assert twin != pos
    assert {pos, pos.copy()} == {pos}
    assert pickle.loads(pickle.dumps(Move("e3v"))) == Move("e3v")


def test_moves_are_values():
    assert str(Move("E3H")) == "e3h" and repr(Move("a1v")) == "Move('a1v')"
    assert Move("pass").kind == "pass" and Move("pass").square is None
    assert Move("e2").kind == "pawn" and Move("e2").orientation is None
    assert len({Move("e2"), Move("e2"), Move("e3")}) == 2
    with pytest.raises(ParseError, match="a move"):
        Move("e3x")
    with pytest.raises(TypeError, match="a move is a Move or its text"):
        Move(3)


@pytest.mark.parametrize(
    "make, error, words",
    [
        (lambda: Position("9 e1,e9 - 10,10 sideways 0"), ParseError, "to-move"),
        (lambda: Position("banana"), ParseError, "size"),
        (lambda: Position(size=8), QuoridorError, "size"),
        (lambda: Position(size=9, players=3), QuoridorError, "players"),
        (lambda: Position(variant="chess"), QuoridorError, "unknown variant"),
        (lambda: Position("9 e1,e9 - 10,10 south 0", size=7), QuoridorError, "not both"),
        (lambda: Position(fences=-1), OverflowError, "out of range"),
        (lambda: Position().pawn("west"), QuoridorError, "does not play in a 2-player game"),
        (lambda: Position().pawn(5), QuoridorError, "seat index 5 is out of range"),
        (lambda: Position().pawn("up"), ParseError, "a seat"),
        (lambda: Position().pawn(None), TypeError, "a seat is a name"),
        (lambda: Position().play(""), ParseError, "a move"),
        (lambda: Position().play("z9"), ParseError, "found `z9`"),
        (lambda: Position().play("e5"), IllegalMoveError, "not reachable from e1"),
        (lambda: Position().play("e1\x00"), ParseError, "a move"),
        (lambda: Position().apply_action(210), QuoridorError, "out of range"),
        (lambda: Position().apply_action(-5), QuoridorError, "out of range"),
        (lambda: Position().apply_action(2**70), OverflowError, "too large"),
        (lambda: Position().action_to_move(10**6), QuoridorError, "out of range"),
        (lambda: Position(size=5).move_to_action("i9"), QuoridorError, "off the 5x5 board"),
        (lambda: Game.parse("e2 e3h e3v"), ParseError, "fence crosses e3h"),
        (lambda: Game.parse("[Size \"5\"\n"), ParseError, "line 1"),
        (lambda: Game().set_tag("Result", "x"), QuoridorError, "cannot be a tag"),
        (lambda: Game().resign("east"), QuoridorError, "does not play"),
        (lambda: Game().position_at(5), QuoridorError, "past the end"),
    ],
)
def test_bad_input_raises_a_clear_exception(make, error, words):
    with pytest.raises(error, match=words):
        make()


def test_bad_input_changes_nothing():
    pos = Position()
    pos.play("e2")
    before = pos.copy()
    for bad in ["e9", "e3x", "e2", "pass", "i9h"]:
        try:
            pos.play(bad)
        except QuoridorError:
            pass
    pos.play("a1h")
    pos.undo()
    assert pos == before


def test_game_records(tmp_path):
    game = Game(size=5)
    for m in ["c2", "c4", "b2h", "c3"]:
        game.play(m)
    game.set_tag("Event", "Club night\nround 2")
    assert game.tags == {"Event": "Club night round 2"}
    record = game.to_record()
    assert '[Event "Club night round 2"]' in record
    again = Game.parse(record)
    assert again == game and again.moves == game.moves
    assert Game.parse(game.game_line()).moves == game.moves
    path = tmp_path / "club.qdr"
    quoridor.write_game(game, path)
    assert quoridor.read_game(path) == game
    assert not [p for p in tmp_path.iterdir() if p.name.endswith(".tmp")]
    game.resign("north")
    assert (game.winner, game.termination, game.is_over) == ("south", "resignation", True)
    assert game.entries[-1] == "resign north"
    assert game.undo() == "resign north" and not game.is_over
    assert pickle.loads(pickle.dumps(game)) == game
    assert game.position_at(0) == game.start == Position(size=5)
    assert len(game) == 4


def test_read_game_refuses_what_is_not_a_record(tmp_path):
    big = tmp_path / "big.txt"
    big.write_bytes(b"e2 " * 400_000)
    with pytest.raises(ParseError, match="larger than 1 MB"):
        quoridor.read_game(big)
    binary = tmp_path / "bin.qdr"
    binary.write_bytes(b"\xff\xfe\x00e2")
    with pytest.raises(ParseError, match="not valid UTF-8"):
        quoridor.read_game(binary)
    bom = tmp_path / "bom.qdr"
    bom.write_bytes("\ufeffe2 e8".encode("utf-8"))
    assert quoridor.read_game(bom).moves == [Move("e2"), Move("e8")]
    with pytest.raises(FileNotFoundError):
        quoridor.read_game(tmp_path / "missing.qdr")


def test_set_up_game_and_four_players():
    game = Game(Position("9 e2,a5,e9,i5 e8h 5,5,4,5 east 3 teams"))
    game.play("h5")
    assert game.game_line() == "9 e2,a5,e9,i5 e8h 5,5,4,5 east 3 teams moves h5"
    game4 = Game(size=5, players=4)
    game4.resign("west")
    assert not game4.is_over and game4.turn == "south"


def test_garbage_never_crashes():
    """Random text and numbers into every entry point: a clear exception of
    the module (or TypeError/OverflowError from the argument conversion),
    never another error, a panic or a crash."""
    import random

    rng = random.Random(17)
    alphabet = "abcdefghijk0123456789 ,-hvpassouthnorteswHV\n\t[]\"{};.=+x\x00é"
    allowed = (QuoridorError, TypeError, OverflowError)
    samples = ["9 e1,e9 - 10,10 south 0", "e2 e8 e3h", "5 2 3 c2", "pass", "e3h"]
    for _ in range(3000):
        base = rng.choice(samples)
        chars = list(base)
        for _ in range(rng.randint(1, 4)):
            i = rng.randrange(len(chars) + 1)
            if rng.random() < 0.5 and chars:
                del chars[min(i, len(chars) - 1)]
            else:
                chars.insert(i, rng.choice(alphabet))
        text = "".join(chars)
        for call in (
            lambda: Position(text),
            lambda: Move(text),
            lambda: Game.parse(text),
            lambda: Position(size=5).play(text),
            lambda: Position(size=5).pawn(text),
            lambda: Position().apply_action(rng.randint(-(2**63), 2**63 - 1)),
        ):
            try:
                call()
            except allowed:
                pass
