// Arbiter console for a real round: what needs the arbiter now (by board, with "acknowledge all of
// this board"), a count with a cue for new ones, every board of the round in one list with its
// status and its own history one click away, a filter by board; blocked boards, results and
// corrections. The triage itself is alerts.js; what needs action is the relay's word.
import { createStore, gamesByBoard } from './model.js';
import { triage, freshActions } from './alerts.js';
import { alertWords, titleWithArticle, drawRuleText, drawArticle } from './alert-text.js';
import { moveWords, plyOfMove } from './move-words.js';
import { connectArbiter, credentialBase } from './connection.js';
import { pathOf } from './notation.js';
import { renderOverview, tickClocks } from './overview.js';
import { mountNotationLinks } from './notation-links.js';
import { mountBlocked } from './blocked.js';
import { mountEvidence, alertMoment } from './evidence.js';
import { awaitsPick, pathChoice, pickAnswer } from './join-paths.js';
import { t, has, formatTime } from './i18n.js';
import { h, bindConnectionStatus, params, pageLink, keepFocus, perFrame, pollEvent } from './ui.js';
import { createConfirm, confirmButton, confirmBox, answerLine } from './confirm.js';

const TOKEN_KEY = 'damrelay.arbiterToken';
const SOUND_KEY = 'damrelay.consoleSound';
const HISTORY_KEY = 'damrelay.consoleHistory';
/** How often the console looks again at conditions that need the arbiter once they last. */
const LASTING_CHECK_MS = 5_000;

/** The per-board status line: what the arbiter needs to know at a glance. */
export function statusLine(game) {
  const s = game.status;
  // a board the relay has had moves from, and no disconnection since, is connected
  const link = s.link === 'waiting' && game.moves.length ? 'connected' : s.link;
  const parts = [t(game.result && link !== 'disconnected' ? 'console.status.finished'
    : link === 'connected' ? 'console.status.connected' : link === 'disconnected' ? 'console.status.disconnected' : 'console.status.waiting')];
  // a board without sensors: how its moves come (docs/notation.md)
  if (game.notation === 'NOTATED') parts.push(game.notator ? t('console.status.notatedBy', { name: game.notator }) : t('console.status.notated'));
  if (game.notation === 'ON_PAPER') parts.push(t('console.status.onPaper'));
  if (game.restoring) parts.push(t('console.status.restoring'));
  if (s.outOfStep) parts.push(t('console.status.outOfStep'));
  if (s.uncrowned?.length) parts.push(t('console.status.uncrowned', { squares: s.uncrowned.join(', ') }));
  if (game.result) parts.push(t('console.status.result', { result: game.result }));
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
    return {
      text: t('console.drawCount', { rule: drawRuleText(d.rule, d.label), count, limit: d.limit }),
      article: drawArticle(d.rule) || d.article || '', near: d.limit - count <= DRAW_NEAR_MOVES,
    };
  });
}

const boardName = (game, alert) => game?.board ?? alert?.board ?? '?';

/** One alert: its words (title with article, sentence), where and when, and its acknowledgement. */
function alertItem(a, game, actions) {
  const board = boardName(game, a);
  // a join naming several paths: the arbiter picks the one played, right under it
  const answer = actions.choice.answers.get(a.id);
  const choice = awaitsPick(a) ? pathChoice(a, game, board, actions.choice, actions.choosePath)
    : answer ? h('p', { class: `path-answer ${answer.state}`, title: answer.relayText ?? '' }, answer.text) : null;
  const words = alertWords(a.event ?? { type: a.type, subtype: a.subtype, ply: a.ply }, { variant: game?.variant });
  const title = titleWithArticle(words);
  const kind = a.severity === 'info' ? 'info' : 'action';
  return h('li', { class: `alert severity-${kind}${a.acknowledged ? ' acknowledged' : ''}`, dataset: { alert: a.id, game: a.gameId } },
    h('a', { class: 'alert-open', href: pageLink('game.html', { game: a.gameId, ply: a.ply || null }), dataset: { focusKey: `open-${a.id}` },
      'aria-label': t('console.alert.open', { board, move: moveWords(a.ply), title }) },
      h('span', { class: 'severity' }, t(`console.severity.${kind}`)),
      h('span', { class: 'where' }, a.ply ? t('console.alert.whereAtPly', { board, move: moveWords(a.ply) }) : t('common.board', { board })),
      h('span', { class: 'type' }, title),
      h('span', { class: 'text' }, words.text),
      a.at ? h('time', { datetime: new Date(a.at).toISOString(), title: t('console.alert.relayTime') }, formatTime(a.at)) : null),
    choice,
    h('button', { type: 'button', class: 'evidence-open', dataset: { focusKey: `evidence-${a.id}` },
      'aria-label': t('evidence.openLabel', { board, title }), onclick: () => actions.evidence(a.gameId, alertMoment(a)) }, t('evidence.open')),
    a.acknowledged
      ? h('span', { class: 'acked' }, a.acknowledgedBy ? t('console.alert.acknowledgedBy', { name: a.acknowledgedBy }) : t('console.alert.acknowledged'))
      : h('button', { type: 'button', class: 'ack', dataset: { focusKey: `ack-${a.id}` }, onclick: () => actions.acknowledge(a.id),
        'aria-label': t('console.alert.ackLabel', { title, board }) }, t('console.alert.ack')));
}

