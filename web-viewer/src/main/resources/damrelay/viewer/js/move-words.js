// How a move is named where a person reads it: as the notation form numbers it, with the colour
// ("zet 18 (zwart)", "move 18 (black)"), never a half-move count. Plies are numbered from white's
// first move (arbiter-events.md; model.js firstPly: a game set up with black to move starts at
// ply 1), so a ply's parity is its colour and ceil(ply / 2) its number, whatever the start.
import { t } from './i18n.js';
import { plyLabel } from './notation.js';

/** {number, side: 'white'|'black'} of a ply; null for no ply (0, empty, not a number). */
export function moveOfPly(ply) {
  const p = Number(ply);
  if (!Number.isInteger(p) || p < 1) return null;
  const { number, white } = plyLabel(p);
  return { number, side: white ? 'white' : 'black' };
}

/**
 * The ply of a move as the scoresheet names it: move 18 of black is ply 36, of white ply 35; move 0
 * is the start position (ply 0, either colour). null for what is not a move number.
 */
export function plyOfMove(number, side) {
  const text = String(number ?? '').trim();
  if (!/^\d+$/.test(text)) return null;
  const n = Number(text);
  if (n === 0) return 0;
  if (side === 'W' || side === 'white') return 2 * n - 1;
  if (side === 'B' || side === 'black') return 2 * n;
  return null;
}

/** "zet 18 (zwart)" / "move 18 (black)"; `none` (default "–") for no ply. */
export function moveWords(ply, none = '–') {
  const m = moveOfPly(ply);
  return m ? t('move.ofPly', { n: m.number, side: t(`alert.side.${m.side}`) }) : none;
}

/**
 * Where a game stands after a ply: "na zet 18 (zwart)" / "after move 18 (black)", or for ply 0 the
 * start position (`startKey`: its words where the sentence needs others, "bij de beginstelling").
 */
export function afterPlyWords(ply, startKey = 'move.start') {
  return moveOfPly(ply) ? t('move.after', { move: moveWords(ply) }) : t(startKey);
}
