/**
 * Bedrock's part of the tool loop, played without Bedrock: given the ConverseStream request the real
 * adapter sent, the next stream of events the model would answer — a round of `toolUse` blocks (the input
 * JSON in several deltas, `stopReason: tool_use`, usage) or the closing text (`end_turn`).
 *
 * What to call and what to write is decided by the local engine (its router and answer templates), fed
 * only with what the request holds: the question, the language named in the system prompt, and the
 * `toolResult` blocks the adapter sent back. So the closing text narrates exactly the figures the tools
 * returned through the adapter — if the loop dropped or garbled a result, the answer would not hold the
 * facts the evaluation reads from the services.
 *
 * A fixture (bedrock-fixtures/<question id>.json) is one event array per model call. In a scripted
 * fixture `{{input}}` (a tool input that depends on an earlier result or on the day) and `{{narration}}`
 * (the closing text) are filled in here at replay; a fixture recorded from Bedrock has neither and is
 * replayed as it came.
 */
import type { ContentBlock, ConverseStreamCommandInput, Message } from '@aws-sdk/client-bedrock-runtime';
import type { Locale } from '@kork/shared';
import type { ToolRun } from '../../adapters/assistant-model';
import { localAssistantModel, textPieces } from '../engine/local-engine';

export type ConverseStreamEvent = Record<string, unknown>;

export interface BedrockFixture {
  /** The evaluation question's id. */
  question: string;
  /** The question as it was asked when the fixture was written. */
  text: string;
  /** `scripted`: written by scripts/record-assistant-fixtures.ts without Bedrock; `recorded`: Bedrock's own. */
  kind: 'scripted' | 'recorded';
  /** The model that answered a recorded fixture. */
  model?: string;
  /** One array of stream events per ConverseStream call, in order. */
  calls: ConverseStreamEvent[][];
}

export const INPUT_HOLE = '{{input}}';
export const NARRATION_HOLE = '{{narration}}';

interface ToolCall {
  name: string;
  input: unknown;
}

/** The model's next move: tools to call, or the answer. */
export type ModelMove = { kind: 'tools'; calls: ToolCall[] } | { kind: 'text'; text: string };

class WantsTool extends Error {
  constructor(readonly call: ToolCall) {
    super(`wants ${call.name}`);
  }
}

const textOf = (blocks: readonly ContentBlock[] | undefined) =>
  (blocks ?? []).flatMap((block) => (block.text !== undefined ? [block.text] : [])).join('\n');

/** The question, the language, and the tool results so far, as the request carries them. */
export function readRequest(input: ConverseStreamCommandInput): {
  question: string;
  locale: Locale;
  results: (ToolCall & { run: ToolRun })[];
} {
  const system = textOf(input.system as ContentBlock[] | undefined);
  const locale: Locale = /Always answer in Norwegian/.test(system) ? 'nb' : 'en';
  const messages: Message[] = input.messages ?? [];
  let at = messages.length - 1;
  while (at >= 0 && !(messages[at]?.role === 'user' && textOf(messages[at]?.content).trim())) at--;
  const question = at >= 0 ? textOf(messages[at]?.content) : '';
  const uses = new Map<string, ToolCall>();
  const results: (ToolCall & { run: ToolRun })[] = [];
  for (const message of messages.slice(at + 1)) {
    for (const block of message.content ?? []) {
      if (block.toolUse?.toolUseId)
        uses.set(block.toolUse.toolUseId, { name: block.toolUse.name ?? '', input: block.toolUse.input });
      const result = block.toolResult;
      if (!result?.toolUseId) continue;
      const use = uses.get(result.toolUseId);
      if (!use) throw new Error(`a toolResult for ${result.toolUseId}, which no toolUse asked for`);
      const json = result.content?.[0]?.json as Record<string, unknown> | undefined;
      const run: ToolRun =
        result.status === 'error'
          ? { ok: false, error: String(json?.error ?? 'error') }
          : { ok: true, content: json ?? {} };
      results.push({ ...use, run });
    }
  }
  return { question, locale, results };
}

/**
 * The next move on this request: the local engine answers the question with the request's tool results
 * handed back in order; the first tool it asks for beyond them is the next round's call, and when it
 * needs none its text is the answer.
 */
export async function nextMove(input: ConverseStreamCommandInput): Promise<ModelMove> {
  const { question, locale, results } = readRequest(input);
  let used = 0;
  let text = '';
  try {
    await localAssistantModel.answer(
      {
        system: '',
        locale,
        history: [],
        question,
        tools: [],
        maxRounds: 5,
        maxTokens: input.inferenceConfig?.maxTokens ?? 0,
        async runTool(name, toolInput) {
          const known = results[used++];
          if (!known) throw new WantsTool({ name, input: toolInput });
          if (known.name !== name)
            throw new Error(`the script calls ${name} where the adapter ran ${known.name}`);
          return known.run;
        },
      },
      (event) => {
        if (event.type === 'text') text += event.text;
      },
    );
  } catch (error) {
    if (error instanceof WantsTool) return { kind: 'tools', calls: [error.call] };
    throw error;
  }
  return { kind: 'text', text };
}

