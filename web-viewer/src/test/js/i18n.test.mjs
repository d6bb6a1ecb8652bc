// The message catalogs: every key in both languages with the same parameters and plural forms,
// the language choice, plurals, dates and times in each language's own form.
import { test } from 'node:test';
import assert from 'node:assert/strict';
import { CATALOGS, LANGUAGES, pickLanguage, t, formatTime, formatDate } from '../../main/resources/damrelay/viewer/js/i18n.js';

const paramsOf = text => [...String(text).matchAll(/\{(\w+)\}/g)].map(m => m[1]).sort();
const forms = entry => (typeof entry === 'object' ? Object.values(entry) : [entry]);

test('every key is in every language, with the same parameters', () => {
  const [first, ...rest] = LANGUAGES;
  const problems = [];
  for (const other of rest) {
    for (const key of Object.keys(CATALOGS[first])) if (!(key in CATALOGS[other])) problems.push(`${other} lacks ${key}`);
    for (const key of Object.keys(CATALOGS[other])) if (!(key in CATALOGS[first])) problems.push(`${first} lacks ${key}`);
  }
  for (const key of Object.keys(CATALOGS[first])) {
    const sets = LANGUAGES.filter(l => key in CATALOGS[l]).map(l => ({ l, p: [...new Set(forms(CATALOGS[l][key]).flatMap(paramsOf))].sort().join(',') }));
    if (new Set(sets.map(s => s.p)).size > 1) problems.push(`${key}: parameters differ: ${sets.map(s => `${s.l}={${s.p}}`).join(' ')}`);
  }
  assert.deepEqual(problems, []);
});

test('entries are text, or plural forms with "other"; no text is empty or left untranslated by mistake', () => {
  const problems = [];
  for (const lang of LANGUAGES) {
    for (const [key, entry] of Object.entries(CATALOGS[lang])) {
      if (typeof entry === 'object' && typeof entry.other !== 'string') problems.push(`${lang} ${key}: plural without "other"`);
      else if (typeof entry !== 'object' && typeof entry !== 'string') problems.push(`${lang} ${key}: not text`);
      for (const f of forms(entry)) if (!String(f).trim()) problems.push(`${lang} ${key}: empty`);
    }
  }
  assert.deepEqual(problems, []);
});

test('keys are grouped by an area prefix', () => {
  for (const lang of LANGUAGES) {
    for (const key of Object.keys(CATALOGS[lang])) assert.match(key, /^[a-z]+\.[\w.-]+$/, `${lang}: ${key}`);
  }
});

test('the language: a stored choice, else the first supported preference, else English', () => {
  assert.equal(pickLanguage(['nl-NL', 'en'], null), 'nl');
  assert.equal(pickLanguage(['de-DE', 'en-US', 'nl'], null), 'en');
  assert.equal(pickLanguage(['nl-BE'], null), 'nl');
  assert.equal(pickLanguage(['fy'], null), 'nl', 'Frisian readers get Dutch');
  assert.equal(pickLanguage(['fr', 'de'], null), 'en');
  assert.equal(pickLanguage(['en-GB'], 'nl'), 'nl', 'the switch wins over the browser');
  assert.equal(pickLanguage(['nl'], 'xx'), 'nl', 'an unknown stored value is ignored');
});

test('t fills parameters and picks plural forms per language', () => {
  assert.equal(t('common.watching', { n: 1 }, 'nl'), '1 kijker');
  assert.equal(t('common.watching', { n: 12 }, 'nl'), '12 kijkers');
  assert.equal(t('common.watching', { n: 0 }, 'nl'), '0 kijkers');
  assert.equal(t('common.board', { board: 7 }, 'en'), 'Board 7');
  assert.equal(t('common.board', { board: 7 }, 'nl'), 'Bord 7');
});

test('dates and times in each language\'s own form', () => {
  const ms = new Date(2026, 10, 28, 14, 5).getTime();
  assert.equal(formatTime(ms, 'nl'), '14:05');
  assert.equal(formatTime(ms, 'en'), '14:05');
  assert.match(formatDate('2026-11-28', 'nl'), /^zaterdag 28 november 2026$/);
  assert.match(formatDate('2026-11-28', 'en'), /^Saturday,? 28 November 2026$/, 'day before month, as in Britain');
});

