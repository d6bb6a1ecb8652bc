// Game view: large board, move list, clocks, stepping through the game and back to live.
import { createStore, fenAt, lastPly, moveAt, highlightAt, uncrownedIn } from './model.js';
import { parseFen } from './fen.js';
import { renderBoard } from './board.js';
import { moveRows, plyLabel } from './notation.js';
import { remaining, formatClock } from './clock.js';
import { connectSpectator, relayBase, RESULT_TEXT, spectatorCounts } from './connection.js';
import { notationBadge } from './notated.js';
import { t } from './i18n.js';
import { articleText, irregularStandsArticle } from './alert-text.js';
import { mountEvaluation } from './eval.js';
import { moveWords, afterPlyWords } from './move-words.js';
import { h, bindConnectionStatus, params, pageLink, keepFocus, playerLabel, pollEvent, watching } from './ui.js';

/** What the viewer looks at: a ply, or null to follow the live game. */
export function createView(initialPly = null) {
  return { ply: initialPly, flipped: false, numbers: false };
}

/** The ply shown, clamped to the game; null in the view means the latest. */
export function shownPly(view, game) {
  const last = lastPly(game);
  const first = game.moves.length ? game.moves[0].ply - 1 : last;
  if (view.ply === null) return last;
  return Math.max(first, Math.min(last, view.ply));
}

/** Keyboard stepping: returns the new view ply, or undefined when the key is not ours. */
export function stepFor(key, view, game) {
  const current = shownPly(view, game);
  const first = game.moves.length ? game.moves[0].ply - 1 : current;
  const last = lastPly(game);
  const to = ply => (ply >= last ? null : ply);
  switch (key) {
    case 'ArrowLeft': return Math.max(first, current - 1);
    case 'ArrowRight': return to(Math.min(last, current + 1));
    case 'Home': return first;
    case 'End': return null;
    default: return undefined;
  }
}

function clockText(game, ply, live) {
  if (live) {
    const r = remaining(game.result ? { ...game.clock, running: null } : game.clock, Date.now());
    return r ? { white: formatClock(r.white), black: formatClock(r.black) } : { white: '–:––', black: '–:––' };
  }
  // History shows the clocks as they were read at that move.
  const m = moveAt(game, ply);
  return m?.clock ? { white: formatClock(m.clock.white), black: formatClock(m.clock.black) } : { white: '–:––', black: '–:––' };
}

/** What the line under the board says: live, finished with the result, or a move looked back at. */
export function positionText(g, ply, live, move) {
  // where a driver joined, the position is the one the board showed, not the game's start or a move
  const where = isJoinedAt(g, ply) ? t('game.joinedPosition')
    : move ? t('game.after', { move: moveNumbered(ply, move.notation) }) : t('game.start');
  if (!live) return t('game.viewing', { where });
  return g.result ? t('game.finished', { result: g.result, where }) : t('game.live', { where });
}

/** Whether the position after `ply` is the one a driver saw when it joined the game. */
function isJoinedAt(g, ply) {
  return !!g.joined && g.joined.ply === ply;
}

/** "12. 32-28" or "12... 19-23": PDN's own move numbering, the same in every language. */
function moveNumbered(ply, notation) {
  return `${plyLabel(ply).number}.${plyLabel(ply).white ? '' : '..'} ${notation}`;
}

/** The tab's title: board, players and the latest move or the result, so a background tab tells the news. */
export function tabTitle(g, event = '') {
  const last = g.moves[g.moves.length - 1];
  const news = g.result ? g.result : last && !last.joined ? moveNumbered(last.ply, last.notation)
    : g.joined ? t('common.joinedAt', { move: g.joined.move }) : t('game.notStarted');
  const key = event ? (g.board ? 'game.tabTitleEvent' : 'game.tabTitleNoBoardEvent') : g.board ? 'game.tabTitle' : 'game.tabTitleNoBoard';
  return t(key, { board: g.board, white: g.white.name, black: g.black.name, news, event });
}