/** A string in `n` ≥ 2 pieces (as the model streams a tool's input JSON). */
export function inPieces(text: string, size = 24): string[] {
  const n = Math.max(2, Math.ceil(text.length / size));
  const step = Math.ceil(text.length / n) || 1;
  const pieces: string[] = [];
  for (let i = 0; i < n; i++) pieces.push(text.slice(i * step, (i + 1) * step));
  return pieces;
}

const tokens = (chars: number) => Math.max(1, Math.ceil(chars / 4));

function metadata(input: ConverseStreamCommandInput, outputChars: number): ConverseStreamEvent {
  const inputTokens = tokens(JSON.stringify([input.system, input.messages, input.toolConfig]).length);
  const outputTokens = tokens(outputChars);
  return {
    metadata: {
      usage: { inputTokens, outputTokens, totalTokens: inputTokens + outputTokens },
      metrics: { latencyMs: 0 },
    },
  };
}

/**
 * The events of one model call for `move`. With `holes`, a tool input that is `derived` and the closing
 * text are left as `{{input}}` and `{{narration}}` (a fixture's template); without, they are written out.
 */
export function moveEvents(
  move: ModelMove,
  input: ConverseStreamCommandInput,
  ids: { question: string; round: number },
  holes?: { derived: (call: ToolCall) => boolean },
): ConverseStreamEvent[] {
  const events: ConverseStreamEvent[] = [{ messageStart: { role: 'assistant' } }];
  if (move.kind === 'text') {
    const pieces = holes ? [NARRATION_HOLE] : textPieces(move.text, 6);
    for (const text of pieces) events.push({ contentBlockDelta: { contentBlockIndex: 0, delta: { text } } });
    events.push({ contentBlockStop: { contentBlockIndex: 0 } }, { messageStop: { stopReason: 'end_turn' } });
    events.push(metadata(input, move.text.length));
    return events;
  }
  let written = 0;
  move.calls.forEach((call, index) => {
    const toolUseId = `tooluse_${ids.question.replace(/\W/g, '_')}_${ids.round}_${index}`;
    events.push({
      contentBlockStart: { contentBlockIndex: index, start: { toolUse: { toolUseId, name: call.name } } },
    });
    const json = JSON.stringify(call.input ?? {});
    written += json.length;
    const pieces = holes?.derived(call) ? [INPUT_HOLE] : inPieces(json);
    for (const piece of pieces)
      events.push({ contentBlockDelta: { contentBlockIndex: index, delta: { toolUse: { input: piece } } } });
    events.push({ contentBlockStop: { contentBlockIndex: index } });
  });
  events.push({ messageStop: { stopReason: 'tool_use' } }, metadata(input, written));
  return events;
}

function isHole(event: ConverseStreamEvent, hole: string): boolean {
  const delta = (event.contentBlockDelta as { delta?: { text?: string; toolUse?: { input?: string } } })
    ?.delta;
  return delta?.text === hole || delta?.toolUse?.input === hole;
}

/**
 * A fixture's call made ready to stream: its holes filled from the next move on `input` (a tool the
 * fixture names must be the one the move calls, else the fixture is out of date). A call without holes
 * (every call of a recorded fixture) is returned as it is.
 */
export async function fillCall(
  events: readonly ConverseStreamEvent[],
  input: ConverseStreamCommandInput,
  where: string,
): Promise<ConverseStreamEvent[]> {
  if (!events.some((e) => isHole(e, INPUT_HOLE) || isHole(e, NARRATION_HOLE))) return [...events];
  const move = await nextMove(input);
  const names = new Map<number, string>();
  const out: ConverseStreamEvent[] = [];
  for (const event of events) {
    const start = event.contentBlockStart as
      | { contentBlockIndex: number; start?: { toolUse?: { name?: string } } }
      | undefined;
    if (start?.start?.toolUse?.name) names.set(start.contentBlockIndex, start.start.toolUse.name);
    if (isHole(event, NARRATION_HOLE)) {
      if (move.kind !== 'text') throw new Error(`${where}: the fixture answers, the script calls a tool`);
      for (const text of textPieces(move.text, 6))
        out.push({ contentBlockDelta: { contentBlockIndex: 0, delta: { text } } });
    } else if (isHole(event, INPUT_HOLE)) {
      const index = (event.contentBlockDelta as { contentBlockIndex: number }).contentBlockIndex;
      const call = move.kind === 'tools' ? move.calls[index] : undefined;
      if (!call || call.name !== names.get(index))
        throw new Error(
          `${where}: the fixture calls ${names.get(index)}, the script ${call?.name ?? 'nothing'}; regenerate it (npx tsx scripts/record-assistant-fixtures.ts)`,
        );
      for (const piece of inPieces(JSON.stringify(call.input ?? {})))
        out.push({ contentBlockDelta: { contentBlockIndex: index, delta: { toolUse: { input: piece } } } });
    } else out.push(event);
  }
  return out;
}
