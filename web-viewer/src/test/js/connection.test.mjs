// The protocol translation of connection.js, against frames shaped as in docs/protocol.md.
import { test } from 'node:test';
import assert from 'node:assert/strict';
import { relayBase, backoffDelay, applyUpdate, applySnapshot, applySpectatorUpdate, subscribeRequest, alertOf, blockedOf } from '../../main/resources/damrelay/viewer/js/connection.js';
import { createStore, lastPly } from '../../main/resources/damrelay/viewer/js/model.js';

const loc = href => new URL(href);

test('relay address from the page or from ?relay=', () => {
  assert.deepEqual(relayBase(loc('http://relay:8080/game.html?game=x')), { ws: 'ws://relay:8080', http: 'http://relay:8080' });
  assert.deepEqual(relayBase(loc('https://cdn.example/v/index.html?relay=wss://relay.example:8443')),
    { ws: 'wss://relay.example:8443', http: 'https://relay.example:8443' });
  assert.deepEqual(relayBase(loc('https://cdn.example/index.html?relay=ws://10.0.0.2:9000/ws')),
    { ws: 'ws://10.0.0.2:9000', http: 'http://10.0.0.2:9000' });
  assert.deepEqual(relayBase(loc('http://cdn/index.html?relay=10.0.0.2:9000')).ws, 'ws://10.0.0.2:9000');
});

test('backoff doubles up to its cap, with jitter', () => {
  assert.equal(backoffDelay(0, () => 1), 500);
  assert.equal(backoffDelay(3, () => 1), 4000);
  assert.equal(backoffDelay(20, () => 1), 10_000);
  assert.equal(backoffDelay(20, () => 0), 5000);
});

function storeWithGame() {
  const store = createStore();
  store.putGame({ id: 'e-r1-b1', white: { name: 'W' }, black: { name: 'B' }, moves: [] }, 3);
  return store;
}

const move = (version, ply, notation, fen, extra = {}) => ({
  gameId: 'e-r1-b1', version, relayTimeMs: '1795248000000',
  event: { type: 'MOVE', ply, notation, fen, clock: { whiteMs: 60000, running: 'BLACK' }, ...extra },
});

test('updates append moves, repeats are skipped, corrections and results apply', () => {
  const store = storeWithGame();
  const g = () => store.state.games.get('e-r1-b1');
  applyUpdate(store, move(4, 1, '32-28', 'B:W28,31,33-50:B1-20'));
  applyUpdate(store, move(4, 1, '32-27', 'B:W27,31,33-50:B1-20'));
  assert.equal(g().moves[0].notation, '32-28', 'a repeated version is not applied twice');
  assert.deepEqual(g().clock.running, 'B');
  assert.equal(g().clock.black, 0, 'proto3 JSON omits zero fields');
  applyUpdate(store, move(6, 2, '19-23', 'W:W28,31,33-50:B1-18,20,23'));
  applyUpdate(store, { gameId: 'e-r1-b1', version: 7, correction: { kind: 'TAKE_BACK', ply: 1 } });
  assert.equal(lastPly(g()), 1);
  applyUpdate(store, { gameId: 'e-r1-b1', version: 8, correction: { kind: 'REPLACE_MOVE', ply: 1, notation: '31-27', fen: 'B:W27,32-50:B1-20' } });
  assert.deepEqual(g().moves.map(m => m.notation), ['31-27']);
  applyUpdate(store, { gameId: 'e-r1-b1', version: 9, result: 'DRAW' });
  assert.equal(g().result, '1-1');
  assert.equal(store.state.versions.get('e-r1-b1'), 9);
});

test('a join or a picked path is left to the relay: the game is snapshotted again', () => {
  for (const u of [{ event: { type: 'JOINED_MID_GAME', fen: 'W:W28,31,33-50:B1-20' } }, { correction: { kind: 'CHOOSE_PATH', ply: 2 } }]) {
    const store = storeWithGame();
    assert.throws(() => applyUpdate(store, { gameId: 'e-r1-b1', version: 4, ...u }), /snapshot/);
    assert.equal(store.state.versions.has('e-r1-b1'), false, 'not known: the resubscribe asks for its snapshot');
  }
});

