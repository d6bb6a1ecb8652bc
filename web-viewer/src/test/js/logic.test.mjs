// Pure-logic tests of the viewer's ES modules: node --test web-viewer/src/test/js/
import { test } from 'node:test';
import assert from 'node:assert/strict';
import { parseFen, squareToRowCol, rowColToSquare, diff } from '../../main/resources/damrelay/viewer/js/fen.js';
import { pathOf, moveRows, pdnMovetext } from '../../main/resources/damrelay/viewer/js/notation.js';
import { remaining, formatClock } from '../../main/resources/damrelay/viewer/js/clock.js';
import { createStore, fenAt, highlightAt, matchScore, lastPly, openAlerts, uncrownedIn } from '../../main/resources/damrelay/viewer/js/model.js';

test('square 1 is the second field of the top row and 46 the bottom-left corner', () => {
  assert.deepEqual(squareToRowCol(1), { row: 0, col: 1 });
  assert.deepEqual(squareToRowCol(5), { row: 0, col: 9 });
  assert.deepEqual(squareToRowCol(6), { row: 1, col: 0 });
  assert.deepEqual(squareToRowCol(46), { row: 9, col: 0 });
  assert.deepEqual(squareToRowCol(50), { row: 9, col: 8 });
  for (let sq = 1; sq <= 50; sq++) {
    const { row, col } = squareToRowCol(sq);
    assert.equal(rowColToSquare(row, col), sq);
  }
  assert.equal(rowColToSquare(0, 0), 0, 'light squares have no number');
});

test('FEN with ranges and kings', () => {
  const p = parseFen('B:W31-33,K46:BK1,20');
  assert.equal(p.side, 'B');
  assert.deepEqual([...p.pieces.keys()].sort((a, b) => a - b), [1, 20, 31, 32, 33, 46]);
  assert.deepEqual(p.pieces.get(46), { color: 'W', king: true });
  assert.deepEqual(p.pieces.get(20), { color: 'B', king: false });
  assert.equal(parseFen('[FEN "W:W31-50:B1-20"]').pieces.size, 40);
});

test('bad FEN names the wrong part', () => {
  assert.throws(() => parseFen('X:W1'), /side to move/);
  assert.throws(() => parseFen('W:W51'), /"51" is outside 1-50/);
  assert.throws(() => parseFen('W:Wabc'), /"abc" is not a square/);
});

test('diff finds vacated and occupied squares', () => {
  const d = diff(parseFen('W:W28,32:B23'), parseFen('B:W19,32:B'));
  assert.deepEqual(d, { vacated: [23, 28], occupied: [19] });
});

test('notation paths and move rows', () => {
  assert.deepEqual(pathOf('32-28'), [32, 28]);
  assert.deepEqual(pathOf('47x38x24x13x36'), [47, 38, 24, 13, 36]);
  assert.deepEqual(pathOf('nonsense'), []);
  const moves = [{ ply: 1, notation: '33-28' }, { ply: 2, notation: '18-22' }, { ply: 3, notation: '38-33' }];
  const rows = moveRows(moves);
  assert.equal(rows.length, 2);
  assert.equal(rows[1].white.notation, '38-33');
  assert.equal(rows[1].black, null);
  assert.equal(pdnMovetext(moves, '2-0'), '1. 33-28 18-22 2. 38-33 2-0');
  assert.equal(pdnMovetext([{ ply: 2, notation: '18-22' }]), '1... 18-22');
});

test('clock counts down only on the running side', () => {
  const reading = { white: 60_000, black: 30_000, running: 'B', at: 1000 };
  assert.deepEqual(remaining(reading, 6000), { white: 60_000, black: 25_000 });
  assert.deepEqual(remaining(reading, 100_000), { white: 60_000, black: 0 });
  assert.equal(formatClock(4_805_000), '1:20:05');
  assert.equal(formatClock(245_000), '4:05');
  assert.equal(formatClock(9_450), '0:09.4');
  assert.equal(formatClock(null), '–:––');
});

function sampleGame() {
  return {
    id: 'g1', board: 1, white: { name: 'A', team: 'Home' }, black: { name: 'B', team: 'Away' },
    startFen: 'W:W28,32:B23,40', moves: [],
  };
}

