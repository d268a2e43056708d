import type { ConverseStreamCommandInput } from '@aws-sdk/client-bedrock-runtime';
import { describe, expect, it } from 'vitest';
import { fillCall, INPUT_HOLE, inPieces, moveEvents, NARRATION_HOLE, nextMove } from './scripted-bedrock';

const lowStock = {
  count: 1,
  threshold: 2,
  periodDays: 90,
  rows: [{ cellarWineId: 'cw-1', name: 'Barolo Cannubi 2016', vintage: 2016, bottles: 2, daysLeft: 9 }],
};

function request(locale: 'en' | 'nb', withResult = false): ConverseStreamCommandInput {
  const language = locale === 'nb' ? 'Norwegian Bokmål' : 'English';
  return {
    modelId: 'm',
    system: [
      { text: `Always answer in ${language}, whatever language the data is in.\nToday is 2026-11-29.` },
    ],
    inferenceConfig: { maxTokens: 1500 },
    messages: [
      {
        role: 'user',
        content: [{ text: locale === 'nb' ? 'hva har jeg lite av?' : "What's low on stock?" }],
      },
      ...(withResult
        ? [
            {
              role: 'assistant' as const,
              content: [{ toolUse: { toolUseId: 't1', name: 'low_stock', input: {} } }],
            },
            {
              role: 'user' as const,
              content: [
                {
                  toolResult: { toolUseId: 't1', status: 'success' as const, content: [{ json: lowStock }] },
                },
              ],
            },
          ]
        : []),
    ],
  };
}

describe('the scripted model part of the Bedrock evaluation', () => {
  it('calls the tool the question needs, then narrates the figures of the toolResult it was sent', async () => {
    expect(await nextMove(request('en'))).toEqual({
      kind: 'tools',
      calls: [{ name: 'low_stock', input: {} }],
    });
    const move = await nextMove(request('nb', true));
    expect(move.kind).toBe('text');
    const text = move.kind === 'text' ? move.text : '';
    expect(text).toContain('[Barolo Cannubi 2016](kork:wine/cw-1)');
    expect(text).toContain('90 dagene');
  });

  it('streams a tool input in two or more pieces that join to its JSON', () => {
    for (const json of ['{}', '{"text":"Husets røde","limit":5}']) {
      const pieces = inPieces(json);
      expect(pieces.length).toBeGreaterThanOrEqual(2);
      expect(pieces.join('')).toBe(json);
    }
  });

  it('fills a fixture’s holes at replay, and refuses one that names another tool than the script calls', async () => {
    const input = request('en');
    const template = moveEvents(
      { kind: 'tools', calls: [{ name: 'low_stock', input: {} }] },
      input,
      {
        question: 'q',
        round: 0,
      },
      { derived: () => true },
    );
    expect(JSON.stringify(template)).toContain(INPUT_HOLE);
    const filled = await fillCall(template, input, 'q');
    expect(JSON.stringify(filled)).not.toContain(INPUT_HOLE);
    expect(filled).toContainEqual({ messageStop: { stopReason: 'tool_use' } });

    const stale = JSON.parse(JSON.stringify(template).replace('"low_stock"', '"cellar_totals"'));
    await expect(fillCall(stale, input, 'q')).rejects.toThrow(/regenerate/);

    const closing = moveEvents(
      { kind: 'text', text: 'x' },
      input,
      { question: 'q', round: 1 },
      { derived: () => true },
    );
    expect(JSON.stringify(closing)).toContain(NARRATION_HOLE);
    await expect(fillCall(closing, input, 'q')).rejects.toThrow(/calls a tool/);
  });
});