test('arbiter events set the board status', () => {
  const store = storeWithGame();
  const status = () => store.state.games.get('e-r1-b1').status;
  applyUpdate(store, { gameId: 'e-r1-b1', version: 4, event: { type: 'UNCROWNED_KING', ply: 7, squares: [3] } });
  applyUpdate(store, { gameId: 'e-r1-b1', version: 5, event: { type: 'POSITION_UNKNOWN', ply: 7 } });
  assert.deepEqual(status().uncrowned, [3]);
  assert.equal(status().outOfStep, true);
  applyUpdate(store, { gameId: 'e-r1-b1', version: 6, event: { type: 'KING_CROWNED', ply: 7 } });
  assert.deepEqual(status().uncrowned, []);
});

test('plies are placed as the relay folds them: replaced and retracted moves are the last ply', () => {
  const store = storeWithGame();
  const g = () => store.state.games.get('e-r1-b1');
  applyUpdate(store, move(4, 1, '32-28', 'B:W28,31,33-50:B1-20'));
  applyUpdate(store, move(5, 2, '19-23', 'W:W28,31,33-50:B1-18,20,23'));
  applyUpdate(store, { gameId: 'e-r1-b1', version: 6, event: { type: 'MOVE_REPLACED', ply: 2, notation: '19-24', fen: 'W:W28,31,33-50:B1-18,20,24' } });
  assert.deepEqual(g().moves.map(m => [m.ply, m.notation]), [[1, '32-28'], [2, '19-24']]);
  applyUpdate(store, { gameId: 'e-r1-b1', version: 7, event: { type: 'MOVE_RETRACTED', ply: 2, fen: 'B:W28,31,33-50:B1-20' } });
  assert.deepEqual(g().moves.map(m => m.notation), ['32-28']);
  applyUpdate(store, { gameId: 'e-r1-b1', version: 9, event: { type: 'ILLEGAL_MOVE', subtype: 'OTHER', ply: 2, fen: 'W:W28,31,33-50:B1-19' } });
  assert.deepEqual(g().moves.map(m => [m.ply, m.irregular]), [[1, false], [2, true]]);
  applyUpdate(store, { gameId: 'e-r1-b1', version: 10, correction: { kind: 'SET_POSITION', ply: 1, fen: 'W:WK5:B46' } });
  assert.deepEqual(g().moves.map(m => [m.ply, m.notation, m.fen]), [[1, '32-28', 'B:W28,31,33-50:B1-20'], [2, 'position set', 'W:WK5:B46']]);
});

test('a game starting with black to move numbers its plies from 2, as arbiter-events.md counts them', () => {
  const store = createStore();
  store.putGame({ id: 'b', startFen: 'B:W31-50:B1-20', moves: [] }, 0);
  applyUpdate(store, { gameId: 'b', version: 1, event: { type: 'MOVE', ply: 2, notation: '19-23', fen: 'W:W31-50:B1-18,20,23' } });
  assert.deepEqual(store.state.games.get('b').moves.map(m => m.ply), [2]);
  applyUpdate(store, { gameId: 'b', version: 2, correction: { kind: 'TAKE_BACK', ply: 0 } });
  assert.deepEqual(store.state.games.get('b').moves, []);
  // the relay numbers corrections the same way: replacing ply 2 is replacing black's first move
  applyUpdate(store, { gameId: 'b', version: 3, event: { type: 'MOVE', ply: 2, notation: '19-23', fen: 'W:W31-50:B1-18,20,23' } });
  applyUpdate(store, { gameId: 'b', version: 4, event: { type: 'MOVE', ply: 3, notation: '32-28', fen: 'B:W28,31,33-50:B1-18,20,23' } });
  applyUpdate(store, { gameId: 'b', version: 5, correction: { kind: 'REPLACE_MOVE', ply: 2, notation: '19-24', fen: 'W:W31-50:B1-18,20,24' } });
  assert.deepEqual(store.state.games.get('b').moves.map(m => [m.ply, m.notation]), [[2, '19-24']]);
  applyUpdate(store, { gameId: 'b', version: 6, correction: { kind: 'SET_POSITION', ply: 2, fen: 'B:W31-50:B1-20' } });
  assert.deepEqual(store.state.games.get('b').moves.map(m => [m.ply, m.notation]), [[2, '19-24'], [3, 'position set']]);
});

