// The words an arbiter reads (issue 37): moves as the scoresheet numbers them, with the colour; a
// PDN time control in words; the clock's figures on a CLOCK_MISMATCH card; sentences whose squares
// agree with their count; and no wire or machine word (relay, driver, buffer, seq, FEN, Live, ply)
// in a Dutch sentence outside the details line.
import { test } from 'node:test';
import assert from 'node:assert/strict';
import { CATALOGS, setLanguage } from '../../main/resources/damrelay/viewer/js/i18n.js';
import { moveOfPly, moveWords, afterPlyWords, plyOfMove } from '../../main/resources/damrelay/viewer/js/move-words.js';
import { parseTimeControl, timeControlText } from '../../main/resources/damrelay/viewer/js/time-control.js';
import { alertWords } from '../../main/resources/damrelay/viewer/js/alert-text.js';
import { gameOf } from '../../main/resources/damrelay/viewer/js/connection.js';
import { firstPly } from '../../main/resources/damrelay/viewer/js/model.js';
import { decisionText } from '../../main/resources/damrelay/viewer/js/report.js';
import { stepText } from '../../main/resources/damrelay/viewer/js/evidence.js';

/** Runs `fn` with the page in `lang`, and puts English back whatever happens. */
function inLanguage(lang, fn) {
  try { setLanguage(lang); return fn(); } finally { setLanguage('en'); }
}

test('a ply is named as the scoresheet names it: its move number and colour', () => {
  assert.deepEqual(moveOfPly(36), { number: 18, side: 'black' });
  assert.deepEqual(moveOfPly(35), { number: 18, side: 'white' });
  assert.deepEqual(moveOfPly(1), { number: 1, side: 'white' });
  assert.deepEqual(moveOfPly('2'), { number: 1, side: 'black' }, 'a ply as the JSON may send it');
  for (const none of [0, null, undefined, '', -3, 1.5, 'x']) assert.equal(moveOfPly(none), null, String(none));
  inLanguage('nl', () => {
    assert.equal(moveWords(36), 'zet 18 (zwart)');
    assert.equal(moveWords(1), 'zet 1 (wit)');
    assert.equal(moveWords(0), '–');
    assert.equal(afterPlyWords(30), 'na zet 15 (zwart)');
    assert.equal(afterPlyWords(0), 'de beginstelling');
  });
  assert.equal(moveWords(36), 'move 18 (black)');
  assert.equal(afterPlyWords(7), 'after move 4 (white)');
  assert.equal(afterPlyWords(0), 'the start position');
});

test('the console\'s correction form: a move number and colour back to the ply the relay counts', () => {
  assert.equal(plyOfMove('18', 'B'), 36);
  assert.equal(plyOfMove(18, 'W'), 35);
  assert.equal(plyOfMove(' 2 ', 'white'), 3);
  assert.equal(plyOfMove('0', 'B'), 0, 'move 0 is the start position, whatever the colour');
  for (const ply of [1, 2, 35, 36, 99, 100]) {
    const m = moveOfPly(ply);
    assert.equal(plyOfMove(m.number, m.side), ply, `ply ${ply} there and back`);
  }
  for (const bad of ['', ' ', '-1', '1.5', 'x', null, undefined]) assert.equal(plyOfMove(bad, 'W'), null, String(bad));
  assert.equal(plyOfMove('3', ''), null, 'no colour chosen');
});

test('a game set up with black to move: its first move is move 1 of black, on every screen', () => {
  // how the viewer knows the start: the start position's side to move (model.js firstPly)
  const g = gameOf({
    info: { gameId: 'e-r1-b3', board: 3, startFen: 'B:W27,28,32-36,38-50:B1-18,24,25', white: { name: 'A' }, black: { name: 'B' } },
    version: 1, plies: [{ ply: 2, notation: '18-22', fen: 'W:W27,28,32-36,38-50:B1-17,22,24,25' }, { ply: 3, notation: '27x18', fen: 'B:W18,28,32-36,38-50:B1-17,24,25' }],
  });
  assert.equal(firstPly(g), 1, 'the ply before black\'s first move is white\'s, not played');
  assert.deepEqual(g.moves.map(m => moveWords(m.ply)), ['move 1 (black)', 'move 2 (white)']);
  const illegal = { type: 'ILLEGAL_MOVE', subtype: 'OTHER', ply: g.moves[0].ply, side: 'BLACK', notation: '18-22' };
  inLanguage('nl', () => {
    assert.equal(alertWords(illegal).text, 'Zet 1 van zwart (18-22) is geen reglementaire zet.');
    assert.equal(alertWords(illegal).details, 'zet 1 (zwart)');
  });
});

