// The console's choice among the candidate paths of a join (issue 21): a driver read a board again
// after moves nobody saw, several ways of playing them lead to the position on the board, and the
// arbiter picks the one the scoresheets show. The relay records its moves (CHOOSE_PATH) and marks
// the join's alert as handled on every console, which takes the buttons away.
import { h } from './ui.js';
import { t } from './i18n.js';
import { moveNotation, pdnMovetext } from './notation.js';

/**
 * The paths a JOINED_MID_GAME names, in notation numbered as the game's record will number them
 * ("1... 19-24 2. 31-27 20-25") when the game's join is known: [{n (1 = the first), text}].
 */
export function candidatePaths(event, game) {
  const first = game?.joined?.ply ?? null;
  return (event?.paths ?? []).map((p, i) => {
    const moves = p.notation?.trim() ? p.notation.trim().split(/\s+/) : (p.moves ?? []).map(moveNotation);
    return { n: i + 1, text: first ? pdnMovetext(moves.map((notation, k) => ({ ply: first + k, notation }))) : moves.join(' ') };
  });
}

/** Whether the alert waits for the arbiter's pick: a join naming several paths, not handled yet. */
export function awaitsPick(alert) {
  return alert.type === 'JOINED_MID_GAME' && (alert.event?.paths?.length ?? 0) > 1 && !alert.acknowledged;
}

/**
 * The choice under the alert: each path with "this path was played", the reason (the catalog's
 * default when none is typed), and the relay's answer once it came. `choice` keeps what this
 * screen typed and heard per alert across re-renders: {reasons: Map, answers: Map}.
 */
export function pathChoice(alert, game, board, choice, choose) {
  const paths = candidatePaths(alert.event, game);
  const answer = choice.answers.get(alert.id);
  const reasonInput = h('input', { name: 'reason', autocomplete: 'off', value: choice.reasons.get(alert.id) ?? '',
    placeholder: t('console.paths.defaultReason'), dataset: { focusKey: `path-reason-${alert.id}` },
    oninput: e => choice.reasons.set(alert.id, e.currentTarget.value) });
  return h('div', { class: 'path-choice', role: 'group', 'aria-label': t('console.paths.label', { board, n: paths.length }) },
    h('ol', { class: 'paths' }, paths.map(p => h('li', { dataset: { path: p.n } },
      h('span', { class: 'path-moves' }, p.text),
      h('button', { type: 'button', class: 'choose-path', dataset: { focusKey: `path-${alert.id}-${p.n}` },
        disabled: answer?.state === 'sending', 'aria-label': t('console.paths.chooseLabel', { moves: p.text, board }),
        onclick: () => choose(alert, p, reasonInput.value.trim() || t('console.paths.defaultReason')) }, t('console.paths.choose'))))),
    h('label', { class: 'path-reason' }, t('console.paths.reason'), ' ', reasonInput),
    answer ? h('p', { class: `path-answer ${answer.state}`, role: 'status', title: answer.relayText ?? '' }, answer.text) : null);
}

/** What the relay said to a pick, in words (its own English answer goes to the tooltip). */
export function pickAnswer(state, path, detail = '') {
  if (state === 'sending') return { state, text: t('console.paths.sending', { moves: path.text }) };
  if (state === 'done') return { state, text: t('console.paths.done', { moves: path.text }), relayText: detail };
  return { state, text: t('console.paths.failed', { moves: path.text, error: detail }) };
}