/**
 * "Acknowledge all of board N (n)": n counts the alerts shown where the button is; the question
 * names what else it acknowledges (information alerts kept in the board's history), since the
 * relay acknowledges every alert of the board up to the newest shown.
 */
function ackBoardButton(gameId, board, shown, hidden, upTo, actions, place) {
  const question = [t('console.ackBoardQuestion', { board, n: shown }), hidden ? t('console.ackBoardHidden', { n: hidden }) : '']
    .filter(Boolean).join(' ');
  return confirmButton(actions.confirm, `ack-board-${place}-${gameId}`, {
    label: t('console.ackBoard', { board, n: shown }), question, yes: t('console.ackBoardYes'), cls: 'ack-board',
    what: t('console.action.ackBoard', { board }), send: () => actions.acknowledgeBoard(gameId, upTo),
  });
}

/** A board with alerts that need action: its alerts newest first, and one button for all of them. */
function actionGroup(group, state, seen, ui, actions) {
  const g = state.games.get(group.gameId);
  const board = boardName(g, group.alerts[0]);
  const shown = group.alerts.length;
  const hidden = Math.max(0, (seen.boards.get(group.gameId)?.open ?? shown) - shown);
  // on a phone a board is one line (what it needs, in short); its alerts open on demand
  const open = ui.groups.has(group.gameId);
  const titles = group.alerts.map(a => alertWords(a.event ?? { type: a.type, subtype: a.subtype, ply: a.ply }, { variant: g?.variant }).title);
  return h('li', { class: `action-board${open ? ' open' : ''}`, dataset: { game: group.gameId } },
    h('div', { class: 'action-head' },
      h('h3', {}, g ? t('console.boardPlayers', { board, white: g.white.name, black: g.black.name }) : t('common.board', { board })),
      h('p', { class: 'action-summary' }, [...new Set(titles)].join(' · ')),
      h('button', { type: 'button', class: 'details-toggle', 'aria-expanded': String(open), dataset: { focusKey: `details-${group.gameId}` },
        onclick: () => actions.toggleGroup(group.gameId) }, t(open ? 'console.detailsHide' : 'console.detailsShow', { n: shown })),
      ackBoardButton(group.gameId, board, shown, hidden, group.upTo, actions, 'group')),
    h('ol', { class: 'alerts' }, group.alerts.map(a => alertItem(a, g, actions))));
}

