// The one module that speaks the relay's wire protocol (docs/protocol.md, proto3 canonical JSON):
// frames in, model calls out. Reconnects by itself with capped exponential backoff and resumes
// from the versions it holds (`known`), so a relay restart costs no snapshot it does not need.
import { lastPly, firstPly } from './model.js';
import { t } from './i18n.js';

const BACKOFF_MIN_MS = 500;
const BACKOFF_MAX_MS = 10_000;
const REQUEST_TIMEOUT_MS = 10_000;

export const RESULT_TEXT = { WHITE_WINS: '2-0', DRAW: '1-1', BLACK_WINS: '0-2', BOTH_LOSE: '0-0' };
export const RESULT_ENUM = Object.fromEntries(Object.entries(RESULT_TEXT).map(([k, v]) => [v, k]));

/**
 * The relay's base address: ?relay=ws://host:port when the files come from elsewhere (a CDN),
 * otherwise the host that served the page. Returns {ws, http} without a trailing slash.
 */
export function relayBase(location) {
  const param = new URLSearchParams(location.search).get('relay');
  const url = new URL(param ? (param.includes('://') ? param : `ws://${param}`) : location.href);
  const secure = url.protocol === 'https:' || url.protocol === 'wss:';
  const path = param ? url.pathname.replace(/\/(ws)?\/?$/, '') : '';
  return { ws: `${secure ? 'wss' : 'ws'}://${url.host}${path}`, http: `${secure ? 'https' : 'http'}://${url.host}${path}` };
}

/** The http(s) origin of an address in any of the four forms (ws, wss, http, https), or null. */
export function originOf(address) {
  try {
    const u = new URL(address);
    const secure = u.protocol === 'https:' || u.protocol === 'wss:';
    if (!/^(wss?|https?):$/.test(u.protocol)) return null;
    return `${secure ? 'https' : 'http'}://${u.host}`;
  } catch {
    return null;
  }
}

/** A token would go to a relay its own relay does not trust: the page says so and sends nothing. */
export class UntrustedRelay extends Error {
  constructor(origin) {
    super(t('console.untrustedRelay', { origin }));
    this.origin = origin;
  }
}

/**
 * The relay address a credential (arbiter token, notation key) may go to: the page's own origin,
 * or a ?relay= that the relay which served the page names as trusted (`/api/viewer`, from its
 * config). Anything else rejects with UntrustedRelay before a byte leaves: a crafted link must
 * not carry the arbiter's token to another host (issue 22).
 */
export async function credentialBase(location, fetchImpl = globalThis.fetch) {
  const base = relayBase(location);
  const target = originOf(base.http);
  const own = originOf(location.href);
  if (own && target === own) return base;
  let trusted = [];
  if (own) {
    try {
      const res = await fetchImpl(`${own}/api/viewer`, { credentials: 'omit', cache: 'no-store' });
      if (res.ok) trusted = ((await res.json()).trustedRelays ?? []).map(originOf);
    } catch { /* not served by a relay, or offline: nothing is trusted */ }
  }
  if (trusted.includes(target)) return base;
  throw new UntrustedRelay(target ?? String(base.http));
}

export function backoffDelay(attempt, random = Math.random) {
  const base = Math.min(BACKOFF_MAX_MS, BACKOFF_MIN_MS * 2 ** attempt);
  // Jitter spreads thousands of spectators reconnecting after a relay restart.
  return Math.round(base * (0.5 + random() / 2));
}

/**
 * A clock reading for clock.js. A snapshot's clock says when the relay read it (relayTimeMs): it
 * ticks from then, seen `delayMs` later by a delayed broadcast, so a late joiner does not see the
 * running side's time as it was at the last move. Never from the future (a browser clock behind
 * the relay's). Without that time (live updates) the reading is fresh: it ticks from now.
 */
export function clockOf(c, delayMs = 0, now = Date.now()) {
  // An all-zero clock is proto3's "no reading yet", not two flags fallen.
  if (!c || (!c.whiteMs && !c.blackMs)) return null;
  const running = c.running === 'WHITE' ? 'W' : c.running === 'BLACK' ? 'B' : null;
  const relayAt = Number(c.relayTimeMs) || null;
  return { white: c.whiteMs ?? 0, black: c.blackMs ?? 0, running, relayAt, at: readingTime(relayAt, delayMs, now) };
}

