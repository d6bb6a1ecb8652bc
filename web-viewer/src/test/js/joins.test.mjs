// A game a driver joined under way (issue 21): "joined at move N" from the relay's snapshot, the
// move list from that move on, and the console's choice among the candidate paths of a join.
import { test } from 'node:test';
import assert from 'node:assert/strict';
import { applyUpdate, gameOf, alertOf } from '../../main/resources/damrelay/viewer/js/connection.js';
import { createStore } from '../../main/resources/damrelay/viewer/js/model.js';
import { positionText, tabTitle, joinedNote } from '../../main/resources/damrelay/viewer/js/game.js';
import { candidatePaths, awaitsPick, pickAnswer } from '../../main/resources/damrelay/viewer/js/join-paths.js';
import { alertWords } from '../../main/resources/damrelay/viewer/js/alert-text.js';
import { setLanguage, t } from '../../main/resources/damrelay/viewer/js/i18n.js';

const SEEN = 'W:W27,28,33-50:B1-18,24,25';
// the relay had 32-28; the driver saw the board three plies on, where two move orders lead
const gapSnapshot = {
  info: { gameId: 'e-r1-b1', board: 1, white: { name: 'Meijer' }, black: { name: 'Meurs' } }, version: 4,
  plies: [{ ply: 1, notation: '32-28', fen: 'B:W28,31,33-50:B1-20' }, { ply: 2, fen: SEEN, irregular: true }],
  joinedAtMove: 2, joinedFen: SEEN,
};
// the relay had nothing: the record starts at the position seen, black to move
const startSnapshot = {
  info: { gameId: 'e-r1-b2', board: 2, startFen: 'B:W27,28,32-36,38-50:B1-18,24,25', white: { name: 'A' }, black: { name: 'B' } }, version: 2,
  plies: [{ ply: 2, notation: '18-22', fen: 'W:W27,28,32-36,38-50:B1-17,22,24,25' }],
  joinedAtMove: 1, joinedFen: 'B:W27,28,32-36,38-50:B1-18,24,25',
};

test('a join after unread moves: the ply without a move stands for them, not for a position the arbiter set', () => {
  const g = gameOf(gapSnapshot);
  assert.deepEqual(g.joined, { move: 2, fen: SEEN, ply: 2 });
  assert.equal(g.moves.length, 2, 'no move is made up');
  assert.ok(g.moves[1].joined && !g.moves[1].set && !g.moves[1].irregular);
  assert.equal(g.moves[1].notation, 'moves not read');
  assert.equal(joinedNote(g), 'Joined at move 2: for a few moves the board was not read, so those moves are not known yet.');
  assert.equal(positionText(g, 2, true, g.moves[1]), 'Live: the position when the board was read');
  assert.equal(positionText(g, 0, false, null), 'Viewing: start position', 'the game started where games start');
  assert.equal(tabTitle(g), 'B1 Meijer – Meurs: Joined at move 2 · damrelay');
});

test('a game the relay had nothing of starts at the position seen, its plies numbered from there', () => {
  const g = gameOf(startSnapshot);
  assert.deepEqual(g.joined, { move: 1, fen: startSnapshot.joinedFen, ply: 1 });
  assert.deepEqual(g.moves.map(m => [m.ply, m.notation]), [[2, '18-22']], 'black to move: its first move is ply 2');
  assert.equal(joinedNote(g), 'Joined at move 1: the board was first read with the game under way; the moves before are not known.');
  assert.equal(positionText(g, 1, false, null), 'Viewing: the position when the board was read', 'not "start position"');
  assert.equal(gameOf({ ...startSnapshot, joinedAtMove: 0, joinedFen: '' }).joined, null, 'followed throughout');
  setLanguage('nl');
  try {
    assert.equal(t('common.joinedAt', { move: 12 }), 'Gevolgd vanaf zet 12');
    assert.match(joinedNote(g), /^Gevolgd vanaf zet 1: /);
  } finally {
    setLanguage('en');
  }
});

test('a pairing edit keeps where the record starts and where the driver joined', () => {
  const store = createStore();
  store.putGame(gameOf(startSnapshot), 2);
  applyUpdate(store, { gameId: 'e-r1-b2', version: 3, info: { gameId: 'e-r1-b2', board: 2, white: { name: 'A. Other' } } });
  const g = store.state.games.get('e-r1-b2');
  assert.equal(g.white.name, 'A. Other');
  assert.equal(g.startFen, startSnapshot.info.startFen);
  assert.equal(g.joined.move, 1);
});