test('a store refuses a move that skips a ply and keeps what it had', () => {
  const store = storeWithGame();
  applyUpdate(store, move(4, 1, '32-28', 'B:W28,31,33-50:B1-20'));
  assert.throws(() => store.move('e-r1-b1', { ply: 3, notation: '28-23', fen: 'B:W23,31,33-50:B1-20' }, 5), /ply 2 is next/);
  assert.equal(store.state.games.get('e-r1-b1').moves.length, 1);
  assert.equal(store.state.versions.get('e-r1-b1'), 4, 'the refused version is not recorded as held');
});

test('an alert needs action as the relay says, and a kind it did not classify needs action too', () => {
  const a = alertOf({ alertId: '17', gameId: 'g', board: 3, severity: 'ACTION_NEEDED',
    event: { type: 'ILLEGAL_MOVE', subtype: 'CAPTURE_MISSED', ply: 21, text: 'capture missed', captureTimeMs: '1000' } });
  assert.deepEqual([a.id, a.severity, a.subtype, a.ply, a.event.type], ['17', 'action', 'CAPTURE_MISSED', 21, 'ILLEGAL_MOVE']);
  assert.equal(alertOf({ alertId: '2', event: { type: 'FLAG_FALL', captureTimeMs: '1795248000000' } }).at, 1795248000000);
  assert.equal(alertOf({ alertId: '1', severity: 'INFORMATION', event: { type: 'TOUCH_MOVE' } }).severity, 'info');
  assert.equal(alertOf({ alertId: '3', event: { type: 'SOMETHING_NEW' } }).severity, 'action', 'unclassified: shown, not filed away');
  const lasting = alertOf({ alertId: '4', severity: 'INFORMATION', actionAfterSeconds: 60, event: { type: 'BOARD_DISCONNECTED' } });
  assert.equal(lasting.actionAfterMs, 60_000);
});

test('the arbiter stream only places an update that follows the version held', () => {
  const store = storeWithGame(); // held version 3
  assert.throws(() => applyUpdate(store, move(5, 1, '32-28', 'B:W28,31,33-50:B1-20'), { contiguous: true }), /version 5 does not follow 3/);
  assert.equal(store.state.games.get('e-r1-b1').moves.length, 0, 'nothing put on a wrong ply');
  applyUpdate(store, move(4, 1, '32-28', 'B:W28,31,33-50:B1-20'), { contiguous: true });
  assert.equal(store.state.games.get('e-r1-b1').moves.length, 1);
  // A status event is applied even behind the version the spectator stream already brought.
  applyUpdate(store, move(6, 2, '19-23', 'W:W28,31,33-50:B1-18,20,23'));
  applyUpdate(store, { gameId: 'e-r1-b1', version: 5, event: { type: 'UNCROWNED_KING', squares: [3] } }, { contiguous: true });
  assert.deepEqual(store.state.games.get('e-r1-b1').status.uncrowned, [3]);
  assert.equal(store.state.versions.get('e-r1-b1'), 6);
});

test('a snapshot clock ticks from when the relay read it, not from when the spectator joined', async () => {
  const { clockOf, rebaseClocks } = await import('../../main/resources/damrelay/viewer/js/connection.js');
  const { remaining } = await import('../../main/resources/damrelay/viewer/js/clock.js');
  const read = 1_795_248_000_000;
  const joined = read + 90_000; // 90 s into white's think
  const c = clockOf({ whiteMs: 600_000, blackMs: 500_000, running: 'WHITE', relayTimeMs: String(read) }, 0, joined);
  assert.deepEqual(remaining(c, joined), { white: 510_000, black: 500_000 });
  // a broadcast 60 s behind shows the reading 60 s later
  const delayed = clockOf({ whiteMs: 600_000, blackMs: 500_000, running: 'WHITE', relayTimeMs: String(read) }, 60_000, joined);
  assert.deepEqual(remaining(delayed, joined), { white: 570_000, black: 500_000 });
  // a browser clock behind the relay's never counts up
  assert.equal(remaining(clockOf({ whiteMs: 600_000, running: 'WHITE', relayTimeMs: String(read) }, 0, read - 5000), read - 5000).white, 600_000);
  // without a reading time (a live update) it ticks from now
  assert.equal(clockOf({ whiteMs: 600_000, running: 'WHITE' }, 0, joined).at, joined);

  // the delay is learnt after the snapshots: the clock is re-based on it
  const store = createStore();
  store.putGame({ id: 'e-r1-b1', white: { name: 'W' }, black: { name: 'B' }, moves: [], clock: c }, 3);
  rebaseClocks(store, 60_000, joined);
  assert.deepEqual(remaining(store.state.games.get('e-r1-b1').clock, joined), { white: 570_000, black: 500_000 });
});

