// "What the board saw" on the arbiter console (docs/evidence.md): for an alert, a move, a moment or a
// whole game, the sensor board's reports in order with their times, a small board of square
// occupancy stepped through them (pieces lifted and put back highlighted), the moves and alerts the
// reconstruction made of them, real-speed play, a window widened on demand, and an export of the
// excerpt with the arbiter's decision. A module of its own: arbiter.js only mounts it and opens it.
import { h } from './ui.js';
import { t } from './i18n.js';
import { alertWords, titleWithArticle } from './alert-text.js';
import { moveWords } from './move-words.js';
import { squareToRowCol } from './fen.js';

/**
 * Seconds shown before and after the moment asked for; "wider" adds WIDEN_S on each side. More before
 * than after: an alert is raised once the board settled (an irregular move once the reply came),
 * seconds after the hand that made it.
 */
export const BEFORE_S = 10, AFTER_S = 5, WIDEN_S = 10;
/** Real-speed play waits at most this long between two steps (a long think is skipped, not sat through). */
export const MAX_PAUSE_MS = 3000;

const num = v => Number(v ?? 0);
const pad = (n, w = 2) => String(n).padStart(w, '0');

/** "14:32:07.4": the wall time to the tenth of a second, in the console's own time zone. */
export function clockTime(ms) {
  const d = new Date(num(ms));
  return `${pad(d.getHours())}:${pad(d.getMinutes())}:${pad(d.getSeconds())}.${Math.floor(d.getMilliseconds() / 100)}`;
}

/** "14:32:05" */
export function secondsTime(ms) {
  const d = new Date(num(ms));
  return `${pad(d.getHours())}:${pad(d.getMinutes())}:${pad(d.getSeconds())}`;
}

/**
 * Which side of the clock is white: the clock readings of the window against the game's own clock
 * (each move carries white's and black's time), the reading nearest in time to a move deciding.
 * Null when nothing tells.
 */
export function whiteSide(evidence) {
  const readings = (evidence.reports ?? []).filter(r => r.kind === 'CLOCK' && r.clock);
  const timed = (evidence.updates ?? []).map(u => u.event).filter(e => e?.clock && (e.clock.whiteMs || e.clock.blackMs));
  let votes = 0;
  for (const e of timed) {
    const at = num(e.wallTimeMs);
    const r = readings.reduce((best, x) => (!best || Math.abs(num(x.wallMs) - at) < Math.abs(num(best.wallMs) - at) ? x : best), null);
    if (!r) continue;
    const left = num(r.clock.leftMs), right = num(r.clock.rightMs), w = num(e.clock.whiteMs), b = num(e.clock.blackMs);
    votes += Math.abs(left - w) + Math.abs(right - b) <= Math.abs(right - w) + Math.abs(left - b) ? -1 : 1;
  }
  return votes < 0 ? 'left' : votes > 0 ? 'right' : null;
}

/** A piece letter of the wire (SensorReport.piece) in words: "leeg", "bezet (wit)". */
function pieceWords(p) {
  if (p === 'e') return t('evidence.empty');
  if (p === 'w' || p === 'W') return t(p === 'W' ? 'evidence.whiteKing' : 'evidence.white');
  if (p === 'b' || p === 'B') return t(p === 'B' ? 'evidence.blackKing' : 'evidence.black');
  return t('evidence.unknown');
}

/**
 * The steps of an excerpt in order: each field change, whole board, clock press (a reading whose
 * lever moved; the readings in between are kept for the export, not shown as steps), link change,
 * and each of the game's events, all by wall time. Each step says what stood on the board after it.
 */
