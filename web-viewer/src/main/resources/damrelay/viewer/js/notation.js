// Move notation and move-list layout (PDN: "32-28", "28x19", long form "28x19x10").

/** The squares named in a move's notation, in order: [from, ..., to]. */
export function pathOf(notation) {
  const m = /^\s*(\d+)\s*([-x])\s*(\d+(?:\s*x\s*\d+)*)\s*$/.exec(notation ?? '');
  if (!m) return [];
  return [Number(m[1]), ...m[3].split('x').map(s => Number(s.trim()))];
}

/** A MoveData of the wire in PDN's short form: "32-28", "28x19" (the relay sends notation where it has it). */
export function moveNotation(move) {
  return `${move?.from ?? '?'}${move?.captured?.length ? 'x' : '-'}${move?.to ?? '?'}`;
}

export function isCapture(notation) {
  return /x/.test(notation ?? '');
}

/** Move number and colour of a ply (ply 1 = white's first move). */
export function plyLabel(ply) {
  return { number: Math.ceil(ply / 2), white: ply % 2 === 1 };
}

/**
 * Rows of a move list: {number, white, black} where white/black are moves (with .ply) or null.
 * A game resumed with black to move starts with a row whose white half is empty ("1. ... 18-22").
 */
export function moveRows(moves) {
  const rows = [];
  for (const move of moves) {
    const { number, white } = plyLabel(move.ply);
    let row = rows[rows.length - 1];
    if (!row || row.number !== number) {
      row = { number, white: null, black: null };
      rows.push(row);
    }
    if (white) row.white = move; else row.black = move;
  }
  return rows;
}

/** PDN movetext for a list of moves and a result, wrapped for reading. */
export function pdnMovetext(moves, result) {
  const tokens = [];
  for (const row of moveRows(moves)) {
    tokens.push(`${row.number}.${row.white ? '' : '..'}`);
    if (row.white) tokens.push(row.white.notation);
    if (row.black) tokens.push(row.black.notation);
  }
  if (result) tokens.push(result);
  return tokens.join(' ');
}