/** A board of the round: status, draw counts, what is open, and its own history one click away. */
function boardRow(g, view, expanded, actions) {
  const board = g.board ?? '?';
  const info = view.boards.get(g.id) ?? { all: [], open: 0, action: 0, upTo: 0 };
  const isOpen = expanded.has(g.id);
  return h('li', { class: `board-row${info.action ? ' needs-action' : ''}`, dataset: { game: g.id } },
    h('div', { class: 'board-line' },
      h('strong', {}, t('common.board', { board })), ' ',
      h('span', { class: 'players' }, `${g.white.name} – ${g.black.name}`), ' ',
      h('span', { class: 'status-line' }, statusLine(g)),
      ...drawCounts(g).map(d => h('span', { class: `draw-count${d.near ? ' draw-near' : ''}`, title: d.article,
        'aria-label': t(d.near ? 'console.drawNearLabel' : 'console.drawLabel', { text: d.text, article: d.article }) }, d.text)),
      info.action ? h('span', { class: 'action-badge' }, t('console.actionBadge', { n: info.action })) : null,
      h('button', { type: 'button', class: 'evidence-game', dataset: { focusKey: `evidence-game-${g.id}` },
        'aria-label': t('evidence.wholeGameLabel', { board }), onclick: () => actions.evidenceGame(g.id) }, t('evidence.wholeGameShort')),
      h('button', { type: 'button', class: 'history-toggle', 'aria-expanded': String(isOpen), dataset: { focusKey: `history-${g.id}` },
        onclick: () => actions.toggleHistory(g.id) }, t('console.history', { n: info.all.length }))),
    isOpen ? h('div', { class: 'history' },
      info.open ? ackBoardButton(g.id, board, info.open, 0, info.upTo, actions, 'history') : null,
      answerLine(actions.confirm, `ack-board-history-${g.id}`),
      info.all.length ? h('ol', { class: 'alerts', 'aria-label': t('console.historyLabel', { board }) }, info.all.map(a => alertItem(a, g, actions)))
        : h('p', { class: 'empty' }, t('console.historyEmpty'))) : null);
}

function renderConsole(root, state, ui, actions, now = Date.now()) {
  const games = gamesByBoard(state);
  const only = ui.filter && state.games.has(ui.filter) ? ui.filter : null;
  const view = triage([...state.alerts.values()], id => state.games.get(id)?.board ?? null, now, only);
  root.querySelector('.relay-alerts').replaceChildren(...[...state.relayAlerts.values()].map(a => h('li', { class: 'relay-alert', dataset: { type: a.type } },
    h('strong', {}, has(`console.relayAlert.${a.type}`) ? t(`console.relayAlert.${a.type}`) : t('console.relayAlert.other')),
    h('p', { class: 'relay-alert-details' }, [a.at ? formatTime(a.at) : '', a.text].filter(Boolean).join(' · ')))));
  root.querySelector('.action-groups').replaceChildren(...(view.groups.length
    ? view.groups.map(g => actionGroup(g, state, view, ui, actions)) : [h('li', { class: 'empty' }, t('console.nothingNeeded'))]));
  // the answer to "acknowledge all of board N" stays at the top of this column: the board leaves the list once done
  root.querySelector('.triage-feedback').replaceChildren(...[...actions.confirm.answers.keys()]
    .filter(k => k.startsWith('ack-board-group-') || k === 'ack').slice(-1).map(k => answerLine(actions.confirm, k)));
  renderResultConfirm(root.querySelector('form.result-form'), state, actions);
  const shown = only ? games.filter(g => g.id === only) : games;
  root.querySelector('.statuses').replaceChildren(...shown.map(g => boardRow(g, view, ui.expanded, actions)));
  const filter = root.querySelector('select.filter-choice');
  filter.replaceChildren(h('option', { value: '' }, t('console.filterAll')),
    ...games.map(g => h('option', { value: g.id }, t('common.board', { board: g.board ?? '?' }))));
  filter.value = only ?? '';
  for (const select of root.querySelectorAll('select.game-choice')) {
    const chosen = select.value;
    select.replaceChildren(...games.map(g => h('option', { value: g.id }, t('console.boardPlayers', { board: g.board ?? '?', white: g.white.name, black: g.black.name }))));
    if (chosen && state.games.has(chosen)) select.value = chosen;
  }
  renderOverview(root.querySelector('.overview'), state, { arbiter: true });
  const report = root.querySelector('a.report-link');
  if (report) report.href = pageLink('report.html', { event: state.round.eventId ?? params().get('event'), round: params().get('round') });
  return view;
}

/**
 * The result form's second look, in the form itself: which board, which result, and what it
 * means (the game ends; on a blocked board the events it still sends are refused).
 */