function readingTime(relayAt, delayMs, now) {
  return relayAt ? Math.min(now, relayAt + delayMs) : now;
}

/** The broadcast delay became known (after the snapshots): snapshot clocks tick from their reading as the delay shows it. */
export function rebaseClocks(store, delayMs, now = Date.now()) {
  for (const g of store.state.games.values()) {
    if (g.clock?.relayAt) store.clock(g.id, { ...g.clock, at: readingTime(g.clock.relayAt, delayMs, now) });
  }
}

function player(p) {
  return { name: p?.name || '?', team: p?.team ?? '', rating: p?.rating ?? 0, fed: p?.fedId ?? '' };
}

/** A ply with no notation is a position the arbiter set: shown as such, not as a move. */
const SET_POSITION = t('game.setPosition');
/** The ply without a move where a driver joined after moves it did not see. */
const JOINED = t('game.joinedPly');

/** A correction as spectators read it, live or from a snapshot's record; `base` = the ply before white's first move. */
function correctionNote(c, relayTimeMs, base) {
  return { kind: c.kind, ply: Math.max(base, c.ply ?? 0), reason: c.reason ?? '', arbiter: c.arbiter ?? '', notation: c.notation ?? '', at: Number(relayTimeMs) || null };
}

export function gameOf(snapshot, delayMs = 0) {
  const info = snapshot.info ?? {};
  // Plies count from white's first move (arbiter-events.md): one more when the game starts with
  // black to move. The relay numbers them the same way; the index is used in case a ply lacks it.
  const offset = firstPly({ startFen: info.startFen || undefined });
  return {
    id: info.gameId, board: info.board ?? null, eventId: info.eventId, round: info.round ?? null,
    match: info.match ?? '', variant: info.variant ?? '', timeControl: info.timeControl ?? '', white: player(info.white), black: player(info.black),
    startFen: info.startFen || undefined,
    notation: info.notation ?? null, notator: info.notator ?? '', sensorBoard: !!info.sensorBoard,
    switchedFrom: info.switchedFromDriver ? `${info.switchedFromDriver}/${info.switchedFromBoard ?? ''}` : '',
    // switched back to its sensor board, which has not taken over yet (GameInfo.sensor_restoring)
    restoring: !!info.sensorRestoring,
    ...joinedPlies(snapshot, offset),
    result: RESULT_TEXT[snapshot.result] ?? null,
    clock: clockOf(snapshot.clock, delayMs),
    ...(snapshot.plies ? { status: { draws: snapshot.draws ?? [] } } : {}),
    // the corrections are part of the record: a late joiner sees the notes a live spectator saw
    ...(snapshot.correctionNotes ? { corrections: snapshot.correctionNotes.map(n => correctionNote(n.correction ?? {}, n.relayTimeMs, offset)) } : {}),
  };
}

/**
 * The plies, and where a driver joined the game ("joined at move N", GameSnapshot.joined_at_move):
 * {move, fen, ply}, the ply being the one without a move that stands for the moves no driver read
 * (a path not picked yet), or the ply before the first when the record starts at the position seen.
 */
function joinedPlies(snapshot, offset) {
  const plies = snapshot.plies ?? [];
  const at = snapshot.joinedAtMove ? plies.findLastIndex(p => !p.notation && p.fen === snapshot.joinedFen) : -1;
  const moves = plies.map((p, i) => ({
    ply: i + 1 + offset, notation: i === at ? JOINED : p.notation || SET_POSITION, fen: p.fen,
    clock: clockOf(p.clock), irregular: !!p.irregular && !!p.notation, set: !p.notation && i !== at, ...(i === at ? { joined: true } : {}),
  }));
  const joined = snapshot.joinedAtMove ? { move: snapshot.joinedAtMove, fen: snapshot.joinedFen ?? '', ply: at < 0 ? offset : at + 1 + offset } : null;
  return { moves, joined };
}