test('the candidate paths in notation, numbered as the record will number them', () => {
  const alert = alertOf({ alertId: '7', gameId: 'e-r1-b1', severity: 'ACTION_NEEDED', event: { type: 'JOINED_MID_GAME', fen: SEEN, paths: [
    { notation: '19-24 31-27 20-25' },
    { moves: [{ from: 20, to: 25 }, { from: 31, to: 27 }, { from: 19, to: 24 }] },
  ] } });
  assert.deepEqual(candidatePaths(alert.event, gameOf(gapSnapshot)), [
    { n: 1, text: '1... 19-24 2. 31-27 20-25' },
    { n: 2, text: '1... 20-25 2. 31-27 19-24' },
  ]);
  assert.deepEqual(candidatePaths(alert.event, null).map(p => p.text), ['19-24 31-27 20-25', '20-25 31-27 19-24'], 'without the game: plain');
  assert.ok(awaitsPick(alert));
  assert.ok(!awaitsPick({ ...alert, acknowledged: true }), 'handled: the buttons go');
  assert.ok(!awaitsPick({ ...alert, event: { ...alert.event, paths: alert.event.paths.slice(0, 1) } }), 'one path was recorded as moves');
  assert.equal(alertWords(alert.event).title, 'Board read again: 2 paths possible');
  assert.equal(alertWords({ type: 'JOINED_MID_GAME', fen: SEEN }).title, 'Board joined during the game');
  assert.equal(alertWords({ type: 'JOINED_MID_GAME', fen: SEEN, unexplained: true }).title, 'Board read again: the position does not follow');
  setLanguage('nl');
  try {
    assert.equal(alertWords(alert.event).title, 'Bord weer gelezen: 2 zetreeksen mogelijk');
    assert.equal(pickAnswer('done', { text: '1... 19-24' }, 'CHOOSE_PATH 19-24').text, 'Vastgelegd: 1... 19-24');
  } finally {
    setLanguage('en');
  }
  const failed = pickAnswer('failed', { text: '1... 19-24' }, 'BAD_REQUEST: no join of game e-r1-b1 waits for a path to be picked');
  assert.equal(failed.text, '1... 19-24 not recorded: BAD_REQUEST: no join of game e-r1-b1 waits for a path to be picked');
});

test('a game joined with the side to move open: the first move tells it, and numbers the plies', () => {
  const store = createStore();
  // the driver wrote the position seen with white to move, not knowing; black moves first
  store.putGame(gameOf({ ...startSnapshot, info: { ...startSnapshot.info, startFen: 'W:W27,28,32-36,38-50:B1-18,24,25' },
    plies: [], joinedFen: 'W:W27,28,32-36,38-50:B1-18,24,25', version: 1 }), 1);
  applyUpdate(store, { gameId: 'e-r1-b2', version: 2, event: { type: 'MOVE', side: 'BLACK', notation: '18-22', fen: 'W:W27,28,32-36,38-50:B1-17,22,24,25' } });
  const g = store.state.games.get('e-r1-b2');
  assert.deepEqual(g.moves.map(m => [m.ply, m.notation]), [[2, '18-22']], '1... 18-22, as the relay numbers it');
  assert.equal(g.startFen, 'B:W27,28,32-36,38-50:B1-18,24,25');
  assert.equal(g.joined.ply, 1);
  applyUpdate(store, { gameId: 'e-r1-b2', version: 3, event: { type: 'MOVE', side: 'WHITE', notation: '28-23', fen: 'B:W23,27,32-36,38-50:B1-17,22,24,25' } });
  assert.equal(store.state.games.get('e-r1-b2').startFen, 'B:W27,28,32-36,38-50:B1-18,24,25', 'only the first move tells');
});

test('a join seen live: the spectator page asks for the game again on the same connection and stays live', async () => {
  const { connectSpectator } = await import('../../main/resources/damrelay/viewer/js/connection.js');
  const sockets = [];
  class FakeSocket {
    constructor(url) { this.url = url; this.sent = []; this.readyState = 1; sockets.push(this); queueMicrotask(() => this.onopen?.()); }
    send(text) { this.sent.push(JSON.parse(text)); }
    close() { this.closed = true; this.onclose?.({ code: 1000 }); }
    receive(m) { this.onmessage({ data: JSON.stringify(m) }); }
  }
  const store = createStore();
  const conn = connectSpectator({ store, base: { ws: 'ws://relay' }, subscription: { gameId: 'e-r1-b1' }, WebSocketImpl: FakeSocket });
  try {
    await new Promise(resolve => setTimeout(resolve, 0));
    const socket = sockets[0];
    socket.receive({ snapshot: { ...gapSnapshot, plies: gapSnapshot.plies.slice(0, 1), joinedAtMove: 0, joinedFen: '', version: 1 } });
    socket.receive({ update: { gameId: 'e-r1-b1', version: 2, event: { type: 'JOINED_MID_GAME', fen: SEEN } } });
    assert.deepEqual(socket.sent.map(f => f.subscribe.known), [{}, {}], 'subscribed again, without the game\'s version');
    assert.ok(!socket.closed && store.state.connection.error == null, 'no reconnect, nothing in the connection line');
    // a move the relay placed after the join cannot be placed on the old view: it waits for the snapshot
    socket.receive({ update: { gameId: 'e-r1-b1', version: 3, event: { type: 'MOVE', side: 'WHITE', notation: '37-32', fen: 'B:W27,28,32-36,38-50:B1-18,24,25' } } });
    assert.deepEqual(store.state.games.get('e-r1-b1').moves.map(m => m.notation), ['32-28']);
    socket.receive({ snapshot: gapSnapshot });
    assert.deepEqual(store.state.games.get('e-r1-b1').moves.map(m => m.notation), ['32-28', 'moves not read']);
    assert.equal(store.state.games.get('e-r1-b1').joined.move, 2);
    socket.receive({ update: { gameId: 'e-r1-b1', version: 5, event: { type: 'MOVE', side: 'WHITE', notation: '37-32', fen: 'B:W27,28,32-36,38-50:B1-18,24,25' } } });
    assert.deepEqual(store.state.games.get('e-r1-b1').moves.map(m => [m.ply, m.notation]), [[1, '32-28'], [2, 'moves not read'], [3, '37-32']]);
  } finally {
    conn.close();
  }
});