function renderResultConfirm(form, state, actions) {
  const place = form.querySelector('.result-confirm');
  const c = actions.confirm;
  const g = state.games.get(form.game.value);
  if (c.open !== 'result' || !g) {
    place.replaceChildren(...[answerLine(c, 'result')].filter(Boolean));
    form.querySelector('button[type=submit]').hidden = false;
    return;
  }
  const result = form.result.value;
  const board = g.board ?? '?';
  const question = [t('console.result.question', { result, board, white: g.white.name, black: g.black.name }),
    g.result ? t('console.result.replaces', { result: g.result }) : '',
    state.blocked.has(g.id) ? t('console.result.blocked', { board }) : ''].filter(Boolean).join(' ');
  form.querySelector('button[type=submit]').hidden = true;
  place.replaceChildren(confirmBox(c, 'result', { question, yes: t('console.result.yes'), cls: 'result-yes',
    what: t('console.action.resultOf', { board, result }), send: () => actions.enterResult(g.id, result) }));
}

/** The Correction a form describes: take back to a ply, replace the move at a ply, or set a position. */
export function correctionOf(kind, ply, text, reason) {
  if (!Number.isInteger(ply) || ply < 0) throw new Error(t('console.correct.notPly', { ply }));
  if (kind === 'TAKE_BACK') return { kind, ply, reason };
  if (kind === 'REPLACE_MOVE') {
    const path = pathOf(text);
    if (path.length < 2) throw new Error(t('console.correct.notMove', { text }));
    return { kind, ply, move: { from: path[0], to: path[path.length - 1], path }, notation: text.trim(), reason };
  }
  if (kind === 'SET_POSITION') {
    if (!/^[WB]:/i.test(text.trim())) throw new Error(t('console.correct.notFen', { text }));
    return { kind, ply, fen: text.trim(), reason };
  }
  throw new Error(t('console.correct.unknownKind'));
}

/** A short tone for a new alert that needs action, when the arbiter switched sound on (a click allows audio). */
function beeper() {
  let ctx = null;
  return {
    enable() { ctx ??= new AudioContext(); return ctx.resume(); },
    beep() {
      if (!ctx || ctx.state !== 'running') return;
      const osc = ctx.createOscillator();
      const gain = ctx.createGain();
      osc.frequency.value = 880;
      gain.gain.setValueAtTime(0.15, ctx.currentTime);
      gain.gain.exponentialRampToValueAtTime(0.001, ctx.currentTime + 0.25);
      osc.connect(gain).connect(ctx.destination);
      osc.start();
      osc.stop(ctx.currentTime + 0.25);
    },
  };
}