test('store appends moves, replaces a corrected ply and refuses a gap', () => {
  const store = createStore();
  const seen = [];
  store.subscribe((_, what) => seen.push(what.kind));
  store.putGame(sampleGame(), 1);
  store.move('g1', { ply: 1, notation: '28x19', fen: 'B:W19,32:B40' }, 2);
  const g = store.state.games.get('g1');
  assert.equal(lastPly(g), 1);
  assert.equal(fenAt(g, 0), 'W:W28,32:B23,40');
  assert.equal(fenAt(g, 1), 'B:W19,32:B40');
  assert.deepEqual(highlightAt(g, 1), { path: [28, 19], capture: true, captured: [23] });
  assert.throws(() => store.move('g1', { ply: 3, notation: '19-14', fen: 'B:W14,32:B40' }), /ply 2 is next/);
  assert.equal(g.moves.length, 1, 'a refused delta loses nothing already accepted');
  store.move('g1', { ply: 2, notation: '40-45', fen: 'W:W19,32:B45' }, 3);
  store.move('g1', { ply: 2, notation: '40-44', fen: 'W:W19,32:B44' }, 4);
  assert.deepEqual(g.moves.map(m => m.notation), ['28x19', '40-44']);
  assert.equal(store.state.versions.get('g1'), 4);
  assert.deepEqual(seen, ['game', 'move', 'move', 'move']);
  assert.throws(() => store.move('nope', { ply: 1 }), /unknown game "nope"/);
});

test('match score adds each team\'s points over boards of both colours', () => {
  const games = [
    { result: '2-0', white: { team: 'Home' }, black: { team: 'Away' } },
    { result: '1-1', white: { team: 'Away' }, black: { team: 'Home' } },
    { result: null, white: { team: 'Home' }, black: { team: 'Away' } },
  ];
  assert.deepEqual([...matchScore(games)], [['Home', 3], ['Away', 1]]);
});

test('acknowledged alerts are no longer open', () => {
  const store = createStore();
  store.putGame(sampleGame());
  store.alert({ id: 7, gameId: 'g1', ply: 3, type: 'ILLEGAL_MOVE' });
  assert.equal(openAlerts(store.state, 'g1').length, 1);
  store.acknowledge(7);
  assert.equal(openAlerts(store.state, 'g1').length, 0);
});

test('a man on its far row is an uncrowned king', () => {
  assert.deepEqual(uncrownedIn('B:W3,K4,28:B47,K48,20'), [3, 47]);
  assert.deepEqual(uncrownedIn('W:W31-50:B1-20'), []);
});

test('arbiter status line, draw-rule count and correction requests', async () => {
  const { statusLine, drawCounts, correctionOf } = await import('../../main/resources/damrelay/viewer/js/arbiter.js');
  const game = {
    result: null, startFen: 'W:W31-50:B1-20',
    moves: Array.from({ length: 30 }, (_, i) => ({ ply: i + 1, notation: '1-2', fen: 'W:W31-50:B1-20' })),
    status: { link: 'connected', outOfStep: true, uncrowned: [3], draws: [
      { rule: 'SIXTEEN_MOVES', label: '16-move', article: 'SWR 9.2a', count: 5, limit: 16 },
      { rule: 'TWENTY_FIVE_MOVES', label: '25-move', article: 'SWR 9.2d', count: 23, limit: 25 }] },
  };
  assert.equal(statusLine(game), 'connected · out of step · uncrowned king on 3');
  assert.deepEqual(drawCounts(game), [
    { text: '16-move rule: 5 of 16', article: 'SWR 9.2a', near: false },
    { text: '25-move rule: 23 of 25', article: 'SWR 9.2d', near: true }]);
  game.status = { link: 'waiting', outOfStep: false, uncrowned: [], draws: [] };
  assert.equal(statusLine(game), 'connected', 'the relay has moves from the board and no disconnection since');
  assert.deepEqual(drawCounts(game), []);
  assert.equal(statusLine({ ...game, moves: [] }), 'waiting');
  assert.equal(statusLine({ ...game, result: '2-0' }), 'finished · result 2-0', 'a board whose game is over is finished, not disconnected');
  assert.equal(statusLine({ ...game, result: '2-0', status: { ...game.status, link: 'disconnected' } }), 'board disconnected · result 2-0');
  assert.deepEqual(correctionOf('REPLACE_MOVE', 31, ' 28x19 ', 'late correction'),
    { kind: 'REPLACE_MOVE', ply: 31, move: { from: 28, to: 19, path: [28, 19] }, notation: '28x19', reason: 'late correction' });
  assert.deepEqual(correctionOf('TAKE_BACK', 0, '', ''), { kind: 'TAKE_BACK', ply: 0, reason: '' });
  assert.throws(() => correctionOf('SET_POSITION', 3, 'garbage', ''), /"garbage" is not a position/);
  assert.throws(() => correctionOf('TAKE_BACK', -1, '', ''), /not a move number/);
});

