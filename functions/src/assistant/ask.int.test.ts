/**
 * Questions to the assistant through the API on the demo cellars against DynamoDB Local: a stock
 * question answered by the local engine with the cellar's real bottle count, streamed as NDJSON; the
 * Bedrock adapter's tool loop from recorded ConverseStream events running the real tool for the signed-in
 * user; a spent monthly budget refused before the model; a failing model ending in §8's message with the
 * answer so far stored as cut off; `?stream=false` answering JSON.
 */
import { BedrockRuntimeClient, ConverseStreamCommand } from '@aws-sdk/client-bedrock-runtime';
import { accountsSeed } from '@kork/functions/accounts/seed';
import { catalogSeed } from '@kork/functions/catalog/seed';
import { cellarSeed } from '@kork/functions/cellar/seed';
import {
  type AssistantAnswer,
  type AssistantConversation,
  type AssistantStreamEvent,
  type CellarDashboard,
  streamEventDecoder,
} from '@kork/shared';
import { mockClient } from 'aws-sdk-client-mock';
import { afterAll, afterEach, beforeAll, describe, expect, it, vi } from 'vitest';
import { type DemoAccountName, useSeededStack } from '../../test/seeded-stack';
import { type AssistantModelPort, useAssistantModel } from '../adapters/assistant-model';
import { bedrockAssistantModel } from '../adapters/bedrock-assistant-model';
import { converseFixture, mockConverseStream } from '../adapters/fixtures/converse-stream';
import { routes } from '../routes';
import { recordUsage } from './ask/usage';
import { localAssistantModel } from './engine/local-engine';

/** Set by a test: the next tool run fails to read its data, as a tool does when a service fails. */
const toolFailure = vi.hoisted(() => ({ next: false }));
vi.mock('./tools/index', async (original) => {
  const tools = await original<typeof import('./tools/index')>();
  return {
    ...tools,
    runTool: (async (...args) => {
      if (!toolFailure.next) return tools.runTool(...args);
      toolFailure.next = false;
      return { ok: false, error: 'The tool failed; the data could not be read just now.', failed: true };
    }) satisfies typeof tools.runTool,
  };
});

const { origin, accounts, signedInAs } = useSeededStack({
  seeds: [accountsSeed, catalogSeed, cellarSeed],
  signIn: ['restaurant', 'private'],
  timeout: 600_000,
});
const restaurant = signedInAs('restaurant');
const collector = signedInAs('private');
const bedrock = mockClient(BedrockRuntimeClient);

const apiKey =
  (routes['POST /api/assistant/conversations/{conversationId}/messages'] as { clientKey?: string })
    .clientKey === 'ai'
    ? 'kork-local-ai'
    : 'kork-local-web';
const key = { 'x-api-key': apiKey };

afterEach(() => {
  useAssistantModel(undefined);
  bedrock.reset();
  delete process.env.ASSISTANT_MONTHLY_TOKEN_BUDGET;
  delete process.env.ASSISTANT_ANSWER_TIMEOUT_MS;
});
afterAll(() => bedrock.restore());

async function start(api = restaurant): Promise<string> {
  const created = await api<{ id: string }>('POST', '/api/assistant/conversations', { headers: key });
  expect(created.status).toBe(201);
  return created.payload.id;
}

/** Asks through the streamed route and reads every event of the answer. */
async function askStreamed(
  name: DemoAccountName,
  id: string,
  text: string,
  language = 'en',
): Promise<{ status: number; contentType: string; events: AssistantStreamEvent[] }> {
  const res = await fetch(`${origin.base}/api/assistant/conversations/${id}/messages`, {
    method: 'POST',
    headers: {
      ...key,
      'x-device-type': 'web',
      'content-type': 'application/json',
      'accept-language': language,
      authorization: `Bearer ${accounts.tokens[name]}`,
    },
    body: JSON.stringify({ text }),
  });
  const decoder = streamEventDecoder();
  const body = await res.text();
  return {
    status: res.status,
    contentType: res.headers.get('content-type') ?? '',
    events: [...decoder.push(body), ...decoder.end()],
  };
}

const textOf = (events: AssistantStreamEvent[]) =>
  events.flatMap((e) => (e.type === 'text' ? [e.text] : [])).join('');

async function conversation(id: string, api = restaurant) {
  const read = await api<AssistantConversation>('GET', `/api/assistant/conversations/${id}`, {
    headers: key,
  });
  expect(read.status).toBe(200);
  return read.payload;
}

async function bottlesOf(name: DemoAccountName): Promise<number> {
  const dashboard = await signedInAs(name)<CellarDashboard>('GET', `${accounts.base(name)}/dashboard`);
  expect(dashboard.status).toBe(200);
  return dashboard.payload.totals.bottles;
}

/** Digits as written, without the locale's thousands separators. */
const digits = (text: string) => text.replace(/[,\s\u00a0\u202f]/g, '');

