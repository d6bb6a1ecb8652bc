// The arbiter's match report (wedstrijdformulier, manual 5.4-5.5) as a page that prints on one A4:
// the boards with players and results, the results in the order the games ended with the running
// score, the interim score while games are played and the final score only when all are finished,
// the particulars in words and in order, and signature lines for the arbiter and both team leaders.
// In the event's language (config `language`, Dutch by default) unless ?lang= says otherwise.
// Read with the console's token: the console opens it in its own tab (a session's token stays in its tab).
import { relayBase, credentialBase, RESULT_TEXT } from './connection.js';
import { h, params, pageLink, playerLabel } from './ui.js';
import { t, language, setLanguage, translatePage, languageSwitch, formatTime, formatDate, LANGUAGES } from './i18n.js';
import { alertWords, titleWithArticle } from './alert-text.js';
import { moveWords, afterPlyWords } from './move-words.js';

const TOKEN_KEY = 'damrelay.arbiterToken';
const DEVICE_KINDS = new Set(['NOTATOR_NAMED', 'NOTATION_UNDONE', 'NOTATION_STOPPED']);
const POINTS = { WHITE_WINS: [2, 0], DRAW: [1, 1], BLACK_WINS: [0, 2], BOTH_LOSE: [0, 0] };

/** The result of a report line: its enum, or (a relay before v1.3) the token at the end of its text. */
function resultOf(line) {
  if (POINTS[line.result]) return line.result;
  const m = /(\d)-(\d)\s*$/.exec(line.text ?? '');
  return m ? Object.keys(RESULT_TEXT).find(k => RESULT_TEXT[k] === `${m[1]}-${m[2]}`) ?? null : null;
}

/** Running score after each result line, by the teams of the boards' players: [{...line, result, score: Map}]. */
export function runningScores(lines, games) {
  const byId = new Map(games.map(g => [g.info.gameId, g.info]));
  const score = new Map();
  for (const g of games) for (const p of [g.info.white, g.info.black]) if (p?.team && !score.has(p.team)) score.set(p.team, 0);
  return lines.filter(l => l.kind === 'RESULT').map(l => {
    const info = byId.get(l.gameId);
    const result = resultOf(l);
    if (info && result) {
      const [w, b] = POINTS[result];
      for (const [p, pts] of [[info.white, w], [info.black, b]]) if (p?.team) score.set(p.team, (score.get(p.team) ?? 0) + pts);
    }
    return { ...l, result, score: new Map(score) };
  });
}

/** Interim while any game of the report is unfinished; final only when every game has its result. */
export function scoreState(games) {
  const finished = games.filter(g => POINTS[g.result]).length;
  return { finished, total: games.length, final: games.length > 0 && finished === games.length };
}

const capitalised = s => s.charAt(0).toUpperCase() + s.slice(1);

const scoreText = score => [...score].map(([team, n]) => `${team} ${n}`).join(' – ');

/** Who the audit names for a notation device's step: "notation device (H. van der Zee)" -> "H. van der Zee". */
const DEVICE = /^notation device(?: \((.*)\))?$/;

/**
 * A decision of the audit in words: what the arbiter (or the notator, on the phone) did, by whom
 * and why, in plain words: "Uitslag 2-0 ingevoerd, door de arbiter", never the credential's or the
 * device's wire name.
 */