test('stepping: keys move through the plies and End returns to live', async () => {
  const { createView, shownPly, stepFor, eventOf } = await import('../../main/resources/damrelay/viewer/js/game.js');
  const game = { startFen: 'W:W31-50:B1-20', moves: [1, 2, 3].map(ply => ({ ply, notation: '1-2', fen: 'W:W31-50:B1-20' })) };
  const view = createView();
  assert.equal(shownPly(view, game), 3, 'live shows the latest');
  assert.equal(stepFor('ArrowLeft', view, game), 2);
  assert.equal(stepFor('Home', view, game), 0);
  assert.equal(stepFor('ArrowRight', view, game), null, 'past the last ply is live');
  assert.equal(stepFor('End', view, game), null);
  assert.equal(stepFor('a', view, game), undefined, 'other keys are not ours');
  view.ply = 0;
  assert.equal(stepFor('ArrowLeft', view, game), 0, 'no step before the start');
  assert.equal(stepFor('ArrowRight', view, game), 1);
  view.ply = 99;
  assert.equal(shownPly(view, game), 3, 'a ply beyond the game is clamped');
  assert.deepEqual(eventOf('nk2026-r3-b7'), { event: 'nk2026', round: '3' });
  assert.deepEqual(eventOf('odd'), {});
});

test('game page texts: finished state, tab title, corrections with the arbiter\'s reason', async () => {
  const { positionText, tabTitle, correctionText } = await import('../../main/resources/damrelay/viewer/js/game.js');
  const g = { board: 3, white: { name: 'Meijer' }, black: { name: 'Meurs' }, result: null,
    moves: [{ ply: 95, notation: '14-19' }, { ply: 96, notation: '19-23' }] };
  assert.equal(positionText(g, 96, true, g.moves[1]), 'Live: after 48... 19-23');
  assert.equal(positionText({ ...g, result: '2-0' }, 96, true, g.moves[1]), 'Finished 2-0: after 48... 19-23');
  assert.equal(positionText({ ...g, result: '2-0' }, 95, false, g.moves[0]), 'Viewing: after 48. 14-19');
  assert.equal(tabTitle(g), 'B3 Meijer – Meurs: 48... 19-23 · damrelay');
  assert.equal(tabTitle({ ...g, result: '1-1' }), 'B3 Meijer – Meurs: 1-1 · damrelay');
  assert.equal(correctionText({ kind: 'TAKE_BACK', ply: 30, reason: 'clock pressed before the capture was complete', arbiter: 'chief' }),
    'The arbiter (chief) took the game back to after move 15 (black): clock pressed before the capture was complete');
  assert.equal(correctionText({ kind: 'SET_POSITION', ply: 12, reason: '' }), 'The arbiter set the position on the board, after move 6 (black)');
});

