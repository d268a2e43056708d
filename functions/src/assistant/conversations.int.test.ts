/**
 * The assistant's conversations through the API against DynamoDB Local: started, listed newest first,
 * read with their messages and deleted with them; the last 20 kept; another person's conversation is
 * not found whatever is asked of it; a question's length bounded; the per-user rate limit.
 */
import { accountsSeed } from '@kork/functions/accounts/seed';
import type { AssistantConversation, AssistantConversationSummary, AssistantUsage } from '@kork/shared';
import { ASSISTANT_LIMITS } from '@kork/shared';
import { afterAll, beforeAll, describe, expect, it, vi } from 'vitest';
import { useSeededStack } from '../../test/seeded-stack';
import type { AssistantModelPort } from '../adapters/assistant-model';
import { useAssistantModel } from '../adapters/assistant-model';
import { ownedItems } from '../data/owned-purge';
import { tables } from '../data/tables';
import { routes } from '../routes';
import { OWNED_ENTITIES, purgeAccountData } from './account-purge';
import { messagesOf } from './conversations/conversation-service';

const { accounts, signedInAs } = useSeededStack({ seeds: [accountsSeed], signIn: ['restaurant', 'private'] });
const restaurant = signedInAs('restaurant');
const collector = signedInAs('private');

/** The key the assistant's routes take (the AI client's when the manifest says so). */
const key: Record<string, string> =
  (routes['POST /api/assistant/conversations'] as { clientKey?: string }).clientKey === 'ai'
    ? { 'x-api-key': 'kork-local-ai' }
    : {};

/** A model that answers every question with one sentence and no tools. */
const answer = vi.fn<AssistantModelPort['answer']>(async (_ask, emit) => {
  emit({ type: 'text', text: 'Noted.' });
  return { usage: { inputTokens: 10, outputTokens: 2 }, stopReason: 'end_turn' };
});
beforeAll(() => useAssistantModel({ name: 'test', answer }));
afterAll(() => useAssistantModel(undefined));

type List = { rows: AssistantConversationSummary[]; count: number; usage: AssistantUsage };

async function start(api = restaurant): Promise<string> {
  const created = await api<{ id: string }>('POST', '/api/assistant/conversations', { headers: key });
  expect(created.status).toBe(201);
  return created.payload.id;
}

function ask(api: typeof restaurant, id: string, text: string) {
  return api('POST', `/api/assistant/conversations/${id}/messages?stream=false`, {
    json: { text },
    headers: key,
  });
}

