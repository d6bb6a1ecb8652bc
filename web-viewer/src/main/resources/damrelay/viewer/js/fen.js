// PDN FEN for 10x10 draughts: "W:W31-35,K46:B1,2" — side to move, then each colour's pieces.
// Ranges and K-prefixed kings are allowed, as written by PDN 3.0 tools.

/** @typedef {{color: 'W'|'B', king: boolean}} Piece */
/** @typedef {{side: 'W'|'B', pieces: Map<number, Piece>}} Position */

export const START_FEN = 'W:W31-50:B1-20';

/** Parses a FEN; throws an Error that quotes the offending part. */
export function parseFen(text) {
  if (typeof text !== 'string') throw new Error(`FEN must be text, got ${typeof text}`);
  const fen = text.trim().replace(/^\[FEN\s+"|"\]$/g, '').replace(/^"|"$/g, '').replace(/\.$/, '');
  const parts = fen.split(':');
  const side = parts[0].toUpperCase();
  if (side !== 'W' && side !== 'B') throw new Error(`FEN "${text}": side to move must be W or B, not "${parts[0]}"`);
  const pieces = new Map();
  for (const part of parts.slice(1)) {
    if (part === '') continue;
    const color = part[0].toUpperCase();
    if (color !== 'W' && color !== 'B') throw new Error(`FEN "${text}": piece list "${part}" must start with W or B`);
    for (const item of part.slice(1).split(',')) {
      if (item === '') continue;
      const king = item[0].toUpperCase() === 'K';
      const body = king ? item.slice(1) : item;
      const range = /^(\d+)(?:-(\d+))?$/.exec(body);
      if (!range) throw new Error(`FEN "${text}": "${item}" is not a square or range`);
      const from = Number(range[1]);
      const to = range[2] === undefined ? from : Number(range[2]);
      if (from < 1 || to > 50 || from > to) throw new Error(`FEN "${text}": square "${item}" is outside 1-50`);
      for (let sq = from; sq <= to; sq++) pieces.set(sq, { color, king });
    }
  }
  return { side, pieces };
}

/** Squares are numbered 1-50 from black's side; square 1 is the second field of the top row. */
export function squareToRowCol(square) {
  const row = Math.floor((square - 1) / 5);
  const col = 2 * ((square - 1) % 5) + (row % 2 === 0 ? 1 : 0);
  return { row, col };
}

export function rowColToSquare(row, col) {
  if (row < 0 || row > 9 || col < 0 || col > 9 || (row + col) % 2 === 0) return 0;
  return row * 5 + Math.floor(col / 2) + 1;
}

/** Squares whose occupant changed from `before` to `after`, split by what happened. */
export function diff(before, after) {
  const vacated = [];
  const occupied = [];
  for (const [sq, p] of before.pieces) {
    const q = after.pieces.get(sq);
    if (!q || q.color !== p.color) vacated.push(sq);
  }
  for (const [sq, p] of after.pieces) {
    const q = before.pieces.get(sq);
    if (!q || q.color !== p.color) occupied.push(sq);
  }
  return { vacated: vacated.sort((a, b) => a - b), occupied: occupied.sort((a, b) => a - b) };
}