test('a PDN time control in words', () => {
  assert.deepEqual(parseTimeControl('5400+60'), [{ moves: null, seconds: 5400, increment: 60 }]);
  assert.deepEqual(parseTimeControl('40/7200:3600+30'),
    [{ moves: 40, seconds: 7200, increment: 0 }, { moves: null, seconds: 3600, increment: 30 }]);
  assert.equal(timeControlText('5400+60'), '90 min + 60 s');
  assert.equal(timeControlText('40/7200:3600+30'), '40 moves in 120 min, then 60 min + 30 s');
  assert.equal(timeControlText(' 4800+60 '), '80 min + 60 s', 'spaces around the tag');
  assert.equal(timeControlText('90'), '1 min 30 s');
  assert.equal(timeControlText('45+5'), '45 s + 5 s');
  assert.equal(timeControlText('*180'), '3 min', 'a sandclock period reads as its time');
  assert.equal(timeControlText('1/60'), '1 move in 1 min');
  assert.equal(timeControlText('40/7200+30:3600'), '40 moves in 120 min + 30 s, then 60 min');
  for (const unknown of ['', '?', '-', null, undefined]) assert.equal(timeControlText(unknown), '', String(unknown));
  for (const odd of ['garbage', '5400+', '40/', '90 min']) assert.equal(timeControlText(odd), odd, 'shown as written');
  inLanguage('nl', () => {
    assert.equal(timeControlText('5400+60'), '90 min + 60 s');
    assert.equal(timeControlText('40/7200:3600+30'), '40 zetten in 120 min, dan 60 min + 30 s');
    assert.equal(timeControlText('1/60'), '1 zet in 1 min');
  });
});

test('a CLOCK_MISMATCH card says the clock\'s figures when the event carries them, else the general sentence', () => {
  const figures = { type: 'CLOCK_MISMATCH', ply: 23, side: 'WHITE',
    clockCheck: { move: 12, side: 'WHITE', givenBackSeconds: 51, expectedSeconds: 60, timeControl: '5400+60', bronstein: false } };
  // the event plays Fischer (bronstein: false) and a press gave back 4 s of 60: the card asks whether the clock is on Bronstein
  const bronstein = { ...figures, clockCheck: { ...figures.clockCheck, side: 'BLACK', givenBackSeconds: 4 } };
  const general = { type: 'CLOCK_MISMATCH', ply: 23 };
  inLanguage('nl', () => {
    const w = alertWords(figures);
    assert.equal(w.title, 'Klok verkeerd ingesteld');
    assert.equal(w.text, 'Na zet 12 kreeg wit 51 s terug; het speeltempo 90 min + 60 s geeft 60 s.');
    assert.equal(w.article, 'arbitershandleiding 4.2');
    assert.equal(alertWords(bronstein).text, 'Na zet 12 kreeg zwart 4 s terug; het speeltempo 90 min + 60 s geeft 60 s.'
      + ' Staat de klok misschien op een Bronstein-tempo in plaats van op een Fischer-tempo?');
    assert.match(alertWords(general).text, /^De tijden op de klok passen niet bij het speeltempo/);
  });
  assert.equal(alertWords(figures).text, 'After move 12 white got back 51 s; the time control 90 min + 60 s gives 60 s.');
  assert.equal(alertWords({ ...figures, clockCheck: { move: 3, givenBackSeconds: '61', expectedSeconds: '60', timeControl: '40/7200:3600+30' } }).text,
    'After move 3 a player got back 61 s; the time control 40 moves in 120 min, then 60 min + 30 s gives 60 s.',
    'figures as strings (64-bit JSON) and no side named');
  assert.match(alertWords({ ...figures, ply: 24, clockCheck: { side: 'BLACK', givenBackSeconds: 2, expectedSeconds: 60, timeControl: '5400+60' } }).text,
    /^After move 12 black got back 2 s;/, 'no move in the figures: the event\'s ply names it');
});

