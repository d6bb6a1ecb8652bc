// Round overview: one card per board in team-match layout, with a small live board each.
import { createStore, gamesByBoard, fenAt, lastPly, moveAt, highlightAt, matchScore, openAlerts, uncrownedIn } from './model.js';
import { parseFen } from './fen.js';
import { renderBoard } from './board.js';
import { remaining, formatClock } from './clock.js';
import { connectSpectator, relayBase, spectatorCounts } from './connection.js';
import { notationBadge } from './notated.js';
import { t } from './i18n.js';
import { h, bindConnectionStatus, params, pageLink, keepFocus, playerLabel, pollEvent, roundTabs, watching } from './ui.js';

function teamsOf(state, games) {
  if (state.round.teams?.length) return state.round.teams;
  const match = games.find(g => g.match)?.match;
  if (match && match.includes(' - ')) return match.split(' - ').map(t => t.trim());
  const teams = [];
  for (const g of games) for (const t of [g.white.team, g.black.team]) if (t && !teams.includes(t)) teams.push(t);
  return teams;
}

function clockLine(g, now) {
  const r = remaining(g.clock, now);
  return {
    white: r ? formatClock(r.white) : '–:––',
    black: r ? formatClock(r.black) : '–:––',
  };
}

function card(g, state, arbiter) {
  const ply = lastPly(g);
  const last = moveAt(g, ply);
  const alerts = arbiter ? openAlerts(state, g.id) : [];
  const clocks = clockLine(g, Date.now());
  const running = g.result ? null : g.clock?.running;
  const fen = fenAt(g, ply);
  const board = renderBoard(parseFen(fen), {
    label: t('overview.cardLabel', { board: g.board ?? '', white: g.white.name, black: g.black.name }),
    highlight: highlightAt(g, ply), uncrowned: [...uncrownedIn(fen), ...g.status.uncrowned],
  });
  const player = (side, colour) => h('div', { class: `player ${colour}${running === colour[0].toUpperCase() ? ' to-move' : ''}` },
    h('span', { class: 'swatch', 'aria-hidden': 'true' }),
    h('span', { class: 'who' }, h('span', { class: 'name' }, playerLabel(side)), side.team ? h('span', { class: 'team' }, side.team) : null),
    h('span', { class: 'clock', dataset: { side: colour[0].toUpperCase() }, 'aria-label': t(`common.${colour}Clock`) }, clocks[colour]));
  return h('li', { class: `game-card${alerts.length ? ' has-alert' : ''}`, dataset: { game: g.id, board: g.board ?? '' } },
    h('a', { href: pageLink('game.html', { game: g.id }), class: 'card-link', dataset: { focusKey: `card-${g.id}` },
      'aria-label': t('overview.open', { board: g.board ?? '', white: g.white.name, black: g.black.name }) },
      h('div', { class: 'card-head' },
        h('span', { class: 'board-no' }, t('common.board', { board: g.board ?? '?' })),
        alerts.length ? h('span', { class: 'alert-flag', role: 'img', 'aria-label': t('overview.openAlerts', { n: alerts.length }) }, `⚠ ${alerts.length}`) : null,
        notationBadge(g),
        h('span', { class: 'result', 'aria-label': t('common.result') }, g.result ?? ''),
        state.spectators.has(g.id) ? h('span', { class: 'watching' }, watching({ spectators: state.spectators.get(g.id) })) : null),
      board),
    player(g.white, 'white'),
    player(g.black, 'black'),
    h('div', { class: 'last-move' }, last ? `${Math.ceil(last.ply / 2)}.${last.ply % 2 ? '' : '..'} ${last.notation}` : t('common.noMoveYet')),
    // a driver joined the game under way: the card says from where the relay follows it
    g.joined ? h('div', { class: 'joined-note' }, t('common.joinedAt', { move: g.joined.move })) : null,
    // a board the arbiter is restoring: the game is paused, not live (a line of its own: it wraps on a phone)
    state.paused.has(g.id) && !g.result ? h('div', { class: 'state-badge paused' }, t('common.paused')) : null);
}

function heading(state, games, pdnUrl) {
  const teams = teamsOf(state, games);
  const score = matchScore(games);
  const first = games[0];
  const event = state.round.event || first?.eventId || '';
  const title = !first ? '' : first.round ? t('overview.title', { event, n: first.round }) : event;
  return h('div', { class: 'match-head' },
    roundTabs(state.event, first?.round ?? null),
    h('h2', {}, title || t('overview.round')),
    pdnUrl ? h('a', { class: 'pdn-link', href: pdnUrl, download: '' }, t('overview.pdn')) : null,
    teams.length === 2
      ? h('p', { class: 'match-score', 'aria-label': t('overview.matchScore') },
        h('span', {}, teams[0]), h('strong', {}, ` ${score.get(teams[0]) ?? 0} – ${score.get(teams[1]) ?? 0} `), h('span', {}, teams[1]))
      : null);
}

