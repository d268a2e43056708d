/**
 * The cellar assistant's model in the cloud: Bedrock's ConverseStream with the tools as `toolConfig`.
 * Text is streamed as the model writes it; when it stops for tools (`stopReason: tool_use`) every tool
 * call of the round runs through `ask.runTool` (validated, run for the signed-in user, bounded) and the
 * results go back as `toolResult` blocks, until the model ends its turn or `ask.maxRounds` tool rounds
 * were run. `maxTokens` is set on every call; the model id and an optional guardrail come from the
 * environment. Guardrails see the question and the answer, never the tool results (those are bounded
 * by the tools instead).
 */
import {
  BedrockRuntimeClient,
  type ContentBlock,
  ConverseStreamCommand,
  type ConverseStreamCommandInput,
  type ConverseStreamOutput,
  type Message,
  type ToolInputSchema,
  type ToolResultBlock,
} from '@aws-sdk/client-bedrock-runtime';
import { optionalEnv } from '../platform/env';
import type {
  AssistantAsk,
  AssistantModelEvent,
  AssistantModelPort,
  AssistantModelResult,
  AssistantTurn,
} from './assistant-model-types';
import { DEFAULT_MODEL_ID } from './model';

/** The model or inference profile: `ASSISTANT_MODEL_ID`, else the import's Claude Haiku EU profile. */
export function assistantModelId(): string {
  return optionalEnv('ASSISTANT_MODEL_ID', DEFAULT_MODEL_ID);
}

/** `ASSISTANT_GUARDRAIL_ID` with `ASSISTANT_GUARDRAIL_VERSION` (both, or none). */
function guardrailConfig(): ConverseStreamCommandInput['guardrailConfig'] {
  const guardrailIdentifier = optionalEnv('ASSISTANT_GUARDRAIL_ID', '');
  const guardrailVersion = optionalEnv('ASSISTANT_GUARDRAIL_VERSION', '');
  if (!guardrailIdentifier || !guardrailVersion) return undefined;
  return { guardrailIdentifier, guardrailVersion, streamProcessingMode: 'async' };
}

let client: BedrockRuntimeClient | undefined;
function bedrock(): BedrockRuntimeClient {
  client ??= new BedrockRuntimeClient({});
  return client;
}

/**
 * Bedrock wants the conversation to start with the person and to alternate: turns of the same role are
 * joined, and an answer before any question is left out.
 */
export function conversationMessages(history: readonly AssistantTurn[], question: string): Message[] {
  const turns = [...history, { role: 'user' as const, text: question }];
  const out: { role: 'user' | 'assistant'; texts: string[] }[] = [];
  for (const turn of turns) {
    if (!turn.text.trim()) continue;
    const last = out.at(-1);
    if (last?.role === turn.role) last.texts.push(turn.text);
    else if (out.length > 0 || turn.role === 'user') out.push({ role: turn.role, texts: [turn.text] });
  }
  return out.map((m) => ({ role: m.role, content: [{ text: m.texts.join('\n\n') }] }));
}

type StopReason = AssistantModelResult['stopReason'];

function stopReasonOf(reason: string | undefined): StopReason | 'tool_use' {
  switch (reason) {
    case 'end_turn':
    case 'stop_sequence':
      return 'end_turn';
    case 'tool_use':
      return 'tool_use';
    case 'max_tokens':
      return 'max_tokens';
    case 'guardrail_intervened':
    case 'content_filtered':
      return 'guardrail';
    default:
      return 'other';
  }
}

/** A tool's answer as a `toolResult`'s JSON document (which must be an object). */
function toolResultOf(toolUseId: string, run: Awaited<ReturnType<AssistantAsk['runTool']>>): ToolResultBlock {
  if (!run.ok) return { toolUseId, status: 'error', content: [{ json: { error: run.error } }] };
  const content = run.content;
  const json =
    content && typeof content === 'object' && !Array.isArray(content) ? content : { result: content };
  return { toolUseId, status: 'success', content: [{ json: json as never }] };
}

/** The stream's error events are thrown as the errors they name. */
function throwIfError(event: ConverseStreamOutput): void {
  const named = event as unknown as Record<string, { message?: string } | undefined>;
  for (const name of [
    'internalServerException',
    'modelStreamErrorException',
    'validationException',
    'throttlingException',
    'serviceUnavailableException',
  ]) {
    const error = named[name];
    if (error) throw Object.assign(new Error(error.message ?? name), { name });
  }
}

interface Round {
  content: ContentBlock[];
  toolUses: { toolUseId: string; name: string; input: unknown }[];
  stopReason: StopReason | 'tool_use';
  usage: { inputTokens: number; outputTokens: number };
}

