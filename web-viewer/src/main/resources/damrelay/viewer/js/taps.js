// Entering a move by taps on the notation page, as a small state machine over the legal moves:
//   idle      — nothing chosen: a tap on a piece that can move chooses it
//   piece     — a piece chosen: a tap on a square it can reach ends the move; a tap on a square
//               it passes during a capture marks the way; a tap on another movable piece re-chooses
//   ambiguous — the destination is reached by two captures taking different pieces: a tap on a
//               square only one of them passes decides
// Anything else is refused at once (the tap changes nothing and the page says so).
import { t } from './i18n.js';
import { moveKey, brokenRule } from './rules.js';

export const IDLE = { phase: 'idle', from: 0, via: [], to: 0 };

/** The legal moves that fit what was tapped so far. */
export function candidates(state, legal) {
  if (state.phase === 'idle') return legal;
  return legal.filter(m => m.from === state.from && passesInOrder(m.path.slice(1), state.via)
    && (state.phase !== 'ambiguous' || m.to === state.to));
}

function passesInOrder(path, via) {
  let i = 0;
  for (const sq of path) if (i < via.length && sq === via[i]) i++;
  return i === via.length;
}

function distinctMoves(moves) {
  return [...new Map(moves.map(m => [moveKey(m), m])).values()];
}

/**
 * One tap. Returns {state, move} when the move is complete, {state} when more taps are needed,
 * {state, refused: text} when the tap cannot be part of a legal move (the state is unchanged).
 */
export function tap(state, square, legal) {
  const movable = sq => legal.some(m => m.from === sq);
  if (state.phase === 'idle' || (state.phase === 'piece' && state.via.length === 0 && movable(square) && square !== state.from)) {
    if (!movable(square)) return { state, refused: t('notate.refused.start', { square }) };
    return { state: { phase: 'piece', from: square, via: [], to: 0 } };
  }
  const fits = candidates(state, legal);
  // a second tap on the chosen piece lets go of it, unless a king's capture ends where it started
  if (square === state.from && state.phase === 'piece' && !fits.some(m => m.to === square)) return { state: IDLE };
  if (state.phase === 'ambiguous') {
    const left = distinctMoves(fits.filter(m => m.path.slice(1, -1).includes(square)));
    if (!left.length) return { state, refused: t('notate.refused.passes', { to: state.to, square }) };
    const next = { ...state, via: [...state.via, square] };
    return left.length === 1 ? { state: IDLE, move: left[0] } : { state: next };
  }
  const ending = distinctMoves(fits.filter(m => m.to === square));
  if (ending.length === 1) return { state: IDLE, move: ending[0] };
  if (ending.length > 1) return { state: { phase: 'ambiguous', from: state.from, via: state.via, to: square } };
  const passing = fits.filter(m => m.path.slice(1, -1).includes(square));
  if (passing.length) return { state: { ...state, via: [...state.via, square] } };
  return { state, refused: t('notate.refused.cannot', { from: state.from, square }) };
}

/**
 * The refusal of a tap or a typed move in words: the rule it breaks when one does (capture is
 * compulsory, the majority capture comes first), else `fallback` (what the tap state machine said).
 */
export function refusalText(position, from, to, fallback) {
  const broken = from ? brokenRule(position, from, to || null) : null;
  if (!broken) return fallback;
  return t(`notate.rule.${broken.rule}`, { squares: broken.from.join(', '), n: broken.most });
}

/** Squares worth marking: the chosen piece, the squares it may still reach or pass, and what to tap next. */
export function hints(state, legal) {
  if (state.phase === 'idle') return { chosen: [], targets: [] };
  const fits = candidates(state, legal);
  const targets = state.phase === 'ambiguous'
    ? fits.flatMap(m => m.path.slice(1, -1)).filter(sq => !state.via.includes(sq))
    : fits.map(m => m.to);
  return { chosen: [state.from, ...state.via, ...(state.to ? [state.to] : [])], targets: [...new Set(targets)] };
}

/**
 * A move typed on a keyboard ("32-28", "28x19", or the full path "28x19x10" for an ambiguous
 * capture): {move} when exactly one legal move fits, else {refused: text} saying why.
 */
export function typedMove(text, legal) {
  const squares = String(text ?? '').trim().split(/\s*[-x:]\s*/).map(Number);
  if (squares.length < 2 || squares.some(n => !Number.isInteger(n) || n < 1 || n > 50)) return { refused: t('notate.typed.unreadable') };
  const [from, to] = [squares[0], squares[squares.length - 1]];
  const via = squares.slice(1, -1);
  const fits = distinctMoves(legal.filter(m => m.from === from && m.to === to && via.every(sq => m.path.slice(1, -1).includes(sq))));
  if (fits.length === 1) return { move: fits[0] };
  if (fits.length > 1) return { refused: t('notate.typed.ambiguous', { from, to }) };
  return { from, to, refused: legal.some(m => m.from === from) ? t('notate.refused.cannot', { from, square: to }) : t('notate.refused.start', { square: from }) };
}
