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
