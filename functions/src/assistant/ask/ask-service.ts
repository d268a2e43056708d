/**
 * One question to the cellar assistant, answered as a stream of events (SPEC §1; the contract in
 * shared/src/assistant.ts). Before anything reaches the model: the conversation is the person's (else
 * 404), it has room, the per-user rate limit and the account's monthly token budget allow it. Then the
 * question is stored, the model answers with the tools (each run for the signed-in user, never an owner
 * the model names), the usage it reports is added to the month, and the answer is stored — cut off when
 * it did not end normally, with §8's message streamed as the last event.
 */
import {
  ASSISTANT_LIMITS,
  ASSISTANT_TOOL_NAMES,
  type AssistantAnswer,
  type AssistantProposal,
  type AssistantStreamEvent,
  type AssistantToolCall,
  type AssistantToolName,
  type CurrencyCode,
  type Locale,
  message,
} from '@kork/shared';
import {
  type AssistantModelEvent,
  type AssistantModelResult,
  type AssistantTurn,
  assistantModel,
  type ToolRun,
} from '../../adapters/assistant-model';
import { RateLimitedError, UpstreamError } from '../../platform/errors';
import { type Logger, logger } from '../../platform/logger';
import { reserve } from '../../platform/rate-limit';
import {
  addAnswer,
  addQuestion,
  ConversationFullError,
  conversationOf,
  type MessageRecord,
  messagesOf,
  nextId,
} from '../conversations/conversation-service';
import { runTool, toolSpecs } from '../tools/index';
import { systemPrompt } from './system-prompt';
import { recordUsage, secondsToNextMonth, usageOf, withinBudget } from './usage';

export interface AskInput {
  userId: string;
  conversationId: string;
  text: string;
  locale: Locale;
  currency: CurrencyCode;
  requestId: string;
  log?: Logger;
  /** "Today" (fixed in tests). */
  now?: Date;
  /** Aborted when the client goes away. */
  signal?: AbortSignal;
}

export type Emit = (event: AssistantStreamEvent) => void | Promise<void>;

/** The whole answer's time: `ASSISTANT_ANSWER_TIMEOUT_MS`, else 25 s (under the AI client's and the API's limits). */
export function answerTimeoutMs(): number {
  const raw = (process.env.ASSISTANT_ANSWER_TIMEOUT_MS ?? '').trim();
  return /^\d+$/.test(raw) && Number(raw) > 0 ? Number(raw) : 25_000;
}

const TOOL_NAMES = new Set<string>(ASSISTANT_TOOL_NAMES);

class AnswerTimeout extends Error {
  override name = 'AnswerTimeout';
}

class ToolCrash extends Error {
  override name = 'ToolCrash';
}

/**
 * The checks before a question is stored or sent: 404 for a conversation the person does not have, 409
 * when it is full, 429 for too many questions or a spent monthly budget (nothing reaches the model).
 */
export async function checkQuestion(input: AskInput): Promise<void> {
  const now = input.now ?? new Date();
  const conversation = await conversationOf(input.userId, input.conversationId);
  if (conversation.messageCount + 2 > ASSISTANT_LIMITS.messagesPerConversation)
    throw new ConversationFullError();
  const usage = await usageOf(input.userId, now);
  if (!withinBudget(usage)) {
    throw new RateLimitedError(secondsToNextMonth(now), { key: 'assistantBudgetSpent' });
  }
  const granted = await reserve(
    { key: `assistant#${input.userId}`, limit: ASSISTANT_LIMITS.questionsPerMinute, windowSeconds: 60 },
    now.getTime(),
  );
  if (!granted.granted) {
    throw new RateLimitedError(granted.retryAfterSeconds, { key: 'assistantTooManyQuestions' });
  }
}

/** The earlier messages sent with a question: the last `historySent`, with text, oldest first. */
export function historyOf(messages: readonly MessageRecord[]): AssistantTurn[] {
  return messages
    .filter((m) => m.text.trim().length > 0)
    .slice(-ASSISTANT_LIMITS.historySent)
    .map((m) => ({ role: m.role, text: m.text }));
}

/**
 * Answers one question, streaming its events through `emit`. Throws a domain error (404, 409, 429)
 * only before the first event; from `start` on, every failure ends the stream with an `error` event and
 * the answer so far is stored as cut off.
 */
