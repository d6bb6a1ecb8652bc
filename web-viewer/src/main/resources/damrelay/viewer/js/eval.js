// The engine's evaluation beside the board (docs/engine.md): a bar for White's share, the score, and
// the engine's best line, for the position shown (live or stepped back to). The relay evaluates only
// positions already released to spectators; each evaluation names its position (fen), and is shown
// only where the page's board is that position, so a corrected move never shows a stale one.
import { parseFen } from './fen.js';
import { t } from './i18n.js';
import { h } from './ui.js';

const HIDDEN_KEY = 'damrelay.evaluation.hidden';
/** Scan's scores from here on mean an endgame won (89.xx) or the game's end (99.xx), not a material count. */
const DECIDED = 8900;

/** The evaluations a page holds: per game, per ply; `off` once the relay switched its engine off. */
export function createEvaluations() {
  return { byGame: new Map(), off: false };
}

/** Takes a spectator message; true when it changed what the page holds. */
export function takeEvaluationMessage(evals, m) {
  if (m.engineOff) {
    evals.byGame.clear();
    evals.off = true;
    return true;
  }
  const e = m.evaluation;
  if (!e?.gameId || typeof e.fen !== 'string') return false;
  let plies = evals.byGame.get(e.gameId);
  if (!plies) evals.byGame.set(e.gameId, plies = new Map());
  plies.set(e.ply ?? 0, { ply: e.ply ?? 0, fen: e.fen, score: Number(e.score ?? 0), pv: e.pv ?? [], depth: e.depth ?? 0, engine: e.engine ?? '' });
  evals.off = false;
  return true;
}

/** The board of a FEN as one comparable text: the side to move and every piece, sorted. */
export function boardKey(fen) {
  try {
    const { side, pieces } = parseFen(fen);
    return `${side}:${[...pieces].sort((a, b) => a[0] - b[0]).map(([sq, p]) => `${p.color}${p.king ? 'K' : ''}${sq}`).join(',')}`;
  } catch {
    return null;
  }
}

/** The evaluation of the position after `ply`, when there is one of that very position. */
export function evaluationAt(evals, gameId, ply, fen) {
  const e = evals.byGame.get(gameId)?.get(ply);
  if (!e) return null;
  const key = boardKey(fen);
  return key !== null && key === boardKey(e.fen) ? e : null;
}

/** White's share of the bar in percent: even at 50, a man up about two thirds, decided at 0 or 100. */
export function whiteShare(score) {
  if (score >= DECIDED) return 100;
  if (score <= -DECIDED) return 0;
  return Math.round(50 + 50 * Math.tanh(score / 300));
}

/** "+0.50", "−1.25", "0.00"; a decided game in words. */
export function scoreText(score) {
  if (score >= DECIDED) return t('eval.winWhite');
  if (score <= -DECIDED) return t('eval.winBlack');
  const men = (Math.abs(score) / 100).toFixed(2);
  return score > 0 ? `+${men}` : score < 0 ? `−${men}` : men;
}

/** Who is better, for a screen reader. */
function verdict(score) {
  if (score >= DECIDED) return t('eval.winWhite');
  if (score <= -DECIDED) return t('eval.winBlack');
  if (Math.abs(score) < 25) return t('eval.equal');
  return t(score > 0 ? 'eval.whiteBetter' : 'eval.blackBetter');
}

function storage() {
  try { return globalThis.localStorage ?? null; } catch { return null; } // storage may be blocked
}

/**
 * Puts the evaluation panel after `anchor` (the board and its players) and returns its
 * render(gameId, ply, fen): called with the page's render. The switch to hide it is remembered.
 */
export function mountEvaluation(anchor) {
  const evals = createEvaluations();
  const fill = h('span', { class: 'eval-white' });
  const bar = h('div', { class: 'eval-bar', role: 'img' }, fill);
  const score = h('span', { class: 'eval-score' });
  const line = h('p', { class: 'eval-line' });
  const source = h('span', { class: 'eval-source' });
  const body = h('div', { class: 'eval-body' }, bar, h('p', { class: 'eval-head' }, score, ' ', source), line);
  const toggle = h('button', { type: 'button', class: 'eval-toggle' });
  const panel = h('section', { class: 'evaluation', hidden: true }, toggle, body);
  anchor.after(panel);
  let hidden = storage()?.getItem(HIDDEN_KEY) === 'yes';
  let last = null;

  function render(gameId, ply, fen) {
    last = [gameId, ply, fen];
    const any = !evals.off && (evals.byGame.get(gameId)?.size ?? 0) > 0;
    panel.hidden = !any;
    panel.setAttribute('aria-label', t('eval.label'));
    toggle.textContent = t(hidden ? 'eval.show' : 'eval.hide');
    toggle.setAttribute('aria-pressed', String(!hidden));
    body.hidden = hidden;
    if (!any || hidden) return;
    const e = evaluationAt(evals, gameId, ply, fen);
    panel.classList.toggle('pending', !e);
    panel.dataset.ply = e ? String(e.ply) : '';
    if (!e) {
      fill.style.width = '50%';
      bar.setAttribute('aria-label', t('eval.none'));
      score.textContent = '';
      source.textContent = t('eval.none');
      line.textContent = '';
      return;
    }
    fill.style.width = `${whiteShare(e.score)}%`;
    score.textContent = scoreText(e.score);
    bar.setAttribute('aria-label', t('eval.barLabel', { score: scoreText(e.score), verdict: verdict(e.score) }));
    source.textContent = e.depth ? t('eval.byDepth', { engine: e.engine, depth: e.depth }) : t('eval.by', { engine: e.engine });
    line.textContent = e.pv.length ? t('eval.line', { line: e.pv.join(' ') }) : '';
  }

  toggle.addEventListener('click', () => {
    hidden = !hidden;
    storage()?.setItem(HIDDEN_KEY, hidden ? 'yes' : 'no');
    if (last) render(...last);
  });

  return {
    render,
    /** A spectator message; true when the panel must be drawn again. */
    take: m => takeEvaluationMessage(evals, m),
    evals,
  };
}
