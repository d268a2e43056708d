/**
 * The cellar assistant's tools: the registry, their input schemas as JSON Schema for the model, and
 * `runTool`, which validates a call's input, runs the tool for the signed-in user and bounds what goes back.
 */
import type { AssistantToolName } from '@kork/shared';
import type { AssistantTool, ToolContext, ToolOutput } from './tool';

export const assistantTools: Partial<Record<AssistantToolName, AssistantTool>> = {};

export interface ToolSpec {
  name: AssistantToolName;
  description: string;
  /** JSON Schema of the input (draft 2020-12), as the model's tool configuration takes it. */
  inputSchema: Record<string, unknown>;
}

export function toolSpecs(): ToolSpec[] {
  return [];
}

export type ToolRunResult = { ok: true; output: ToolOutput; content: unknown } | { ok: false; error: string };

export async function runTool(context: ToolContext, name: string, rawInput: unknown): Promise<ToolRunResult> {
  void context;
  void rawInput;
  return { ok: false, error: `Unknown tool: ${name}` };
}