test('a blocked board is listed from the relay\'s BlockedBoard and removed when it is released', () => {
  const store = createStore();
  const msg = { gameId: 'nk-r1-b1', board: 1, seq: '2', reason: 'GAME_FINISHED: MOVE after the result', blocked: true,
    refused: { type: 'MOVE', move: { from: 19, to: 23, path: [19, 23] } } };
  const b = blockedOf(msg);
  assert.equal(b.seq, 2);
  assert.deepEqual(b.refused, { type: 'MOVE', ply: 0, notation: '19-23', text: '' });
  store.blocked(b);
  assert.equal(store.state.blocked.get('nk-r1-b1').reason, 'GAME_FINISHED: MOVE after the result');
  store.blocked(blockedOf({ ...msg, blocked: false }));
  assert.equal(store.state.blocked.size, 0);
  // a gap has no refused event the relay holds
  assert.equal(blockedOf({ gameId: 'g', seq: '9', reason: 'SEQUENCE_GAP', blocked: true }).refused, null);
});

test('spectator counts come from the subscription answer or the event JSON, whichever came last', async () => {
  const { spectatorCounts } = await import('../../main/resources/damrelay/viewer/js/connection.js');
  const store = createStore();
  const seen = [];
  store.subscribe((_, what) => seen.push(what.kind));
  store.spectators({ 'e-r1-b1': 1 });
  assert.equal(store.state.spectators.get('e-r1-b1'), 1);
  store.spectators(spectatorCounts({ games: [{ info: { gameId: 'e-r1-b1' }, spectators: 7 }, { info: { gameId: 'e-r1-b2' } }] }));
  assert.equal(store.state.spectators.get('e-r1-b1'), 7);
  assert.equal(store.state.spectators.get('e-r1-b2'), 0, 'proto3 JSON leaves a zero out');
  assert.deepEqual(seen, ['spectators', 'spectators']);
});

test('the epoch of the version held goes back with it; a rolled-back snapshot is shown as such', () => {
  const store = createStore();
  const snapshot = { info: { gameId: 'e-r1-b1', board: 1 }, version: 12, epoch: '1795248000000', plies: [] };
  applySnapshot(store, snapshot);
  assert.deepEqual(subscribeRequest(store, { gameId: 'e-r1-b1' }),
    { subscribe: { gameId: 'e-r1-b1', known: { 'e-r1-b1': 12 }, knownEpochs: { 'e-r1-b1': '1795248000000' } } });
  assert.equal(store.state.games.get('e-r1-b1').status.rolledBack, undefined);
  applySpectatorUpdate(store, { gameId: 'e-r1-b1', version: 13, epoch: '1795248500000', result: 'DRAW' });
  assert.equal(store.state.epochs.get('e-r1-b1'), '1795248500000', 'the epoch follows the version held');
  // a live update of the relay's own run carries no epoch: it is the one `subscribed` told
  store.state.relayEpoch = '1795248600000';
  applySpectatorUpdate(store, { gameId: 'e-r1-b1', version: 14, result: 'WHITE_WINS' });
  assert.equal(store.state.epochs.get('e-r1-b1'), '1795248600000');
  // the relay lost versions 11 and 12 in a power cut: its snapshot says the view went back
  applySnapshot(store, { ...snapshot, version: 11, epoch: '1795249000000', rolledBack: true });
  assert.equal(store.state.games.get('e-r1-b1').status.rolledBack, true);
  assert.deepEqual(subscribeRequest(store, {}).subscribe.knownEpochs, { 'e-r1-b1': '1795249000000' });
});