test('sentences that name squares agree with how many there are', () => {
  inLanguage('nl', () => {
    const displaced = squares => alertWords({ type: 'ACCIDENTAL_DISPLACEMENT', ply: 12, squares }).text;
    assert.equal(displaced([39]), 'Het stuk op 39 lag even van zijn veld en is teruggezet; er is geen zet gedaan.');
    assert.equal(displaced([39, 44]), 'De stukken op 39 en 44 lagen even van hun veld en zijn teruggezet; er is geen zet gedaan.');
    assert.equal(displaced([]), 'Stukken lagen even van hun veld en zijn teruggezet; er is geen zet gedaan.');
    // the driver sends the pieces touched, then the piece played (Reconstructor: TOUCH_MOVE)
    assert.equal(alertWords({ type: 'TOUCH_MOVE', ply: 9, side: 'BLACK', squares: [21, 5] }).text,
      'Zwart raakte het stuk op 21 aan, dat een reglementaire zet kon doen, en speelde daarna het stuk op 5; alleen de tegenstander kan dit claimen.');
    assert.match(alertWords({ type: 'TOUCH_MOVE', ply: 9, side: 'BLACK', squares: [21, 22, 5] }).text,
      /^Zwart raakte de stukken op 21 en 22 aan, die .* speelde daarna het stuk op 5;/);
    // a capture's squares are the pieces it took, in the order of the capture (CapturePaths.jumpOrder)
    assert.equal(alertWords({ type: 'CAPTURE_EXECUTION', ply: 20, side: 'BLACK', squares: [24] }).text,
      'Zwart nam het geslagen stuk op 24 niet na de volledige slag van het bord.');
    assert.equal(alertWords({ type: 'CAPTURE_EXECUTION', ply: 20, side: 'WHITE', squares: [19, 8, 9] }).text,
      'Wit nam de geslagen stukken op 19, 8 en 9 niet in de volgorde van de slag, of niet na de volledige slag, van het bord.');
    assert.equal(alertWords({ type: 'ILLEGAL_MOVE', subtype: 'REMOVED_WITHOUT_CAPTURE', ply: 20, squares: [33] }).text,
      'Het stuk op 33 is zonder slag van het bord genomen.');
  });
  assert.equal(alertWords({ type: 'ACCIDENTAL_DISPLACEMENT', ply: 12, squares: [39] }).text,
    'The piece on 39 left its square and was put back; no move was made.');
  assert.equal(alertWords({ type: 'TOUCH_MOVE', ply: 9, side: 'BLACK', squares: [21, 5] }).text,
    'Black touched the piece on 21, which could make a legal move, and then played the piece on 5; only the opponent can claim this.');
});

