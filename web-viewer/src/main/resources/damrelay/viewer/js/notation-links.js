// The arbiter console's digital notation (docs/notation.md): per board, a link with its QR code to
// open on the phone next to that board (a credential that notates that one game only), and revoke.
// The relay shows a credential once and keeps only its digest: a lost link is replaced by a new one.
import { h } from './ui.js';
import { t } from './i18n.js';
import { gamesByBoard } from './model.js';
import { createConfirm, confirmButton, answerLine } from './confirm.js';

const TIMES = ['TIMES_OPTIONAL', 'TIMES_REQUIRED', 'TIMES_OFF'];

export function mountNotationLinks(container, store, arbiter, base) {
  const issued = new Map();   // gameId -> {link, qrSvg} issued from this screen
  const feedback = h('p', { class: 'notation-feedback', role: 'status', 'aria-live': 'polite' });
  const list = h('ul', { class: 'notation-boards' });
  const times = h('select', { name: 'times', 'aria-label': t('links.timesLabel') },
    ...TIMES.map(k => h('option', { value: k }, t(`notate.times.${k}`))));
  container.replaceChildren(h('h3', {}, t('notate.heading')), h('label', {}, t('links.withEachMove'), ' ', times), list, feedback);

  // a switch or a revocation asks first; its answer shows in the board's row (the row moves from
  // one list to the other with the switch: the answer goes with the board)
  const confirm = createConfirm(() => render());
  const kept = (gameId, promise) => promise.then(answer => {
    if (answer?.link) issued.set(gameId, answer);
    else issued.delete(gameId);
    render();
    return answer;
  });
  const act = (what, gameId, promise) => {
    feedback.textContent = t('links.sending', { what });
    kept(gameId, promise).then(() => { feedback.textContent = t('links.done', { what }); },
      e => { feedback.textContent = t('links.failed', { what, reason: e.message }); });
  };
  const qr = svgText => {
    const holder = h('div', { class: 'notation-qr' });
    const doc = new DOMParser().parseFromString(svgText, 'image/svg+xml');
    if (doc.documentElement.nodeName === 'svg') {
      const svg = document.importNode(doc.documentElement, true);
      svg.setAttribute('aria-label', t('links.qrLabel')); // the relay's SVG is labelled in English
      holder.append(svg);
    }
    return holder;
  };
  const row = g => {
    const credential = issued.get(g.id);
    const state = g.notation === 'ON_PAPER' ? t('links.onPaper')
      : g.notation === 'NOTATED' ? (g.notator ? t('notated.titleBy', { notator: g.notator }) : t('notated.badge')) : '';
    return h('li', { dataset: { game: g.id } },
      h('strong', {}, t('common.board', { board: g.board ?? '?' })), ` ${g.white.name} – ${g.black.name} `, state ? h('em', {}, state) : null, ' ',
      h('button', { type: 'button', class: 'notation-issue', disabled: g.notation === 'ON_PAPER',
        onclick: () => act(t('links.issueWhat', { board: g.board }), g.id, arbiter.notation(g.id, 'ISSUE', { times: times.value, baseUrl: base.http })) },
      credential ? t('links.newLink') : t('links.link')),
      g.notation === 'NOTATED'
        ? confirmButton(confirm, `revoke-${g.id}`, { label: t('links.revoke'), cls: 'notation-revoke',
          question: t('links.revokeQuestion', { board: g.board }), yes: t('links.revokeYes'), what: t('links.revokeWhat', { board: g.board }),
          send: () => kept(g.id, arbiter.notation(g.id, 'REVOKE')) })
        : null, ' ',
      g.switchedFrom
        ? confirmButton(confirm, `switch-${g.id}`, { label: t('links.switchBack'), cls: 'notation-switch-back',
          question: t('links.switchBackQuestion', { board: g.board }), yes: t('links.switchBackYes'), what: t('links.switchBackWhat', { board: g.board }),
          send: () => kept(g.id, arbiter.notation(g.id, 'SWITCH_TO_SENSOR')) })
        : null,
      answerLine(confirm, `switch-${g.id}`), answerLine(confirm, `revoke-${g.id}`),
      credential ? h('div', { class: 'notation-credential' },
        qr(credential.qrSvg), h('p', {}, h('code', { class: 'notation-link' }, credential.link))) : null);
  };
  // a sensor board that fails mid-game: its game goes on from where it stands on a phone (the answer is its link)
  const switchRow = g => h('li', { dataset: { game: g.id } },
    h('strong', {}, t('common.board', { board: g.board ?? '?' })), ` ${g.white.name} – ${g.black.name} `,
    confirmButton(confirm, `switch-${g.id}`, { label: t('links.switch'), cls: 'notation-switch',
      question: t('links.switchQuestion', { board: g.board }), yes: t('links.switchYes'), what: t('links.switchWhat', { board: g.board }),
      send: () => kept(g.id, arbiter.notation(g.id, 'SWITCH_TO_NOTATION', { times: times.value, baseUrl: base.http })) }),
    answerLine(confirm, `switch-${g.id}`));
  const sensorList = h('ul', { class: 'notation-sensor-boards' });
  const failed = h('details', { class: 'notation-failed' }, h('summary', {}, t('links.sensorFailed')), sensorList);
  container.append(failed);
  // links and QR codes only for boards without sensors (the relay refuses the others a link)
  const render = () => {
    const games = gamesByBoard(store.state);
    const active = document.activeElement?.dataset?.focusKey;
    list.replaceChildren(...games.filter(g => !g.sensorBoard).map(row));
    sensorList.replaceChildren(...games.filter(g => g.sensorBoard && !g.result).map(switchRow));
    // the question keeps the focus where the click was (on its Cancel: a double click never confirms)
    const again = active && container.querySelector(`[data-focus-key="${CSS.escape(active)}"]`);
    if (again && again !== document.activeElement) again.focus({ preventScroll: true });
  };
  store.subscribe((_, what) => { if (what.kind === 'game') render(); });
  render();
}
