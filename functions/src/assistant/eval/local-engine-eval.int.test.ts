/**
 * The local engine against the evaluation set, through the ask service on the seeded demo data: it must
 * pass at least 90 % of the questions (each answer calling its tools and holding facts read from the
 * services). Every failure is printed with its reasons.
 */

import { describe, expect, it } from 'vitest';
import { useSeededStack } from '../../../test/seeded-stack';
import { localAssistantModel } from '../engine/local-engine';
import { EVAL_SEEDS } from './eval-seeds';
import { EVAL_QUESTIONS } from './questions';
import { formatReport, runEval } from './run-eval';

useSeededStack({
  seeds: EVAL_SEEDS,
  timeout: 600_000,
});

describe('the local engine on the evaluation set', () => {
  it('holds at least 40 questions, about half in each language, on both demo cellars', () => {
    expect(EVAL_QUESTIONS.length).toBeGreaterThanOrEqual(40);
    const english = EVAL_QUESTIONS.filter((q) => q.locale === 'en').length;
    expect(Math.abs(english * 2 - EVAL_QUESTIONS.length)).toBeLessThanOrEqual(4);
    expect(new Set(EVAL_QUESTIONS.map((q) => q.account))).toEqual(new Set(['restaurant', 'private']));
  });

  it('passes at least 90 % of the questions', async () => {
    const report = await runEval(localAssistantModel);
    const failed = report.results.filter((r) => !r.passed);
    if (failed.length > 0) console.log(formatReport(report));
    for (const r of failed) console.log(`— ${r.id}: ${r.text.slice(0, 600)}`);
    expect(report.total).toBe(EVAL_QUESTIONS.length);
    expect(report.score).toBeGreaterThanOrEqual(0.9);
    // Each answer streamed its text before it ended.
    expect(report.results.every((r) => r.firstTextMs !== null && r.firstTextMs <= r.totalMs)).toBe(true);
  }, 300_000);
});