export function stepsOf(evidence) {
  const white = whiteSide(evidence);
  const items = [];
  let lever = null;
  for (const r of evidence.reports ?? []) {
    const at = num(r.wallMs);
    if (r.kind === 'FIELD') items.push({ at, kind: 'field', square: num(r.square), field: num(r.field), piece: r.piece });
    else if (r.kind === 'BOARD') items.push({ at, kind: 'board', pieces: r.piece ?? '' });
    else if (r.kind === 'LINK_DOWN' || r.kind === 'LINK_UP') items.push({ at, kind: r.kind === 'LINK_UP' ? 'linkUp' : 'linkDown' });
    else if (r.kind === 'CLOCK' && r.clock) {
      const high = Boolean(r.clock.rightLeverHigh);
      if (lever !== null && high !== lever) {
        // the presser's side goes down: the lever is high on the other side
        const side = high ? 'left' : 'right';
        items.push({ at, kind: 'press', side, by: white ? (side === white ? 'white' : 'black') : null, clock: r.clock, white });
      }
      lever = high;
    }
  }
  for (const u of evidence.updates ?? []) {
    const e = u.event;
    if (!e) continue;
    items.push({ at: num(e.wallTimeMs) || num(u.relayTimeMs), kind: e.type === 'MOVE' ? 'move' : 'event', event: e });
  }
  // stable: what the board reported comes before what the reconstruction made of it at the same time
  items.sort((a, b) => a.at - b.at);
  let board = evidence.before && evidence.before.length === 50 ? evidence.before.split('') : null;
  const lifted = new Set();
  for (const s of items) {
    if (s.kind === 'board' && s.pieces.length === 50) board = s.pieces.split('');
    if (s.kind === 'field' && s.square >= 1) {
      board ??= Array(50).fill('?');
      const was = board[s.square - 1];
      board[s.square - 1] = s.piece;
      if (s.piece === 'e' && was !== 'e') lifted.add(s.square);
      else if (s.piece !== 'e' && lifted.has(s.square)) { s.putBack = true; lifted.delete(s.square); }
    }
    s.board = board ? board.slice() : null;
  }
  return items;
}

/** One step in words, after its time: "27 leeg", "klok ingedrukt door wit", "zet 32-28". */
export function stepText(s, variant) {
  switch (s.kind) {
    case 'field': return s.square ? t(s.putBack ? 'evidence.fieldBack' : 'evidence.field', { square: s.square, what: pieceWords(s.piece) })
      : t('evidence.lightField', { field: s.field, what: pieceWords(s.piece) });
    case 'board': return t('evidence.wholeBoard');
    case 'press': return s.by ? t(s.by === 'white' ? 'evidence.pressWhite' : 'evidence.pressBlack') : t(s.side === 'left' ? 'evidence.pressLeft' : 'evidence.pressRight');
    case 'linkDown': return t('evidence.linkDown');
    case 'linkUp': return t('evidence.linkUp');
    case 'move': return t('evidence.move', { move: moveWords(s.event.ply, '?'), notation: s.event.notation ?? '?' });
    default: return t('evidence.alert', { title: titleWithArticle(alertWords(s.event, { variant })) });
  }
}

/** "bewijs: sensorverloop 14:32:05-14:32:12", to cite in a decision. */
export function citation(from, to) {
  return t('evidence.citation', { from: secondsTime(from), to: secondsTime(to) });
}

/** The excerpt as plain text for the match report's particulars: heading, citation, decision, then every step. */
export function exportText(evidence, steps, decision, meta) {
  const lines = [t('evidence.exportTitle', { board: meta.board ?? '?', white: meta.white ?? '?', black: meta.black ?? '?' }),
    citation(evidence.fromMs, evidence.toMs)];
  if (decision) lines.push(t('evidence.exportDecision', { decision }));
  lines.push('');
  for (const s of steps) lines.push(`${clockTime(s.at)}: ${stepText(s, meta.variant)}`);
  return lines.join('\n') + '\n';
}

/** The window around a moment, widened by `wider` steps of WIDEN_S on each side. */
export function windowAround(at, wider = 0) {
  return { from: at - (BEFORE_S + wider * WIDEN_S) * 1000, to: at + (AFTER_S + wider * WIDEN_S) * 1000 };
}

function download(name, type, text) {
  const url = URL.createObjectURL(new Blob([text], { type }));
  const a = h('a', { href: url, download: name });
  document.body.append(a);
  a.click();
  a.remove();
  setTimeout(() => URL.revokeObjectURL(url), 10_000);
}

