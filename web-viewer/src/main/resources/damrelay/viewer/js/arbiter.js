// Arbiter console: alert feed, per-board status, blocked boards, acknowledge, enter a result, correct a game.
import { createStore, gamesByBoard, openAlerts } from './model.js';
import { titleOf } from './alerts.js';
import { connectArbiter, credentialBase } from './connection.js';
import { pathOf } from './notation.js';
import { renderOverview, tickClocks } from './overview.js';
import { mountNotationLinks } from './notation-links.js';
import { mountBlocked } from './blocked.js';
import { h, bindConnectionStatus, params, pageLink, keepFocus, perFrame, pollEvent } from './ui.js';

const TOKEN_KEY = 'damrelay.arbiterToken';

/** The per-board status line: what the arbiter needs to know at a glance. */
export function statusLine(game) {
  const s = game.status;
  // a board the relay has had moves from, and no disconnection since, is connected
  const link = s.link === 'waiting' && game.moves.length ? 'connected' : s.link;
  const parts = [game.result && link !== 'disconnected' ? 'finished' : link === 'connected' ? 'connected' : link === 'disconnected' ? 'board disconnected' : 'waiting'];
  // a board without sensors: how its moves come (docs/notation.md)
  if (game.notation === 'NOTATED') parts.push(game.notator ? `notated on a phone by ${game.notator}` : 'notated on a phone');
  if (game.notation === 'ON_PAPER') parts.push('digital notation stopped: on paper');
  if (s.outOfStep) parts.push('out of step');
  if (s.uncrowned?.length) parts.push(`uncrowned king on ${s.uncrowned.join(', ')}`);
  if (game.result) parts.push(`result ${game.result}`);
  return parts.join(' · ');
}

/** The last moves before a draw by rule: from here on the console highlights the count. */
export const DRAW_NEAR_MOVES = 3;

/**
 * The running draw counts as the relay's game model counted them after the last move, e.g.
 * "16-move rule: 9 of 16"; a count that ended is no longer there.
 */
export function drawCounts(game) {
  return (game.status.draws ?? []).map(d => {
    const count = d.count ?? 0;
    return { text: `${d.label} rule: ${count} of ${d.limit}`, article: d.article ?? '', near: d.limit - count <= DRAW_NEAR_MOVES };
  });
}

export function alertsNewestFirst(state) {
  return [...state.alerts.values()].sort((a, b) => (b.at ?? 0) - (a.at ?? 0) || Number(b.id) - Number(a.id) || b.id.localeCompare(a.id));
}

function alertItem(a, state, actions) {
  const g = state.games.get(a.gameId);
  const board = g?.board ?? a.board ?? '?';
  const name = titleOf(a.type, a.subtype);
  const time = a.at ? new Date(a.at).toLocaleTimeString() : '';
  return h('li', { class: `alert severity-${(a.severity ?? 'info').toLowerCase()}${a.acknowledged ? ' acknowledged' : ''}`, dataset: { alert: a.id, game: a.gameId } },
    h('a', { class: 'alert-open', href: pageLink('game.html', { game: a.gameId, ply: a.ply }), dataset: { focusKey: `open-${a.id}` },
      'aria-label': `Open board ${board} at ply ${a.ply}: ${name}` },
      h('span', { class: 'severity' }, (a.severity ?? 'info').toUpperCase()),
      h('span', { class: 'where' }, `Board ${board} · ply ${a.ply ?? '–'}`),
      h('span', { class: 'type', title: a.subtype ? `${a.type}.${a.subtype}` : a.type }, name),
      h('span', { class: 'text' }, a.text ?? ''),
      time ? h('time', { datetime: new Date(a.at).toISOString(), title: 'when the relay accepted it' }, time) : null),
    a.acknowledged
      ? h('span', { class: 'acked' }, 'acknowledged')
      : h('button', { type: 'button', class: 'ack', dataset: { focusKey: `ack-${a.id}` }, onclick: () => actions.acknowledge(a.id), 'aria-label': `Acknowledge ${name} on board ${board}` }, 'Acknowledge'));
}

function renderConsole(root, state, actions) {
  const alerts = alertsNewestFirst(state);
  root.querySelector('.alert-count').textContent = `${openAlerts(state).length} open`;
  root.querySelector('.alerts').replaceChildren(...(alerts.length ? alerts.map(a => alertItem(a, state, actions)) : [h('li', { class: 'empty' }, 'No alerts.')]));
  const games = gamesByBoard(state);
  root.querySelector('.statuses').replaceChildren(...games.map(g => h('li', { dataset: { game: g.id } },
    h('strong', {}, `Board ${g.board ?? '?'}`), ' ', h('span', { class: 'status-line' }, statusLine(g)),
    ...drawCounts(g).map(d => h('span', { class: `draw-count${d.near ? ' draw-near' : ''}`, title: d.article,
      'aria-label': `${d.text}${d.near ? ', a draw is near' : ''} (${d.article})` }, d.text)))));
  for (const select of root.querySelectorAll('select.game-choice')) {
    const chosen = select.value;
    select.replaceChildren(...games.map(g => h('option', { value: g.id }, `Board ${g.board ?? '?'}: ${g.white.name} – ${g.black.name}`)));
    if (chosen && state.games.has(chosen)) select.value = chosen;
  }
  renderOverview(root.querySelector('.overview'), state, { arbiter: true });
  const report = root.querySelector('a.report-link');
  if (report) report.href = pageLink('report.html', { event: state.round.eventId ?? params().get('event') });
}

