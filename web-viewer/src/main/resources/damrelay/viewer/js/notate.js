// The notation page (docs/notation.md): one game, entered by taps on a phone next to the board.
// It shows nothing but this game's position and moves (arbiter manual 2.5). Each entry goes to the
// outbox (browser storage) first, then to the relay on /notate; the relay's state plus the
// entries it has not acknowledged yet is what the page shows.
import { parseFen, squareToRowCol, START_FEN } from './fen.js';
import { renderBoard } from './board.js';
import { legalMoves, applyMove, notate } from './rules.js';
import { IDLE, tap, hints, typedMove, refusalText } from './taps.js';
import { createOutbox } from './outbox.js';
import { credentialBase, backoffDelay, RESULT_TEXT } from './connection.js';
import { h, pollEvent } from './ui.js';
import { moveRows } from './notation.js';
import { t, has } from './i18n.js';

const SVG = 'http://www.w3.org/2000/svg';
// 4411: the arbiter switched the game back to its sensor board (NotationService.SWITCHED_TO_SENSOR): said in the page's words
const CLOSED_FOR_GOOD = { 4401: 'refused', 4403: 'refused', 4410: 'stopped', 4411: 'switchedBack' };
// An entry the relay has not acknowledged this long after it was sent: the connection is not to be
// trusted (a phone off the Wi-Fi keeps a dead socket open for minutes), so the page says so and connects anew.
const ANSWER_WITHIN_MS = 5000;

/** h:mm:ss, h:mm or m:ss... as the player reads the clock → ms; null when empty; NaN when unreadable. */
export function parseTime(text) {
  const t = (text ?? '').trim();
  if (!t) return null;
  const parts = t.split(':').map(Number);
  if (parts.some(n => !Number.isInteger(n) || n < 0) || parts.length > 3) return NaN;
  const [a, b = 0, c = 0] = parts.length === 3 ? parts : parts.length === 2 ? [0, ...parts] : [0, parts[0], 0];
  return ((a * 60 + b) * 60 + c) * 1000;
}

/** The game as the page shows it: the relay's plies, then the entries it has not acknowledged. */
export function view(relayState, pending) {
  const snap = relayState?.snapshot ?? {};
  const start = parseFen(snap.info?.startFen || START_FEN);
  const plies = (snap.plies ?? []).map(p => ({ notation: p.notation || '(set)', position: parseFen(p.fen), clock: p.clock, sent: true }));
  let lastIsOwnMove = !!relayState?.undoable;
  for (const e of pending) {
    if (e.undo) {
      plies.pop();
      lastIsOwnMove = false;
    } else {
      const before = plies.length ? plies[plies.length - 1].position : start;
      plies.push({ notation: e.notation, position: applyMove(before, e.move), clock: e.clock, sent: false, seq: e.seq });
      lastIsOwnMove = true;
    }
  }
  const position = plies.length ? plies[plies.length - 1].position : start;
  return { start, plies, position, legal: legalMoves(position), undoable: lastIsOwnMove && plies.length > 0 };
}

