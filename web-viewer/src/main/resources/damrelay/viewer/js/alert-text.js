// Plain words for every event type of shared/spec/arbiter-events.md and every alert the relay
// raises itself: a title, a sentence from the event's parameters, the article as people write it
// ("SWR 7.2", "Fries reglement art. 17", "arbitershandleiding 4.4") and a details line for the
// identifiers. The relay sends types and parameters; the words are in the catalogs (alert.*).
import { t, has } from './i18n.js';
import { moveOfPly, moveWords } from './move-words.js';
import { timeControlText } from './time-control.js';

// Where each event is written down. S = SWR (international, KNDB), M = arbiter manual (KNDB),
// F = Frisian rules. A Frisian game cites only the Frisian rules and the manual (arbiter-events.md).
const SWR = {
  MOVE: 'S4 S5', MOVE_REPLACED: 'S6.7', MOVE_RETRACTED: 'S7.2', ILLEGAL_MOVE: 'S6.4 S7.2',
  'ILLEGAL_MOVE.CAPTURE_MISSED': 'S6.2', 'ILLEGAL_MOVE.CAPTURE_NOT_MAXIMAL': 'S6.3',
  'ILLEGAL_MOVE.WRONG_PIECES_REMOVED': 'S7.2', 'ILLEGAL_MOVE.REMOVED_WITHOUT_CAPTURE': 'S7.2',
  'ILLEGAL_MOVE.OPPONENT_PIECE_MOVED': 'S7.2', 'ILLEGAL_MOVE.MOVED_TWICE': 'S4',
  'ILLEGAL_MOVE.UNCROWNED_KING_MOVED': 'S3.4', 'ILLEGAL_MOVE.OTHER': 'S6.4',
  IRREGULAR_MOVE_STANDS: 'S7.2', UNCROWNED_KING: 'S3.3 S3.4', KING_CROWNED: 'S3.3',
  ACCIDENTAL_DISPLACEMENT: 'S6.8', TOUCH_MOVE: 'S6.6', CAPTURE_EXECUTION: 'S6.1 M4.4',
  BOARD_ORIENTATION: 'S7.1', POSITION_UNKNOWN: 'S17', DRAW_RULE_STARTED: 'S9.2', DRAW_BY_RULE: 'S9.2',
  EARLY_DRAW_AGREED: 'S13.4', NO_LEGAL_MOVES: 'S8.1', CLOCK_PRESSED_WITHOUT_MOVE: 'M4.4', CLOCK_NOT_PRESSED: 'M4.4',
  INCOMPLETE_MOVE: 'S6.7', FLAG_FALL: 'S10.6 S12.1', CLOCK_MISMATCH: 'M4.2', NOTATION_STOPPED: 'M2.5',
  BOARD_CLEARED: 'S8.2 M5.4',
};
const FRISIAN = {
  ILLEGAL_MOVE: 'F27', 'ILLEGAL_MOVE.CAPTURE_NOT_MAXIMAL': 'F11', 'ILLEGAL_MOVE.KING_MOVE_LIMIT': 'F17',
  IRREGULAR_MOVE_STANDS: 'F27', MOVE_RETRACTED: 'F27', CAPTURE_EXECUTION: 'F14 M4.4', BOARD_ORIENTATION: 'F26',
  CLOCK_PRESSED_WITHOUT_MOVE: 'M4.4', CLOCK_NOT_PRESSED: 'M4.4', CLOCK_MISMATCH: 'M4.2', NOTATION_STOPPED: 'M2.5',
  BOARD_CLEARED: 'F20 M5.4',
};
const BOOKS = { S: 'article.SWR', F: 'article.FRISIAN', M: 'article.MANUAL', Z: 'article.ZWH' };