function miniBoard(step, previous) {
  const cells = [];
  const now = step?.board;
  const before = previous?.board;
  for (let sq = 1; sq <= 50; sq++) {
    const { row, col } = squareToRowCol(sq);
    const p = now ? now[sq - 1] : '?';
    const changed = step?.kind === 'field' && step.square === sq;
    const cls = ['sq', p === 'e' ? 'empty' : p === 'w' || p === 'W' ? 'white' : p === 'b' || p === 'B' ? 'black' : 'unknown'];
    if (p === 'W' || p === 'B') cls.push('king');
    if (changed) cls.push(p === 'e' ? 'lifted' : step.putBack ? 'put-back' : 'put');
    else if (before && now && before[sq - 1] !== now[sq - 1]) cls.push('changed');
    // placed by class, not by a style attribute: the relay's content security policy allows no inline style
    cls.push(`r${row}`, `c${col}`);
    cells.push(h('span', { class: cls.join(' '), title: String(sq), dataset: { square: sq } }));
  }
  return h('div', { class: 'evidence-board', role: 'img', 'aria-label': t('evidence.boardLabel') }, cells);
}

/**
 * Mounts the view in its section. arbiter.evidence(gameId, fromMs, toMs) asks the relay;
 * citeInto(text) hands a citation to the console's decision form. Returns { open }.
 */