export function alertOf(a) {
  const e = a.event ?? {};
  return {
    id: String(a.alertId), gameId: a.gameId, board: a.board ?? null, ply: e.ply ?? 0,
    type: e.type, subtype: e.subtype && e.subtype !== 'ILLEGAL_SUBTYPE_UNSPECIFIED' ? e.subtype : null,
    // what it asks of the arbiter is the relay's word (relay.arbiter.AlertSeverities); a kind it did not classify needs action
    severity: a.severity === 'INFORMATION' ? 'info' : 'action', actionAfterMs: Number(a.actionAfterSeconds ?? 0) * 1000,
    event: e, text: e.text ?? '',
    // the relay's time of acceptance: the same on every screen and after a reload or an acknowledgement
    squares: e.squares ?? [], at: Number(a.relayTimeMs) || (Number(e.captureTimeMs) > 1e12 ? Number(e.captureTimeMs) : null),
    acknowledged: !!a.acknowledged, acknowledgedBy: a.acknowledgedBy ?? '',
  };
}

/** A BlockedBoard of the arbiter stream: the seq that waits, why, and the refused event when the relay holds it. */
export function blockedOf(b) {
  const e = b.refused ?? null;
  const path = e?.move?.path?.length ? e.move.path : e?.move ? [e.move.from, e.move.to] : [];
  return {
    gameId: b.gameId, board: b.board ?? null, seq: Number(b.seq ?? 0), reason: b.reason ?? '', blocked: !!b.blocked,
    refused: e && { type: e.type ?? '', ply: e.ply ?? 0, notation: e.notation || (path.length ? path.join('-') : ''), text: e.text ?? '' },
  };
}

/** What a board-status event says about the board (arbiter stream only). */
export function statusOf(e) {
  switch (e.type) {
    case 'BOARD_DISCONNECTED': return { link: 'disconnected' };
    case 'BOARD_RECONNECTED': return { link: 'connected' };
    case 'POSITION_UNKNOWN': return { outOfStep: true };
    case 'POSITION_RECOVERED': return { outOfStep: false };
    case 'UNCROWNED_KING': return { uncrowned: e.squares ?? [] };
    case 'KING_CROWNED': return { uncrowned: [] };
    // the relay stamps every count running on these (and on every move, below)
    case 'DRAW_RULE_STARTED': return { draws: e.draws ?? [] };
    case 'DRAW_BY_RULE': return { draws: e.draws ?? [] };
    default: return null;
  }
}

/** An update only the relay's snapshot of the game can place: the spectator stream asks for it again, quietly. */
export class Resnapshot extends Error {
  constructor(gameId) {
    super(`game ${gameId}: rewritten by the relay (a join or a picked path); taking its snapshot`); // i18n: not shown (a log line)
    this.gameId = gameId;
  }
}

/**
 * Applies one GameUpdate. Updates at or below the version held are repeats and are skipped.
 * Plies are placed the way the relay folds them (a move after the last ply, a replacement or
 * retraction of the last ply), so the view cannot drift from the relay's snapshot.
 */
