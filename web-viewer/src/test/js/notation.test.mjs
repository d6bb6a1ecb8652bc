// The notation page's logic: the rules mirror against the spec's test positions and perft, the tap
// state machine (captures, ambiguous captures), the outbox, and what the page shows.
import { test } from 'node:test';
import assert from 'node:assert/strict';
import { parseFen } from '../../main/resources/damrelay/viewer/js/fen.js';
import { legalMoves, applyMove, notate } from '../../main/resources/damrelay/viewer/js/rules.js';
import { IDLE, tap } from '../../main/resources/damrelay/viewer/js/taps.js';
import { createOutbox } from '../../main/resources/damrelay/viewer/js/outbox.js';
import { parseTime, view } from '../../main/resources/damrelay/viewer/js/notate.js';

const moves = fen => legalMoves(parseFen(fen)).map(m => `${m.from}${m.captured.length ? 'x' : '-'}${m.to}`).sort();
const sorted = list => [...list].sort();

test('the mirror agrees with the spec test positions (shared/spec/test-positions.md)', () => {
  assert.deepEqual(moves('W:W28'), sorted(['28-22', '28-23']));
  assert.deepEqual(moves('B:B13'), sorted(['13-18', '13-19']));
  assert.equal(moves('W:WK28').length, 17);
  assert.equal(moves('B:BK1').length, 9);
  assert.deepEqual(moves('W:W28,32:B23'), ['28x19']);
  assert.deepEqual(moves('W:W35:B30,K40'), sorted(['35x24', '35x44']));
  assert.deepEqual(moves('W:WK46:B23'), sorted(['46x19', '46x14', '46x10', '46x5']));
  assert.deepEqual(moves('W:W15:B8,19,20'), ['15x2']);
  assert.deepEqual(moves('W:WK47:B9,12,33'), sorted(['47x17', '47x21', '47x26']));
  assert.deepEqual(moves('W:WK41,49:B9,10,12,19,38'), ['41x43']);
  assert.deepEqual(moves('B:W27,28,38,39,42:BK25'), ['25x33']);
  assert.deepEqual(moves('W:W48:B24,K31,34,K42,43'), ['48x19']);
  assert.deepEqual(moves('W:WK48:B7,8,31,34,K42,44'), ['48x50']);
  assert.deepEqual(moves('W:W26:B12,K21,31,32'), sorted(['26x8', '26x28']));
  const m18 = legalMoves(parseFen('W:W15:B9,10'))[0];
  assert.equal(applyMove(parseFen('W:W15:B9,10'), m18).pieces.get(13).king, false, 'passing the far row does not promote');
  const a = legalMoves(parseFen('W:WK47:B14,19,29,31,42'));
  assert.deepEqual(a.map(m => m.captured.join(',')).sort(), ['14,29,31,42', '19,29,31,42']);
  assert.ok(a.every(m => notate(m, a).startsWith('47x') && notate(m, a).endsWith('x36') && notate(m, a).split('x').length > 2));
});

test('perft from the start: 9, 81, 658, 4265', () => {
  const perft = (p, d) => d === 0 ? 1 : legalMoves(p).reduce((n, m) => n + perft(applyMove(p, m), d - 1), 0);
  const start = parseFen('W:W31-50:B1-20');
  assert.deepEqual([1, 2, 3, 4].map(d => perft(start, d)), [9, 81, 658, 4265]);
});

test('a quiet move is two taps; an illegal tap is refused and changes nothing', () => {
  const legal = legalMoves(parseFen('W:W31-50:B1-20'));
  const none = tap(IDLE, 46, legal);
  assert.match(none.refused, /no legal move starts on 46/);
  const chosen = tap(IDLE, 32, legal).state;
  assert.equal(tap(chosen, 22, legal).refused, '32 cannot go to 22');
  assert.deepEqual(tap(chosen, 28, legal).move.path, [32, 28]);
  assert.equal(tap(chosen, 33, legal).state.from, 33, 'another movable piece is chosen instead');
});

test('a capture is the start and the landing square; an ambiguous one asks for a square passed', () => {
  const multi = legalMoves(parseFen('W:W15:B8,19,20'));
  assert.deepEqual(tap(tap(IDLE, 15, multi).state, 2, multi).move.captured, [8, 19, 20]);
  const legal = legalMoves(parseFen('W:WK47:B14,19,29,31,42'));
  const at36 = tap(tap(IDLE, 47, legal).state, 36, legal);
  assert.equal(at36.state.phase, 'ambiguous');
  assert.equal(at36.move, undefined);
  const shared = tap(at36.state, 38, legal);
  assert.equal(shared.move, undefined, 'both captures pass 38');
  const done = tap(shared.state, 24, legal);
  assert.deepEqual(done.move.captured, [19, 29, 31, 42]);
  assert.match(tap(at36.state, 27, legal).refused, /passes 27/);
});