export async function askStreaming(input: AskInput, emit: Emit): Promise<AssistantAnswer> {
  const now = input.now ?? new Date();
  const log = (input.log ?? logger).child({
    requestId: input.requestId,
    conversationId: input.conversationId,
  });
  await checkQuestion(input);
  const earlier = await messagesOf(input.userId, input.conversationId);
  await addQuestion(input.userId, input.conversationId, input.text, now);

  const messageId = nextId();
  const toolCalls: AssistantToolCall[] = [];
  const proposals: AssistantProposal[] = [];
  let text = '';
  await emit({ type: 'start', messageId });

  // A tool announced by the model and run through runTool is streamed once, whichever comes first.
  const announced = new Map<string, number>();
  const ranUnannounced = new Map<string, number>();
  const pending: Promise<unknown>[] = [];
  const send = (event: AssistantStreamEvent) => {
    pending.push(Promise.resolve(emit(event)));
  };
  const toolEvent = (name: string, from: 'model' | 'run') => {
    if (!TOOL_NAMES.has(name)) return;
    const [mine, theirs] = from === 'model' ? [announced, ranUnannounced] : [ranUnannounced, announced];
    const waiting = theirs.get(name) ?? 0;
    if (waiting > 0) {
      theirs.set(name, waiting - 1);
      return;
    }
    mine.set(name, (mine.get(name) ?? 0) + 1);
    send({ type: 'tool', name: name as AssistantToolName });
  };

  const timeout = new AbortController();
  const signal = input.signal ? AbortSignal.any([input.signal, timeout.signal]) : timeout.signal;
  let crashed: unknown;
  const context = {
    userId: input.userId,
    locale: input.locale,
    currency: input.currency,
    now,
    requestId: input.requestId,
  };

  const run = async (name: string, toolInput: unknown): Promise<ToolRun> => {
    toolEvent(name, 'run');
    try {
      const result = await runTool(context, name, toolInput);
      if (TOOL_NAMES.has(name)) {
        toolCalls.push({ name: name as AssistantToolName, input: toolInput, ok: result.ok });
      }
      if (!result.ok && result.failed) {
        // The tool could not read the person's data (not a refusal of the model's input): the answer
        // stops with §8's message rather than letting the model narrate around a hole.
        crashed ??= new ToolCrash(result.error);
        timeout.abort(crashed);
        return { ok: false, error: result.error };
      }
      if (!result.ok)
        return { ok: false, error: result.error, ...(result.said ? { said: result.said } : {}) };
      const proposal = result.output.proposal;
      if (proposal) {
        proposals.push(proposal);
        send({ type: 'proposal', proposal });
      }
      return { ok: true, content: result.content };
    } catch (error) {
      // A tool that throws is a failure of Kork, not of the question: the answer stops here.
      crashed ??= new ToolCrash(error instanceof Error ? error.message : String(error));
      log.error('assistant tool failed', { tool: name, error });
      if (TOOL_NAMES.has(name))
        toolCalls.push({ name: name as AssistantToolName, input: toolInput, ok: false });
      timeout.abort(crashed);
      return { ok: false, error: 'The tool failed.' };
    }
  };

  const onModelEvent = (event: AssistantModelEvent) => {
    if (signal.aborted) return;
    if (event.type === 'text') {
      if (!event.text) return;
      text += event.text;
      send({ type: 'text', text: event.text });
    } else toolEvent(event.name, 'model');
  };

  let result: AssistantModelResult | undefined;
  let failure: unknown;
  let timer: ReturnType<typeof setTimeout> | undefined;
  const model = await assistantModel();
  try {
    const timedOut = new Promise<never>((_, reject) => {
      timer = setTimeout(() => {
        const error = new AnswerTimeout(`no answer in ${answerTimeoutMs()} ms`);
        timeout.abort(error);
        reject(error);
      }, answerTimeoutMs());
    });
    const answered = model.answer(
      {
        system: systemPrompt(input.locale, now),
        locale: input.locale,
        history: historyOf(earlier),
        question: input.text,
        tools: toolSpecs(),
        runTool: run,
        maxRounds: ASSISTANT_LIMITS.toolRounds,
        maxTokens: ASSISTANT_LIMITS.maxOutputTokens,
        signal,
      },
      onModelEvent,
    );
    answered.catch(() => undefined);
    result = await Promise.race([answered, timedOut]);
    if (crashed) failure = crashed;
  } catch (error) {
    failure = crashed ?? error;
  } finally {
    clearTimeout(timer);
  }
  await Promise.all(pending);

  if (result) {
    await recordUsage(input.userId, result.usage, now).catch((error: unknown) =>
      log.error('assistant usage not recorded', { error, usage: result?.usage }),
    );
  }
  const cutOff = failure !== undefined || result?.stopReason !== 'end_turn';
  const answer: AssistantAnswer = {
    messageId,
    text,
    toolCalls,
    proposals,
    ...(cutOff ? { cutOff: true } : {}),
  };
  try {
    await addAnswer(input.userId, input.conversationId, messageId, { text, toolCalls, proposals, cutOff });
  } catch (error) {
    failure ??= error;
  }

  if (failure !== undefined || cutOff) {
    const gone = failure !== undefined && input.signal?.aborted === true && !crashed;
    const code = failure === undefined ? (result?.stopReason ?? 'other') : gone ? 'aborted' : codeOf(failure);
    if (gone) log.info('assistant answer stopped: the client went away', { model: model.name });
    else if (failure !== undefined) {
      log.error('assistant answer failed', { error: failure, model: model.name, code });
    } else log.warn('assistant answer cut off', { model: model.name, stopReason: result?.stopReason });
    await emit({
      type: 'error',
      message: message('assistantTrouble', input.locale),
      requestId: input.requestId,
      code,
    });
    return { ...answer, cutOff: true };
  }
  log.info('assistant answered', {
    model: model.name,
    tools: toolCalls.map((c) => c.name),
    inputTokens: result?.usage.inputTokens,
    outputTokens: result?.usage.outputTokens,
  });
  await emit({ type: 'done', messageId });
  return answer;
}

function codeOf(error: unknown): string {
  if (error instanceof AnswerTimeout) return 'timeout';
  if (error instanceof ToolCrash) return 'tool';
  return 'model';
}

/**
 * `?stream=false`: the same answer, whole. A failure (the model, the network, the time, a tool) is §8's
 * message as a 502 once the cut-off answer is stored; an answer cut off by its own limits (the rounds,
 * the tokens) is answered with `cutOff: true`.
 */
export async function askWhole(input: AskInput): Promise<AssistantAnswer> {
  let failed = false;
  const answer = await askStreaming(input, (event) => {
    if (event.type === 'error' && FAILURE_CODES.has(event.code ?? '')) failed = true;
  });
  if (failed) throw new UpstreamError({ key: 'assistantTrouble' });
  return answer;
}

const FAILURE_CODES = new Set(['model', 'timeout', 'tool']);