/** Renders the round into `container`; `arbiter` marks boards with open alerts. */
export function renderOverview(container, state, { arbiter = false, pdnUrl = null } = {}) {
  const games = gamesByBoard(state);
  const list = h('ol', { class: 'boards', 'aria-label': t('overview.boards') }, games.map(g => card(g, state, arbiter)));
  container.replaceChildren(heading(state, games, pdnUrl), games.length ? list : h('p', { class: 'empty' }, t('overview.noGames')));
}

/** Re-renders one board's card and the match head; false when the card is not there yet. */
export function renderCard(container, state, gameId, { arbiter = false, pdnUrl = null } = {}) {
  const old = container.querySelector(`.game-card[data-game="${CSS.escape(gameId)}"]`);
  const g = state.games.get(gameId);
  if (!old || !g) return false;
  old.replaceWith(card(g, state, arbiter));
  container.querySelector('.match-head').replaceWith(heading(state, gamesByBoard(state), pdnUrl));
  return true;
}

/**
 * Coalesces re-renders to one per frame: a round of many boards opens with a snapshot per game,
 * and a busy round updates several boards a second. A hidden tab renders when it is shown again.
 */
export function renderScheduler(container, state, options) {
  let all = false;
  const games = new Set();
  let pending = false;
  return what => {
    if (what.gameId && what.kind !== 'game') games.add(what.gameId); else all = true;
    if (pending) return;
    pending = true;
    requestAnimationFrame(() => {
      pending = false;
      const redoAll = all;
      const some = [...games];
      all = false;
      games.clear();
      keepFocus(() => {
        if (redoAll || !some.every(id => renderCard(container, state, id, options))) renderOverview(container, state, options);
      });
    });
  };
}

/** Updates only the clock texts, so ticking does not rebuild boards. */
export function tickClocks(container, state) {
  const now = Date.now();
  for (const el of container.querySelectorAll('.game-card')) {
    const g = state.games.get(el.dataset.game);
    if (!g || g.result) continue;
    const c = clockLine(g, now);
    el.querySelector('.clock[data-side="W"]').textContent = c.white;
    el.querySelector('.clock[data-side="B"]').textContent = c.black;
  }
}

/** The start page without an event: every event of the relay, each linking to its first round. */
export async function renderEventList(container, base) {
  container.replaceChildren(h('p', { class: 'empty' }, t('overview.eventsLoading')));
  try {
    const res = await fetch(`${base.http}/api/events`);
    const events = res.ok ? (await res.json()).events ?? [] : [];
    const rounds = await Promise.all(events.map(e => fetch(`${base.http}/api/events/${encodeURIComponent(e.eventId)}`)
      .then(r => (r.ok ? r.json() : {})).catch(() => ({}))));
    container.replaceChildren(h('h2', {}, t('overview.events')), events.length
      ? h('ul', { class: 'event-list' }, events.map((e, i) => h('li', {},
        h('a', { href: pageLink('index.html', { event: e.eventId, round: rounds[i].rounds?.[0]?.number ?? 1 }) }, e.name || e.eventId),
        e.site ? h('span', { class: 'site' }, ` · ${e.site}`) : null,
        (rounds[i].rounds ?? []).length ? h('span', { class: 'rounds' }, ` · ${t('overview.roundCount', { n: rounds[i].rounds.length })}`) : null)))
      : h('p', { class: 'empty' }, t('overview.eventsNone')));
  } catch {
    container.replaceChildren(h('p', { class: 'empty' }, t('overview.eventsUnreadable')));
  }
}

export function startOverviewPage() {
  const store = createStore();
  const container = document.getElementById('overview');
  const subscription = { eventId: params().get('event') ?? '', round: Number(params().get('round') ?? 0) };
  const base = relayBase(location);
  const pdnUrl = subscription.round ? `${base.http}/pdn/${encodeURIComponent(subscription.eventId)}/round/${subscription.round}.pdn` : null;
  bindConnectionStatus(store, document.getElementById('connection'), document.getElementById('delay'));
  const schedule = renderScheduler(container, store.state, { pdnUrl });
  store.subscribe((_, what) => { if (what.kind !== 'connection' && what.kind !== 'delay') schedule(what); });
  if (!subscription.eventId) {
    document.getElementById('connection').hidden = true;
    renderEventList(container, base);
    return;
  }
  renderOverview(container, store.state, { pdnUrl });
  setInterval(() => tickClocks(container, store.state), 250);
  // the event's JSON names it, lists its rounds (tabs) and counts each game's spectators
  pollEvent(base, subscription.eventId, ev => {
    store.state.event = ev;
    store.round({ event: ev.name || subscription.eventId });
    if (ev.name) document.title = t('overview.pageTitleEvent', { event: ev.name });
    store.spectators(spectatorCounts(ev));
    store.paused((ev.games ?? []).filter(s => s.paused).map(s => s.info.gameId));
  });
  window.damrelay = { store, connection: connectSpectator({ store, base, subscription }) };
}