test('every event type and illegal-move subtype of the proto has a title and a sentence in both languages', async () => {
  const { readFileSync } = await import('node:fs');
  const proto = readFileSync(new URL('../../../../proto/src/main/proto/game.proto', import.meta.url), 'utf8');
  const valuesOf = name => [...proto.slice(proto.indexOf(`enum ${name} {`)).split('}')[0].matchAll(/^\s+([A-Z_]+) = \d+;/gm)]
    .map(m => m[1]).filter(v => !v.endsWith('_UNSPECIFIED'));
  const missing = [];
  for (const lang of LANGUAGES) {
    for (const type of valuesOf('EventType')) for (const part of ['title', 'text']) if (!(`alert.${type}.${part}` in CATALOGS[lang])) missing.push(`${lang} alert.${type}.${part}`);
    for (const sub of valuesOf('IllegalSubtype')) for (const part of ['title', 'text']) if (!(`alert.ILLEGAL_MOVE.${sub}.${part}` in CATALOGS[lang])) missing.push(`${lang} alert.ILLEGAL_MOVE.${sub}.${part}`);
  }
  assert.ok(valuesOf('EventType').length > 25, 'read the EventType enum');
  assert.deepEqual(missing, []);
});

test('alert words: title, sentence from the parameters, the article as people write it, ids in the details', async () => {
  const { alertWords, titleWithArticle } = await import('../../main/resources/damrelay/viewer/js/alert-text.js');
  const { setLanguage } = await import('../../main/resources/damrelay/viewer/js/i18n.js');
  const missed = { type: 'ILLEGAL_MOVE', subtype: 'CAPTURE_MISSED', ply: 31, side: 'WHITE', notation: '32-28' };
  try {
    setLanguage('nl');
    const nl = alertWords(missed, { seq: 15 });
    assert.equal(nl.title, 'Onreglementaire zet: slagplicht niet nagekomen');
    assert.equal(nl.text, 'Wit speelde 32-28 terwijl slaan verplicht was.');
    assert.equal(nl.article, 'SWR 6.2');
    assert.equal(nl.details, 'zet 16 (wit) · volgnummer 15', 'the move as the scoresheet numbers it, never a half-move count');
    assert.equal(alertWords({ type: 'CAPTURE_EXECUTION', ply: 4, side: 'BLACK', notation: '19x30' }).article, 'SWR 6.1, arbitershandleiding 4.4');
    assert.equal(alertWords({ type: 'ILLEGAL_MOVE', subtype: 'KING_MOVE_LIMIT', ply: 60, side: 'BLACK' }, { variant: 'FRISIAN' }).article,
      'Fries reglement art. 17');
    assert.equal(alertWords({ type: 'ILLEGAL_MOVE', subtype: 'OPPONENT_PIECE_MOVED', ply: 9 }, { variant: 'FRISIAN' }).article,
      'Fries reglement art. 27', 'a Frisian game never cites the SWR');
    assert.equal(titleWithArticle(alertWords({ type: 'CLOCK_MISMATCH', ply: 15 })), 'Klok verkeerd ingesteld (arbitershandleiding 4.2)');
    const draw = alertWords({ type: 'DRAW_RULE_STARTED', ply: 80, draws: [{ rule: 'SIXTEEN_MOVES', label: '16-move', count: 1, limit: 16 }] });
    assert.equal(draw.text, 'De telling van de zestienzettenregel is begonnen (1 van 16).');
    assert.equal(draw.article, 'SWR 9.2a');
    setLanguage('en');
    const en = alertWords(missed);
    assert.equal(en.text, 'White played 32-28 while capturing was compulsory.');
    assert.equal(titleWithArticle(alertWords({ type: 'CAPTURE_EXECUTION' })), 'Capture executed irregularly (SWR 6.1, arbiter manual 4.4)');
    assert.equal(alertWords({ type: 'BOARD_ORIENTATION' }, { variant: 'FRISIAN' }).article, 'Frisian rules art. 26');
    assert.equal(alertWords({ type: 'BOARD_BLOCKED', ply: 0 }).details, '', 'no ply 0 in the details');
    assert.equal(alertWords({ type: 'SOMETHING_NEW', ply: 3 }).details, 'move 2 (white) · type SOMETHING_NEW', 'an unknown type keeps its name for the arbiter');
  } finally {
    setLanguage('en');
  }
});

test('the relay\'s own alerts are worded from their stream notice, with the ids in the details', async () => {
  const { alertWords } = await import('../../main/resources/damrelay/viewer/js/alert-text.js');
  const { setLanguage } = await import('../../main/resources/damrelay/viewer/js/i18n.js');
  const gap = { type: 'BOARD_BLOCKED', ply: 12, stream: { cause: 'SEQUENCE_GAP', seq: '40', held: '37', driver: 'hall', board: '103' } };
  const refused = { type: 'BOARD_BLOCKED', stream: { cause: 'REFUSED_EVENT', seq: '15', refusal: 'MOVE_REFUSED', driver: 'hall', board: '101' } };
  try {
    setLanguage('nl');
    assert.equal(alertWords(gap).title, 'Bord wacht: gebeurtenissen ontbreken');
    assert.match(alertWords(gap).text, /stuurt gebeurtenis nr. 40, maar de server .* tot nr. 37/);
    assert.equal(alertWords(gap).details, 'zet 6 (zwart) · volgnummer 40 · bordcomputer hall, bord 103');
    assert.match(alertWords(refused).text, /\(de zet kan niet op de stand volgen\)/);
    setLanguage('en');
    assert.match(alertWords(refused).text, /\(the move cannot follow the position\)/);
    assert.equal(alertWords({ type: 'BOARD_BLOCKED' }).title, 'Board waits for the arbiter', 'an alert journaled before v1.3');
  } finally {
    setLanguage('en');
  }
});