export function mountEvidence(section, store, arbiter, { citeInto } = {}) {
  const view = { gameId: null, at: 0, wider: 0, whole: false, evidence: null, steps: [], index: 0, timer: null, error: null, loading: false };
  const stop = () => { clearTimeout(view.timer); view.timer = null; };

  const load = () => {
    stop();
    const w = view.whole ? { from: 0, to: 0 } : windowAround(view.at, view.wider);
    view.loading = true;
    view.error = null;
    render();
    arbiter.evidence(view.gameId, w.from, w.to).then(ev => {
      view.evidence = ev;
      view.steps = stepsOf(ev);
      // open on the moment asked for: the first step at or after it
      const first = view.steps.findIndex(s => s.at >= view.at);
      view.index = view.whole || first < 0 ? 0 : first;
      view.loading = false;
      render();
    }, e => { view.loading = false; view.error = e.message; render(); });
  };

  const go = i => { view.index = Math.max(0, Math.min(view.steps.length - 1, i)); render(); };
  const play = () => {
    if (view.timer) { stop(); render(); return; }
    const next = () => {
      if (view.index >= view.steps.length - 1) { stop(); render(); return; }
      const wait = Math.min(MAX_PAUSE_MS, Math.max(0, view.steps[view.index + 1].at - view.steps[view.index].at));
      view.timer = setTimeout(() => { go(view.index + 1); if (view.timer) next(); }, wait);
    };
    next();
    render();
  };

  function render() {
    if (!view.gameId) { section.hidden = true; return; }
    section.hidden = false;
    const g = store.state.games.get(view.gameId);
    const meta = { board: g?.board, white: g?.white?.name, black: g?.black?.name, variant: g?.variant };
    const ev = view.evidence;
    const step = view.steps[view.index];
    const decision = section.querySelector('textarea.evidence-decision')?.value ?? '';
    const list = h('ol', { class: 'evidence-steps', 'aria-label': t('evidence.stepsLabel') }, view.steps.map((s, i) =>
      h('li', { class: `step step-${s.kind}${i === view.index ? ' current' : ''}${s.putBack ? ' put-back' : ''}`, 'aria-current': i === view.index ? 'step' : null },
        h('button', { type: 'button', class: 'step-go', onclick: () => { stop(); go(i); } },
          h('time', { datetime: new Date(s.at).toISOString() }, clockTime(s.at)), ': ', stepText(s, meta.variant)),
        s.kind === 'move' ? h('button', { type: 'button', class: 'step-around', title: t('evidence.aroundMove'),
          'aria-label': t('evidence.aroundMoveLabel', { notation: s.event.notation ?? '' }),
          onclick: () => open(view.gameId, { at: s.at }) }, t('evidence.aroundMoveShort')) : null)));
    // replaceChildren would write a null as the text "null": the parts not shown now are left out
    section.replaceChildren(...[
      h('div', { class: 'evidence-head' },
        h('h3', { id: 'evidence-title' }, t('evidence.title', { board: meta.board ?? '?' })),
        h('button', { type: 'button', class: 'evidence-close', 'aria-label': t('evidence.close'), onclick: () => { stop(); view.gameId = null; render(); } }, '×')),
      ev ? h('p', { class: 'evidence-window' }, t(view.whole ? 'evidence.windowWhole' : 'evidence.window', { from: secondsTime(ev.fromMs), to: secondsTime(ev.toMs), n: view.steps.length })) : null,
      view.loading ? h('p', { class: 'evidence-loading', role: 'status' }, t('evidence.loading')) : null,
      view.error ? h('p', { class: 'evidence-error', role: 'alert' }, t('evidence.failed', { error: view.error })) : null,
      ev && !view.steps.length ? h('p', { class: 'empty' }, t('evidence.none')) : null,
      ev && view.steps.length ? h('div', { class: 'evidence-body' },
        h('div', { class: 'evidence-stage' },
          miniBoard(step, view.steps[view.index - 1]),
          h('p', { class: 'evidence-now', role: 'status', 'aria-live': 'polite' }, step ? `${clockTime(step.at)}: ${stepText(step, meta.variant)}` : ''),
          h('div', { class: 'evidence-controls' },
            h('button', { type: 'button', class: 'step-back', onclick: () => { stop(); go(view.index - 1); }, disabled: view.index <= 0 }, t('evidence.back')),
            h('button', { type: 'button', class: 'play', 'aria-pressed': String(Boolean(view.timer)), onclick: play }, t(view.timer ? 'evidence.pause' : 'evidence.play')),
            h('button', { type: 'button', class: 'step-next', onclick: () => { stop(); go(view.index + 1); }, disabled: view.index >= view.steps.length - 1 }, t('evidence.next')))),
        list) : null,
      h('div', { class: 'evidence-actions' },
        view.whole ? null : h('button', { type: 'button', class: 'widen', onclick: () => { view.wider++; load(); } }, t('evidence.widen', { n: WIDEN_S })),
        h('button', { type: 'button', class: 'whole', onclick: () => { view.whole = !view.whole; load(); } }, t(view.whole ? 'evidence.aroundMoment' : 'evidence.wholeGame'))),
      ev ? h('div', { class: 'evidence-export' },
        h('label', {}, t('evidence.decision'), ' ', h('textarea', { class: 'evidence-decision', rows: 2 }, decision)),
        h('p', { class: 'evidence-citation' }, citation(ev.fromMs, ev.toMs)),
        h('button', { type: 'button', class: 'cite', onclick: () => citeInto?.(view.gameId, citation(ev.fromMs, ev.toMs)) }, t('evidence.cite')),
        h('button', { type: 'button', class: 'export-text', onclick: () => download(`${view.gameId}-evidence.txt`, 'text/plain',
          exportText(ev, view.steps, section.querySelector('textarea.evidence-decision').value.trim(), meta)) }, t('evidence.exportText')),
        h('button', { type: 'button', class: 'export-json', onclick: () => download(`${view.gameId}-evidence.json`, 'application/json',
          JSON.stringify({ citation: citation(ev.fromMs, ev.toMs), decision: section.querySelector('textarea.evidence-decision').value.trim(), evidence: ev }, null, 2)) },
          t('evidence.exportJson'))) : null].filter(Boolean));
    section.querySelector('.evidence-steps li.current')?.scrollIntoView?.({ block: 'nearest' });
  }

  /** Opens the view for a game around `at` (wall ms), or the whole game. */
  function open(gameId, { at = Date.now(), whole = false } = {}) {
    Object.assign(view, { gameId, at, whole, wider: 0, evidence: null, steps: [], index: 0 });
    load();
    section.scrollIntoView?.({ block: 'start' });
  }

  /** The console's "a moment of a game" form: a game and a time of day (today's, on this screen's clock). */
  function mountMomentForm(form) {
    form?.addEventListener('submit', e => {
      e.preventDefault();
      const [hh, mm, ss] = form.time.value.split(':').map(Number);
      const d = new Date();
      d.setHours(hh, mm, ss || 0, 0);
      open(form.game.value, { at: d.getTime() });
    });
  }

  render();
  return { open, mountMomentForm };
}

/** The moment of an alert: the driver's wall time of the event, else when the relay took it. */
export function alertMoment(a) {
  return num(a.event?.wallTimeMs) || num(a.at) || Date.now();
}