test('the outbox keeps entries with their seq until acked, across a reload', () => {
  const store = new Map();
  const storage = { getItem: k => store.get(k) ?? null, setItem: (k, v) => store.set(k, v) };
  const box = createOutbox(storage, 'g1');
  assert.equal(box.add({ notation: '32-28' }).seq, 1);
  assert.equal(box.add({ notation: '19-23' }).seq, 2);
  const reloaded = createOutbox(storage, 'g1');
  assert.deepEqual(reloaded.pending().map(e => e.seq), [1, 2]);
  reloaded.acked(1);
  assert.deepEqual(createOutbox(storage, 'g1').pending().map(e => e.notation), ['19-23']);
  assert.equal(createOutbox(storage, 'g1').add({ undo: true }).seq, 3);
  assert.deepEqual(createOutbox(storage, 'g2').pending(), [], 'each game has its own outbox');
});

test('the page shows the relay state plus unsent entries; undo only the last own entry', () => {
  const start = { snapshot: { info: { gameId: 'g' }, plies: [] }, acked: '0' };
  const m = legalMoves(parseFen('W:W31-50:B1-20')).find(x => x.from === 32 && x.to === 28);
  const v = view(start, [{ seq: 1, move: m, notation: '32-28' }]);
  assert.deepEqual(v.plies.map(p => [p.notation, p.sent]), [['32-28', false]]);
  assert.equal(v.position.side, 'B');
  assert.ok(v.undoable);
  assert.equal(view(start, [{ seq: 1, move: m, notation: '32-28' }, { seq: 2, undo: true }]).undoable, false);
  assert.equal(parseTime('1:29:50'), 5_390_000);
  assert.equal(parseTime('45:00'), 2_700_000);
  assert.equal(parseTime(''), null);
  assert.ok(Number.isNaN(parseTime('1h')));
});

test('the console says how a notated board\'s moves come', async () => {
  const { statusLine } = await import('../../main/resources/damrelay/viewer/js/arbiter.js');
  const base = { moves: [], result: null, status: { link: 'waiting', uncrowned: [] } };
  assert.equal(statusLine({ ...base, notation: 'NOTATED', notator: 'Roel Boomstra' }), 'waiting · notated on a phone by Roel Boomstra');
  assert.equal(statusLine({ ...base, notation: 'ON_PAPER' }), 'waiting · digital notation stopped: on paper');
});

test('a move typed on a keyboard is the legal move it names; a short capture that two moves share asks for the path', async () => {
  const { typedMove } = await import('../../main/resources/damrelay/viewer/js/taps.js');
  const start = legalMoves(parseFen('W:W31-50:B1-20'));
  assert.deepEqual([typedMove('32-28', start).move.from, typedMove('32-28', start).move.to], [32, 28]);
  assert.equal(typedMove(' 32 - 28 ', start).move.to, 28, 'spaces are forgiven');
  assert.match(typedMove('32-26', start).refused, /32 cannot go to 26/);
  assert.match(typedMove('20-25', start).refused, /no legal move starts on 20/);
  assert.match(typedMove('hello', start).refused, /type the move as squares/);
  // the king on 47 captures 42, 31 or 29... (shared/spec position): two captures 47x.. end on the same square
  const legal = legalMoves(parseFen('W:WK47:B14,19,29,31,42'));
  const shared = legal.filter(m => legal.some(o => o !== m && o.from === m.from && o.to === m.to));
  assert.ok(shared.length >= 2, 'the position has an ambiguous capture');
  const { from, to } = shared[0];
  assert.match(typedMove(`${from}x${to}`, legal).refused, /more than one capture/);
  assert.deepEqual(typedMove(shared[0].path.join('x'), legal).move.path, shared[0].path, 'the full path names one');
});

test('a refusal names the rule it breaks: compulsory capture, majority capture (issue 40)', async () => {
  const { refusalText } = await import('../../main/resources/damrelay/viewer/js/taps.js');
  const { brokenRule } = await import('../../main/resources/damrelay/viewer/js/rules.js');
  // 33 takes two (28, 18); 39 could take one (34); 31 could move on quietly
  const p = parseFen('W:W31,33,39:B18,28,34,44');
  assert.deepEqual(legalMoves(p).map(m => `${m.from}x${m.to}`), ['33x13']);
  assert.equal(brokenRule(p, 31).rule, 'compulsory');
  assert.equal(brokenRule(p, 31, 26).rule, 'compulsory');
  assert.equal(brokenRule(p, 39).rule, 'majority');
  assert.equal(brokenRule(p, 39, 30).rule, 'majority');
  assert.equal(brokenRule(p, 33, 13), null, 'the legal capture breaks nothing');
  assert.equal(brokenRule(p, 33, 12), null, 'a square the piece never reaches is no rule of capture');
  assert.equal(brokenRule(p, 18), null, 'the opponent\'s piece');
  assert.equal(brokenRule(parseFen('W:W31:B18'), 31, 26), null, 'no capture due');
  assert.match(refusalText(p, 31, 26, 'x'), /capturing is compulsory \(SWR 6\.2\): a capture can be made from 33/);
  assert.match(refusalText(p, 39, null, 'x'), /majority capture comes first \(SWR 6\.3\): capture 2 pieces, from 33/);
  assert.equal(refusalText(p, 33, 12, 'fallback'), 'fallback');
});