describe('asking the assistant', () => {
  beforeAll(async () => {
    expect(await bottlesOf('restaurant')).toBeGreaterThan(0);
  });

  it('answers a stock question from the local engine with the real bottle count, streamed', async () => {
    useAssistantModel(localAssistantModel);
    const bottles = await bottlesOf('restaurant');
    const id = await start();
    const answer = await askStreamed('restaurant', id, 'How many bottles do I have in total?');

    expect(answer.status).toBe(200);
    expect(answer.contentType).toContain('application/x-ndjson');
    const [first] = answer.events;
    expect(first?.type).toBe('start');
    expect(answer.events).toContainEqual({ type: 'tool', name: 'cellar_totals' });
    expect(answer.events.at(-1)).toEqual({
      type: 'done',
      messageId: (first as { messageId: string }).messageId,
    });
    expect(answer.events.filter((e) => e.type === 'text').length).toBeGreaterThan(1);
    expect(digits(textOf(answer.events))).toContain(`${bottles}bottles`);

    const stored = await conversation(id);
    expect(stored.title).toBe('How many bottles do I have in total?');
    const reply = stored.messages[1];
    expect(reply?.id).toBe((first as { messageId: string }).messageId);
    expect(reply?.text).toBe(textOf(answer.events));
    expect(reply?.toolCalls).toEqual([{ name: 'cellar_totals', input: {}, ok: true }]);
    expect(reply?.cutOff).toBeUndefined();
  });

  it('runs the Bedrock tool loop from recorded events: tool_use → the real tool for this user → text', async () => {
    useAssistantModel(bedrockAssistantModel);
    const bottles = await bottlesOf('restaurant');
    mockConverseStream(bedrock, converseFixture('converse-stream-tool-loop', { bottles }));
    const id = await start();
    const answer = await askStreamed('restaurant', id, 'How many bottles do we have?');

    expect(answer.events.at(-1)?.type).toBe('done');
    expect(answer.events).toContainEqual({ type: 'tool', name: 'cellar_totals' });
    expect(answer.events.filter((e) => e.type === 'tool')).toHaveLength(1);
    expect(textOf(answer.events)).toBe(
      `Let me look at your cellar.\n\nYou have **${bottles} bottles** in stock.`,
    );

    const calls = bedrock.commandCalls(ConverseStreamCommand).map((c) => c.args[0].input);
    expect(calls).toHaveLength(2);
    // The system prompt names the language; the tool result went back with the cellar's real count.
    expect(calls[0]?.system?.[0]?.text).toContain('Always answer in English');
    const result = calls[1]?.messages?.at(-1)?.content?.[0]?.toolResult;
    expect(result?.status).toBe('success');
    expect((result?.content?.[0]?.json as { bottles?: number } | undefined)?.bottles).toBe(bottles);

    const stored = await conversation(id);
    expect(stored.messages[1]).toMatchObject({
      role: 'assistant',
      text: textOf(answer.events),
      toolCalls: [{ name: 'cellar_totals', ok: true }],
    });
    const list = await restaurant<{ usage: { usedTokens: number } }>('GET', '/api/assistant/conversations', {
      headers: key,
    });
    expect(list.payload.usage.usedTokens).toBeGreaterThanOrEqual(1221 + 1319);
  });

  it('refuses over the monthly budget before the model, in the asker’s language, storing no answer', async () => {
    const spy = vi.fn<AssistantModelPort['answer']>();
    useAssistantModel({ name: 'spy', answer: spy });
    process.env.ASSISTANT_MONTHLY_TOKEN_BUDGET = '1000';
    await recordUsage(accounts.userIds.private as string, { inputTokens: 900, outputTokens: 150 });
    const id = await start(collector);

    const refused = await collector('POST', `/api/assistant/conversations/${id}/messages?stream=false`, {
      json: { text: 'Hva bør jeg drikke nå?' },
      language: 'nb',
      headers: key,
    });
    expect(refused.status).toBe(429);
    expect(refused.error?.message).toBe(
      'Assistentens kvote for denne måneden er brukt opp. Den åpner igjen den 1. neste måned.',
    );
    const streamed = await askStreamed('private', id, 'What should I drink now?');
    expect(streamed.status).toBe(429);
    expect(spy).not.toHaveBeenCalled();
    expect((await conversation(id, collector)).messages).toEqual([]);
  });

  it('ends a failed answer with §8’s message and the request id, keeping what was said as cut off', async () => {
    useAssistantModel({
      name: 'failing',
      async answer(_ask, emit) {
        emit({ type: 'text', text: 'You have ' });
        throw Object.assign(new Error('connect ETIMEDOUT'), { name: 'TimeoutError' });
      },
    });
    const id = await start();
    const answer = await askStreamed('restaurant', id, 'Hvor mange flasker har jeg?', 'nb');

    expect(answer.status).toBe(200);
    const last = answer.events.at(-1);
    expect(last).toMatchObject({ type: 'error', message: 'Beklager, jeg fikk ikke kontakt. Prøv igjen.' });
    expect((last as { requestId?: string }).requestId).toBeTruthy();
    expect(answer.events.some((e) => e.type === 'done')).toBe(false);

    const stored = await conversation(id);
    expect(stored.messages[1]).toMatchObject({ role: 'assistant', text: 'You have ', cutOff: true });

    const whole = await restaurant('POST', `/api/assistant/conversations/${id}/messages?stream=false`, {
      json: { text: 'How many bottles?' },
      headers: key,
    });
    expect(whole.status).toBe(502);
    expect(whole.error?.message).toBe('Sorry, I had trouble connecting. Please try again.');
  });

  it('stops with §8’s message when a tool cannot read the data, instead of letting the model go on', async () => {
    const rounds: string[] = [];
    useAssistantModel({
      name: 'narrating',
      async answer(ask, emit) {
        emit({ type: 'text', text: 'Let me count. ' });
        const run = await ask.runTool('cellar_totals', {});
        rounds.push(run.ok ? 'ok' : 'failed');
        if (ask.signal?.aborted) return { usage: { inputTokens: 0, outputTokens: 0 }, stopReason: 'other' };
        emit({ type: 'text', text: 'You have no bottles.' });
        return { usage: { inputTokens: 10, outputTokens: 5 }, stopReason: 'end_turn' };
      },
    });
    toolFailure.next = true;
    const id = await start();
    const answer = await askStreamed('restaurant', id, 'How many bottles do I have?');

    expect(rounds).toEqual(['failed']);
    expect(answer.events.at(-1)).toMatchObject({
      type: 'error',
      message: 'Sorry, I had trouble connecting. Please try again.',
    });
    expect(textOf(answer.events)).not.toContain('no bottles');
    const stored = await conversation(id);
    expect(stored.messages[1]).toMatchObject({ text: 'Let me count. ', cutOff: true });
    expect(stored.messages[1]?.toolCalls).toEqual([{ name: 'cellar_totals', input: {}, ok: false }]);
  });

  it('gives up on a model that does not answer in time, with §8’s message and the text so far kept', async () => {
    process.env.ASSISTANT_ANSWER_TIMEOUT_MS = '400';
    useAssistantModel({
      name: 'stalled',
      // Never ends, and never looks at the signal: the answer's own time still ends it.
      answer: (_ask, emit) => {
        emit({ type: 'text', text: 'Let me see' });
        return new Promise(() => undefined);
      },
    });
    const id = await start();
    const answer = await askStreamed('restaurant', id, 'What is my cellar worth?');
    expect(answer.events.at(-1)).toMatchObject({
      type: 'error',
      code: 'timeout',
      message: 'Sorry, I had trouble connecting. Please try again.',
    });
    expect((await conversation(id)).messages[1]).toMatchObject({ text: 'Let me see', cutOff: true });
  });

  it('answers ?stream=false as one JSON answer, with the proposal a tool made and nothing changed', async () => {
    useAssistantModel({
      name: 'scripted',
      async answer(ask, emit) {
        const found = await ask.runTool('search_cellar', { inStock: true, limit: 1 });
        const row = found.ok ? (found.content as { rows: { cellarWineId: string }[] }).rows[0] : undefined;
        await ask.runTool('propose_price', { cellarWineId: row?.cellarWineId, sellingPrice: 123_400 });
        emit({ type: 'text', text: 'I have proposed a new price; confirm it if you agree.' });
        return { usage: { inputTokens: 0, outputTokens: 0 }, stopReason: 'end_turn' };
      },
    });
    const id = await start();
    const whole = await restaurant<AssistantAnswer>(
      'POST',
      `/api/assistant/conversations/${id}/messages?stream=false`,
      { json: { text: 'Set a new price on my first wine' }, headers: key },
    );
    expect(whole.status).toBe(200);
    expect(whole.payload.text).toBe('I have proposed a new price; confirm it if you agree.');
    expect(whole.payload.toolCalls.map((c) => [c.name, c.ok])).toEqual([
      ['search_cellar', true],
      ['propose_price', true],
    ]);
    const [proposal] = whole.payload.proposals;
    expect(proposal).toMatchObject({ kind: 'price', newPrice: 123_400 });
    expect(whole.payload.cutOff).toBeUndefined();

    const stored = await conversation(id);
    expect(stored.messages[1]).toMatchObject({ id: whole.payload.messageId, proposals: [proposal] });
    // A proposal changes nothing until it is confirmed.
    const wine = await accounts.getWine('restaurant', (proposal as { cellarWineId: string }).cellarWineId);
    expect(wine.sellingPrice).not.toBe(123_400);
  });
});
