#!/usr/bin/env python3
"""Reads a PDN file as served by the relay with pydraughts, by hand (issue 40).

pydraughts (github.com/AttackingOrDefending/pydraughts) is the Python draughts library importers
use; it is not on the package index here, so give the folder of a checkout of it:

    python3 pydraughts_check.py PYDRAUGHTS_DIR FILE.pdn

Every game must read back with every ply legal on pydraughts' own board, as many plies as the
movetext holds, and the result as in the Result tag. Prints one line per game; exits 1 on a failure.
"""
import re
import sys

if len(sys.argv) != 3:
    sys.exit(__doc__)
sys.path.insert(0, sys.argv[1])
from draughts import Board, Move  # noqa: E402  (pydraughts, from the folder given)
from draughts.PDN import PDNReader  # noqa: E402

with open(sys.argv[2], encoding='utf-8') as f:
    text = f.read()
blocks = re.split(r'\n\n(?=\[Event )', text.strip())
games = PDNReader(pdn_text=text).games
if len(games) != len(blocks):
    sys.exit(f'pydraughts read {len(games)} games, the file has {len(blocks)}')
failed = 0
for i, (game, block) in enumerate(zip(games, blocks), 1):
    movetext = re.sub(r'\{[^}]*\}', '', block.split('\n\n', 1)[1] if '\n\n' in block else '')
    in_file = len(re.findall(r'\b\d+(?:[-x]\d+)+\b', movetext)) - (1 if re.search(r'\b(2-0|1-1|0-2|0-0)\s*$', movetext) else 0)
    board = Board(variant=game.variant or 'standard', fen=game.tags.get('FEN', 'startpos'))
    played, problem = 0, ''
    for mv in game.moves:
        try:
            board.push(Move(board, pdn_move=mv))
        except Exception as e:  # pydraughts refuses the move: say which and why
            problem = f'ply {played + 1} ({mv}) refused: {e!r}'
            break
        played += 1
    if not problem and played != in_file:
        problem = f'{played} plies read, the movetext has {in_file}'
    if not problem and game.game_ending != game.tags.get('Result'):
        problem = f'result {game.game_ending}, the Result tag says {game.tags.get("Result")}'
    failed += bool(problem)
    print(f'game {i}: {game.tags.get("White")} - {game.tags.get("Black")} (ratings {"/".join(game.get_ratings())}), '
          f'{played} plies, {game.game_ending}: {problem or "OK"}')
sys.exit(1 if failed else 0)
