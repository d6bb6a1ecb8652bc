// A second look for the console's actions that cannot be taken back (a result, a switch between
// sensor board and phone, acknowledging all of a board): the button asks in place what will
// happen, in words; "Yes" sends it, "Cancel" or Escape goes back. The relay's answer shows right
// there too, not in another column. The state lives outside the DOM: the console re-renders on
// every update, and a question being asked must survive that.
import { h } from './ui.js';
import { t } from './i18n.js';

/** One screen's questions: which one is open (its key) and the last answer per key. */
export function createConfirm(rerender) {
  const c = {
    open: null,
    answers: new Map(),
    rerender,
    /** Shows `what` being sent, then the relay's answer, under `key`. */
    attempt(key, what, promise) {
      // the newest answer last: a list that shows the latest one reads it from the end
      const set = (state, text, title = '') => { c.answers.delete(key); c.answers.set(key, { state, text, title }); c.rerender(); };
      set('sending', t('console.feedback.sending', { what }));
      promise.then(ok => set('done', t('console.feedback.done', { what, answer: t('console.feedback.ok') }), typeof ok === 'string' ? ok : ''),
        e => set('failed', t('console.feedback.failed', { what, error: e.message })));
      return promise;
    },
  };
  return c;
}

/** The answer last given under `key`, as a status line; null when none. */
export function answerLine(c, key) {
  const a = c.answers.get(key);
  return a ? h('p', { class: `confirm-answer ${a.state}`, role: 'status', title: a.title, dataset: { answer: key } }, a.text) : null;
}

/**
 * A button that asks first. `question` says what will happen; `send()` does it (and returns the
 * promise of the relay's answer, shown under `key` as "`what`: done"). While asking, focus goes to "Cancel": a
 * double click or a second Enter never confirms by accident.
 */
export function confirmButton(c, key, { label, question, yes, what, cls = '', ariaLabel = null, disabled = false, send }) {
  if (c.open !== key) {
    return h('button', { type: 'button', class: cls, disabled, 'aria-label': ariaLabel, dataset: { focusKey: key },
      onclick: () => { c.open = key; c.rerender(); } }, label);
  }
  return confirmBox(c, key, { question, yes, what, cls, send });
}

/** The question itself, for a form whose submit button asks (the result form). */
export function confirmBox(c, key, { question, yes, what, cls = '', send }) {
  const close = () => { c.open = null; c.rerender(); };
  return h('span', { class: 'confirm', role: 'group', 'aria-label': question, dataset: { confirm: key },
    onkeydown: e => { if (e.key === 'Escape') close(); } },
  h('span', { class: 'confirm-question' }, question),
  h('button', { type: 'button', class: `confirm-yes ${cls}`.trim(), dataset: { focusKey: `${key}-yes` },
    onclick: () => { c.open = null; c.attempt(key, what, send()); } }, yes),
  h('button', { type: 'button', class: 'confirm-no', dataset: { focusKey: key }, onclick: close }, t('console.confirm.cancel')));
}