test('no machine or wire word in a sentence an arbiter reads; identifiers only in a details line', () => {
  // the details lines (alert.details.*, console.blocked.details) may name what the machines call things
  const DETAILS = /^(alert\.details\.|console\.blocked\.details$)/;
  // the areas an arbiter reads: the console, the alerts, the game page, the round overview, the report's own words
  const READ = /^(conn|console|alert|game|overview|report|common|links|evidence)\./;
  // a configuration name the arbiter types into the settings file is quoted as written
  const QUOTED = /\(edge\.trustedRelays\)/g;
  // "live" is plain English for a broadcast, not plain Dutch (the "Live" on a Dutch screen)
  const WIRE = { nl: /\b(relay|driver|buffer|outbox|seq|FEN|live|ply|token)\b|halve zet/i, en: /\b(relay|driver|buffer|outbox|seq|FEN|ply|token)\b/i };
  const found = [];
  for (const lang of ['nl', 'en']) {
    for (const [key, entry] of Object.entries(CATALOGS[lang])) {
      if (!READ.test(key) || DETAILS.test(key)) continue;
      for (const text of typeof entry === 'object' ? Object.values(entry) : [entry]) {
        const m = WIRE[lang].exec(text.replace(QUOTED, '').replace(/\{\w+\}/g, ''));
        if (m) found.push(`${lang} ${key}: "${m[0]}" in "${text}"`);
        // a ply count is no number an arbiter finds on the notation form (what a user typed is quoted as typed)
        if (/(?<!")\{ply\}/.test(text)) found.push(`${lang} ${key}: "{ply}" in "${text}"`);
      }
    }
  }
  assert.deepEqual(found, []);
});

test('the report\'s particulars and the console\'s evidence name moves as the notation form does, with the colour', () => {
  const by = { arbiter: 'arbiter' };
  const said = () => [
    decisionText({ kind: 'TAKE_BACK', ply: 31, ...by }, {}),
    decisionText({ kind: 'TAKE_BACK', ply: 0, ...by }, {}),
    decisionText({ kind: 'REPLACE_MOVE', ply: 36, value: '12-17', ...by }, {}),
    decisionText({ kind: 'SET_POSITION', ply: 35, value: 'W:W28:B12', ...by }, {}),
    decisionText({ kind: 'PATH_CHOSEN', ply: 8, value: '33-29 17-21', ...by }, {}),
    decisionText({ kind: 'NOTATION_UNDONE', ply: 15, arbiter: 'notation device (H. van der Zee)' }, {}),
    decisionText({ kind: 'SWITCHED_TO_NOTATION', ply: 30, value: 'hall/demo-8', ...by }, {}),
    decisionText({ kind: 'SWITCHED_TO_SENSOR', ply: 0, value: 'hall/demo-8', ...by }, {}),
    decisionText({ kind: 'RESOLVE_GAP_SKIPPED', seq: 90, ...by }, {}),
    stepText({ kind: 'move', event: { ply: 9, notation: '29-33' } }),
  ];
  assert.deepEqual(inLanguage('nl', said), [
    'Partij teruggenomen tot na zet 16 (wit), door de arbiter',
    'Partij teruggenomen tot de beginstelling, door de arbiter',
    'Zet 18 (zwart) vervangen door 12-17, door de arbiter',
    'Stand gezet na zet 18 (wit), door de arbiter',
    'Zetten gedaan terwijl het bord niet werd gelezen, vanaf zet 4 (zwart): 33-29 17-21, door de arbiter',
    'Invoer van zet 8 (wit) op de telefoon ongedaan gemaakt door H. van der Zee',
    'Overgeschakeld op notatie met de telefoon na zet 15 (zwart): het sensorbord was defect, door de arbiter',
    'Weer op het sensorbord bij de beginstelling, door de arbiter',
    'Bord vrijgegeven: zetten die de server niet had ontvangen zijn overgeslagen, door de arbiter',
    'zet 5 (wit): 29-33 herkend',
  ]);
  assert.deepEqual(said(), [
    'Game taken back to after move 16 (white), by the arbiter',
    'Game taken back to the start position, by the arbiter',
    'Move 18 (black) replaced by 12-17, by the arbiter',
    'Position set after move 18 (white), by the arbiter',
    'Moves made while the board was not read, from move 4 (black): 33-29 17-21, by the arbiter',
    'Entry of move 8 (white) undone on the phone by H. van der Zee',
    'Switched to notation on a phone after move 15 (black): the sensor board had failed, by the arbiter',
    'Back on the sensor board at the start, by the arbiter',
    'Board released: moves the server had not received were skipped, by the arbiter',
    'move 5 (white): 29-33 recognised',
  ]);
});

test('a board cleared after a resignation cites the article on resigning and the arbiter\'s taking of the result', () => {
  const cleared = { type: 'BOARD_CLEARED', ply: 40 };
  inLanguage('nl', () => {
    assert.equal(alertWords(cleared).article, 'SWR 8.2, arbitershandleiding 5.4');
    assert.equal(alertWords(cleared, { variant: 'FRISIAN' }).article, 'Fries reglement art. 20, arbitershandleiding 5.4');
  });
  assert.equal(alertWords(cleared).article, 'SWR 8.2, arbiter manual 5.4');
});