export function applyUpdate(store, u, { contiguous = false } = {}) {
  const id = u.gameId;
  const g = store.state.games.get(id);
  const v = u.version ?? 0;
  if (!g) return; // a game outside what we hold: its snapshot brings it
  const held = store.state.versions.get(id) ?? 0;
  // Board-status events come only on the arbiter stream, in order; the spectator stream may have
  // moved the version past them already, so they are applied whatever the version.
  if (u.event && statusOf(u.event)) {
    store.status(id, statusOf(u.event), Math.max(held, v));
    return;
  }
  if (v && v <= held) return;
  // what follows a join waits for the game's snapshot (resubscribed, or sent by the relay on the arbiter stream)
  if (store.state.awaitingSnapshot.has(id)) return;
  // A driver's join (a position seen, perhaps a new start) or a path the arbiter picked for it
  // rewrites plies in ways only the relay's fold knows (GameRecord.rewritesPlies): the game's
  // snapshot replaces it.
  if ((u.event?.type === 'JOINED_MID_GAME' && u.event.fen) || u.correction?.kind === 'CHOOSE_PATH') {
    store.awaitSnapshot(id);
    throw new Resnapshot(id);
  }
  if (contiguous && v !== held + 1) {
    throw new Error(`game ${id}: version ${v} does not follow ${held}; waiting for the game to catch up`);
  }
  const moved = u.event?.type === 'MOVE' || (u.event?.type === 'ILLEGAL_MOVE' && u.event.fen);
  if (moved) store.joinedSide(id, u.event.side);
  const base = firstPly(g);
  const last = lastPly(g);
  if (u.event) {
    const e = u.event;
    // every position change carries the counts running after it: none = every count ended
    if (moved || e.type === 'MOVE_REPLACED' || e.type === 'MOVE_RETRACTED') store.status(id, { draws: e.draws ?? [] });
    if (e.boardCorrection && (e.type === 'MOVE_REPLACED' || e.type === 'MOVE_RETRACTED')) {
      // the board's driver corrects a ply it sent before a later board told what it was: shown as a correction, with a note
      const ply = Math.max(base + 1, last);
      const note = correctionNote({ kind: 'BOARD_READING', ply: e.ply, notation: e.type === 'MOVE_REPLACED' ? e.notation : '' }, u.relayTimeMs, base);
      const replaced = e.type === 'MOVE_REPLACED' ? [{ ply, notation: e.notation || '?', fen: e.fen, clock: clockOf(e.clock), corrected: true }] : [];
      store.correct(id, ply, replaced, v, null, note);
    } else if (moved || e.type === 'MOVE_REPLACED') {
      const ply = e.type === 'MOVE_REPLACED' && last > base ? last : last + 1;
      store.move(id, { ply, notation: e.notation || '?', fen: e.fen, clock: clockOf(e.clock), irregular: e.type === 'ILLEGAL_MOVE' }, v);
      if (g.status.link === 'waiting') store.status(id, { link: 'connected' }, v);
    } else if (e.type === 'MOVE_RETRACTED') {
      store.correct(id, Math.max(base + 1, last), [], v);
    } else if (e.clock) {
      store.clock(id, clockOf(e.clock), v);
    } else {
      store.seen(id, v);
    }
  } else if (u.correction) {
    const c = u.correction;
    // plies are numbered as in arbiter-events.md on both sides; ply 0 (or 1 with black to move first) = the start
    // spectators see a correction as such, with the arbiter's reason: never a silent rewrite
    const note = correctionNote(c, u.relayTimeMs, base);
    const kept = note.ply;
    if (c.kind === 'TAKE_BACK') store.correct(id, kept + 1, [], v, null, note);
    else if (c.kind === 'REPLACE_MOVE') store.correct(id, kept, [{ ply: kept, notation: c.notation || '?', fen: c.fen, clock: null, corrected: true }], v, null, note);
    else if (c.kind === 'SET_POSITION') store.correct(id, kept + 1, [{ ply: kept + 1, notation: SET_POSITION, fen: c.fen, clock: null, corrected: true, set: true }], v, null, note);
    else throw new Error(`game ${id}: unknown correction kind "${c.kind}"`);
  } else if ('result' in u) {
    store.result(id, RESULT_TEXT[u.result] ?? null, v);
  } else if (u.info) {
    // a game joined mid-way keeps its record's start and join: a pairing edit does not move where the driver joined
    const joinedStart = g.joined ? { startFen: g.startFen, joined: g.joined } : {};
    store.putGame({ ...g, ...gameOf({ info: u.info }), moves: g.moves, result: g.result, clock: g.clock, ...joinedStart }, v);
  } else {
    store.seen(id, v);
  }
}

/**
 * A WebSocket that reopens itself with backoff; `onOpen(socket)` runs on every (re)connect and
 * `report` hears its state. A refused token (4401/4403) is final: retrying cannot fix it.
 */
function resilientSocket({ url, report, onOpen, onMessage, WebSocketImpl }) {
  let socket = null;
  let attempt = 0;
  let timer = null;
  let closed = false;

  function open() {
    report({ state: attempt === 0 ? 'connecting' : 'reconnecting', retryInMs: 0 });
    socket = new WebSocketImpl(url);
    socket.onopen = () => {
      attempt = 0;
      report({ state: 'live', error: null });
      onOpen(socket);
    };
    socket.onmessage = event => {
      try {
        onMessage(JSON.parse(event.data));
      } catch (e) {
        // A frame we cannot apply means our copy may be out of step: reconnect and resume.
        console.error(e);
        report({ error: e.message });
        socket.close();
      }
    };
    socket.onclose = event => {
      if (closed) return;
      if (event.code === 4401 || event.code === 4403) {
        closed = true;
        report({ state: 'refused', error: `refused: ${event.reason || event.code}` });
        return;
      }
      const delay = backoffDelay(attempt++);
      report({ state: 'reconnecting', retryInMs: delay });
      timer = setTimeout(open, delay);
    };
    socket.onerror = () => { /* onclose follows and schedules the retry */ };
  }
  open();
  return {
    get socket() { return socket; },
    close() { closed = true; clearTimeout(timer); socket?.close(); report({ state: 'closed' }); },
  };
}

