"""The examples of the docs run: the engine of a bot in a dozen lines
(examples/gtp_bot.py) answers the engine protocol as `quoridor bot` and
`quoridor match` drive it."""
import pathlib
import subprocess
import sys

import quoridor

EXAMPLE = pathlib.Path(__file__).resolve().parent.parent / "examples" / "gtp_bot.py"


def talk(lines):
    """Sends the commands, one a line; the answers, one a command."""
    out = subprocess.run(
        [sys.executable, str(EXAMPLE)],
        input="".join(line + "\n" for line in lines),
        capture_output=True,
        text=True,
        timeout=60,
        check=True,
    ).stdout
    return [answer.strip() for answer in out.split("\n\n") if answer.strip()]


def test_the_bot_engine_plays_a_legal_move_in_its_time():
    answers = talk(["newgame 9 2 10", "play e2", "time_left 100", "genmove", "quit"])
    assert answers[:3] == ["=", "=", "="]
    assert answers[3].startswith("= ")
    pos = quoridor.Position()
    pos.play("e2")
    pos.play(answers[3][2:])  # raises unless legal


def test_the_bot_engine_refuses_an_illegal_move_and_goes_on():
    answers = talk(["newgame 5 2 3", "play e5", "play c2", "genmove"])
    assert answers[0] == "="
    assert answers[1].startswith("? ")
    assert answers[2] == "="
    assert answers[3].startswith("= ")
    pos = quoridor.Position(size=5, players=2, fences=3)
    pos.play("c2")
    pos.play(answers[3][2:])
