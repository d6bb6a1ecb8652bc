// Small DOM helpers shared by the pages.
import { t } from './i18n.js';

/** h('div', {class: 'x', onclick: fn}, child, 'text') */
export function h(tag, attrs = {}, ...children) {
  const node = document.createElement(tag);
  for (const [k, v] of Object.entries(attrs ?? {})) {
    if (v === null || v === undefined || v === false) continue;
    if (k.startsWith('on')) node.addEventListener(k.slice(2), v);
    else if (k === 'dataset') Object.assign(node.dataset, v);
    else node.setAttribute(k, v === true ? '' : String(v));
  }
  for (const c of children.flat()) {
    if (c === null || c === undefined || c === false) continue;
    node.append(c instanceof Node ? c : String(c));
  }
  return node;
}

function describe(c) {
  let text = t(`conn.${c.state}`);
  if (c.state === 'reconnecting' && c.retryInMs) text = t('conn.retryIn', { state: text, n: Math.ceil(c.retryInMs / 1000) });
  if (c.error) text = t('conn.withError', { state: text, error: c.error });
  return text;
}

/**
 * Keeps the connection line and the delay notice in step with the store. `liveBadge()` may name
 * what "Live" would wrongly say while connected ({state, text}: a finished or paused game); the
 * returned function redraws the line when that changes.
 */
export function bindConnectionStatus(store, statusEl, delayEl, liveBadge = () => null) {
  const render = () => {
    const c = store.state.connection;
    const a = store.state.arbiterLink;
    // The console lives on the arbiter stream alone (the spectator stream then never opens).
    const worst = a && (a.state !== 'live' || c.state === 'connecting') ? a : c;
    const own = worst.state === 'live' ? liveBadge() : null;
    statusEl.textContent = own ? own.text : a && worst === a ? t('conn.arbiterStream', { state: describe(a) }) : describe(c);
    statusEl.dataset.state = own ? own.state : worst.state;
    const d = store.state.delaySeconds;
    delayEl.hidden = !d;
    delayEl.textContent = !d ? '' : d >= 120 ? t('conn.delay.minutes', { n: Math.round(d / 60) }) : t('conn.delay.seconds', { n: d });
  };
  store.subscribe((_, what) => { if (what.kind === 'connection' || what.kind === 'delay') render(); });
  render();
  // A page restored from the back/forward cache has lost its sockets without a close event:
  // start afresh rather than show a live-looking page that is not.
  window.addEventListener('pageshow', e => { if (e.persisted) location.reload(); });
  return render;
}

export function params() {
  return new URLSearchParams(location.search);
}

/** Builds a link to a sibling page that keeps the relay address (the viewer may be on a CDN). */
export function pageLink(page, extra = {}) {
  const p = new URLSearchParams();
  const relay = params().get('relay');
  if (relay) p.set('relay', relay);
  for (const [k, v] of Object.entries(extra)) if (v !== null && v !== undefined) p.set(k, v);
  const q = p.toString();
  return q ? `${page}?${q}` : page;
}

export function resultText(result) {
  return result ?? '';
}

/** "Hein Meijer (1950, NED)": a player's name with rating and federation when known. */
export function playerLabel(p) {
  const extra = [p.rating ? String(p.rating) : '', p.fed ?? ''].filter(Boolean).join(', ');
  return extra ? `${p.name} (${extra})` : p.name;
}

/**
 * The event's JSON from the relay (rounds with dates, games with results and spectator counts),
 * polled with its ETag so an unchanged event costs a 304. Calls `onEvent(json)` on each change;
 * served from another host without CORS it stays silent.
 */
export function pollEvent(base, eventId, onEvent, everyMs = 15_000) {
  let etag = null;
  const once = async () => {
    try {
      const res = await fetch(`${base.http}/api/events/${encodeURIComponent(eventId)}`, { headers: etag ? { 'If-None-Match': etag } : {} });
      if (res.status === 200) {
        etag = res.headers.get('ETag');
        onEvent(await res.json());
      }
    } catch { /* the next poll tries again */ }
  };
  once();
  return setInterval(once, everyMs);
}

/** Round tabs: one link per round of the event, the shown one marked current. */
export function roundTabs(event, round, page = 'index.html') {
  const rounds = event?.rounds ?? [];
  if (rounds.length < 2) return null;
  return h('nav', { class: 'round-tabs', 'aria-label': t('common.rounds') }, rounds.map(r => h('a', {
    href: pageLink(page, { event: event.eventId, round: r.number }),
    class: r.number === round ? 'current' : null, 'aria-current': r.number === round ? 'page' : null,
  }, t('common.round', { n: r.number }))));
}

/** "12 watching" for a game summary of the event JSON. */
export function watching(summary) {
  return t('common.watching', { n: summary?.spectators ?? 0 });
}

/**
 * Runs a re-render and puts keyboard focus back on the element with the same data-focus-key:
 * live updates rebuild lists, and a keyboard or screen-reader user must not be thrown out of them.
 */
export function keepFocus(render) {
  const active = document.activeElement;
  const key = active?.dataset?.focusKey;
  // a text field being typed in keeps its caret too
  const caret = key && typeof active.selectionStart === 'number' ? [active.selectionStart, active.selectionEnd] : null;
  render();
  if (!key) return;
  const again = document.querySelector(`[data-focus-key="${CSS.escape(key)}"]`);
  if (!again || again === document.activeElement) return;
  again.focus({ preventScroll: true });
  if (caret && typeof again.setSelectionRange === 'function') {
    try { again.setSelectionRange(...caret); } catch { /* a field without a caret */ }
  }
}

/** Runs `fn` at most once per animation frame however often it is asked for. */
export function perFrame(fn) {
  let pending = false;
  return () => {
    if (pending) return;
    pending = true;
    requestAnimationFrame(() => { pending = false; fn(); });
  };
}
