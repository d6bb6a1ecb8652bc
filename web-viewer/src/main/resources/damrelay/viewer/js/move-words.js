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

/** "zet 18 (zwart)" / "move 18 (black)"; `none` (default "–") for no ply. */
export function moveWords(ply, none = '–') {
  const m = moveOfPly(ply);
  return m ? t('move.ofPly', { n: m.number, side: t(`alert.side.${m.side}`) }) : none;
}

/** Where a game stands after a ply: "na zet 18 (zwart)" / "after move 18 (black)", or the start position for ply 0. */
export function afterPlyWords(ply) {
  return moveOfPly(ply) ? t('move.after', { move: moveWords(ply) }) : t('move.start');
}
