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
  const captures = allCaptures(position);
  if (captures.length) {
    const most = Math.max(...captures.map(m => m.captured.length));
    return distinct(captures.filter(m => m.captured.length === most));
  }
  return quietMoves(position);
}

/** Every capture of the side to move, the ones that take fewer than the most included (6.3 not applied). */
function allCaptures(position) {
  const captures = [];
  for (const [sq, p] of position.pieces) if (p.color === position.side) captureFrom(position, sq, p, captures);
  return captures;
}

/** The moves that capture nothing, as if no capture were due (6.2 not applied). */
function quietMoves(position) {
  const own = [...position.pieces].filter(([, p]) => p.color === position.side);
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

/**
 * The rule a move from `from` (to `to`, when given) breaks, for a refusal that names it: a capture
 * is due and this is none ('compulsory', SWR 6.2), or it takes fewer pieces than another capture
 * ('majority', 6.3). {rule, most (pieces the due capture takes), from (squares that can make it)};
 * null when neither explains the refusal (a square nothing reaches, an opponent's piece...).
 */
export function brokenRule(position, from, to = null) {
  const captures = allCaptures(position);
  if (!captures.length || position.pieces.get(from)?.color !== position.side) return null;
  const most = Math.max(...captures.map(m => m.captured.length));
  const due = { most, from: [...new Set(captures.filter(m => m.captured.length === most).map(m => m.from))].sort((a, b) => a - b) };
  const own = captures.filter(m => m.from === from && (to === null || m.to === to));
  if (own.length) return own.every(m => m.captured.length < most) ? { rule: 'majority', ...due } : null;
  const quiet = quietMoves(position).some(m => m.from === from && (to === null || m.to === to));
  // a piece that could capture chosen, then a square it cannot reach at all: not this rule
  if (to !== null && !quiet) return null;
  return { rule: 'compulsory', ...due };
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
