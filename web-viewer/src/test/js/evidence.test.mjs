// "What the board saw" (issue 42): the steps made of an excerpt (field changes, clock presses by
// colour, the reconstruction's moves and alerts, pieces lifted and put back), the words and times
// of each step in Dutch and English, the citation and the export.
import { test } from 'node:test';
import assert from 'node:assert/strict';
import { stepsOf, stepText, whiteSide, citation, exportText, clockTime, windowAround } from '../../main/resources/damrelay/viewer/js/evidence.js';
import { setLanguage } from '../../main/resources/damrelay/viewer/js/i18n.js';

process.env.TZ = 'UTC';
const T0 = Date.UTC(2026, 11, 3, 14, 32, 5, 0);
const field = (dt, square, piece) => ({ kind: 'FIELD', wallMs: String(T0 + dt), captureMs: String(dt), field: 0, square, piece });
const clock = (dt, left, right, rightLeverHigh) => ({ kind: 'CLOCK', wallMs: String(T0 + dt), clock: { leftMs: left, rightMs: right, rightLeverHigh, running: true } });
// start: white (on the right of the clock) to move, white's clock runs (lever high on the right)
const before = 'b'.repeat(20) + 'e'.repeat(10) + 'w'.repeat(20);
const excerpt = {
  fromMs: String(T0), toMs: String(T0 + 7000), before,
  reports: [
    clock(0, 4_800_000, 4_800_000, true),
    field(2400, 34, 'e'),             // 34 lifted
    field(3600, 34, 'w'),             // and put back
    field(4100, 33, 'e'),
    field(4500, 29, 'w'),
    clock(5000, 4_800_000, 4_795_000, false), // white presses: the lever goes down on the right
  ],
  updates: [{ relayTimeMs: String(T0 + 4900), event: { type: 'MOVE', ply: 3, notation: '33-29', wallTimeMs: String(T0 + 4800), clock: { whiteMs: 4_795_000, blackMs: 4_800_000 } } },
    { relayTimeMs: String(T0 + 4900), event: { type: 'TOUCH_MOVE', ply: 3, side: 'WHITE', squares: [34, 33], wallTimeMs: String(T0 + 4800) } }],
};

test('the clock side of white is told by the game\'s own clock', () => {
  assert.equal(whiteSide(excerpt), 'right');
  const swapped = { ...excerpt, reports: excerpt.reports.map(r => r.kind === 'CLOCK' ? { ...r, clock: { ...r.clock, leftMs: r.clock.rightMs, rightMs: r.clock.leftMs } } : r) };
  assert.equal(whiteSide(swapped), 'left');
  assert.equal(whiteSide({ reports: excerpt.reports, updates: [] }), null, 'nothing tells: no colour guessed');
});

test('steps in time order, with the board after each, a piece lifted and put back marked', () => {
  const steps = stepsOf(excerpt);
  assert.deepEqual(steps.map(s => s.kind), ['field', 'field', 'field', 'field', 'move', 'event', 'press']);
  assert.equal(steps[0].board[33], 'e', '34 empty after the lift');
  assert.equal(steps[1].board[33], 'w');
  assert.equal(steps[1].putBack, true, '34 put back');
  assert.equal(steps[2].putBack, undefined, '33 left for good');
  assert.equal(steps[3].board[28], 'w', '29 occupied');
  assert.equal(steps[6].by, 'white');
});

test('each step in Dutch and in English, with its time to the tenth of a second', () => {
  const steps = stepsOf(excerpt);
  assert.equal(clockTime(T0 + 2400), '14:32:07.4');
  setLanguage('nl');
  assert.deepEqual(steps.map(s => stepText(s)), ['34 leeg', '34 bezet (wit) (teruggezet)', '33 leeg', '29 bezet (wit)', 'zet 2 (wit): 33-29 herkend',
    stepText(steps[5]), 'klok ingedrukt door wit']);
  assert.match(stepText(steps[5]), /^melding: /);
  assert.equal(citation(T0, T0 + 7000), 'bewijs: sensorverloop 14:32:05-14:32:12');
  const text = exportText(excerpt, steps, 'zet blijft staan', { board: 4, white: 'A', black: 'B' });
  assert.match(text, /^Sensorverloop bord 4: A – B\nbewijs: sensorverloop 14:32:05-14:32:12\nBeslissing: zet blijft staan\n\n14:32:07\.4: 34 leeg\n/);
  setLanguage('en');
  assert.deepEqual(steps.slice(0, 2).map(s => stepText(s)), ['34 empty', '34 occupied (white) (put back)']);
  assert.equal(stepText(steps[6]), 'clock pressed by white');
  assert.equal(citation(T0, T0 + 7000), 'evidence: sensor record 14:32:05-14:32:12');
});

test('a press with no colour known names the side; a board never seen whole still shows what changed', () => {
  const steps = stepsOf({ reports: [clock(0, 1, 1, true), clock(10, 1, 1, false), field(20, 27, 'e')], updates: [] });
  setLanguage('en');
  assert.equal(stepText(steps[0]), 'clock pressed (right side)');
  assert.equal(steps[1].board[26], 'e');
  assert.equal(steps[1].board[0], '?', 'unknown, not invented');
});

test('the window widens on both sides', () => {
  assert.deepEqual(windowAround(100_000), { from: 90_000, to: 105_000 });
  assert.deepEqual(windowAround(100_000, 2), { from: 70_000, to: 125_000 });
});