/** "Arbiter: move 12 taken back — reason" for a correction seen live. */
export function correctionText(c) {
  if (c.kind === 'BOARD_READING') {
    // the board's own correction: no arbiter, no reason
    return t(c.notation ? 'game.correction.BOARD_READING_REPLACED' : 'game.correction.BOARD_READING', { move: moveWords(c.ply, t('move.start')), notation: c.notation });
  }
  const kind = ['TAKE_BACK', 'REPLACE_MOVE', 'CHOOSE_PATH'].includes(c.kind) ? c.kind : 'SET_POSITION';
  const arbiter = c.arbiter ? t('game.arbiterNamed', { name: c.arbiter }) : t('game.arbiter');
  const text = t(`game.correction.${kind}`, { arbiter, ply: c.ply, move: moveWords(c.ply, t('move.start')), after: afterPlyWords(c.ply), notation: c.notation });
  return c.reason ? t('game.correctionReason', { what: text, reason: c.reason }) : text;
}

/**
 * "Joined at move N" in a sentence: the record starts where a driver first read the board, or a
 * few moves went unread before it (the ply without a move); null for a game followed throughout.
 */
export function joinedNote(g) {
  if (!g.joined) return null;
  const gap = g.moves.some(m => m.joined);
  return t(gap ? 'game.joinedGapNote' : 'game.joinedStartNote', { move: g.joined.move });
}

/** The round's boards beside the game (wide screens): players and result, the shown one marked. */
function renderRoundBoards(nav, games, gameId) {
  nav.hidden = games.length < 2;
  nav.replaceChildren(h('ol', {}, games.map(s => h('li', {}, h('a', {
    href: pageLink('game.html', { game: s.info.gameId }), 'aria-current': s.info.gameId === gameId ? 'page' : null,
  }, h('span', { class: 'board-no' }, s.info.board), h('span', { class: 'names' }, `${s.info.white?.name ?? '?'} – ${s.info.black?.name ?? '?'}`),
  h('span', { class: 'result' }, RESULT_TEXT[s.result] ?? ''))))));
}

function gameTitle(board, white, black) {
  return t(board ? 'game.title' : 'game.titleNoBoard', { board, white, black });
}

/** The mover's remaining time after a move, from the clock read with it. */
export function moverTime(m) {
  if (!m?.clock) return null;
  return plyLabel(m.ply).white ? m.clock.white : m.clock.black;
}

function moveClock(m) {
  const time = formatClock(moverTime(m));
  return h('span', { class: 'move-clock', title: t('game.moveClock', { time }) }, time);
}

/** "White move 12: 32-28, irregular" for a screen reader. */
function moveLabel(m) {
  const { number, white } = plyLabel(m.ply);
  let text = t(`game.moveLabel.${white ? 'W' : 'B'}`, { n: number, notation: m.notation });
  if (m.joined) text = `${text}. ${t('game.joinedPlyTitle')}`;
  if (m.irregular) text = t('game.moveLabelIrregular', { move: text });
  if (m.corrected) text = t('game.moveLabelSet', { move: text });
  return text;
}

/** Game ids are "<event>-r<round>-b<board>": the overview of its round is one click away. */
export function eventOf(gameId) {
  const m = /^(.+)-r(\d+)-b\d+$/.exec(gameId ?? '');
  return m ? { event: m[1], round: m[2] } : {};
}

/** The ply an address asks for (`ply=n`), or null for the live game. */
export function plyOf(search) {
  const text = new URLSearchParams(search).get('ply');
  const n = text === null || text.trim() === '' ? NaN : Number(text);
  return Number.isInteger(n) && n >= 0 ? n : null;
}

/**
 * What the header's badge says while the page is connected: the game's own state, so a finished
 * or paused game never shows "Live" (null: the connection's own word).
 */
export function gameBadge(g, paused) {
  if (!g) return null;
  if (g.result) return { state: 'finished', text: t('game.badge.finished') };
  if (paused) return { state: 'paused', text: t('game.badge.paused') };
  return null;
}

