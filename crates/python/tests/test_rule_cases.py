"""The rules' hard cases one by one, as the other Quoridor packages test
them (our own positions and words): jumps, side-steps against a fence and
the board's edge, fences that overlap, cross or close the last path, and
the path test that ignores pawns."""

import pytest

from quoridor import IllegalMoveError, Position


def pawn_moves(position):
    return sorted(str(m) for m in position.legal_moves() if not str(m).endswith(("h", "v")))


def test_a_pawn_facing_another_jumps_over_it():
    assert pawn_moves(Position("9 e5,e6 - 10,10 south 0")) == ["d5", "e4", "e7", "f5"]


def test_a_fence_behind_the_other_pawn_turns_the_jump_into_side_steps():
    # e6h closes e6–e7: the two diagonals instead.
    assert pawn_moves(Position("9 e5,e6 e6h 10,9 south 1")) == ["d5", "d6", "e4", "f5", "f6"]


def test_the_board_edge_behind_the_other_pawn_gives_side_steps_too():
    assert pawn_moves(Position("9 e8,e9 - 10,10 south 0")) == ["d8", "d9", "e7", "f8", "f9"]


def test_a_side_step_against_a_fence_is_refused_on_that_side():
    # d6v closes d6–e6: only the step to f6 is left.
    position = Position("9 e5,e6 e6h,d6v 9,9 south 2")
    assert pawn_moves(position) == ["d5", "e4", "f5", "f6"]
    assert position.why_illegal("d6") is not None


def test_a_fence_between_the_pawns_allows_neither_jump_nor_side_step():
    position = Position("9 e5,e6 e5h 9,10 south 1")
    assert pawn_moves(position) == ["d5", "e4", "f5"]
    with pytest.raises(IllegalMoveError):
        position.play("e7")


def test_fences_may_not_overlap_or_cross_but_may_touch():
    position = Position()
    position.play("e3h")
    assert position.why_illegal("f3h") == "fence overlaps e3h"
    assert position.why_illegal("d3h") == "fence overlaps e3h"
    assert position.why_illegal("e3v") == "fence crosses e3h"
    # End to end, and a vertical one beside it: both fine.
    assert position.why_illegal("c3h") is None
    assert position.why_illegal("d3v") is None


def test_a_fence_that_closes_the_last_path_is_refused_and_changes_nothing():
    position = Position(size=5)
    for move in ["a1h", "c4", "c1h", "c5"]:
        position.play(move)
    before = position.copy()
    assert position.why_illegal("d1v") == "no path left for south"
    with pytest.raises(IllegalMoveError, match="no path left for south"):
        position.play("d1v")
    assert position == before


def test_the_path_test_ignores_pawns():
    # The only way left for South runs through North's square: the fence
    # is legal, and the path goes through c3.
    position = Position("5 c1,c3 b1v,b3v,c1v 1,2 south 0")
    assert position.why_illegal("c3v") is None
    position.play("c3v")
    assert position.distances["south"] == 4
    assert position.shortest_path("south") == ["c2", "c3", "c4", "c5"]
