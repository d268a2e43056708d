/**
 * The cellar assistant's model port's types (`assistant-model.ts` re-exports them): apart, so the Bedrock
 * adapter that the port loads on first use can name them without an import cycle.
 */
import type { AssistantToolName, Locale } from '@kork/shared';

export interface AssistantToolSpec {
  name: AssistantToolName;
  /** What the tool does, for the model (English). */
  description: string;
  /** The input's JSON Schema (from the shared zod schema). */
  inputSchema: Record<string, unknown>;
}

export interface AssistantTurn {
  role: 'user' | 'assistant';
  text: string;
}

export type ToolRun =
  /** `content`: the tool's answer as JSON, already bounded in size. */
  | { ok: true; content: unknown }
  /** The input was refused or the tool failed: sent back to the model as a tool error. */
  | {
      ok: false;
      error: string;
      /** The refusal in the person's language, where the tool gives one (the local engine says it). */
      said?: string;
    };

export interface AssistantAsk {
  /** The system prompt (the domain's; it names the language to answer in). */
  system: string;
  locale: Locale;
  /** Earlier turns of the conversation, oldest first, already bounded. */
  history: AssistantTurn[];
  question: string;
  tools: AssistantToolSpec[];
  /** Runs one tool call; never throws (a failure is `{ ok: false }`). */
  runTool(name: string, input: unknown): Promise<ToolRun>;
  /** Model ↔ tool rounds at most. */
  maxRounds: number;
  /** `maxTokens` of every model call. */
  maxTokens: number;
  /** Aborted when the client goes away or the time is up. */
  signal?: AbortSignal;
}

export type AssistantModelEvent = { type: 'text'; text: string } | { type: 'tool'; name: string };

export interface AssistantModelResult {
  /** Tokens the model reports for all rounds (0 for the local engine). */
  usage: { inputTokens: number; outputTokens: number };
  /** `end_turn` when the answer is complete; anything else means it was cut off. */
  stopReason: 'end_turn' | 'max_tokens' | 'max_rounds' | 'guardrail' | 'other';
}

export interface AssistantModelPort {
  /** Shown in logs and the eval report ("bedrock:<model id>", "local-rules"). */
  readonly name: string;
  /** Answers the question; `emit` is called as text arrives and as tools run. Throws on a model or network failure. */
  answer(ask: AssistantAsk, emit: (event: AssistantModelEvent) => void): Promise<AssistantModelResult>;
}