export async function startArbiterPage() {
  const root = document.getElementById('arbiter');
  const login = document.getElementById('login');
  const eventId = params().get('event') ?? '';
  const round = Number(params().get('round') ?? 0);
  // The token is kept for this tab only; it never goes into links.
  const token = sessionStorage.getItem(TOKEN_KEY);
  const loginError = login.querySelector('.login-error');
  const connection = document.getElementById('connection');
  const showLogin = message => {
    login.hidden = false;
    root.hidden = true;
    connection.textContent = t(message ? 'console.login.notSignedIn' : 'console.login.signIn');
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
  // A token goes only to the relay that served the page, or one it trusts: a crafted ?relay= gets
  // nothing, not even what would be typed into the sign-in form.
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
  // on a wide screen everything is in view; on a phone the round's overview and the corrections open on demand
  const wide = window.matchMedia('(min-width: 601px)').matches;
  for (const d of root.querySelectorAll('details[data-open-wide]')) d.open = wide;
  const store = createStore();
  bindConnectionStatus(store, connection, document.getElementById('delay'));
  // Everything comes live from the arbiter stream: each game as it stands, the alerts so far, then every update.
  const arbiter = connectArbiter({ store, base, token, eventId, round });
  // the console is live; the notice tells the arbiter how late spectators see this round
  let eventName = ''; // the event's name from its JSON: the tab's title says it, not its id
  pollEvent(base, eventId, ev => {
    store.delay((ev.rounds ?? []).find(r => r.number === round)?.delaySeconds ?? 0);
    if (ev.name && ev.name !== eventName) { eventName = ev.name; cue(); }
  }, 60_000);
  store.subscribe(state => {
    const link = state.arbiterLink;
    if (link?.state === 'refused') {
      sessionStorage.removeItem(TOKEN_KEY);
      arbiter.close();
      showLogin(t('console.login.refused', { event: eventId, reason: String(link.error ?? '').replace(/^refused: /, '') }));
    } else if (link?.accepted && root.hidden && login.hidden) {
      root.hidden = false;
    }
  });
  const feedback = root.querySelector('.feedback');
  // the relay's answer is English, for logs: the arbiter reads words, the answer stays in the tooltip
  const attempt = (what, promise) => {
    feedback.textContent = t('console.feedback.sending', { what });
    feedback.title = '';
    promise.then(ok => {
      feedback.textContent = t('console.feedback.done', { what, answer: t('console.feedback.ok') });
      feedback.title = typeof ok === 'string' ? ok : '';
    }, e => { feedback.textContent = t('console.feedback.failed', { what, error: e.message }); });
  };
  // which boards' histories are open: kept for this tab, so a reload shows the same console
  const ui = { filter: params().get('board') ?? '', expanded: new Set(JSON.parse(sessionStorage.getItem(HISTORY_KEY) ?? '[]')), groups: new Set() };
  const keepExpanded = () => sessionStorage.setItem(HISTORY_KEY, JSON.stringify([...ui.expanded]));
  const rerender = perFrame(() => keepFocus(() => render()));
  // the questions being asked and the answers given where each click was
  const confirm = createConfirm(rerender);
  // what this screen typed and heard for each join's choice of path, kept across re-renders
  const choice = { reasons: new Map(), answers: new Map() };
  const actions = {
    choice,
    choosePath: (alert, path, reason) => {
      const answered = (state, detail) => { choice.answers.set(alert.id, pickAnswer(state, path, detail)); rerender(); };
      answered('sending');
      const sent = arbiter.correct(alert.gameId, { kind: 'CHOOSE_PATH', path: path.n, reason });
      sent.then(ok => answered('done', typeof ok === 'string' ? ok : ''), e => answered('failed', e.message));
      attempt(t('console.action.choosePath'), sent);
    },
    confirm,
    acknowledge: alertId => confirm.attempt('ack', t('console.action.ack'), arbiter.acknowledge(alertId)),
    acknowledgeBoard: (gameId, upTo) => arbiter.acknowledgeBoard(gameId, upTo),
    enterResult: (gameId, result) => arbiter.enterResult(gameId, result),
    toggleGroup: gameId => {
      if (!ui.groups.delete(gameId)) ui.groups.add(gameId);
      rerender();
    },
    toggleHistory: gameId => {
      if (!ui.expanded.delete(gameId)) ui.expanded.add(gameId);
      keepExpanded();
      rerender();
    },
  };
  // what the board saw: its own module and section; a citation goes into the correction's reason
  const evidence = mountEvidence(root.querySelector('section.evidence'), store, arbiter, {
    citeInto: (gameId, text) => {
      const f = root.querySelector('form.correct-form');
      f.game.value = gameId;
      f.reason.value = f.reason.value.trim() ? `${f.reason.value.trim()}; ${text}` : text;
      f.reason.focus();
    },
  });
  actions.evidence = (gameId, at) => evidence.open(gameId, { at });
  actions.evidenceGame = gameId => evidence.open(gameId, { whole: true });
  evidence.mountMomentForm(root.querySelector('form.evidence-form'));
  mountNotationLinks(root.querySelector('.notation-links'), store, arbiter, base);
  mountBlocked(root.querySelector('.blocked'), store, arbiter, attempt);
  // a result ends the game: the form asks first, in the form
  const resultForm = root.querySelector('form.result-form');
  resultForm.addEventListener('submit', e => {
    e.preventDefault();
    confirm.open = 'result';
    confirm.answers.delete('result');
    rerender();
  });
  // another board or result chosen while asking: the question is asked again for what is chosen now
  resultForm.addEventListener('change', () => { if (confirm.open === 'result') rerender(); });
  root.querySelector('form.correct-form').addEventListener('submit', e => {
    e.preventDefault();
    const f = e.currentTarget;
    let correction;
    try {
      // the arbiter names the move as the scoresheet does (number and colour); the relay counts plies
      const ply = plyOfMove(f.move.value, f.side.value);
      if (ply === null) throw new Error(t('console.correct.notPly', { ply: f.move.value }));
      correction = correctionOf(f.kind.value, ply, f.value.value, f.reason.value.trim());
    } catch (err) {
      feedback.textContent = t('console.correct.notSent', { error: err.message });
      return;
    }
    attempt(t('console.action.correction'), arbiter.correct(f.game.value, correction));
  });
  root.querySelector('button.logout').addEventListener('click', () => {
    sessionStorage.removeItem(TOKEN_KEY);
    location.href = pageLink('arbiter.html', { event: eventId, round: round || null });
  });
  // the filter: one board's alerts and row, its history open; kept in the address for a reload
  root.querySelector('select.filter-choice').addEventListener('change', e => {
    ui.filter = e.currentTarget.value;
    if (ui.filter) ui.expanded.add(ui.filter);
    history.replaceState(null, '', pageLink('arbiter.html', { event: eventId, round: round || null, board: ui.filter || null }));
    rerender();
  });
  if (ui.filter) ui.expanded.add(ui.filter);
  // the cue for new alerts that need action: the count flashes, the screen reader hears it once, and a tone if switched on
  const sound = beeper();
  const soundButton = root.querySelector('button.sound');
  const showSound = on => {
    soundButton.setAttribute('aria-pressed', String(on));
    soundButton.textContent = t(on ? 'console.soundOn' : 'console.soundOff');
  };
  let soundOn = localStorage.getItem(SOUND_KEY) === 'on';
  showSound(soundOn);
  soundButton.addEventListener('click', () => {
    soundOn = !soundOn;
    localStorage.setItem(SOUND_KEY, soundOn ? 'on' : 'off');
    showSound(soundOn);
    if (soundOn) sound.enable().then(() => sound.beep());
  });
  if (soundOn) document.addEventListener('click', () => sound.enable(), { once: true }); // audio may start only after a gesture
  const announcer = root.querySelector('.announcer');
  const count = root.querySelector('.action-count');
  const cued = new Set();
  // The count, the tab title and the cue follow every alert at once, not per animation frame: a
  // browser pauses frames in a background tab, and that is where the title and the tone matter.
  const cue = () => {
    const { count: boards, groups } = triage([...store.state.alerts.values()], () => null, Date.now());
    // a problem of the relay itself needs the arbiter as much as a board's
    const total = boards + store.state.relayAlerts.size;
    count.textContent = total ? t('console.count', { n: total }) : t('console.countNone');
    count.dataset.count = String(total);
    document.title = !eventName ? (total ? t('console.pageTitleCount', { n: total }) : t('console.pageTitle'))
      : total ? t('console.pageTitleEventCount', { n: total, event: eventName }) : t('console.pageTitleEvent', { event: eventName });
    const fresh = freshActions(groups, cued);
    if (!fresh.length) return;
    fresh.forEach(a => cued.add(a.id));
    const newest = fresh.reduce((x, y) => ((y.at ?? 0) > (x.at ?? 0) ? y : x));
    const words = alertWords(newest.event ?? { type: newest.type }, { variant: store.state.games.get(newest.gameId)?.variant });
    announcer.textContent = t('console.announce', { n: fresh.length, board: boardName(store.state.games.get(newest.gameId), newest), title: titleWithArticle(words) });
    count.classList.remove('fresh');
    void count.offsetWidth; // restart the flash
    count.classList.add('fresh');
    if (soundOn) sound.beep();
  };
  const render = () => renderConsole(root, store.state, ui, actions);
  const CUED_BY = new Set(['alert', 'ack', 'relayAlert', 'status']);
  // once for a burst (the relay replays every alert after a connect): a timer, which background tabs keep
  let cuePending = false;
  const cueSoon = () => {
    if (cuePending) return;
    cuePending = true;
    setTimeout(() => { cuePending = false; cue(); }, 0);
  };
  store.subscribe((_, what) => {
    if (CUED_BY.has(what.kind)) cueSoon();
    if (what.kind !== 'connection' && what.kind !== 'delay') rerender();
  });
  render();
  cue();
  // a board that stays disconnected needs the arbiter once it lasted: look again now and then
  setInterval(() => { cue(); rerender(); }, LASTING_CHECK_MS);
  setInterval(() => tickClocks(root.querySelector('.overview'), store.state), 250);
  window.damrelay = { store, arbiter };
}