// The draw rules by the rules core's names (DrawCount.rule), with their articles.
const DRAW_ARTICLES = {
  SIXTEEN_MOVES: 'S9.2a', FIVE_MOVES: 'S9.2b', REPETITION: 'S9.2c', TWENTY_FIVE_MOVES: 'S9.2d',
  ZWH_KINGS_ENDGAME: 'ZH', ZWH_TWENTY_FIVE_MOVES: 'ZK', ZWH_REPETITION: 'ZK', FRISIAN_TWO_KINGS: 'F18', FRISIAN_KING_VS_KING: 'F21',
};

const isFrisian = variant => String(variant ?? '').toUpperCase() === 'FRISIAN';

/** The article references of an event, e.g. "S6.4 S7.2"; '' when no rule is concerned. */
export function articleRefs(type, subtype, variant) {
  const table = isFrisian(variant) ? FRISIAN : SWR;
  return table[subtype ? `${type}.${subtype}` : type] ?? table[type] ?? '';
}

/** "SWR 6.4, 7.2", "Fries reglement art. 27", "SWR 6.1, arbitershandleiding 4.4": refs in words. */
export function articleText(refs) {
  const byBook = new Map();
  for (const ref of String(refs ?? '').split(/\s+/).filter(Boolean)) {
    const book = ref[0];
    if (!byBook.has(book)) byBook.set(book, []);
    byBook.get(book).push(ref.slice(1));
  }
  return [...byBook].map(([book, arts]) => t(BOOKS[book], { art: arts.join(', ') })).join(', ');
}

/** The article of "an irregular move that stood" in this variant. */
export function irregularStandsArticle(variant) {
  return articleRefs('IRREGULAR_MOVE_STANDS', null, variant);
}

/** "the 16-move rule" / "de zestienzettenregel" for a DrawCount.rule; the relay's label when unknown. */
export function drawRuleText(rule, label = '') {
  return has(`draw.${rule}`) ? t(`draw.${rule}`) : (label || t('draw.unknown'));
}

export function drawArticle(rule) {
  return DRAW_ARTICLES[rule] ? articleText(DRAW_ARTICLES[rule]) : '';
}

const sideWord = side => (side === 'WHITE' || side === 'W' ? 'white' : side === 'BLACK' || side === 'B' ? 'black' : null);

/** The key of an event type's words: alert.<TYPE>[.<SUBTYPE>], falling back to the type, then to "unknown". */
function keyOf(type, subtype) {
  if (subtype && has(`alert.${type}.${subtype}.title`)) return `alert.${type}.${subtype}`;
  return has(`alert.${type}.title`) ? `alert.${type}` : 'alert.unknown';
}

/**
 * The words of one event (GameEvent as the wire sends it, or the viewer's alert model):
 * {title, text, article, details}. `variant` picks the rulebook (FRISIAN or the international SWR).
 */
