// The arbiter console's digital notation (docs/notation.md): per board, a link with its QR code to
// open on the phone next to that board (a credential that notates that one game only), and revoke.
// The relay shows a credential once and keeps only its digest: a lost link is replaced by a new one.
import { h } from './ui.js';
import { gamesByBoard } from './model.js';

const TIMES = { TIMES_OPTIONAL: 'times optional', TIMES_REQUIRED: 'times required', TIMES_OFF: 'no times' };

export function mountNotationLinks(container, store, arbiter, base) {
  const issued = new Map();   // gameId -> {link, qrSvg} issued from this screen
  const feedback = h('p', { class: 'notation-feedback', role: 'status', 'aria-live': 'polite' });
  const list = h('ul', { class: 'notation-boards' });
  const times = h('select', { name: 'times', 'aria-label': 'remaining times' },
    ...Object.entries(TIMES).map(([k, text]) => h('option', { value: k }, text)));
  container.replaceChildren(h('h3', {}, 'Digital notation'), h('label', {}, 'With each move: ', times), list, feedback);

  const act = (what, gameId, promise) => {
    feedback.textContent = `${what}: sending…`;
    promise.then(answer => {
      if (answer?.link) issued.set(gameId, answer);
      else issued.delete(gameId);
      feedback.textContent = `${what}: done`;
      render();
    }, e => { feedback.textContent = `${what} failed: ${e.message}`; });
  };
  const qr = svgText => {
    const holder = h('div', { class: 'notation-qr' });
    const doc = new DOMParser().parseFromString(svgText, 'image/svg+xml');
    if (doc.documentElement.nodeName === 'svg') holder.append(document.importNode(doc.documentElement, true));
    return holder;
  };
  const row = g => {
    const credential = issued.get(g.id);
    const state = g.notation === 'ON_PAPER' ? 'stopped: on paper' : g.notation === 'NOTATED' ? `notated${g.notator ? ` by ${g.notator}` : ''}` : '';
    return h('li', { dataset: { game: g.id } },
      h('strong', {}, `Board ${g.board ?? '?'}`), ` ${g.white.name} – ${g.black.name} `, state ? h('em', {}, state) : null, ' ',
      h('button', { type: 'button', class: 'notation-issue', disabled: g.notation === 'ON_PAPER',
        onclick: () => act(`Notation link for board ${g.board}`, g.id, arbiter.notation(g.id, 'ISSUE', { times: times.value, baseUrl: base.http })) },
      credential ? 'New link' : 'Notation link'),
      g.notation === 'NOTATED'
        ? h('button', { type: 'button', class: 'notation-revoke', onclick: () => act(`Revoke board ${g.board}`, g.id, arbiter.notation(g.id, 'REVOKE')) }, 'Revoke')
        : null,
      credential ? h('div', { class: 'notation-credential' },
        qr(credential.qrSvg), h('p', {}, h('code', { class: 'notation-link' }, credential.link))) : null);
  };
  // a sensor board's game needs no link (the relay would refuse it): only boards without sensors
  const render = () => list.replaceChildren(...gamesByBoard(store.state).filter(g => !g.sensorBoard).map(row));
  store.subscribe((_, what) => { if (what.kind === 'game') render(); });
  render();
}
