/**
 * The evaluation set through the real Bedrock adapter, its client answered offline from the fixtures
 * (bedrock-fixtures/, aws-sdk-client-mock): the model's part is scripted (scripted-bedrock.ts), but the
 * tool loop is the adapter's — parsing the streamed tool calls, running the tools through the ask service,
 * sending their bounded results back as toolResult blocks, streaming the closing text. The closing text
 * is written from the toolResult blocks the adapter sent, so passing ≥ 90 % (facts read from the
 * services) shows the tools' real figures went through the loop: tool_use → toolResult → text.
 * What it does not measure is a real model's choices; `npm run eval:assistant -- --model bedrock` does.
 */
import type { ConverseStreamCommandInput } from '@aws-sdk/client-bedrock-runtime';
import { ASSISTANT_LIMITS, ASSISTANT_TOOL_NAMES } from '@kork/shared';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { useSeededStack } from '../../../test/seeded-stack';
import { bedrockAssistantModel } from '../../adapters/bedrock-assistant-model';
import { type BedrockReplay, replayBedrock } from './bedrock-replay';
import { EVAL_SEEDS } from './eval-seeds';
import { EVAL_QUESTIONS } from './questions';
import { type EvalReport, formatReport, holds, runEval } from './run-eval';

useSeededStack({
  seeds: EVAL_SEEDS,
  timeout: 600_000,
});

let replay: BedrockReplay;
let report: EvalReport;

beforeAll(async () => {
  replay = replayBedrock();
  report = await runEval(bedrockAssistantModel, { onQuestion: replay.onQuestion });
}, 300_000);
afterAll(() => replay?.restore());

/** Each toolUse the model streamed and each toolResult the adapter sent back, in the requests' messages. */
function blocksOf(input: ConverseStreamCommandInput) {
  const content = (input.messages ?? []).flatMap((m) => m.content ?? []);
  return {
    uses: content.flatMap((b) => (b.toolUse ? [b.toolUse] : [])),
    results: content.flatMap((b) => (b.toolResult ? [b.toolResult] : [])),
  };
}

describe('the evaluation set through the Bedrock adapter, with recorded ConverseStream fixtures', () => {
  it('passes at least 90 % of the questions', () => {
    const failed = report.results.filter((r) => !r.passed);
    if (failed.length > 0) console.log(formatReport(report));
    for (const r of failed) console.log(`— ${r.id}: ${r.text.slice(0, 600)}`);
    expect(replay.problems).toEqual([]);
    expect(report.model).toMatch(/^bedrock:/);
    expect(report.total).toBe(EVAL_QUESTIONS.length);
    expect(replay.kinds.size).toBe(EVAL_QUESTIONS.length);
    expect(report.score).toBeGreaterThanOrEqual(0.9);
  });

  it('sets maxTokens and offers every tool on every call', () => {
    expect(replay.sent.length).toBeGreaterThan(EVAL_QUESTIONS.length);
    for (const { input } of replay.sent) {
      expect(input.inferenceConfig?.maxTokens).toBe(ASSISTANT_LIMITS.maxOutputTokens);
      const offered = input.toolConfig?.tools?.map((tool) => tool.toolSpec?.name).sort();
      expect(offered).toEqual([...ASSISTANT_TOOL_NAMES].sort());
    }
  });

  it('stays within the rounds, and each tool round goes back as toolResults before the answer', () => {
    for (const question of EVAL_QUESTIONS) {
      const calls = replay.sent.filter((s) => s.question === question.id);
      const result = report.results.find((r) => r.id === question.id);
      expect(calls.length, question.id).toBeGreaterThanOrEqual(1);
      expect(calls.length, question.id).toBeLessThanOrEqual(ASSISTANT_LIMITS.toolRounds);
      // Call n carries the n tool rounds before it: the model's toolUse, then the adapter's toolResult.
      calls.forEach(({ input }, n) => {
        const { uses, results } = blocksOf(input);
        expect(uses.length, `${question.id} call ${n}`).toBe(n);
        expect(
          results.map((r) => r.toolUseId),
          `${question.id} call ${n}`,
        ).toEqual(uses.map((u) => u.toolUseId));
      });
      // Every tool the answer ran went through the loop.
      const last = calls.at(-1)?.input;
      const ran = last ? blocksOf(last).uses.map((u) => u.name) : [];
      for (const tool of result?.tools ?? []) expect(ran, question.id).toContain(tool);
    }
  });

  it('sends each tool result back bounded, as the tool answered it', () => {
    let results = 0;
    for (const { input } of replay.sent) {
      for (const result of blocksOf(input).results) {
        results++;
        const json = JSON.stringify(result.content?.[0]?.json);
        expect(json.length).toBeLessThanOrEqual(ASSISTANT_LIMITS.toolResultMaxChars);
        if (result.status === 'error') expect(result.content?.[0]?.json).toHaveProperty('error');
      }
    }
    expect(results).toBeGreaterThanOrEqual(EVAL_QUESTIONS.length - 2);
  });

  it('streams the answer after the tool results, with the figures the tools sent', () => {
    const totals = report.results.find((r) => r.id === 'bottles-en');
    const sent = replay.sent.filter((s) => s.question === 'bottles-en').at(-1)?.input;
    const answered = sent ? blocksOf(sent).results[0]?.content?.[0]?.json : undefined;
    const bottles = (answered as { bottles?: number } | undefined)?.bottles;
    expect(typeof bottles).toBe('number');
    expect(holds(totals?.text ?? '', { label: 'bottles', number: bottles ?? -1 })).toBe(true);
    expect(report.results.every((r) => r.firstTextMs !== null && r.firstTextMs <= r.totalMs)).toBe(true);
  });
});