export function alertWords(event, { variant = '', seq = null } = {}) {
  const e = event ?? {};
  const subtype = e.subtype && e.subtype !== 'ILLEGAL_SUBTYPE_UNSPECIFIED' ? e.subtype : null;
  // the relay's own alerts say why in their stream notice: its cause picks the sentence
  const stream = e.stream ?? {};
  const cause = stream.cause && stream.cause !== 'CAUSE_UNSPECIFIED' ? stream.cause : null;
  // a join that names several paths asks the arbiter to pick one (join-paths.js); one nothing explains, to check
  const join = e.type !== 'JOINED_MID_GAME' ? null : (e.paths?.length ?? 0) > 1 ? 'PATHS' : e.unexplained ? 'UNEXPLAINED' : null;
  // a clock check that carries the clock's figures (GameEvent.clock_check) says them, so the arbiter can judge
  const check = e.type === 'CLOCK_MISMATCH' && e.clockCheck ? e.clockCheck : null;
  const key = keyOf(e.type, subtype ?? cause ?? join ?? (check ? 'FIGURES' : null));
  const side = sideWord(e.side);
  const ply = Number(e.ply ?? 0);
  const path = e.move?.path?.length ? e.move.path : e.move?.from ? [e.move.from, e.move.to] : [];
  const squareList = e.squares ?? [];
  const squares = squareList.join(', ');
  const draw = (e.draws ?? [])[0] ?? null;
  const params = {
    side: side ? t(`alert.side.${side}`) : t('alert.side.unknown'),
    Side: side ? t(`alert.Side.${side}`) : t('alert.Side.unknown'),
    move: moveOfPly(ply)?.number ?? '–',
    moveWords: moveWords(ply),
    what: e.notation || (path.length ? path.join('-') : squares || '–'),
    squares: squares || '–',
    rule: draw ? drawRuleText(draw.rule, draw.label) : t('draw.unknown'),
    count: draw?.count ?? e.count ?? 0,
    limit: draw?.limit ?? '–',
    seq: stream.seq ?? seq ?? '–',
    held: stream.held ?? '–',
    refusal: has(`refusal.${stream.refusal}`) ? t(`refusal.${stream.refusal}`) : t('refusal.other'),
    n: e.paths?.length ?? 0,
    ...(check ? clockFigures(check, moveOfPly(ply)) : {}),
  };
  // sentences that name squares agree with their number ("het stuk op 21", "de stukken op 21 en 5");
  // a touch move's squares are the pieces touched, then the piece played (the driver's order)
  const touched = e.type === 'TOUCH_MOVE' && squareList.length > 1 ? squareList.slice(0, -1) : squareList;
  const countKey = `${key}.text.${touched.length === 1 ? 'one' : 'other'}`;
  if (squareList.length && has(countKey)) {
    params.squares = squareWords(squareList);
    params.touched = squareWords(touched);
    params.played = squareList.length > 1 ? squareList[squareList.length - 1] : '–';
  }
  const refs = draw && DRAW_ARTICLES[draw.rule] && (e.type === 'DRAW_RULE_STARTED' || e.type === 'DRAW_BY_RULE')
    ? DRAW_ARTICLES[draw.rule] : articleRefs(e.type, subtype, variant);
  const shownSeq = seq ?? stream.seq;
  const details = [ply ? moveWords(ply) : null, shownSeq ? t('alert.details.seq', { seq: shownSeq }) : null,
    stream.driver ? t('alert.details.source', { driver: stream.driver, board: stream.board ?? '' }) : null,
    key === 'alert.unknown' ? t('alert.details.type', { type: [e.type, subtype].filter(Boolean).join('.') }) : null]
    .filter(Boolean).join(' · ');
  return {
    title: t(`${key}.title`, params),
    text: (squareList.length && has(countKey) ? t(countKey, params) : t(`${key}.text`, params))
      // the event plays Fischer and a press gave back at most half its increment: the clock may be set to
      // Bronstein, which gives back only the time the move used (manual 4.2)
      + (check && !check.bronstein && Number(check.givenBackSeconds ?? 0) * 2 <= Number(check.expectedSeconds ?? 0)
        ? t('alert.CLOCK_MISMATCH.bronstein') : ''),
    article: articleText(refs),
    details,
  };
}

/** "21", "21 en 5", "21, 5 en 7": squares as a sentence lists them. */
export function squareWords(list) {
  return list.length < 2 ? String(list[0] ?? '–')
    : t('alert.squares.and', { list: list.slice(0, -1).join(', '), last: list[list.length - 1] });
}

/** The figures of a CLOCK_MISMATCH (proto3 JSON of GameEvent.clock_check) as sentence parameters. */
function clockFigures(c, ofPly) {
  const side = sideWord(c.side);
  return {
    move: c.move ?? ofPly?.number ?? '–', // the event's own ply names the move when the figures leave it out
    side: side ? t(`alert.side.${side}`) : t('alert.side.unknown'),
    back: Number(c.givenBackSeconds ?? 0),
    expected: Number(c.expectedSeconds ?? 0),
    tc: timeControlText(c.timeControl) || '–',
  };
}

/** "Illegal move: capture missed (SWR 6.2)": a title with its article, for a list or a heading. */
export function titleWithArticle(words) {
  return words.article ? t('alert.titleWithArticle', { title: words.title, article: words.article }) : words.title;
}