test('the board\'s own correction of a move shown before it could tell: the move list changes and says so', async () => {
  const { createStore } = await import('../../main/resources/damrelay/viewer/js/model.js');
  const { applyUpdate } = await import('../../main/resources/damrelay/viewer/js/connection.js');
  const { correctionText } = await import('../../main/resources/damrelay/viewer/js/game.js');
  const { setLanguage } = await import('../../main/resources/damrelay/viewer/js/i18n.js');
  const store = createStore();
  store.putGame({ id: 'e-r1-b1', moves: [] }, 1);
  const g = () => store.state.games.get('e-r1-b1');
  applyUpdate(store, { gameId: 'e-r1-b1', version: 2, event: { type: 'MOVE', ply: 1, notation: '32x23', fen: 'B:W23,46,47:B3,25' } });
  // a piece taken off after the capture looked complete: the capture goes, the irregular move comes
  applyUpdate(store, { gameId: 'e-r1-b1', version: 3, relayTimeMs: '1795248000000',
    event: { type: 'MOVE_RETRACTED', ply: 1, boardCorrection: true, fen: 'W:W32,46,47:B3,25,28' } });
  assert.deepEqual(g().moves, []);
  applyUpdate(store, { gameId: 'e-r1-b1', version: 4, event: { type: 'ILLEGAL_MOVE', subtype: 'WRONG_PIECES_REMOVED', ply: 1, notation: '32x23', fen: 'B:W23,46,47:B3' } });
  assert.deepEqual(g().moves.map(m => [m.ply, m.notation, !!m.irregular]), [[1, '32x23', true]]);
  assert.deepEqual(g().corrections.map(c => [c.kind, c.ply, c.notation]), [['BOARD_READING', 1, '']]);
  // another move after all: replaced in place, and said
  applyUpdate(store, { gameId: 'e-r1-b1', version: 5, event: { type: 'MOVE', ply: 2, notation: '25-30', fen: 'W:W23,46,47:B3,30' } });
  applyUpdate(store, { gameId: 'e-r1-b1', version: 6, event: { type: 'MOVE_REPLACED', ply: 2, boardCorrection: true, notation: '3-8', fen: 'W:W23,46,47:B8,25' } });
  assert.deepEqual(g().moves.map(m => m.notation), ['32x23', '3-8']);
  assert.equal(g().corrections.length, 2);
  try {
    setLanguage('en');
    assert.equal(correctionText(g().corrections[0]), 'The board corrected move 1 (white): it was shown before the board told what was played, and was taken out');
    assert.equal(correctionText(g().corrections[1]), 'The board corrected move 1 (black): it was shown before the board told what was played, which was 3-8');
    setLanguage('nl');
    assert.equal(correctionText(g().corrections[0]),
      'Het bord verbeterde zet 1 (wit): die zet werd getoond voordat het bord liet zien wat er gespeeld was, en is weggenomen');
  } finally {
    setLanguage('en');
  }
});

test('a correction seen live is kept with the game and a set position is not a move mark', async () => {
  const { createStore } = await import('../../main/resources/damrelay/viewer/js/model.js');
  const { applyUpdate } = await import('../../main/resources/damrelay/viewer/js/connection.js');
  const store = createStore();
  store.putGame({ id: 'e-r1-b1', moves: [{ ply: 1, notation: '32-28', fen: 'B:W28,31,33-50:B1-20' }] }, 1);
  applyUpdate(store, { gameId: 'e-r1-b1', version: 2, correction: { kind: 'SET_POSITION', ply: 1, fen: 'W:WK5:B46', reason: 'pieces knocked over', arbiter: 'chief' } });
  const g = store.state.games.get('e-r1-b1');
  assert.equal(g.moves[1].notation, 'position set');
  assert.ok(g.moves[1].set && !g.moves[1].irregular);
  assert.equal(g.corrections[0].reason, 'pieces knocked over');
  // status learned before the snapshot (the arbiter's alerts come first) is kept for the game
  store.status('e-r1-b2', { link: 'disconnected' });
  store.putGame({ id: 'e-r1-b2', moves: [] }, 1);
  assert.equal(store.state.games.get('e-r1-b2').status.link, 'disconnected');
});