export function startNotationPage() {
  const hash = new URLSearchParams(location.hash.slice(1));
  const gameId = hash.get('game') ?? '';
  const key = hash.get('key') ?? '';
  const outbox = createOutbox(localStorage, gameId);
  const els = {
    title: document.querySelector('.game-title'),
    lock: document.querySelector('.lock'),
    link: document.querySelector('.link-status'),
    unsent: document.querySelector('.unsent'),
    message: document.querySelector('.message'),
    notator: document.querySelector('.notator'),
    board: document.querySelector('.board-holder'),
    time: document.querySelector('.time-entry'),
    moves: document.querySelector('.moves'),
    actions: document.querySelector('.actions'),
    dialog: document.querySelector('.dialog'),
    typed: document.querySelector('form.move-entry'),
  };
  let relay = null;       // the newest DeviceState
  let socket = null;
  let attempt = 0;
  let closed = null;      // {kind: 'refused'|'stopped', reason}
  let taps = IDLE;
  let refusal = '';
  let fresh = false;      // a new connection: its first state tells what to send again
  let base = null;        // the relay the credential may go to (credentialBase)
  let watchdog = null;    // the check that an entry sent was answered
  let retry = null;       // the next connection attempt

  const say = (text, kind = 'info') => {
    els.message.textContent = text;
    els.message.dataset.kind = kind;
  };

  // ---- the relay ----------------------------------------------------------------------------
  const send = msg => {
    if (socket?.readyState === WebSocket.OPEN) socket.send(JSON.stringify(msg));
  };
  const sendPending = () => {
    for (const e of outbox.pending()) {
      if (relay && e.seq <= Number(relay.acked ?? 0)) continue;
      const entry = { seq: String(e.seq), deviceTimeMs: String(e.deviceTimeMs) };
      if (e.undo) entry.undo = {};
      else entry.move = e.move;
      if (e.clock) entry.clock = e.clock;
      send({ entry });
    }
    for (const [name, body] of Object.entries(outbox.requests())) send({ requestId: name, [name]: body });
    expectAnswer();
  };
  // "Connected" only while the relay answers: an entry left unacknowledged means it is not
  const expectAnswer = () => {
    if (watchdog || !outbox.pending().length || socket?.readyState !== WebSocket.OPEN) return;
    const waitingFor = outbox.pending()[0].seq;
    watchdog = setTimeout(() => {
      watchdog = null;
      if (outbox.pending()[0]?.seq !== waitingFor || !socket) return;
      setLink('noAnswer');
      socket.close(); // its close connects anew, and the new connection sends what is not acknowledged
    }, ANSWER_WITHIN_MS);
  };
  const connect = () => {
    if (closed) return;
    setLink('connecting');
    const current = new WebSocket(`${base.ws}/notate`);
    socket = current;
    fresh = true;
    socket.onopen = () => socket.send(JSON.stringify({ hello: { gameId, token: key } }));
    socket.onmessage = ev => receive(JSON.parse(ev.data));
    socket.onclose = ev => {
      if (socket !== current) return; // a socket given up on (offline, no answer): its successor is already under way
      socket = null;
      if (CLOSED_FOR_GOOD[ev.code]) {
        closed = { kind: CLOSED_FOR_GOOD[ev.code], reason: ev.reason || t('notate.closedByRelay') };
        render();
        return;
      }
      const wait = backoffDelay(attempt++);
      if (els.link.dataset.state !== 'noAnswer' || !navigator.onLine) setLink(navigator.onLine ? 'reconnecting' : 'offline');
      retry = setTimeout(connect, wait);
    };
  };
  const receive = m => {
    if (m.state) {
      relay = m.state;
      attempt = 0;
      outbox.acked(Number(relay.acked ?? 0));
      outbox.keepRelayState(relay, key);
      refusal = Number(relay.refused ?? 0) ? relay.refusedReason || t('notate.refusedNoReason') : '';
      setLink(navigator.onLine ? 'live' : 'offline');
      clearTimeout(watchdog);
      watchdog = null;
      if (fresh) sendPending();
      else expectAnswer();
      fresh = false;
      render();
    } else if (m.error) {
      if (m.requestId) outbox.done(m.requestId);
      say(t('notate.relayRefused', { reason: m.error.message }), 'error');
    } else if (m.ok !== undefined) {
      if (m.requestId) outbox.done(m.requestId);
      // the relay's ok is English for logs: the page says what was done in its own words
      say(has(`notate.ok.${m.requestId}`) ? t(`notate.ok.${m.requestId}`) : '');
      render();
    }
  };
  const setLink = state => {
    els.link.dataset.state = state;
    els.link.textContent = t(`notate.link.${state}`);
  };
  // the phone's own word that it has no network: believed at once, and a try as soon as it is back
  window.addEventListener('offline', () => {
    if (closed) return;
    setLink('offline');
    const old = socket;
    socket = null;
    old?.close();
    clearTimeout(retry);
    retry = setTimeout(connect, backoffDelay(attempt++));
  });
  window.addEventListener('online', () => {
    if (closed || socket?.readyState === WebSocket.OPEN) return;
    clearTimeout(retry);
    attempt = 0;
    if (!socket) connect();
  });
  const request = (name, body) => {
    outbox.request(name, body);
    send({ requestId: name, [name]: body });
  };

  // ---- entering -----------------------------------------------------------------------------
  const current = () => view(relay, outbox.pending());
  const enter = move => {
    const v = current();
    let clock;
    if (relay?.times !== 'TIMES_OFF') {
      const ms = parseTime(els.time.querySelector('input').value);
      if (Number.isNaN(ms) || (ms === null && relay?.times === 'TIMES_REQUIRED')) {
        say(t('notate.timeFirst'), 'error');
        return;
      }
      if (ms !== null) {
        const last = [...v.plies].reverse().find(p => p.clock)?.clock ?? {};
        clock = { whiteMs: last.whiteMs ?? 0, blackMs: last.blackMs ?? 0, running: v.position.side === 'W' ? 'BLACK' : 'WHITE' };
        clock[v.position.side === 'W' ? 'whiteMs' : 'blackMs'] = ms;
      }
    }
    const e = outbox.add({ move, clock, notation: notate(move, v.legal) });
    els.time.querySelector('input').value = '';
    say(t('notate.entered', { move: e.notation }));
    sendPending();
    render();
  };
  const onTap = square => {
    if (closed || !relay || refusal) return;
    if (!notatorKnown()) {
      say(t('notate.whoFirst'), 'error');
      return;
    }
    const v = current();
    const r = tap(taps, square, v.legal);
    if (r.refused) {
      const [from, to] = taps.phase === 'idle' ? [square, null] : [taps.from, square];
      say(t('notate.notLegal', { reason: refusalText(v.position, from, to, r.refused) }), 'error');
      els.board.dataset.refused = String(square);
    } else {
      taps = r.state;
      delete els.board.dataset.refused;
      if (r.move) enter(r.move);
      else if (taps.phase === 'ambiguous') say(t('notate.ambiguous', { to: taps.to }));
      else say('');
    }
    render();
  };
  // the keyboard's way to the same entry: the move typed as it is written ("32-28", "28x19x10")
  const onTyped = ev => {
    ev.preventDefault();
    if (closed || !relay || refusal) return;
    if (!notatorKnown()) {
      say(t('notate.whoFirst'), 'error');
      return;
    }
    const input = els.typed.querySelector('input');
    const v = current();
    const r = typedMove(input.value, v.legal);
    if (r.refused) {
      say(t('notate.notLegal', { reason: refusalText(v.position, r.from, r.to, r.refused) }), 'error');
      return;
    }
    taps = IDLE;
    input.value = '';
    enter(r.move);
  };
  const undo = () => {
    if (!current().undoable) return;
    outbox.add({ undo: true });
    say(t('notate.undone'));
    sendPending();
    render();
  };
  const notatorKnown = () => !!(relay?.snapshot?.info?.notator || outbox.requests().notator);

  // ---- drawing ------------------------------------------------------------------------------
  const drawBoard = v => {
    const svg = renderBoard(v.position, { numbers: true, label: t('notate.boardLabel') });
    const marks = hints(taps, v.legal);
    const targets = document.createElementNS(SVG, 'g');
    targets.setAttribute('class', 'tap-targets');
    for (let sq = 1; sq <= 50; sq++) {
      const { row, col } = squareToRowCol(sq);
      const r = document.createElementNS(SVG, 'rect');
      const cls = ['tap'];
      if (marks.chosen.includes(sq)) cls.push('chosen');
      if (marks.targets.includes(sq)) cls.push('target');
      Object.entries({ x: col * 50, y: row * 50, width: 50, height: 50, class: cls.join(' '), 'data-square': sq })
        .forEach(([k, val]) => r.setAttribute(k, String(val)));
      r.addEventListener('click', () => onTap(sq));
      targets.appendChild(r);
    }
    svg.appendChild(targets);
    els.board.replaceChildren(svg);
  };
  let titled = false; // the tab's title names the event (its JSON's name), once the game says which
  const render = () => {
    const info = relay?.snapshot?.info ?? {};
    if (!titled && info.eventId && base) {
      titled = true;
      pollEvent(base, info.eventId, ev => { if (ev.name) document.title = t('notate.pageTitleEvent', { event: ev.name }); }, 600_000);
    }
    els.title.textContent = info.gameId
      ? t('notate.title', { board: info.board, white: info.white?.name ?? t('common.white'), black: info.black?.name ?? t('common.black') })
      : t('notate.heading');
    if (closed) {
      document.body.dataset.state = closed.kind;
      els.board.replaceChildren();
      els.typed.hidden = true;
      els.actions.replaceChildren();
      els.time.hidden = true;
      els.notator.replaceChildren();
      say(closed.kind === 'stopped' ? t('notate.stopped') : closed.kind === 'switchedBack' ? t('notate.switchedBack')
        : closed.kind === 'untrusted' ? closed.reason : t('notate.deviceRefused', { reason: closed.reason }), closed.kind === 'switchedBack' ? 'info' : 'error');
      renderUnsent();
      return;
    }
    if (!relay) return;
    const v = current();
    document.body.dataset.state = refusal ? 'blocked' : 'notating';
    drawBoard(v);
    els.typed.hidden = false;
    renderNotator(info);
    renderTime(v);
    renderMoves(v);
    renderUnsent();
    renderActions(v, info);
    if (refusal) say(t('notate.entryRefused', { reason: refusal }), 'error');
  };
  // numbered rows, white and black side by side (as on the paper scoresheet), the latest in view
  const renderMoves = v => {
    const blackFirst = v.start.side === 'B';
    const half = p => p
      ? h('span', { class: `half ${p.sent ? 'sent' : 'pending'}`, dataset: { ply: String(p.ply) } }, p.notation,
        p.sent ? '' : h('span', { class: 'badge' }, t('notate.notSent')))
      : h('span', { class: 'half none' }, '…');
    const rows = moveRows(v.plies.map((p, i) => ({ ...p, ply: i + 1 + (blackFirst ? 1 : 0) })));
    els.moves.replaceChildren(...rows.map(r => h('li', {}, h('span', { class: 'number' }, `${r.number}.`), half(r.white), r.black ? half(r.black) : h('span', { class: 'half' }))));
    els.moves.scrollTop = els.moves.scrollHeight;
  };
  const renderUnsent = () => {
    const n = outbox.pending().length;
    els.unsent.textContent = n ? t('notate.unsent', { n }) : t('notate.allSent');
    els.unsent.dataset.count = String(n);
  };
  const renderNotator = info => {
    if (info.notator || outbox.requests().notator) {
      els.notator.replaceChildren(h('span', {}, t('notate.notatedBy', { name: info.notator || outbox.requests().notator.name })));
      return;
    }
    const input = h('input', { type: 'text', name: 'notator', autocomplete: 'name', 'aria-label': t('notate.whoLabel') });
    const choose = name => { if (name.trim()) { request('notator', { name: name.trim() }); render(); } };
    els.notator.replaceChildren(h('p', {}, t('notate.who')),
      h('button', { type: 'button', class: 'notator-white', onclick: () => choose(info.white?.name ?? '') }, info.white?.name ?? t('common.white')),
      h('button', { type: 'button', class: 'notator-black', onclick: () => choose(info.black?.name ?? '') }, info.black?.name ?? t('common.black')),
      h('form', { onsubmit: ev => { ev.preventDefault(); choose(input.value); } }, input, h('button', { type: 'submit' }, t('notate.other'))));
  };
  const renderTime = v => {
    els.time.hidden = relay.times === 'TIMES_OFF';
    els.time.querySelector('label span').textContent =
      t(`notate.time.${v.position.side}${relay.times === 'TIMES_REQUIRED' ? '' : '.optional'}`);
  };
  const renderActions = (v, info) => {
    const finished = relay.snapshot.result && relay.snapshot.result !== 'RESULT_UNSPECIFIED';
    els.actions.replaceChildren(
      h('button', { type: 'button', class: 'undo', disabled: !v.undoable || finished, onclick: undo }, t('notate.undo')),
      h('button', { type: 'button', class: 'result', disabled: finished, onclick: () => resultDialog(info) },
        finished ? t('game.result', { result: RESULT_TEXT[relay.snapshot.result] }) : t('notate.resultButton')),
      h('button', { type: 'button', class: 'stop', onclick: stopDialog }, t('notate.stop')));
  };

  // ---- result and stop ----------------------------------------------------------------------
  const resultDialog = info => {
    const names = [info.white?.name || t('common.white'), info.black?.name || t('common.black')];
    let chosen = null;
    const confirmed = new Set();
    const draw = () => {
      els.dialog.hidden = false;
      els.dialog.replaceChildren(h('p', {}, t('notate.resultAsk')),
        ...Object.entries(RESULT_TEXT).filter(([k]) => k !== 'BOTH_LOSE').map(([k, text]) => h('button', {
          type: 'button', class: `choose-result${chosen === k ? ' chosen' : ''}`, 'data-result': text,
          'aria-pressed': chosen === k, onclick: () => { chosen = k; confirmed.clear(); draw(); },
        }, text)),
        chosen ? h('div', {}, ...names.map((n, i) => h('button', {
          type: 'button', class: `confirm confirm-${i ? 'black' : 'white'}`, disabled: confirmed.has(n),
          onclick: () => { confirmed.add(n); if (confirmed.size === 2) finish(); else draw(); },
        }, confirmed.has(n) ? t('notate.confirmed', { name: n }) : t('notate.confirm', { name: n, result: RESULT_TEXT[chosen] })))) : '',
        h('button', { type: 'button', class: 'cancel', onclick: close }, t('notate.cancel')));
    };
    const finish = () => {
      request('result', { result: chosen, confirmedBy: names });
      close();
      say(t('notate.resultSent', { result: RESULT_TEXT[chosen] }));
    };
    draw();
  };
  const stopDialog = () => {
    els.dialog.hidden = false;
    els.dialog.replaceChildren(
      h('p', {}, t('notate.stopAsk')),
      h('button', { type: 'button', class: 'stop-confirm', onclick: () => { stop('', false); close(); } }, t('notate.stopForGood')),
      h('button', { type: 'button', class: 'cancel', onclick: close }, t('notate.cancel')));
  };
  const stop = (reason, failure) => request('stop', { reason, failure });
  const close = () => { els.dialog.hidden = true; els.dialog.replaceChildren(); };

  // a failure of the page itself stops digital notation: the relay is told, the game goes on paper
  window.addEventListener('error', ev => { if (relay && !closed) stop(`page error: ${ev.message}`, true); }); // i18n: not shown (the relay's log)

  // ---- locked, full screen ------------------------------------------------------------------
  els.lock.querySelector('button').addEventListener('click', async () => {
    try {
      await document.documentElement.requestFullscreen?.({ navigationUI: 'hide' });
    } catch { /* the browser may refuse; the page is locked to this game either way */ }
  });
  document.addEventListener('fullscreenchange', () => {
    els.lock.dataset.fullscreen = String(!!document.fullscreenElement);
  });
  els.time.querySelector('input').addEventListener('keydown', ev => { if (ev.key === 'Enter') ev.preventDefault(); });
  els.typed.addEventListener('submit', onTyped);

  if (!gameId || !key) {
    closed = { kind: 'refused', reason: t('notate.badLink') };
    render();
    return;
  }
  // the page and its modules stay available offline, for a reload without a connection
  navigator.serviceWorker?.register('notate-sw.js').catch(() => { /* not over plain http to a remote host: storage still keeps the entries */ });
  relay = outbox.relayState(key);
  render();
  renderUnsent();
  // the credential goes only to the relay that served the page, or one it trusts
  credentialBase(location).then(b => { base = b; connect(); }, e => {
    closed = { kind: 'untrusted', reason: e.message };
    render();
  });
}
