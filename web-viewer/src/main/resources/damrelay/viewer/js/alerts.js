// The alert vocabulary of shared/spec/arbiter-events.md: articles and how loud each alert is.

const ARTICLES = {
  MOVE_REPLACED: '6.7', MOVE_RETRACTED: '7.2', ILLEGAL_MOVE: '6.4, 7.2',
  'ILLEGAL_MOVE.CAPTURE_MISSED': '6.2', 'ILLEGAL_MOVE.CAPTURE_NOT_MAXIMAL': '6.3',
  'ILLEGAL_MOVE.WRONG_PIECES_REMOVED': '7.2', 'ILLEGAL_MOVE.REMOVED_WITHOUT_CAPTURE': '7.2',
  'ILLEGAL_MOVE.OPPONENT_PIECE_MOVED': '7.2', 'ILLEGAL_MOVE.MOVED_TWICE': '4',
  'ILLEGAL_MOVE.UNCROWNED_KING_MOVED': '3.4', 'ILLEGAL_MOVE.OTHER': '6.4',
  IRREGULAR_MOVE_STANDS: '7.2', UNCROWNED_KING: '3.3, 3.4', KING_CROWNED: '3.3',
  ACCIDENTAL_DISPLACEMENT: '6.8', TOUCH_MOVE: '6.6', CAPTURE_EXECUTION: '6.1, manual 4.4',
  BOARD_ORIENTATION: '7.1', POSITION_UNKNOWN: '17', DRAW_RULE_STARTED: '9.2', DRAW_BY_RULE: '9.2',
  EARLY_DRAW_AGREED: '13.4', NO_LEGAL_MOVES: '8.1', CLOCK_PRESSED_WITHOUT_MOVE: 'manual 4.4',
  INCOMPLETE_MOVE: '6.7', FLAG_FALL: '10.6, 12.1', CLOCK_MISMATCH: 'manual 4.2',
  NOTATION_STOPPED: 'manual 2.5',
};

// The arbiter must act on these; warnings need a look; the rest is information.
const ACT = new Set(['ILLEGAL_MOVE', 'POSITION_UNKNOWN', 'FLAG_FALL', 'DRAW_BY_RULE', 'NO_LEGAL_MOVES',
  'EARLY_DRAW_AGREED', 'BOARD_DISCONNECTED', 'BOARD_ORIENTATION',
  'NOTATION_STOPPED', // the game goes on paper: the arbiter enters the rest from the scoresheet
  'GAME_STARTED']); // the board waits until the arbiter assigns it to a game
const LOOK = new Set(['UNCROWNED_KING', 'MOVE_REPLACED', 'MOVE_RETRACTED', 'IRREGULAR_MOVE_STANDS',
  'INCOMPLETE_MOVE', 'CLOCK_PRESSED_WITHOUT_MOVE', 'CLOCK_MISMATCH', 'ACCIDENTAL_DISPLACEMENT']);

export function articleOf(type, subtype) {
  return ARTICLES[subtype ? `${type}.${subtype}` : type] ?? ARTICLES[type] ?? '';
}

export function severityOf(type) {
  if (ACT.has(type)) return 'error';
  if (LOOK.has(type)) return 'warning';
  return 'info';
}

// What each alert is called on the console: the arbiter reads words, not wire names.
const TITLES = {
  MOVE_REPLACED: 'Move replaced', MOVE_RETRACTED: 'Move taken back', ILLEGAL_MOVE: 'Illegal move',
  'ILLEGAL_MOVE.CAPTURE_MISSED': 'Illegal move: capture missed', 'ILLEGAL_MOVE.CAPTURE_NOT_MAXIMAL': 'Illegal move: not the maximum capture',
  'ILLEGAL_MOVE.WRONG_PIECES_REMOVED': 'Illegal move: wrong pieces removed', 'ILLEGAL_MOVE.REMOVED_WITHOUT_CAPTURE': 'Illegal move: piece removed without a capture',
  'ILLEGAL_MOVE.OPPONENT_PIECE_MOVED': 'Illegal move: opponent\'s piece moved', 'ILLEGAL_MOVE.MOVED_TWICE': 'Illegal move: moved twice',
  'ILLEGAL_MOVE.UNCROWNED_KING_MOVED': 'Illegal move: uncrowned king moved',
  IRREGULAR_MOVE_STANDS: 'Irregular move stands', UNCROWNED_KING: 'Uncrowned king', KING_CROWNED: 'King crowned',
  ACCIDENTAL_DISPLACEMENT: 'Piece displaced', TOUCH_MOVE: 'Touched piece not played', CAPTURE_EXECUTION: 'Capture executed irregularly',
  BOARD_ORIENTATION: 'Board turned the wrong way', POSITION_UNKNOWN: 'Position unknown', POSITION_RECOVERED: 'Position recovered',
  DRAW_RULE_STARTED: 'Draw-rule count started', DRAW_BY_RULE: 'Draw by rule', EARLY_DRAW_AGREED: 'Early draw agreed',
  NO_LEGAL_MOVES: 'No legal moves', CLOCK_PRESSED_WITHOUT_MOVE: 'Clock pressed without a move', INCOMPLETE_MOVE: 'Incomplete move',
  FLAG_FALL: 'Flag fall', CLOCK_MISMATCH: 'Clock does not match the time control', BOARD_DISCONNECTED: 'Board disconnected',
  BOARD_RECONNECTED: 'Board reconnected', GAME_STARTED: 'New game set up on the board',
};

/** "Illegal move: capture missed (art. 6.2)": the alert's readable title with the article it concerns. */
export function titleOf(type, subtype) {
  const title = TITLES[subtype ? `${type}.${subtype}` : type] ?? TITLES[type] ?? type;
  const article = articleOf(type, subtype);
  return article ? `${title} (art. ${article})` : title;
}
