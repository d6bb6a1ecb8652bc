// The evaluation panel's logic (js/eval.js): which evaluation belongs to the position shown, and its words.
import { test } from 'node:test';
import assert from 'node:assert/strict';
import { createEvaluations, takeEvaluationMessage, evaluationAt, boardKey, whiteShare, scoreText } from '../../main/resources/damrelay/viewer/js/eval.js';
import { setLanguage } from '../../main/resources/damrelay/viewer/js/i18n.js';

const START = 'W:W31-50:B1-20';
const AFTER_32_28 = 'B:W28,31,33-50:B1-20';

test('an evaluation shows only on the very position it was made of, however its FEN is written', () => {
  const evals = createEvaluations();
  assert.equal(takeEvaluationMessage(evals, { evaluation: { gameId: 'g', ply: 1, fen: 'B:W28,31,33,34,35,36,37,38,39,40,41,42,43,44,45,46,47,48,49,50:B1-20', score: 25, pv: ['19-23'] } }), true);
  assert.equal(evaluationAt(evals, 'g', 1, AFTER_32_28).score, 25);
  // the arbiter replaced ply 1 by another move: the old evaluation is not shown for it
  assert.equal(evaluationAt(evals, 'g', 1, 'B:W29,31-32,34-50:B1-20'), null);
  assert.equal(evaluationAt(evals, 'g', 0, START), null, 'no evaluation of the start yet');
  assert.equal(evaluationAt(evals, 'other', 1, AFTER_32_28), null);
  assert.equal(boardKey('not a fen'), null);
  assert.equal(takeEvaluationMessage(evals, { evaluation: { ply: 1 } }), false, 'without a game or position it is no evaluation');
});

test('the engine switched off: everything held goes, a new evaluation comes back', () => {
  const evals = createEvaluations();
  takeEvaluationMessage(evals, { evaluation: { gameId: 'g', fen: START } });
  assert.equal(evaluationAt(evals, 'g', 0, START).score, 0, 'proto3 leaves a zero score and ply out');
  takeEvaluationMessage(evals, { engineOff: {} });
  assert.equal(evals.off, true);
  assert.equal(evaluationAt(evals, 'g', 0, START), null);
  takeEvaluationMessage(evals, { evaluation: { gameId: 'g', fen: START, score: -40 } });
  assert.equal(evals.off, false);
  assert.equal(evaluationAt(evals, 'g', 0, START).score, -40);
});

test('the bar: even in the middle, a man up about two thirds, a decided game full; the score in men', () => {
  assert.equal(whiteShare(0), 50);
  assert.equal(whiteShare(100), 66);
  assert.equal(whiteShare(-100), 34);
  assert.equal(whiteShare(8950), 100);
  assert.equal(whiteShare(-9930), 0);
  assert.ok(whiteShare(400) < 100 && whiteShare(400) > 90, "four men up is not yet a decided game");
  setLanguage('en');
  assert.equal(scoreText(0), '0.00');
  assert.equal(scoreText(125), '+1.25');
  assert.equal(scoreText(-50), '−0.50');
  assert.equal(scoreText(9912), 'White wins');
  setLanguage('nl');
  assert.equal(scoreText(-8901), 'Zwart wint');
  setLanguage('en');
});
