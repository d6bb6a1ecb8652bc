// The notation page's mirror of the rules core (international draughts, SWR art. 5-6): legal
// moves of a position, so an illegal tap is refused at once, even while the relay is out of
// reach. The relay checks every entry again with the real core (draughts/rules).
import { squareToRowCol, rowColToSquare } from './fen.js';

const DIRS = [[-1, -1], [-1, 1], [1, -1], [1, 1]];

function step(square, [dr, dc]) {
  const { row, col } = squareToRowCol(square);
  return rowColToSquare(row + dr, col + dc);
}

/** @returns {{from:number,to:number,captured:number[],path:number[]}[]} every legal move, one per (from, to, captured). */
export function legalMoves(position) {
  const own = [...position.pieces].filter(([, p]) => p.color === position.side);
  const captures = [];
  for (const [sq, p] of own) captureFrom(position, sq, p, captures);
  if (captures.length) {
    const most = Math.max(...captures.map(m => m.captured.length));
    return distinct(captures.filter(m => m.captured.length === most));
  }
  const quiet = [];
  for (const [sq, p] of own) {
    for (const dir of DIRS) {
      if (!p.king && dir[0] !== (p.color === 'W' ? -1 : 1)) continue;
      for (let to = step(sq, dir); to && !position.pieces.has(to); to = step(to, dir)) {
        quiet.push({ from: sq, to, captured: [], path: [sq, to] });
        if (!p.king) break;
      }
    }
  }
  return quiet;
}

function captureFrom(position, from, piece, out) {
  // the moving piece has left its square; captured pieces stay (and block) until the capture ends (6.1)
  const occupied = sq => sq !== from && position.pieces.has(sq);
  const enemy = sq => sq !== from && position.pieces.get(sq)?.color === (piece.color === 'W' ? 'B' : 'W');
  const search = (at, path, captured) => {
    let extended = false;
    for (const dir of DIRS) {
      let over = step(at, dir);
      if (piece.king) while (over && !occupied(over)) over = step(over, dir);
      if (!over || !enemy(over) || captured.includes(over)) continue;
      for (let land = step(over, dir); land && !occupied(land); land = step(land, dir)) {
        extended = true;
        search(land, [...path, land], [...captured, over]);
        if (!piece.king) break;
      }
    }
    if (!extended && captured.length) {
      out.push({ from, to: at, captured: [...captured].sort((a, b) => a - b), path });
    }
  };
  search(from, [from], []);
}

export function moveKey(m) {
  return `${m.from}-${m.to}x${m.captured.join(',')}`;
}

function distinct(moves) {
  const seen = new Map();
  for (const m of moves) if (!seen.has(moveKey(m))) seen.set(moveKey(m), m);
  return [...seen.values()];
}

/** The position after `move`: captured pieces removed, a man that stops on the far row crowned (3.3). */
export function applyMove(position, move) {
  const pieces = new Map(position.pieces);
  const piece = pieces.get(move.from);
  pieces.delete(move.from);
  for (const sq of move.captured) pieces.delete(sq);
  const far = piece.color === 'W' ? move.to <= 5 : move.to >= 46;
  pieces.set(move.to, { color: piece.color, king: piece.king || far });
  return { side: position.side === 'W' ? 'B' : 'W', pieces };
}

/** PDN notation (SWR 11.3): 32-28, 28x19; the full path where another legal capture shares from and to. */
export function notate(move, legal) {
  if (!move.captured.length) return `${move.from}-${move.to}`;
  const twins = legal.filter(m => m.from === move.from && m.to === move.to && m.captured.length);
  if (twins.length > 1) return move.path.join('x');
  return `${move.from}x${move.to}`;
}
