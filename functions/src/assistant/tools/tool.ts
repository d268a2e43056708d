/**
 * One tool of the cellar assistant: a name the model calls, its input schema (shared with every client),
 * and a run over one of Kork's services for the signed-in user. The owner is the context's, never the
 * model's: no tool input names an account.
 */
import type {
  AssistantProposal,
  AssistantToolInput,
  AssistantToolName,
  CurrencyCode,
  Locale,
} from '@kork/shared';

export interface ToolContext {
  /** The signed-in user, whose cellar every tool reads. */
  userId: string;
  locale: Locale;
  /** The viewer's currency (X-Currency); figures are answered in the cellar's base currency, with its code. */
  currency: CurrencyCode;
  /** "Today" for drinking windows and periods (fixed in tests). */
  now: Date;
  requestId: string;
}

export interface ToolOutput {
  /** JSON for the model and the local engine's templates: rows carry `cellarWineId` and `name` for links. */
  data: Record<string, unknown>;
  /** A change to confirm in the UI (propose_cart, propose_price): streamed as a `proposal` event. */
  proposal?: AssistantProposal;
}

export interface AssistantTool<N extends AssistantToolName = AssistantToolName> {
  name: N;
  /** For the model, in English: what it answers and when to call it. */
  description: string;
  run(context: ToolContext, input: AssistantToolInput<N>): Promise<ToolOutput>;
}