/** A (re)subscription: the versions held and their epochs, so the relay sends only what follows them. */
export function subscribeRequest(store, subscription) {
  return { subscribe: { ...subscription, known: Object.fromEntries(store.state.versions), knownEpochs: Object.fromEntries(store.state.epochs) } };
}

/**
 * A spectator snapshot replaces the game. `rolledBack`: the relay no longer holds what was shown
 * (lost in a power cut before it was on disk): the game page says so.
 */
export function applySnapshot(store, snapshot, delayMs = 0) {
  const g = gameOf(snapshot, delayMs);
  store.putGame(g, snapshot.version ?? 0);
  if (snapshot.epoch) store.state.epochs.set(g.id, snapshot.epoch);
  else store.state.epochs.delete(g.id);
  if (snapshot.rolledBack) store.status(g.id, { rolledBack: true });
}

/**
 * An update on the spectator stream, and the epoch of the version it brought (sent back with
 * `known`): a live update of the relay's own run leaves it out, it is the one `subscribed` told.
 */
export function applySpectatorUpdate(store, u) {
  applyUpdate(store, u);
  const epoch = u.epoch ?? store.state.relayEpoch;
  if (epoch && store.state.versions.get(u.gameId) === u.version) store.state.epochs.set(u.gameId, epoch);
}

/**
 * Spectator stream on /ws. subscription: {gameId} or {eventId, round}. `onOther`: the messages
 * this module does not keep in the store (an engine's evaluation, eval.js).
 */
export function connectSpectator({ store, base, subscription, WebSocketImpl = globalThis.WebSocket, onOther = null }) {
  const subscribe = socket => socket.send(JSON.stringify(subscribeRequest(store, subscription)));
  const conn = resilientSocket({
    url: `${base.ws}/ws`, report: store.connection, WebSocketImpl,
    onOpen: subscribe,
    onMessage: m => {
      if (m.snapshot) applySnapshot(store, m.snapshot, (store.state.delaySeconds ?? 0) * 1000);
      else if (m.update) {
        try {
          applySpectatorUpdate(store, m.update);
        } catch (e) {
          if (!(e instanceof Resnapshot)) throw e;
          // the same subscription again, without the game's version: the relay sends its snapshot, the page stays live
          subscribe(conn.socket);
        }
      }
      else if (m.subscribed) {
        const delaySeconds = m.subscribed.delaySeconds ?? 0;
        if (delaySeconds !== store.state.delaySeconds) rebaseClocks(store, delaySeconds * 1000);
        store.delay(delaySeconds);
        store.state.relayEpoch = m.subscribed.epoch ?? null;
        // counted with this page's own subscription: right from the first second
        if (m.subscribed.spectators) store.spectators(m.subscribed.spectators);
      }
      else if (m.error) store.connection({ error: `${m.error.code}: ${m.error.message ?? ''}`, ...notFound(m.error.code) });
      else onOther?.(m);
    },
  });
  return conn;
}

/** The spectator counts of the event's JSON (`/api/events/E`), by game id. */
export function spectatorCounts(event) {
  return Object.fromEntries((event?.games ?? []).filter(s => s.info?.gameId).map(s => [s.info.gameId, s.spectators ?? 0]));
}

/** An unknown event, round or game is an answer, not a connection problem: the page says so. */
function notFound(code) {
  return /^UNKNOWN_/.test(code ?? '') ? { state: 'not-found', code } : {};
}

/**
 * Arbiter stream on /arbiter: alerts and live updates. Requests return a promise of the relay's
 * `ok` text, rejected with its error.
 */
