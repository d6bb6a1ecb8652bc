// Blocked boards on the arbiter console: each board whose events wait for the arbiter (a refused
// event, a sequence gap), why, and the actions the relay supports (docs/relay.md, "Blocked boards").
import { h, perFrame, keepFocus } from './ui.js';
import { t, has } from './i18n.js';
import { alertWords } from './alert-text.js';
import { moveWords } from './move-words.js';

/** What the refused event was, in words: "the move 28-22 (move 2, white)". */
export function refusedText(b) {
  const e = b.refused;
  if (!e) return t('console.blocked.notAtHand');
  if (e.type === 'MOVE') return e.ply ? t('console.blocked.refusedMoveAtPly', { notation: e.notation || '?', move: moveWords(e.ply) }) : t('console.blocked.refusedMove', { notation: e.notation || '?' });
  return alertWords({ type: e.type, ply: e.ply }).title;
}

/**
 * Why the board waits, in words, from the relay's reason "CODE: what was wrong": the seq goes to the
 * details line for those who need it, the relay's own (English) text to its tooltip.
 */
export function reasonOf(b) {
  const m = /^([A-Z_]+):\s*(.*)$/s.exec(b.reason ?? '');
  const code = m?.[1] ?? '';
  return {
    code,
    words: has(`console.blocked.reason.${code}`) ? t(`console.blocked.reason.${code}`) : t('console.blocked.reason.other'),
    details: t('console.blocked.details', { seq: b.seq }),
    relayText: m ? m[2] : b.reason ?? '',
  };
}

function item(b, state, actions) {
  const g = state.games.get(b.gameId);
  const board = g?.board ?? b.board ?? '?';
  const reason = reasonOf(b);
  const finished = reason.code === 'GAME_FINISHED' && g?.result;
  return h('li', { class: 'blocked-board', dataset: { game: b.gameId, reason: reason.code } },
    h('strong', {}, t('common.board', { board })), ' ', h('span', { class: 'blocked-what' }, t('console.blocked.waits')),
    h('p', { class: 'blocked-reason' }, reason.words),
    h('p', { class: 'blocked-event' }, t('console.blocked.refused', { what: refusedText(b) })),
    h('p', { class: 'blocked-details', title: reason.relayText }, reason.details),
    h('div', { class: 'blocked-actions' },
      // a result entered too early: reopening lets the refused move fit, then resolve applies it
      finished ? h('button', { type: 'button', class: 'reopen', dataset: { focusKey: `reopen-${b.gameId}` },
        'aria-label': t('console.blocked.reopenLabel', { board, result: g.result }), onclick: () => actions.reopen(b.gameId) }, t('console.blocked.reopen')) : null,
      h('button', { type: 'button', class: 'resolve', dataset: { focusKey: `resolve-${b.gameId}` },
        'aria-label': t('console.blocked.resolveLabel', { board }),
        onclick: () => actions.resolve(b.gameId, '') }, t('console.blocked.resolve')),
      h('form', { class: 'resolve-position', 'aria-label': t('console.blocked.setPositionLabel', { board }),
        onsubmit: e => { e.preventDefault(); actions.resolve(b.gameId, e.currentTarget.fen.value.trim()); } },
        h('label', {}, t('console.blocked.fen'), ' ', h('input', { name: 'fen', required: true, autocomplete: 'off', placeholder: 'W:W31-50:B1-20',
          dataset: { focusKey: `fen-${b.gameId}` } })),
        h('button', { type: 'submit' }, t('console.blocked.setPosition')))));
}

export function renderBlocked(section, state, actions) {
  const list = [...state.blocked.values()].sort((a, b) => (a.board ?? 0) - (b.board ?? 0) || a.gameId.localeCompare(b.gameId));
  section.querySelector('.blocked-count').textContent = list.length ? `${list.length}` : '';
  section.querySelector('.blocked-list').replaceChildren(...(list.length
    ? list.map(b => item(b, state, actions)) : [h('li', { class: 'empty' }, t('console.blocked.none'))]));
}

/**
 * Mounts the list on the console. attempt(what, promise) shows the relay's answer; the list itself
 * follows the relay's BlockedBoard messages only, so it empties when the relay released the board.
 */
export function mountBlocked(section, store, arbiter, attempt) {
  const actions = {
    resolve: (gameId, fen) => {
      if (fen && !/^[WB]:/i.test(fen)) { attempt(t('console.action.resolve'), Promise.reject(new Error(t('console.correct.notFen', { text: fen })))); return; }
      attempt(t('console.action.resolve'), arbiter.resolve(gameId, fen));
    },
    reopen: gameId => attempt(t('console.action.reopen'), arbiter.reopen(gameId)),
  };
  const rerender = perFrame(() => keepFocus(() => renderBlocked(section, store.state, actions)));
  store.subscribe((state, what) => { if (what.kind === 'blocked' || what.kind === 'game' || what.kind === 'result') rerender(); });
  renderBlocked(section, store.state, actions);
}