test('no key is written twice in a catalog (the later one would silently win, as parallel additions may do)', async () => {
  const { readFileSync } = await import('node:fs');
  for (const lang of LANGUAGES) {
    const text = readFileSync(new URL(`../../main/resources/damrelay/viewer/js/i18n/${lang}.js`, import.meta.url), 'utf8');
    const keys = [...text.matchAll(/^\s*'([^']+)':/gm)].map(m => m[1]);
    assert.equal(keys.length, Object.keys(CATALOGS[lang]).length + keys.filter((k, i) => keys.indexOf(k) !== i).length, 'read every key');
    assert.deepEqual(keys.filter((k, i) => keys.indexOf(k) !== i), [], `${lang}: written twice`);
  }
});

test('the report words each decision from its audit kind, by whom and why', async () => {
  const { decisionText, scoreState } = await import('../../main/resources/damrelay/viewer/js/report.js');
  const { setLanguage } = await import('../../main/resources/damrelay/viewer/js/i18n.js');
  try {
    setLanguage('nl');
    assert.equal(decisionText({ kind: 'TAKE_BACK', ply: 31, arbiter: 'chief', reason: 'klok te vroeg' }, {}),
      'Partij teruggenomen tot na zet 16 (wit), door arbiter chief. Reden: klok te vroeg');
    assert.equal(decisionText({ kind: 'RESULT_ENTERED', value: '2-0', arbiter: 'arbiter' }, {}),
      'Uitslag 2-0 ingevoerd, door de arbiter', 'the kit\'s credential "arbiter" is the arbiter, not "(arbiter: arbiter)"');
    assert.equal(decisionText({ kind: 'NOTATION_UNDONE', ply: 15, arbiter: 'notation device (H. van der Zee)' }, {}),
      'Invoer van zet 8 (wit) op de telefoon ongedaan gemaakt door H. van der Zee', 'the notator did it, by name, on the phone');
    assert.equal(decisionText({ kind: 'NOTATION_STOPPED', arbiter: 'notation device' }, {}),
      'Digitale notatie gestopt door de noteerder; de partij ging verder op papier', 'a notator who gave no name');
    assert.equal(decisionText({ kind: 'NOTATOR_NAMED', value: 'H. van der Zee', arbiter: 'notation device' }, {}),
      'Genoteerd op de telefoon door H. van der Zee');
    assert.equal(decisionText({ kind: 'SWITCHED_TO_NOTATION', ply: 30, value: 'hall/demo-8', arbiter: 'arbiter' }, {}),
      'Overgeschakeld op notatie met de telefoon na zet 15 (zwart): het sensorbord was defect, door de arbiter', 'no driver/board wire id');
    assert.equal(decisionText({ kind: 'NOTATION_ISSUED', value: 'TIMES_OPTIONAL', arbiter: 'chief' }, {}),
      'Notatielink uitgegeven (tijden naar keuze), door arbiter chief', 'no wire name for the times');
    assert.equal(decisionText({}, { text: 'RESULT 2-0 by chief' }), 'RESULT 2-0 by chief', 'an entry from before v1.3 keeps its text');
    setLanguage('en');
    assert.equal(decisionText({ kind: 'RESULT_ENTERED', value: '2-0', arbiter: 'Arbiter' }, {}), 'Result 2-0 entered, by the arbiter');
    assert.equal(decisionText({ kind: 'NOTATION_UNDONE', ply: 15, arbiter: 'notation device (H. van der Zee)' }, {}),
      'Entry of move 8 (white) undone on the phone by H. van der Zee');
  } finally {
    setLanguage('en');
  }
  const game = result => ({ result });
  assert.deepEqual(scoreState([game('DRAW'), game(undefined), game('WHITE_WINS')]), { finished: 2, total: 3, final: false });
  assert.deepEqual(scoreState([game('DRAW'), game('BOTH_LOSE')]), { finished: 2, total: 2, final: true });
  assert.equal(scoreState([]).final, false, 'no games: nothing is final');
});