/** One ConverseStream call, its text streamed through `onText` as it comes. */
async function converse(
  input: ConverseStreamCommandInput,
  signal: AbortSignal | undefined,
  onText: (text: string) => void,
): Promise<Round> {
  const response = await bedrock().send(new ConverseStreamCommand(input), { abortSignal: signal });
  const blocks = new Map<number, { text: string } | { toolUseId: string; name: string; json: string }>();
  let stopReason: string | undefined;
  const usage = { inputTokens: 0, outputTokens: 0 };
  for await (const event of response.stream ?? []) {
    if (signal?.aborted) throw signal.reason ?? new Error('aborted');
    throwIfError(event);
    if (event.contentBlockStart) {
      const { contentBlockIndex = 0, start } = event.contentBlockStart;
      if (start?.toolUse) {
        blocks.set(contentBlockIndex, {
          toolUseId: start.toolUse.toolUseId ?? '',
          name: start.toolUse.name ?? '',
          json: '',
        });
      }
    } else if (event.contentBlockDelta) {
      const { contentBlockIndex = 0, delta } = event.contentBlockDelta;
      if (delta?.text !== undefined) {
        const block = blocks.get(contentBlockIndex) ?? { text: '' };
        if ('text' in block) {
          block.text += delta.text;
          blocks.set(contentBlockIndex, block);
          if (delta.text) onText(delta.text);
        }
      } else if (delta?.toolUse?.input !== undefined) {
        const block = blocks.get(contentBlockIndex);
        if (block && 'json' in block) block.json += delta.toolUse.input;
      }
    } else if (event.messageStop) {
      stopReason = event.messageStop.stopReason;
    } else if (event.metadata?.usage) {
      usage.inputTokens += event.metadata.usage.inputTokens ?? 0;
      usage.outputTokens += event.metadata.usage.outputTokens ?? 0;
    }
  }
  const content: ContentBlock[] = [];
  const toolUses: Round['toolUses'] = [];
  for (const index of [...blocks.keys()].sort((a, b) => a - b)) {
    const block = blocks.get(index);
    if (!block) continue;
    if ('text' in block) {
      if (block.text) content.push({ text: block.text });
      continue;
    }
    let parsed: unknown = {};
    let valid = true;
    try {
      parsed = block.json.trim() ? JSON.parse(block.json) : {};
    } catch {
      valid = false;
    }
    const document = valid && parsed && typeof parsed === 'object' && !Array.isArray(parsed) ? parsed : {};
    content.push({ toolUse: { toolUseId: block.toolUseId, name: block.name, input: document as never } });
    // Input that is no JSON object goes to the tool as it came, so the tool's validation refuses it.
    toolUses.push({ toolUseId: block.toolUseId, name: block.name, input: valid ? parsed : block.json });
  }
  return { content, toolUses, stopReason: stopReasonOf(stopReason), usage };
}

export const bedrockAssistantModel: AssistantModelPort = {
  get name() {
    return `bedrock:${assistantModelId()}`;
  },

  async answer(ask: AssistantAsk, emit: (event: AssistantModelEvent) => void): Promise<AssistantModelResult> {
    const messages = conversationMessages(ask.history, ask.question);
    const base: Omit<ConverseStreamCommandInput, 'messages'> = {
      modelId: assistantModelId(),
      system: [{ text: ask.system }],
      inferenceConfig: { maxTokens: ask.maxTokens },
      ...(ask.tools.length > 0
        ? {
            toolConfig: {
              tools: ask.tools.map((tool) => ({
                toolSpec: {
                  name: tool.name,
                  description: tool.description,
                  inputSchema: { json: tool.inputSchema } as ToolInputSchema,
                },
              })),
            },
          }
        : {}),
    };
    const guardrail = guardrailConfig();
    if (guardrail) base.guardrailConfig = guardrail;

    const usage = { inputTokens: 0, outputTokens: 0 };
    let written = '';
    let roundStart = true;
    const onText = (text: string) => {
      // Text of a later round starts a paragraph of its own.
      const piece = roundStart && written && !written.endsWith('\n') ? `\n\n${text}` : text;
      roundStart = false;
      written += piece;
      emit({ type: 'text', text: piece });
    };

    for (let toolRounds = 0; ; toolRounds++) {
      if (ask.signal?.aborted) throw ask.signal.reason ?? new Error('aborted');
      roundStart = true;
      const round = await converse({ ...base, messages }, ask.signal, onText);
      usage.inputTokens += round.usage.inputTokens;
      usage.outputTokens += round.usage.outputTokens;
      if (round.stopReason !== 'tool_use') return { usage, stopReason: round.stopReason };
      if (round.toolUses.length === 0) return { usage, stopReason: 'other' };
      if (toolRounds >= ask.maxRounds) return { usage, stopReason: 'max_rounds' };
      messages.push({ role: 'assistant', content: round.content });
      const results: ContentBlock[] = [];
      for (const use of round.toolUses) {
        emit({ type: 'tool', name: use.name });
        const run = await ask.runTool(use.name, use.input);
        results.push({ toolResult: toolResultOf(use.toolUseId, run) });
      }
      messages.push({ role: 'user', content: results });
    }
  },
};