export function decisionText(d, line) {
  const kind = d?.kind && d.kind !== 'KIND_UNSPECIFIED' ? d.kind : null;
  if (!kind) return line.text ?? ''; // an entry journaled before v1.3 has only its English action
  const device = DEVICE.exec(d.arbiter ?? '');
  const notator = device ? device[1] ?? '' : DEVICE_KINDS.has(kind) ? d.arbiter ?? '' : '';
  const what = t(`report.decision.${kind}`, {
    // moves as the notation form numbers them, with the colour (move-words.js), never a ply count
    move: moveWords(d.ply), Move: capitalised(moveWords(d.ply)), after: afterPlyWords(d.ply, 'report.atStart'), to: afterPlyWords(d.ply),
    value: d.value ?? '', seq: d.seq ?? '',
    times: kind === 'NOTATION_ISSUED' ? t(`notate.times.${d.value || 'TIMES_OPTIONAL'}`) : '', failure: d.failure ? t('report.afterFailure') : '',
    who: notator || t('report.theNotator'),
  });
  // the notation device's own steps name the notator in their sentence; the arbiter's say "by the arbiter"
  const by = DEVICE_KINDS.has(kind) || device ? what
    : t('report.decisionBy', { what, by: !d.arbiter || /^arbiter$/i.test(d.arbiter.trim()) ? t('report.byArbiter') : t('report.byArbiterNamed', { name: d.arbiter }) });
  return d.reason ? t('report.decisionReason', { what: by, reason: d.reason }) : by;
}

function particular(l, variants) {
  if (l.kind === 'DECISION') return { what: t(DEVICE_KINDS.has(l.decision?.kind) ? 'report.kind.NOTATION' : 'report.kind.DECISION'), text: decisionText(l.decision, l), details: l.decision?.seq ? t('alert.details.seq', { seq: l.decision.seq }) : '' };
  if (l.event?.type) {
    const words = alertWords(l.event, { variant: variants.get(l.gameId) });
    return { what: t('report.kind.IRREGULARITY'), text: `${titleWithArticle(words)}. ${words.text}`, details: words.details };
  }
  return { what: t('report.kind.IRREGULARITY'), text: l.text ?? '', details: '' };
}

/** The report of one round (a team match) when `round` is given, else of the whole event. */
export function renderReport(root, event, report, round = null) {
  const games = (event.games ?? []).filter(g => !round || String(g.info.round) === String(round));
  const shown = new Set(games.map(g => g.info.gameId));
  const rounds = [...new Set(games.map(g => g.info.round))];
  const match = games.find(g => g.info.match)?.info.match ?? '';
  const date = (event.rounds ?? []).find(r => rounds.includes(r.number))?.date ?? '';
  const lines = (report.lines ?? []).filter(l => shown.has(l.gameId));
  const results = runningScores(lines, games);
  const variants = new Map(games.map(g => [g.info.gameId, g.info.variant]));
  const other = lines.filter(l => l.kind !== 'RESULT');
  const teams = match.includes(' - ') ? match.split(' - ').map(s => s.trim()) : [];
  const state = scoreState(games);
  const score = results.length ? results[results.length - 1].score : new Map(teams.map(team => [team, 0]));
  const th = (key, cls) => h('th', cls ? { class: cls } : {}, t(key));
  root.replaceChildren(
    h('h1', {}, t('report.title', { event: event.name || event.eventId })),
    h('p', { class: 'particulars' }, [match, event.site ? t('report.site', { site: event.site }) : '', formatDate(date),
      rounds.length ? t('report.rounds', { rounds: rounds.join(', '), n: rounds.length }) : '',
      event.arbiter ? t('report.arbiter', { name: event.arbiter }) : ''].filter(Boolean).join(' · ')),
    h('p', { class: `score ${state.final ? 'final' : 'interim'}`, dataset: { final: String(state.final) } },
      t(state.final ? 'report.final' : 'report.interim', { score: scoreText(score) || '–' }),
      state.final ? null : h('span', { class: 'progress' }, ` (${t('report.progress', { n: state.finished, total: state.total })})`)),
    h('h2', {}, t('report.boards')),
    h('table', { class: 'boards' }, h('thead', {}, h('tr', {}, th('report.board', 'num'), th('report.white'), th('report.black'), th('report.result', 'num'))),
      h('tbody', {}, games.map(g => h('tr', {},
        h('td', { class: 'num' }, g.info.board), h('td', {}, playerCell(g.info.white)), h('td', {}, playerCell(g.info.black)),
        h('td', { class: 'num' }, RESULT_TEXT[g.result] ?? t('report.playing')))))),
    h('h2', {}, t('report.order')),
    results.length
      ? h('table', { class: 'order' }, h('thead', {}, h('tr', {}, th('report.time'), th('report.board', 'num'), th('report.result'), th('report.score'))),
        h('tbody', {}, results.map(l => h('tr', {}, h('td', {}, formatTime(l.timeMs)), h('td', { class: 'num' }, l.board),
          h('td', {}, RESULT_TEXT[l.result] ?? ''), h('td', {}, scoreText(l.score))))))
      : h('p', {}, t('report.noneEnded')),
    h('h2', {}, t('report.particulars')),
    other.length
      ? h('table', { class: 'particulars' }, h('thead', {}, h('tr', {}, th('report.time'), th('report.board', 'num'), th('report.what'), th('report.description'))),
        h('tbody', {}, other.map(l => {
          const p = particular(l, variants);
          return h('tr', {}, h('td', { class: 'time' }, formatTime(l.timeMs)), h('td', { class: 'num' }, l.board ?? ''), h('td', { class: 'what' }, p.what),
            h('td', {}, p.text, p.details ? h('span', { class: 'details' }, p.details) : null));
        })))
      : h('p', {}, t('report.noParticulars')),
    h('div', { class: 'signatures' },
      signature(t('report.signArbiter'), event.arbiter),
      signature(t('report.signCaptain', { team: teams[0] ?? t('report.home') })),
      signature(t('report.signCaptain', { team: teams[1] ?? t('report.away') }))));
}

