import { BedrockRuntimeClient, ConverseStreamCommand } from '@aws-sdk/client-bedrock-runtime';
import { mockClient } from 'aws-sdk-client-mock';
import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest';
import type { AssistantAsk, AssistantModelEvent, ToolRun } from './assistant-model-types';
import { bedrockAssistantModel, conversationMessages } from './bedrock-assistant-model';
import { converseFixture, mockConverseStream } from './fixtures/converse-stream';
import { DEFAULT_MODEL_ID } from './model';

const bedrock = mockClient(BedrockRuntimeClient);

function askWith(runTool: AssistantAsk['runTool'], overrides: Partial<AssistantAsk> = {}): AssistantAsk {
  return {
    system: 'Answer in English.',
    locale: 'en',
    history: [],
    question: 'How many bottles do I have?',
    tools: [
      { name: 'cellar_totals', description: 'Totals', inputSchema: { type: 'object', properties: {} } },
      { name: 'low_stock', description: 'Low stock', inputSchema: { type: 'object', properties: {} } },
      {
        name: 'reorder_suggestions',
        description: 'Reorder',
        inputSchema: { type: 'object', properties: {} },
      },
    ],
    runTool,
    maxRounds: 5,
    maxTokens: 1500,
    ...overrides,
  };
}

function collect() {
  const events: AssistantModelEvent[] = [];
  return { events, emit: (e: AssistantModelEvent) => events.push(e), text: () => textOf(events) };
}

function textOf(events: AssistantModelEvent[]): string {
  return events.flatMap((e) => (e.type === 'text' ? [e.text] : [])).join('');
}

function sentInputs() {
  return bedrock.commandCalls(ConverseStreamCommand).map((call) => call.args[0].input);
}

beforeEach(() => {
  bedrock.reset();
  for (const name of ['ASSISTANT_MODEL_ID', 'ASSISTANT_GUARDRAIL_ID', 'ASSISTANT_GUARDRAIL_VERSION']) {
    delete process.env[name];
  }
});
afterEach(() => vi.restoreAllMocks());