/** The Correction a form describes: take back to a ply, replace the move at a ply, or set a position. */
export function correctionOf(kind, ply, text, reason) {
  if (!Number.isInteger(ply) || ply < 0) throw new Error(`"${ply}" is not a ply number (1 = white's first move)`);
  if (kind === 'TAKE_BACK') return { kind, ply, reason };
  if (kind === 'REPLACE_MOVE') {
    const path = pathOf(text);
    if (path.length < 2) throw new Error(`"${text}" is not a move (e.g. 32-28 or 28x19)`);
    return { kind, ply, move: { from: path[0], to: path[path.length - 1], path }, notation: text.trim(), reason };
  }
  if (kind === 'SET_POSITION') {
    if (!/^[WB]:/i.test(text.trim())) throw new Error(`"${text}" is not a FEN (e.g. W:W31-50:B1-20)`);
    return { kind, ply, fen: text.trim(), reason };
  }
  throw new Error(`unknown correction "${kind}"`);
}

export async function startArbiterPage() {
  const root = document.getElementById('arbiter');
  const login = document.getElementById('login');
  const eventId = params().get('event') ?? '';
  const round = Number(params().get('round') ?? 0);
  // The token is kept for this tab only; it never goes into links.
  const token = sessionStorage.getItem(TOKEN_KEY);
  const loginError = login.querySelector('.login-error');
  const showLogin = message => {
    login.hidden = false;
    root.hidden = true;
    document.getElementById('connection').textContent = message ? 'Not signed in' : 'Sign in';
    loginError.textContent = message ?? '';
    loginError.hidden = !message;
    login.querySelector('input[name="event"]').value = eventId;
    login.querySelector('input[name="round"]').value = round || '';
  };
  login.addEventListener('submit', e => {
    e.preventDefault();
    const f = e.currentTarget;
    sessionStorage.setItem(TOKEN_KEY, f.token.value.trim());
    location.href = pageLink('arbiter.html', { event: f.event.value.trim(), round: f.round.value || null });
  });
  // a token goes only to the relay that served the page, or one it trusts: a crafted ?relay= gets nothing,
  // not even what is typed into the sign-in form
  let base;
  try {
    base = await credentialBase(location);
  } catch (e) {
    sessionStorage.removeItem(TOKEN_KEY);
    showLogin(e.message);
    for (const el of login.elements) el.disabled = true;
    return;
  }
  if (!token || !eventId) {
    showLogin(null);
    return;
  }
  // The console shows itself once the relay accepted the token; a refusal brings the sign-in back with the reason.
  root.hidden = true;
  login.hidden = true;
  const store = createStore();
  bindConnectionStatus(store, document.getElementById('connection'), document.getElementById('delay'));
  // Everything comes live from the arbiter stream: each game as it stands, the alerts so far, then every update.
  const arbiter = connectArbiter({ store, base, token, eventId, round });
  // the console is live; the notice tells the arbiter how late spectators see this round
  pollEvent(base, eventId, ev => store.delay((ev.rounds ?? []).find(r => r.number === round)?.delaySeconds ?? 0), 60_000);
  store.subscribe(state => {
    const link = state.arbiterLink;
    if (link?.state === 'refused') {
      sessionStorage.removeItem(TOKEN_KEY);
      arbiter.close();
      showLogin(`The relay refused the token for event "${eventId}": ${String(link.error ?? '').replace(/^refused: /, '')}`);
    } else if (link?.accepted && root.hidden && login.hidden) {
      root.hidden = false;
    }
  });
  const feedback = root.querySelector('.feedback');
  const attempt = (what, promise) => {
    feedback.textContent = `${what}: sending…`;
    promise.then(ok => { feedback.textContent = `${what}: ${ok || 'done'}`; },
      e => { feedback.textContent = `${what} failed: ${e.message}`; });
  };
  const actions = { acknowledge: alertId => attempt('Acknowledge', arbiter.acknowledge(alertId)) };
  mountNotationLinks(root.querySelector('.notation-links'), store, arbiter, base);
  mountBlocked(root.querySelector('.blocked'), store, arbiter, attempt);
  root.querySelector('form.result-form').addEventListener('submit', e => {
    e.preventDefault();
    const f = e.currentTarget;
    attempt('Result', arbiter.enterResult(f.game.value, f.result.value));
  });
  root.querySelector('form.correct-form').addEventListener('submit', e => {
    e.preventDefault();
    const f = e.currentTarget;
    let correction;
    try {
      correction = correctionOf(f.kind.value, Number(f.ply.value), f.value.value, f.reason.value.trim());
    } catch (err) {
      feedback.textContent = `Correction not sent: ${err.message}`;
      return;
    }
    attempt('Correction', arbiter.correct(f.game.value, correction));
  });
  root.querySelector('button.logout').addEventListener('click', () => {
    sessionStorage.removeItem(TOKEN_KEY);
    location.href = pageLink('arbiter.html', { event: eventId, round: round || null });
  });
  // Screen readers hear each new alert once, not the whole feed again at every re-render.
  const announcer = root.querySelector('.announcer');
  const announced = new Set();
  const rerender = perFrame(() => keepFocus(() => renderConsole(root, store.state, actions)));
  store.subscribe((state, what) => {
    if (what.kind !== 'connection' && what.kind !== 'delay') rerender();
    if (what.kind === 'alert' && !announced.has(what.alertId)) {
      announced.add(what.alertId);
      const a = state.alerts.get(what.alertId);
      if (!a.acknowledged) announcer.textContent = `New ${a.severity} alert, board ${a.board ?? '?'}, ply ${a.ply}: ${a.subtype ?? a.type}. ${a.text}`;
    }
  });
  renderConsole(root, store.state, actions);
  setInterval(() => tickClocks(root.querySelector('.overview'), store.state), 250);
  window.damrelay = { store, arbiter };
}