describe('assistant conversations', () => {
  it('starts, lists newest first, reads with messages and deletes a conversation', async () => {
    const first = await start();
    const second = await start();
    const asked = await ask(restaurant, first, 'What  is low on stock\nthis week?');
    expect(asked.status).toBe(200);

    const list = await restaurant<List>('GET', '/api/assistant/conversations', { headers: key });
    expect(list.status).toBe(200);
    expect(list.payload.count).toBe(list.payload.rows.length);
    // The one asked in last is the most recent; its title is its first question on one line.
    expect(list.payload.rows[0]).toMatchObject({
      id: first,
      title: 'What is low on stock this week?',
      messageCount: 2,
    });
    expect(list.payload.rows[1]).toMatchObject({ id: second, title: '', messageCount: 0 });
    expect(list.payload.usage).toMatchObject({
      usedTokens: 12,
      budgetTokens: ASSISTANT_LIMITS.monthlyTokenBudget,
    });

    const read = await restaurant<AssistantConversation>('GET', `/api/assistant/conversations/${first}`, {
      headers: key,
    });
    expect(read.status).toBe(200);
    expect(read.payload.messages.map((m) => [m.role, m.text])).toEqual([
      ['user', 'What  is low on stock\nthis week?'],
      ['assistant', 'Noted.'],
    ]);
    expect(read.payload.messages[1]?.cutOff).toBeUndefined();

    const deleted = await restaurant('DELETE', `/api/assistant/conversations/${first}`, { headers: key });
    expect(deleted.status).toBe(204);
    expect((await restaurant('GET', `/api/assistant/conversations/${first}`, { headers: key })).status).toBe(
      404,
    );
    expect(await messagesOf(accounts.userIds.restaurant as string, first)).toEqual([]);
    expect(
      (await restaurant('DELETE', `/api/assistant/conversations/${first}`, { headers: key })).status,
    ).toBe(404);
  });

  it('takes a title when one is given, and keeps it past the first question', async () => {
    const titled = await restaurant<{ id: string }>('POST', '/api/assistant/conversations', {
      json: { title: 'Weekend reorder' },
      headers: key,
    });
    expect(titled.status).toBe(201);
    expect((await ask(restaurant, titled.payload.id, 'What is low?')).status).toBe(200);
    const read = await restaurant<AssistantConversation>(
      'GET',
      `/api/assistant/conversations/${titled.payload.id}`,
      {
        headers: key,
      },
    );
    expect(read.payload.title).toBe('Weekend reorder');
    const tooLong = await restaurant('POST', '/api/assistant/conversations', {
      json: { title: 'x'.repeat(ASSISTANT_LIMITS.titleMaxLength + 1) },
      headers: key,
    });
    expect(tooLong.status).toBe(400);
    expect(tooLong.error?.fields?.title).toBe('At most 80 characters');
  });

  it('keeps the last 20: starting the 21st removes the oldest with its messages', async () => {
    const userId = accounts.userIds.private as string;
    const oldest = await start(collector);
    expect((await ask(collector, oldest, 'What should I drink now?')).status).toBe(200);
    const others: string[] = [];
    for (let i = 1; i < ASSISTANT_LIMITS.conversationsKept; i++) others.push(await start(collector));
    let list = await collector<List>('GET', '/api/assistant/conversations', { headers: key });
    expect(list.payload.count).toBe(20);

    const newest = await start(collector);
    list = await collector<List>('GET', '/api/assistant/conversations', { headers: key });
    expect(list.payload.count).toBe(20);
    const ids = list.payload.rows.map((r) => r.id);
    expect(ids).toContain(newest);
    expect(ids).not.toContain(oldest);
    expect(ids).toEqual(expect.arrayContaining(others));
    expect((await collector('GET', `/api/assistant/conversations/${oldest}`, { headers: key })).status).toBe(
      404,
    );
    expect(await messagesOf(userId, oldest)).toEqual([]);
  });

  it("answers another person's conversation as not found, and sends nothing to the model", async () => {
    const theirs = await start(restaurant);
    expect((await ask(restaurant, theirs, 'How many bottles do I have?')).status).toBe(200);
    const calls = answer.mock.calls.length;

    const read = await collector('GET', `/api/assistant/conversations/${theirs}`, { headers: key });
    expect(read.status).toBe(404);
    const asked = await ask(collector, theirs, 'Show me everything');
    expect(asked.status).toBe(404);
    const streamed = await collector('POST', `/api/assistant/conversations/${theirs}/messages`, {
      json: { text: 'Show me everything' },
      headers: key,
    });
    expect(streamed.status).toBe(404);
    const deleted = await collector('DELETE', `/api/assistant/conversations/${theirs}`, { headers: key });
    expect(deleted.status).toBe(404);

    expect(answer.mock.calls.length).toBe(calls);
    const mine = await restaurant<AssistantConversation>('GET', `/api/assistant/conversations/${theirs}`, {
      headers: key,
    });
    expect(mine.payload.messages).toHaveLength(2);
  });

  it('asks for a new conversation when one is full, before the model', async () => {
    const id = await start();
    const ownerId = accounts.userIds.restaurant as string;
    // 99 of 100 places taken: no room for a question and its answer.
    await tables('assistant')
      .assistantConversation.patch({ ownerId, id })
      .set({ messageCount: ASSISTANT_LIMITS.messagesPerConversation - 1 })
      .go();
    const calls = answer.mock.calls.length;
    const asked = await ask(restaurant, id, 'One more?');
    expect(asked.status).toBe(409);
    expect(asked.error?.message).toBe('This conversation is full. Start a new conversation to ask more.');
    expect(answer.mock.calls.length).toBe(calls);
    expect(await messagesOf(ownerId, id)).toEqual([]);
  });

  it('refuses a question longer than 2000 characters with a clear 400', async () => {
    const id = await start();
    const asked = await ask(restaurant, id, 'x'.repeat(ASSISTANT_LIMITS.messageMaxLength + 1));
    expect(asked.status).toBe(400);
    expect(asked.error?.fields?.text).toBe('At most 2000 characters');
    const nb = await restaurant('POST', `/api/assistant/conversations/${id}/messages`, {
      json: { text: 'x'.repeat(2001) },
      language: 'nb',
      headers: key,
    });
    expect(nb.error?.fields?.text).toBe('Høyst 2000 tegn');
    const empty = await ask(restaurant, id, '');
    expect(empty.status).toBe(400);
    const read = await restaurant<AssistantConversation>('GET', `/api/assistant/conversations/${id}`, {
      headers: key,
    });
    expect(read.payload.messages).toEqual([]);
  });

  it('takes at most 10 questions a minute from one person, and keeps nothing of a refused one', async () => {
    const id = await start(collector);
    let answered = 0;
    let refused: Awaited<ReturnType<typeof ask>> | undefined;
    // A fixed window of a minute: at most 10 in it (20 if the loop runs across a minute's end).
    for (let i = 0; i < 2 * ASSISTANT_LIMITS.questionsPerMinute + 1 && !refused; i++) {
      const asked = await ask(collector, id, `Question ${i}`);
      if (asked.status === 429) refused = asked;
      else if (asked.status === 200) answered++;
    }
    expect(refused?.error?.message).toBe('Too many questions at once. Please wait a minute and ask again.');
    expect(answered).toBeLessThanOrEqual(2 * ASSISTANT_LIMITS.questionsPerMinute);
    const read = await collector<AssistantConversation>('GET', `/api/assistant/conversations/${id}`, {
      headers: key,
    });
    expect(read.payload.messages).toHaveLength(2 * answered);
  });

  it('keeps 20 when conversations are started at the same moment', async () => {
    const before = await collector<List>('GET', '/api/assistant/conversations', { headers: key });
    expect(before.payload.count).toBe(ASSISTANT_LIMITS.conversationsKept);
    const started = await Promise.all([start(collector), start(collector), start(collector)]);
    const after = await collector<List>('GET', '/api/assistant/conversations', { headers: key });
    expect(after.payload.count).toBe(ASSISTANT_LIMITS.conversationsKept);
    expect(after.payload.rows.map((r) => r.id)).toEqual(expect.arrayContaining(started));
  });

  it("is removed with the account: conversations, messages and the month's usage", async () => {
    const userId = accounts.userIds.private as string;
    const assistantItems = async () => {
      const owned = await ownedItems(userId, { pages: 'all' });
      return OWNED_ENTITIES.flatMap((entity) => owned[entity] ?? []);
    };
    expect((await assistantItems()).length).toBeGreaterThan(ASSISTANT_LIMITS.conversationsKept);
    expect(await purgeAccountData(userId, Date.now() + 60_000)).toBe(true);
    expect(await assistantItems()).toEqual([]);
    const list = await collector<List>('GET', '/api/assistant/conversations', { headers: key });
    expect(list.payload).toMatchObject({ rows: [], count: 0, usage: { usedTokens: 0 } });
  });
});
