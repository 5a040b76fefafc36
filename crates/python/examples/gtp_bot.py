"""A bot's engine in a dozen lines: the engine protocol (docs/protocol.md) spoken with
the quoridor module's engine. On a server: quoridor bot --engine "python3 gtp_bot.py"."""
import sys

import quoridor

engine, pos, budget = quoridor.Engine(level=8), quoridor.Position(), 1000
for line in sys.stdin:
    command, *args = line.split() or [""]
    answer = ""
    try:
        if command == "newgame":  # newgame SIZE PLAYERS FENCES
            pos = quoridor.Position(size=int(args[0]), players=int(args[1]), fences=int(args[2]))
        elif command == "setboard":
            pos = quoridor.Position(" ".join(args))
        elif command == "play":
            pos.play(args[0])
        elif command == "time_left":  # the milliseconds this move may take
            budget = int(args[0])
        elif command == "genmove":
            answer = str(engine.best_move(pos, time_ms=budget).move)
            pos.play(answer)
        elif command == "quit":
            break
    except (ValueError, IndexError) as error:  # an illegal move (QuoridorError), a bad line
        print(f"? {error}\n", flush=True)
        continue
    print(f"= {answer}\n", flush=True)