describe('bedrockAssistantModel', () => {
  it('runs the tool the model asks for, sends its result back as a toolResult and streams the answer', async () => {
    mockConverseStream(bedrock, converseFixture('converse-stream-tool-loop', { bottles: 42 }));
    const runTool = vi.fn(async (): Promise<ToolRun> => ({ ok: true, content: { bottles: 42, wines: 7 } }));
    const out = collect();
    const result = await bedrockAssistantModel.answer(askWith(runTool), out.emit);

    expect(runTool).toHaveBeenCalledWith('cellar_totals', {});
    expect(out.events).toContainEqual({ type: 'tool', name: 'cellar_totals' });
    expect(out.text()).toBe('Let me look at your cellar.\n\nYou have **42 bottles** in stock.');
    expect(result).toEqual({ stopReason: 'end_turn', usage: { inputTokens: 2482, outputTokens: 58 } });

    const [first, second] = sentInputs();
    expect(first?.modelId).toBe(DEFAULT_MODEL_ID);
    expect(first?.inferenceConfig?.maxTokens).toBe(1500);
    expect(first?.system).toEqual([{ text: 'Answer in English.' }]);
    expect(first?.toolConfig?.tools?.map((t) => t.toolSpec?.name)).toEqual([
      'cellar_totals',
      'low_stock',
      'reorder_suggestions',
    ]);
    expect(first?.guardrailConfig).toBeUndefined();
    // The second call carries the model's tool use and the tool's answer.
    expect(second?.messages?.at(-2)).toEqual({
      role: 'assistant',
      content: [
        { text: 'Let me look at your cellar.' },
        { toolUse: { toolUseId: 'tooluse_totals01', name: 'cellar_totals', input: {} } },
      ],
    });
    expect(second?.messages?.at(-1)).toEqual({
      role: 'user',
      content: [
        {
          toolResult: {
            toolUseId: 'tooluse_totals01',
            status: 'success',
            content: [{ json: { bottles: 42, wines: 7 } }],
          },
        },
      ],
    });
    expect(second?.inferenceConfig?.maxTokens).toBe(1500);
  });

  it('runs two tools of one round, with their inputs read from the streamed JSON chunks', async () => {
    mockConverseStream(bedrock, converseFixture('converse-stream-two-tools'));
    const runTool = vi.fn(
      async (name: string): Promise<ToolRun> =>
        name === 'low_stock'
          ? { ok: true, content: { rows: [{ name: 'Barolo' }] } }
          : { ok: false, error: 'No suppliers' },
    );
    const out = collect();
    const result = await bedrockAssistantModel.answer(askWith(runTool), out.emit);

    expect(runTool.mock.calls).toEqual([
      ['low_stock', { threshold: 3 }],
      ['reorder_suggestions', { limit: 5 }],
    ]);
    const results = sentInputs()[1]?.messages?.at(-1)?.content;
    expect(results).toEqual([
      {
        toolResult: {
          toolUseId: 'tooluse_low01',
          status: 'success',
          content: [{ json: { rows: [{ name: 'Barolo' }] } }],
        },
      },
      {
        toolResult: {
          toolUseId: 'tooluse_reorder01',
          status: 'error',
          content: [{ json: { error: 'No suppliers' } }],
        },
      },
    ]);
    expect(result.stopReason).toBe('end_turn');
    expect(result.usage).toEqual({ inputTokens: 3300, outputTokens: 115 });
  });

  it('stops after the round cap with stopReason max_rounds, never calling a tool past it', async () => {
    const round = converseFixture('converse-stream-tool-loop', { bottles: 1 })[0] ?? [];
    mockConverseStream(bedrock, [round, round, round]);
    const runTool = vi.fn(async (): Promise<ToolRun> => ({ ok: true, content: {} }));
    const result = await bedrockAssistantModel.answer(askWith(runTool, { maxRounds: 2 }), () => undefined);

    expect(result.stopReason).toBe('max_rounds');
    expect(runTool).toHaveBeenCalledTimes(2);
    expect(sentInputs()).toHaveLength(3);
  });

  it('throws when Bedrock throttles, and when the stream breaks off with an error event', async () => {
    bedrock.on(ConverseStreamCommand).rejects(
      Object.assign(new Error('Too many requests, please wait before trying again.'), {
        name: 'ThrottlingException',
      }),
    );
    await expect(
      bedrockAssistantModel.answer(
        askWith(async () => ({ ok: true, content: {} })),
        () => undefined,
      ),
    ).rejects.toThrow(/Too many requests/);

    bedrock.reset();
    const [partial = []] = converseFixture('converse-stream-tool-loop', { bottles: 1 });
    mockConverseStream(bedrock, [
      [...partial.slice(0, 2), { modelStreamErrorException: { message: 'stream broke' } }],
    ]);
    const out = collect();
    await expect(
      bedrockAssistantModel.answer(
        askWith(async () => ({ ok: true, content: {} })),
        out.emit,
      ),
    ).rejects.toThrow('stream broke');
    expect(out.text()).toBe('Let me look at ');
  });

  it('sends the configured guardrail and model, and reports an intervention as stopReason guardrail', async () => {
    process.env.ASSISTANT_MODEL_ID = 'eu.anthropic.claude-sonnet-4-5-20250929-v1:0';
    process.env.ASSISTANT_GUARDRAIL_ID = 'gr-kork';
    process.env.ASSISTANT_GUARDRAIL_VERSION = '3';
    mockConverseStream(bedrock, converseFixture('converse-stream-guardrail'));
    const runTool = vi.fn(async (): Promise<ToolRun> => ({ ok: true, content: {} }));
    const out = collect();
    const result = await bedrockAssistantModel.answer(
      askWith(runTool, { question: 'Write me a poem' }),
      out.emit,
    );

    expect(result).toEqual({ stopReason: 'guardrail', usage: { inputTokens: 210, outputTokens: 0 } });
    expect(out.text()).toBe('Sorry, I can only answer questions about your cellar.');
    expect(runTool).not.toHaveBeenCalled();
    const [input] = sentInputs();
    expect(input?.modelId).toBe('eu.anthropic.claude-sonnet-4-5-20250929-v1:0');
    expect(input?.guardrailConfig).toEqual({
      guardrailIdentifier: 'gr-kork',
      guardrailVersion: '3',
      streamProcessingMode: 'async',
    });
    expect(bedrockAssistantModel.name).toBe('bedrock:eu.anthropic.claude-sonnet-4-5-20250929-v1:0');
  });

  it('stops reading when the answer is aborted', async () => {
    mockConverseStream(bedrock, converseFixture('converse-stream-tool-loop', { bottles: 1 }));
    const controller = new AbortController();
    const runTool = vi.fn(async (): Promise<ToolRun> => {
      controller.abort(new Error('time is up'));
      return { ok: true, content: {} };
    });
    await expect(
      bedrockAssistantModel.answer(askWith(runTool, { signal: controller.signal }), () => undefined),
    ).rejects.toThrow('time is up');
    expect(sentInputs()).toHaveLength(1);
  });
});

describe('conversationMessages', () => {
  it('starts with the person, alternates, and joins turns of the same role', () => {
    expect(
      conversationMessages(
        [
          { role: 'assistant', text: 'Hello!' },
          { role: 'user', text: 'What is low?' },
          { role: 'user', text: 'Hello?' },
          { role: 'assistant', text: 'Barolo is low.' },
          { role: 'user', text: 'And whites?' },
        ],
        'What should I reorder?',
      ),
    ).toEqual([
      { role: 'user', content: [{ text: 'What is low?\n\nHello?' }] },
      { role: 'assistant', content: [{ text: 'Barolo is low.' }] },
      { role: 'user', content: [{ text: 'And whites?\n\nWhat should I reorder?' }] },
    ]);
  });
});