export function startGamePage() {
  const store = createStore();
  const gameId = params().get('game');
  const view = createView(plyOf(location.search));
  const root = document.getElementById('game');
  const isPaused = () => store.state.paused.has(String(gameId));
  const badge = bindConnectionStatus(store, document.getElementById('connection'), document.getElementById('delay'),
    () => gameBadge(game(), isPaused()));
  document.getElementById('back').href = pageLink('index.html', eventOf(gameId));
  const base = relayBase(location);
  root.querySelector('a.pdn-link').href = `${base.http}/pdn/${encodeURIComponent(gameId ?? '')}.pdn`;

  const el = {
    title: root.querySelector('.game-title'),
    board: root.querySelector('.board-holder'),
    white: root.querySelector('.player.white'),
    black: root.querySelector('.player.black'),
    moves: root.querySelector('.moves'),
    result: root.querySelector('.game-result'),
    position: root.querySelector('.position-label'),
    live: root.querySelector('button.live'),
    corrections: root.querySelector('.corrections'),
    joined: root.querySelector('.joined-note'),
    chooser: root.querySelector('select.board-choice'),
    watching: root.querySelector('.watching'),
    roundBoards: root.querySelector('.round-boards'),
  };

  function game() { return store.state.games.get(String(gameId)); }
  let eventName = ''; // the event's name, once its JSON came: the tab's title says it
  // the engine's evaluation of the position shown (eval.js): beside the board, only once the relay sends one
  const evaluation = mountEvaluation(root.querySelector('.board-column .players'));

  function render() {
    const g = game();
    if (!g) {
      const missing = store.state.connection.state === 'not-found';
      el.title.textContent = !gameId ? t('game.noGame')
        : missing ? t('game.missing', { game: gameId }) : t('game.waiting', { game: gameId });
      root.classList.toggle('unknown-game', missing);
      return;
    }
    const ply = shownPly(view, g);
    const live = view.ply === null;
    el.title.replaceChildren(gameTitle(g.board, g.white.name, g.black.name), ' ', notationBadge(g) ?? '');
    el.white.querySelector('.name').textContent = `${playerLabel(g.white)}${g.white.team ? ` · ${g.white.team}` : ''}`;
    el.black.querySelector('.name').textContent = `${playerLabel(g.black)}${g.black.team ? ` · ${g.black.team}` : ''}`;
    document.title = tabTitle(g, eventName);
    const fen = fenAt(g, ply);
    const svg = renderBoard(parseFen(fen), {
      flipped: view.flipped, numbers: view.numbers,
      label: t(isJoinedAt(g, ply) ? 'game.boardJoined' : ply === 0 ? 'game.boardStart' : 'game.boardAfterPly',
        { board: g.board ?? '', ply, move: moveWords(ply) }),
      highlight: highlightAt(g, ply), uncrowned: [...uncrownedIn(fen), ...(live ? g.status.uncrowned : [])],
    });
    el.board.replaceChildren(svg);
    evaluation.render(String(gameId), ply, fen);
    el.board.dataset.ply = ply;
    el.board.classList.toggle('flipped', view.flipped);
    root.classList.toggle('flipped', view.flipped);
    const paused = live && isPaused() && !g.result;
    el.position.textContent = paused ? t('game.pausedLine') : positionText(g, ply, live, moveAt(g, ply));
    root.classList.toggle('paused', paused);
    root.classList.toggle('finished', !!g.result);
    el.live.hidden = live;
    el.corrections.replaceChildren(...(g.corrections ?? []).map(c => h('li', {}, correctionText(c))),
      ...(g.status?.rolledBack ? [h('li', { class: 'rolled-back' }, t('game.rolledBack'))] : []));
    el.result.textContent = g.result ? t('game.result', { result: g.result }) : '';
    badge();
    el.joined.textContent = joinedNote(g) ?? '';
    el.joined.hidden = !g.joined;
    renderMoves(g, ply);
    tick();
  }

  function renderMoves(g, ply) {
    const moveButton = m => m
      ? h('button', {
        class: `move${m.ply === ply ? ' current' : ''}${m.irregular ? ' irregular' : ''}${m.set ? ' set' : ''}${m.joined ? ' joined' : ''}`,
        dataset: { ply: m.ply, focusKey: `move-${m.ply}` }, type: 'button',
        'aria-current': m.ply === ply ? 'step' : null,
        title: m.irregular ? t('game.irregular', { article: articleText(irregularStandsArticle(g.variant)) })
          : m.corrected ? t('game.setByArbiter') : m.joined ? t('game.joinedPlyTitle') : null,
        'aria-label': moveLabel(m),
        onclick: () => go(m.ply),
      }, m.notation)
      : h('span', { class: 'move none' }, '…');
    // each move with the time its player had left after it, as lidraughts shows it
    const half = m => h('span', { class: 'half' }, moveButton(m), m?.clock ? moveClock(m) : null);
    const rows = moveRows(g.moves).map(r => h('li', {},
      h('span', { class: 'number' }, `${r.number}.`), half(r.white), r.black ? half(r.black) : null));
    el.moves.replaceChildren(...rows);
    if (g.result) el.moves.append(h('li', { class: 'result-row' }, g.result));
    const current = el.moves.querySelector('.current');
    // Keep the shown move in sight without stealing the page's scroll position.
    if (current && el.moves.scrollHeight > el.moves.clientHeight) {
      el.moves.scrollTop = current.offsetTop - el.moves.clientHeight / 2;
    }
  }

  function tick() {
    const g = game();
    if (!g) return;
    const ply = shownPly(view, g);
    const live = view.ply === null;
    const c = clockText(g, ply, live);
    el.white.querySelector('.clock').textContent = c.white;
    el.black.querySelector('.clock').textContent = c.black;
    const running = live && !g.result ? g.clock?.running : null;
    el.white.classList.toggle('to-move', running === 'W');
    el.black.classList.toggle('to-move', running === 'B');
  }

  function go(ply) {
    const g = game();
    if (!g) return;
    const next = ply === null || ply >= lastPly(g) ? null : ply;
    if (next === view.ply) return;
    view.ply = next;
    // the address holds the game and the ply shown: a link shared opens there, back and forward step
    history.pushState({ ply: next }, '', pageLink('game.html', { game: gameId, ply: next }));
    keepFocus(render);
  }
  window.addEventListener('popstate', () => {
    view.ply = plyOf(location.search);
    keepFocus(render);
  });

  document.addEventListener('keydown', e => {
    if (e.target.closest?.('input, textarea, select')) return;
    const g = game();
    if (!g || e.altKey || e.ctrlKey || e.metaKey) return;
    const next = stepFor(e.key, view, g);
    if (next === undefined) return;
    e.preventDefault();
    go(next);
  });
  root.querySelector('button.first').addEventListener('click', () => { const g = game(); if (g) go(stepFor('Home', view, g)); });
  root.querySelector('button.prev').addEventListener('click', () => { const g = game(); if (g) go(stepFor('ArrowLeft', view, g)); });
  root.querySelector('button.next').addEventListener('click', () => { const g = game(); if (g) go(stepFor('ArrowRight', view, g)); });
  root.querySelector('button.last').addEventListener('click', () => go(null));
  el.live.addEventListener('click', () => go(null));
  root.querySelector('button.flip').addEventListener('click', e => {
    view.flipped = !view.flipped;
    e.currentTarget.setAttribute('aria-pressed', view.flipped);
    render();
  });
  root.querySelector('button.numbers').addEventListener('click', e => {
    view.numbers = !view.numbers;
    e.currentTarget.setAttribute('aria-pressed', view.numbers);
    render();
  });

  store.subscribe((_, what) => { if (what.kind !== 'delay') keepFocus(render); });
  const { event, round } = eventOf(gameId);
  el.chooser.addEventListener('change', () => { location.href = pageLink('game.html', { game: el.chooser.value }); });
  if (event) {
    pollEvent(base, event, ev => {
      if (ev.name && ev.name !== eventName) { eventName = ev.name; render(); }
      const games = (ev.games ?? []).filter(s => String(s.info?.round) === round);
      el.chooser.replaceChildren(...games.map(s => h('option', { value: s.info.gameId, selected: s.info.gameId === gameId },
        gameTitle(s.info.board, s.info.white?.name ?? '?', s.info.black?.name ?? '?'))));
      el.chooser.hidden = games.length < 2;
      renderRoundBoards(el.roundBoards, games, gameId);
      store.paused(games.filter(s => s.paused).map(s => s.info.gameId));
      store.spectators(spectatorCounts(ev));
    });
  }
  // the count the subscription's answer or the last poll gave, whichever came last
  store.subscribe((state, what) => {
    if (what.kind === 'spectators' && state.spectators.has(gameId)) el.watching.textContent = watching({ spectators: state.spectators.get(gameId) });
  });
  render();
  setInterval(tick, 200);
  if (!gameId) return;
  window.damrelay = { store, view, connection: connectSpectator({
    store, base, subscription: { gameId }, onOther: m => { if (evaluation.take(m)) keepFocus(render); },
  }) };
}
