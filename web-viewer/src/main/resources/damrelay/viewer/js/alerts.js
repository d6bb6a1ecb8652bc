// The alert vocabulary of shared/spec/arbiter-events.md: how loud each alert is. The words and
// articles are alert-text.js's (the catalogs'), shared with the report and the game pages.
import { alertWords, articleRefs, articleText, titleWithArticle } from './alert-text.js';

// The arbiter must act on these; warnings need a look; the rest is information.
const ACT = new Set(['ILLEGAL_MOVE', 'POSITION_UNKNOWN', 'FLAG_FALL', 'DRAW_BY_RULE', 'NO_LEGAL_MOVES',
  'EARLY_DRAW_AGREED', 'BOARD_DISCONNECTED', 'BOARD_ORIENTATION',
  'NOTATION_STOPPED', // the game goes on paper: the arbiter enters the rest from the scoresheet
  'GAME_STARTED']); // the board waits until the arbiter assigns it to a game
const LOOK = new Set(['UNCROWNED_KING', 'MOVE_REPLACED', 'MOVE_RETRACTED', 'IRREGULAR_MOVE_STANDS',
  'INCOMPLETE_MOVE', 'CLOCK_PRESSED_WITHOUT_MOVE', 'CLOCK_MISMATCH', 'ACCIDENTAL_DISPLACEMENT']);

/** "SWR 6.4, 7.2": the article an alert concerns, as people write it. */
export function articleOf(type, subtype, variant) {
  return articleText(articleRefs(type, subtype, variant));
}

export function severityOf(type) {
  if (ACT.has(type)) return 'error';
  if (LOOK.has(type)) return 'warning';
  return 'info';
}

/** "Illegal move: capture missed (SWR 6.2)": the alert's readable title with the article it concerns. */
export function titleOf(type, subtype, variant) {
  return titleWithArticle(alertWords({ type, subtype }, { variant }));
}
