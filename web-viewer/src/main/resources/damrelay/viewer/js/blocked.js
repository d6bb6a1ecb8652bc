// Blocked boards on the arbiter console: each board whose events wait for the arbiter (a refused
// event, a sequence gap), why, and the actions the relay supports (docs/relay.md, "Blocked boards").
import { h, perFrame, keepFocus } from './ui.js';

/** What the refused event was, in a few words: "MOVE 28-22 at ply 3". */
export function refusedText(b) {
  const e = b.refused;
  if (!e) return `seq ${b.seq} (the event itself is not at hand: a gap, or the relay restarted)`;
  return [e.type, e.notation, e.ply ? `at ply ${e.ply}` : ''].filter(Boolean).join(' ');
}

function item(b, state, actions) {
  const g = state.games.get(b.gameId);
  const board = g?.board ?? b.board ?? '?';
  const finished = b.reason.startsWith('GAME_FINISHED') && g?.result;
  return h('li', { class: 'blocked-board', dataset: { game: b.gameId } },
    h('strong', {}, `Board ${board}`), ' ', h('span', { class: 'blocked-seq' }, `waits from seq ${b.seq}`),
    h('p', { class: 'blocked-reason' }, b.reason),
    h('p', { class: 'blocked-event' }, `Refused: ${refusedText(b)}`),
    h('div', { class: 'blocked-actions' },
      // a result entered too early: reopening lets the refused move fit, then resolve applies it
      finished ? h('button', { type: 'button', class: 'reopen', dataset: { focusKey: `reopen-${b.gameId}` },
        'aria-label': `Reopen the game on board ${board} (result ${g.result})`, onclick: () => actions.reopen(b.gameId) }, 'Reopen game') : null,
      h('button', { type: 'button', class: 'resolve', dataset: { focusKey: `resolve-${b.gameId}` },
        'aria-label': `Resolve board ${board}: the refused event is checked again, a legal move is applied`,
        onclick: () => actions.resolve(b.gameId, '') }, 'Resolve'),
      h('form', { class: 'resolve-position', 'aria-label': `set the position of board ${board}, then resolve`,
        onsubmit: e => { e.preventDefault(); actions.resolve(b.gameId, e.currentTarget.fen.value.trim()); } },
        h('label', {}, 'Position (FEN) ', h('input', { name: 'fen', required: true, autocomplete: 'off', placeholder: 'W:W31-50:B1-20',
          dataset: { focusKey: `fen-${b.gameId}` } })),
        h('button', { type: 'submit' }, 'Set position and resolve'))));
}

export function renderBlocked(section, state, actions) {
  const list = [...state.blocked.values()].sort((a, b) => (a.board ?? 0) - (b.board ?? 0) || a.gameId.localeCompare(b.gameId));
  section.querySelector('.blocked-count').textContent = list.length ? `${list.length}` : '';
  section.querySelector('.blocked-list').replaceChildren(...(list.length
    ? list.map(b => item(b, state, actions)) : [h('li', { class: 'empty' }, 'No blocked boards.')]));
}

/**
 * Mounts the list on the console. attempt(what, promise) shows the relay's answer; the list itself
 * follows the relay's BlockedBoard messages only, so it empties when the relay released the board.
 */
export function mountBlocked(section, store, arbiter, attempt) {
  const actions = {
    resolve: (gameId, fen) => {
      if (fen && !/^[WB]:/i.test(fen)) { attempt('Resolve', Promise.reject(new Error(`"${fen}" is not a FEN (e.g. W:W31-50:B1-20)`))); return; }
      attempt('Resolve', arbiter.resolve(gameId, fen));
    },
    reopen: gameId => attempt('Reopen', arbiter.reopen(gameId)),
  };
  const rerender = perFrame(() => keepFocus(() => renderBlocked(section, store.state, actions)));
  store.subscribe((state, what) => { if (what.kind === 'blocked' || what.kind === 'game' || what.kind === 'result') rerender(); });
  renderBlocked(section, store.state, actions);
}