export function connectArbiter({ store, base, token, eventId, round = 0, arbiter = 'arbiter', WebSocketImpl = globalThis.WebSocket }) {
  const pending = new Map();
  let nextId = 1;
  let accepted = false;
  const conn = resilientSocket({
    url: `${base.ws}/arbiter`, report: store.arbiterLink, WebSocketImpl,
    onOpen: socket => socket.send(JSON.stringify({ requestId: 'hello', hello: { token, eventId, arbiter } })),
    onMessage: m => {
      const waiting = m.requestId && pending.get(m.requestId);
      if (waiting && ('ok' in m || m.error || m.notation || m.evidence)) {
        pending.delete(m.requestId);
        clearTimeout(waiting.timer);
        if (m.error) waiting.reject(new Error(`${m.error.code}: ${m.error.message ?? ''}`));
        else waiting.resolve(m.notation ?? m.evidence ?? m.ok);
        return;
      }
      if (!accepted) { accepted = true; store.arbiterLink({ accepted: true }); }
      // the sign-in answer opens each (re)connection; the blocks that follow it are all there are
      if ('ok' in m && !m.requestId) store.blockedCleared();
      if (m.snapshot) {
        if (!round || m.snapshot.info?.round === round) store.putGame(gameOf(m.snapshot), m.snapshot.version ?? 0);
      }
      else if (m.alert) {
        const a = alertOf(m.alert);
        store.alert(a);
        // the alerts so far come after each (re)connect: they tell each board's state, also after a reload
        const s = statusOf(m.alert.event ?? {});
        if (s) store.status(a.gameId, s);
      } else if (m.blocked) store.blocked(blockedOf(m.blocked));
      // a problem of the relay itself (a rejected config): told while it lasts, then cleared
      else if (m.relayAlert) store.relayAlert({ type: m.relayAlert.type, text: m.relayAlert.text ?? '',
        at: Number(m.relayAlert.relayTimeMs) || null, cleared: !!m.relayAlert.cleared });
      else if (m.update) applyLiveUpdate(m.update);
      else if (m.error) store.arbiterLink({ error: `${m.error.code}: ${m.error.message ?? ''}` });
    },
  });
  // The arbiter stream is live and sees every version; snapshots come from the spectator stream,
  // which a broadcast delay holds back. An update that does not follow the version held cannot be
  // placed: it waits for the spectator stream to bring the game there, rather than tearing down
  // the arbiter's connection or putting a move on the wrong ply.
  function applyLiveUpdate(update) {
    try {
      applyUpdate(store, update, { contiguous: true });
    } catch (e) {
      // a join or a picked path: the relay sends the game's snapshot right after it
      if (!(e instanceof Resnapshot)) console.warn(`arbiter stream ahead of the view: ${e.message}`);
    }
  }

  function request(body) {
    const socket = conn.socket;
    if (!socket || socket.readyState !== 1) return Promise.reject(new Error('not connected to the relay'));
    const requestId = String(nextId++);
    return new Promise((resolve, reject) => {
      const timer = setTimeout(() => { pending.delete(requestId); reject(new Error('no answer from the relay')); }, REQUEST_TIMEOUT_MS);
      pending.set(requestId, { resolve, reject, timer });
      socket.send(JSON.stringify({ requestId, ...body }));
    });
  }
  return {
    close: conn.close,
    acknowledge: alertId => request({ ackAlert: { alertId: String(alertId) } }).then(ok => { store.acknowledge(alertId); return ok; }),
    // "acknowledge all of this board": its open alerts up to the newest this screen showed
    acknowledgeBoard: (gameId, upTo) => request({ ackBoard: { gameId, upToAlertId: String(upTo) } }),
    enterResult: (gameId, result) => {
      if (!RESULT_ENUM[result]) return Promise.reject(new Error(`"${result}" is not a result (2-0, 1-1, 0-2, 0-0)`));
      return request({ result: { gameId, result: RESULT_ENUM[result] } });
    },
    // a result entered too early is withdrawn: the game goes on (the relay audits it)
    reopen: gameId => request({ result: { gameId, result: 'RESULT_UNSPECIFIED' } }),
    correct: (gameId, correction) => request({ correct: { gameId, correction } }),
    // release a blocked board: the relay checks its refused event again (a legal move is applied), fen optional
    resolve: (gameId, fen = '') => request({ resolve: { gameId, ...(fen ? { fen } : {}) } }),
    // what the game's board reported between two wall times (ms; both 0: the whole game), docs/evidence.md
    evidence: (gameId, fromMs, toMs) => request({ evidence: { gameId, fromMs: String(Math.round(fromMs)), toMs: String(Math.round(toMs)) } }),
    // digital notation: ISSUE resolves to {gameId, link, qrSvg}, REVOKE to {gameId, revoked}
    notation: (gameId, action, extra = {}) => request({ notation: { gameId, action, ...extra } }),
  };
}
