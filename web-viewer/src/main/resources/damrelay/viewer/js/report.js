// The arbiter's match report as a page that prints on A4 (manual 5.4-5.5): the boards with players
// and results, the results in the order the games ended with the running score, the particulars
// in order, and room for the three signatures. Read with the console's token (this tab only).
import { credentialBase, RESULT_TEXT } from './connection.js';
import { h, params, pageLink, playerLabel } from './ui.js';

const TOKEN_KEY = 'damrelay.arbiterToken';

/** Running score after each result line, by the teams of the boards' players. */
export function runningScores(lines, games) {
  const byId = new Map(games.map(g => [g.info.gameId, g.info]));
  const score = new Map();
  return lines.filter(l => l.kind === 'RESULT').map(l => {
    const info = byId.get(l.gameId);
    const m = /(\d)-(\d)\s*$/.exec(l.text ?? '');
    if (info && m) {
      for (const [p, pts] of [[info.white, Number(m[1])], [info.black, Number(m[2])]]) {
        if (p?.team) score.set(p.team, (score.get(p.team) ?? 0) + pts);
      }
    }
    return { ...l, score: [...score.entries()].map(([t, n]) => `${t} ${n}`).join(' – ') };
  });
}

function time(ms) {
  return ms ? new Date(Number(ms)).toLocaleTimeString([], { hour: '2-digit', minute: '2-digit' }) : '';
}

export function renderReport(root, event, report) {
  const games = event.games ?? [];
  const rounds = [...new Set(games.map(g => g.info.round))];
  const match = games.find(g => g.info.match)?.info.match ?? '';
  const date = (event.rounds ?? []).find(r => rounds.includes(r.number))?.date ?? '';
  const lines = report.lines ?? [];
  const results = runningScores(lines, games);
  const other = lines.filter(l => l.kind !== 'RESULT');
  const teams = match.includes(' - ') ? match.split(' - ').map(t => t.trim()) : [];
  const last = results[results.length - 1];
  root.replaceChildren(
    h('h1', {}, `Match report: ${event.name || event.eventId}`),
    h('p', {}, [match, event.site, date, rounds.length ? `round ${rounds.join(', ')}` : ''].filter(Boolean).join(' · ')),
    h('h2', {}, 'Boards'),
    h('table', {}, h('thead', {}, h('tr', {}, h('th', { class: 'num' }, 'Board'), h('th', {}, 'White'), h('th', {}, 'Black'), h('th', { class: 'num' }, 'Result'))),
      h('tbody', {}, games.map(g => h('tr', {},
        h('td', { class: 'num' }, g.info.board), h('td', {}, playerCell(g.info.white)), h('td', {}, playerCell(g.info.black)),
        h('td', { class: 'num' }, RESULT_TEXT[g.result] ?? '–'))))),
    h('h2', {}, 'Results in the order the games ended'),
    results.length
      ? h('table', {}, h('thead', {}, h('tr', {}, h('th', {}, 'Time'), h('th', { class: 'num' }, 'Board'), h('th', {}, 'Result'), h('th', {}, 'Score'))),
        h('tbody', {}, results.map(l => h('tr', {}, h('td', {}, time(l.timeMs)), h('td', { class: 'num' }, l.board), h('td', {}, l.text), h('td', {}, l.score)))))
      : h('p', {}, 'No game has ended yet.'),
    h('p', { class: 'final' }, `Final score: ${last?.score || (teams.length ? `${teams[0]} 0 – ${teams[1]} 0` : '–')}`),
    h('h2', {}, 'Particulars, in order'),
    other.length
      ? h('table', {}, h('thead', {}, h('tr', {}, h('th', {}, 'Time'), h('th', { class: 'num' }, 'Board'), h('th', {}, 'What'), h('th', {}, 'Details'))),
        h('tbody', {}, other.map(l => h('tr', {}, h('td', {}, time(l.timeMs)), h('td', { class: 'num' }, l.board ?? ''),
          h('td', {}, l.kind === 'DECISION' ? 'Arbiter decision' : 'Irregularity'), h('td', {}, l.text)))))
      : h('p', {}, 'None.'),
    h('div', { class: 'signatures' }, h('div', {}, 'Arbiter'), h('div', {}, `Team leader ${teams[0] ?? 'home'}`), h('div', {}, `Team leader ${teams[1] ?? 'away'}`)));
}

function playerCell(p) {
  return `${playerLabel({ name: p?.name ?? '?', rating: p?.rating, fed: '' })}${p?.fedId ? ` · no. ${p.fedId}` : ''}${p?.team ? ` · ${p.team}` : ''}`;
}

export async function startReportPage() {
  const root = document.getElementById('report');
  const eventId = params().get('event') ?? '';
  const token = sessionStorage.getItem(TOKEN_KEY);
  document.querySelector('a.back').href = pageLink('arbiter.html', { event: eventId });
  document.querySelector('button.print').addEventListener('click', () => window.print());
  const say = text => root.replaceChildren(h('p', { class: 'report-status', role: 'alert' }, text));
  if (!token || !eventId) {
    say('Sign in on the arbiter console first: the report needs the arbiter token.');
    return;
  }
  try {
    // the token goes only to the relay that served the page, or one it trusts
    const base = await credentialBase(location);
    const [eventRes, reportRes] = await Promise.all([
      fetch(`${base.http}/api/events/${encodeURIComponent(eventId)}`),
      fetch(`${base.http}/api/arbiter`, {
        method: 'POST', headers: { Authorization: `Bearer ${token}`, 'Content-Type': 'application/json' },
        body: JSON.stringify({ requestId: 'report', report: { eventId } }),
      }),
    ]);
    const answer = await reportRes.json().catch(() => ({}));
    if (!eventRes.ok) return say(`No event "${eventId}" on this relay.`);
    if (!reportRes.ok || answer.error) return say(`The relay refused the report: ${answer.error?.message ?? reportRes.status}`);
    renderReport(root, await eventRes.json(), answer.report ?? {});
    document.title = `Match report ${eventId} · damrelay`;
  } catch (e) {
    say(`The report could not be read: ${e.message}`);
  }
}
