/**
 * The cellar assistant's language-model port: answers one question with tools, streaming text as it comes.
 * In the cloud Bedrock's ConverseStream with `toolConfig` (`bedrock-assistant-model.ts`); the local runner
 * installs the assistant domain's deterministic engine (`assistant/engine/local-engine.ts`), which routes the
 * question onto the same tools and renders their real figures from templates.
 *
 * The port knows no domain: the assistant domain hands it the tools' specs and a `runTool` that validates
 * the input, runs the tool for the signed-in user and bounds the result.
 */
import type { AssistantModelPort } from './assistant-model-types';

export type {
  AssistantAsk,
  AssistantModelEvent,
  AssistantModelPort,
  AssistantModelResult,
  AssistantToolSpec,
  AssistantTurn,
  ToolRun,
} from './assistant-model-types';

let installed: AssistantModelPort | undefined;
let cloud: AssistantModelPort | undefined;

/** Replaces the Bedrock adapter (the local runner's engine, or a test's fake); `undefined` restores it. */
export function useAssistantModel(port: AssistantModelPort | undefined): void {
  installed = port;
}

/** The installed model, else Bedrock (loaded on first use, so other functions never bundle its client). */
export async function assistantModel(): Promise<AssistantModelPort> {
  if (installed) return installed;
  cloud ??= (await import('./bedrock-assistant-model')).bedrockAssistantModel;
  return cloud;
}
