// The arbiter console's logic: triage (what needs action, by board), the lasting condition of a
// disconnected board, the cue for new alerts, and where a credential may go (issue 22).
import { test } from 'node:test';
import assert from 'node:assert/strict';
import { triage, needsAction, freshActions } from '../../main/resources/damrelay/viewer/js/alerts.js';
import { credentialBase, originOf } from '../../main/resources/damrelay/viewer/js/connection.js';

const alert = (id, gameId, type, severity, at, extra = {}) => ({ id: String(id), gameId, type, severity, at, acknowledged: false, ...extra });
const boards = { 'e-r1-b1': 1, 'e-r1-b2': 2, 'e-r1-b10': 10 };

test('triage: action alerts grouped by board number, information only in the board\'s history', () => {
  const alerts = [
    alert(1, 'e-r1-b2', 'CLOCK_NOT_PRESSED', 'info', 1000),
    alert(2, 'e-r1-b10', 'ILLEGAL_MOVE', 'action', 2000),
    alert(3, 'e-r1-b2', 'BOARD_BLOCKED', 'action', 3000),
    alert(4, 'e-r1-b2', 'TOUCH_MOVE', 'info', 4000),
    alert(5, 'e-r1-b1', 'FLAG_FALL', 'action', 5000, { acknowledged: true }),
  ];
  const view = triage(alerts, id => boards[id], 10_000);
  assert.equal(view.count, 2);
  assert.deepEqual(view.groups.map(g => [g.board, g.alerts.map(a => a.id)]), [[2, ['3']], [10, ['2']]]);
  assert.equal(view.groups[0].upTo, 4, 'acknowledge all of board 2 covers every alert the screen showed for it');
  const b2 = view.boards.get('e-r1-b2');
  assert.deepEqual([b2.all.map(a => a.id), b2.open, b2.action], [['4', '3', '1'], 3, 1]);
  assert.deepEqual([view.boards.get('e-r1-b1').open, view.boards.get('e-r1-b1').action], [0, 0]);
  const only = triage(alerts, id => boards[id], 10_000, 'e-r1-b10');
  assert.deepEqual([only.count, [...only.boards.keys()]], [1, ['e-r1-b10']]);
});

test('a disconnected board needs action once it lasted, and not after it reconnected', () => {
  const down = alert(7, 'e-r1-b1', 'BOARD_DISCONNECTED', 'info', 100_000, { actionAfterMs: 60_000 });
  assert.equal(needsAction(down, 159_999), false, 'a hiccup is information');
  assert.equal(needsAction(down, 160_000), true);
  const up = alert(8, 'e-r1-b1', 'BOARD_RECONNECTED', 'info', 130_000);
  assert.equal(triage([down, up], () => 1, 500_000).count, 0, 'it came back');
  assert.equal(triage([down], () => 1, 500_000).count, 1);
  assert.equal(needsAction({ ...down, acknowledged: true }, 500_000), false);
  assert.equal(needsAction(alert(9, 'g', 'TOUCH_MOVE', 'info', 0, { actionAfterMs: 1 }), 500_000), false, 'only a lasting condition');
});

test('the cue sounds once per new action alert', () => {
  const seen = new Set(['2']);
  const groups = triage([alert(2, 'g', 'ILLEGAL_MOVE', 'action', 1), alert(3, 'g', 'FLAG_FALL', 'action', 2),
    alert(4, 'g', 'TOUCH_MOVE', 'info', 3)], () => 1, 10).groups;
  assert.deepEqual(freshActions(groups, seen).map(a => a.id), ['3']);
});

const page = href => ({ href, search: new URL(href).search });
const viewer = trustedRelays => async url => {
  viewer.asked.push(url);
  return { ok: true, json: async () => ({ trustedRelays }) };
};

test('a credential goes to the page\'s own relay without asking', async () => {
  viewer.asked = [];
  const base = await credentialBase(page('http://127.0.0.1:8080/arbiter.html?event=e'), viewer([]));
  assert.deepEqual(base, { ws: 'ws://127.0.0.1:8080', http: 'http://127.0.0.1:8080' });
  assert.deepEqual(viewer.asked, []);
});

test('a crafted ?relay= to another host is refused in every form unless the own relay trusts it', async () => {
  for (const relay of ['ws://evil.example:9000', 'http://evil.example:9000', 'evil.example:9000', 'wss://evil.example:9000/ws']) {
    viewer.asked = [];
    await assert.rejects(credentialBase(page(`http://127.0.0.1:8080/arbiter.html?relay=${encodeURIComponent(relay)}&event=e`), viewer([])),
      e => e.name === 'Error' && /evil\.example:9000/.test(e.message), relay);
    assert.deepEqual(viewer.asked, ['http://127.0.0.1:8080/api/viewer'], 'only the own relay was asked');
  }
  await assert.rejects(credentialBase(page('http://127.0.0.1:8080/report.html?relay=ws://evil.example:9000'),
    async () => { throw new Error('offline'); }), /evil\.example/, 'no answer trusts nothing');
  const trusted = await credentialBase(page('http://127.0.0.1:8080/arbiter.html?relay=wss://relay2.example.org&event=e'),
    viewer(['https://relay2.example.org']));
  assert.equal(trusted.ws, 'wss://relay2.example.org');
  await assert.rejects(credentialBase(page('http://127.0.0.1:8080/arbiter.html?relay=ws://relay2.example.org&event=e'),
    viewer(['https://relay2.example.org'])), /relay2/, 'trusted over TLS is not trusted in the clear');
});

test('origins in the four forms', () => {
  assert.equal(originOf('wss://a.example:8443/ws'), 'https://a.example:8443');
  assert.equal(originOf('ws://a.example'), 'http://a.example');
  assert.equal(originOf('file:///x'), null);
  assert.equal(originOf('not a url'), null);
});

test('a problem of the relay itself is held while it lasts and goes when cleared', async () => {
  const { createStore } = await import('../../main/resources/damrelay/viewer/js/model.js');
  const store = createStore();
  store.relayAlert({ type: 'CONFIG_REJECTED', text: 'relay.yaml: events is empty', at: 1, cleared: false });
  assert.deepEqual([...store.state.relayAlerts.keys()], ['CONFIG_REJECTED']);
  store.relayAlert({ type: 'CONFIG_REJECTED', text: '', at: 2, cleared: true });
  assert.equal(store.state.relayAlerts.size, 0);
});