/** A signature line; the arbiter's carries the name the event's config gives (the team leaders write theirs). */
function signature(role, name = '') {
  return h('div', { class: 'signature' }, h('span', { class: 'line' }), h('span', { class: 'role' }, role),
    h('span', { class: 'name-line' }, name ? t('report.nameGiven', { name }) : t('report.name')));
}

function playerCell(p) {
  const parts = [playerLabel({ name: p?.name ?? '?', rating: p?.rating, fed: '' })];
  if (p?.fedId) parts.push(t('report.member', { id: p.fedId }));
  if (p?.team) parts.push(p.team);
  return parts.join(' · ');
}

export async function startReportPage() {
  const root = document.getElementById('report');
  const asked = params().get('lang');
  const eventId = params().get('event') ?? '';
  const round = params().get('round');
  const token = sessionStorage.getItem(TOKEN_KEY);
  const base = relayBase(location);
  // the report is the event's document: its language comes from the event, not from this browser
  let event = null;
  try {
    const res = await fetch(`${base.http}/api/events/${encodeURIComponent(eventId)}`);
    if (res.ok) event = await res.json();
  } catch { /* said below */ }
  setLanguage(LANGUAGES.includes(asked) ? asked : LANGUAGES.includes(event?.language) ? event.language : language());
  translatePage();
  document.querySelector('[data-language-switch]')?.replaceChildren(languageSwitch(lang => {
    location.href = pageLink('report.html', { event: eventId, round, lang });
  }));
  document.querySelector('a.back').href = pageLink('arbiter.html', { event: eventId, round });
  document.querySelector('button.print').addEventListener('click', () => window.print());
  const say = text => root.replaceChildren(h('p', { class: 'report-status', role: 'alert' }, text));
  if (!token || !eventId) return say(t('report.signIn'));
  if (!event) return say(t('report.noEvent', { event: eventId }));
  try {
    // the token goes only to the relay that served the page, or one it trusts (a crafted ?relay= gets nothing)
    const trusted = await credentialBase(location);
    const reportRes = await fetch(`${trusted.http}/api/arbiter`, {
      method: 'POST', headers: { Authorization: `Bearer ${token}`, 'Content-Type': 'application/json' },
      body: JSON.stringify({ requestId: 'report', report: { eventId } }),
    });
    const answer = await reportRes.json().catch(() => ({}));
    if (!reportRes.ok || answer.error) return say(t('report.refused', { reason: answer.error?.message ?? reportRes.status }));
    renderReport(root, event, answer.report ?? {}, round);
    document.title = t('report.pageTitleEvent', { event: event.name || eventId });
  } catch (e) {
    return say(t('report.unreadable', { reason: e.message }));
  }
}