test('a late joiner reads the corrections from the snapshot, and an info change keeps them', async () => {
  const { createStore } = await import('../../main/resources/damrelay/viewer/js/model.js');
  const { applyUpdate, gameOf } = await import('../../main/resources/damrelay/viewer/js/connection.js');
  const store = createStore();
  const snapshot = {
    info: { gameId: 'e-r1-b1', board: 1 }, version: 5,
    plies: [{ ply: 1, notation: '32-28', fen: 'B:W28,31,33-50:B1-20' }, { ply: 2, notation: '19-23', fen: 'W:W28,31,33-50:B1-18,20,23' }],
    correctionNotes: [{ correction: { kind: 'REPLACE_MOVE', ply: 2, notation: '19-23', reason: 'the board showed 18-23', arbiter: 'chief' }, relayTimeMs: '1700000000000' }],
  };
  store.putGame(gameOf(snapshot), 5);
  const g = store.state.games.get('e-r1-b1');
  assert.deepEqual(g.corrections, [{ kind: 'REPLACE_MOVE', ply: 2, reason: 'the board showed 18-23', arbiter: 'chief', notation: '19-23', at: 1700000000000 }]);
  applyUpdate(store, { gameId: 'e-r1-b1', version: 6, info: { gameId: 'e-r1-b1', board: 1, white: { name: 'A' } } });
  assert.equal(store.state.games.get('e-r1-b1').corrections.length, 1, 'a pairing edit keeps the record');
});

test('the move list shows the mover\'s remaining time after each move', async () => {
  const { moverTime } = await import('../../main/resources/damrelay/viewer/js/game.js');
  assert.equal(moverTime({ ply: 1, clock: { white: 5_390_000, black: 5_400_000 } }), 5_390_000);
  assert.equal(moverTime({ ply: 2, clock: { white: 5_390_000, black: 5_380_000 } }), 5_380_000);
  assert.equal(moverTime({ ply: 3, clock: null }), null);
});

test('a capture is drawn along the squares it landed on, not straight from start to end (issue 40)', () => {
  const store = createStore();
  store.putGame({ id: 'g2', startFen: 'W:W33,48:B18,28,45', moves: [] });
  store.move('g2', { ply: 1, notation: '33x13', fen: 'B:W13,48:B45' });
  const g = store.state.games.get('g2');
  // 33 over 28 to 22, over 18 to 13: a turn at 22, which the notation does not name
  assert.deepEqual(highlightAt(g, 1), { path: [33, 22, 13], capture: true, captured: [18, 28] });
  store.move('g2', { ply: 2, notation: '45-50', fen: 'W:W13,48:BK50' });
  assert.deepEqual(highlightAt(g, 2).path, [45, 50], 'a quiet move keeps its two squares');
});

test('a finished game\'s clocks stand at their last reading, however late the page opens (issue 40)', () => {
  const store = createStore();
  const reading = { white: 6_703_000, black: 3_100_000, running: 'W', relayAt: 1_000, at: 1_000 };
  store.putGame({ id: 'f', result: '1-1', clock: reading, moves: [] });
  const g = store.state.games.get('f');
  // opened an hour, then two hours after the relay's reading: the same 1:51:43
  for (const now of [3_600_000, 7_200_000]) assert.equal(formatClock(remaining(g.clock, now).white), '1:51:43');
  store.putGame({ id: 'live', clock: reading, moves: [] });
  assert.equal(formatClock(remaining(store.state.games.get('live').clock, 3_601_000).white), '51:43', 'a game in play ticks');
  store.result('live', '2-0');
  assert.equal(store.state.games.get('live').clock.running, null, 'the result stops the clock');
});

test('the address\'s ply and the header\'s badge of a finished or paused game (issue 40)', async () => {
  const { plyOf, gameBadge } = await import('../../main/resources/damrelay/viewer/js/game.js');
  assert.equal(plyOf('?game=g&ply=7'), 7);
  assert.equal(plyOf('?game=g&ply=0'), 0, 'the start position');
  for (const bad of ['?game=g', '?game=g&ply=', '?game=g&ply=~', '?game=g&ply=-1', '?game=g&ply=2.5']) assert.equal(plyOf(bad), null, bad);
  assert.equal(gameBadge(null, false), null);
  assert.equal(gameBadge({ result: null }, false), null, 'a game in play: the connection says Live');
  assert.equal(gameBadge({ result: '1-1' }, false).state, 'finished');
  assert.equal(gameBadge({ result: '1-1' }, true).state, 'finished', 'a result outweighs a block');
  assert.equal(gameBadge({ result: null }, true).state, 'paused');
});
