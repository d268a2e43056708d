/**
 * The cellar assistant's tools: the registry, their input schemas as JSON Schema for the model, and
 * `runTool`, which validates a call's input with the shared schema, runs the tool for the signed-in user
 * (never an owner the model names), and bounds what goes back to the model. It never throws.
 */
import {
  ASSISTANT_LIMITS,
  ASSISTANT_TOOL_NAMES,
  AssistantToolInputs,
  type AssistantToolName,
  message,
} from '@kork/shared';
import * as z from 'zod/mini';
import { DomainError, NotFoundError } from '../../platform/errors';
import { logger } from '../../platform/logger';
import { boundContent } from './bound-content';
import { cellarTotals } from './cellar-totals';
import { drinkNow } from './drink-now';
import { lowStock } from './low-stock';
import { pairWithFood } from './pair-with-food';
import { proposeCart } from './propose-cart';
import { proposePrice } from './propose-price';
import { reorderSuggestions } from './reorder-suggestions';
import { salesAndMargins } from './sales-and-margins';
import { searchCellar } from './search-cellar';
import type { AssistantTool, ToolContext, ToolOutput } from './tool';
import { notInYourCellar, ToolError } from './tool-error';
import { wineListsOfWine } from './wine-lists-of-wine';

export { boundContent } from './bound-content';
export type * from './outputs';
export type { AssistantTool, ToolContext, ToolOutput } from './tool';

export const assistantTools: { readonly [N in AssistantToolName]: AssistantTool<N> } = {
  search_cellar: searchCellar,
  cellar_totals: cellarTotals,
  drink_now: drinkNow,
  pair_with_food: pairWithFood,
  low_stock: lowStock,
  reorder_suggestions: reorderSuggestions,
  sales_and_margins: salesAndMargins,
  wine_lists_of_wine: wineListsOfWine,
  propose_cart: proposeCart,
  propose_price: proposePrice,
};

export function isToolName(name: string): name is AssistantToolName {
  return (ASSISTANT_TOOL_NAMES as readonly string[]).includes(name);
}

export interface ToolSpec {
  name: AssistantToolName;
  description: string;
  /** JSON Schema (draft 2020-12) of the input as the model sends it. */
  inputSchema: Record<string, unknown>;
}

type JsonSchema = { [key: string]: unknown };

/** What a field means where its schema alone does not say it. */
const FIELD_NOTES: Record<string, string> = {
  from: 'First day, YYYY-MM-DD.',
  to: 'Last day, YYYY-MM-DD.',
  sellingPrice: "Minor units of the cellar's currency (øre for NOK), with VAT.",
  limit: 'Rows to answer (10 when not given).',
  quantity: 'Bottles.',
};

/**
 * The input schema's JSON Schema. A list field checks its length before its items (shared
 * schema-primitives), so the input form shows untyped items: they are taken from the output form.
 */
function fillItems(input: JsonSchema, output: JsonSchema | undefined): void {
  if (!output) return;
  const items = input.items as JsonSchema | undefined;
  if (input.type === 'array' && items && Object.keys(items).length === 0 && output.items) {
    input.items = output.items;
  }
  const properties = input.properties as Record<string, JsonSchema> | undefined;
  const outputProperties = output.properties as Record<string, JsonSchema> | undefined;
  for (const [key, property] of Object.entries(properties ?? {})) {
    fillItems(property, outputProperties?.[key]);
    if (FIELD_NOTES[key] && !property.description) property.description = FIELD_NOTES[key];
  }
}

function inputSchemaOf(name: AssistantToolName): JsonSchema {
  const schema = AssistantToolInputs[name];
  const input = z.toJSONSchema(schema, { io: 'input' }) as JsonSchema;
  const output = z.toJSONSchema(schema, { io: 'output' }) as JsonSchema;
  fillItems(input, output);
  delete input.$schema;
  return input;
}

let specs: ToolSpec[] | undefined;

/** Every tool's name, description and input schema, for the model's tool configuration. */
export function toolSpecs(): ToolSpec[] {
  specs ??= ASSISTANT_TOOL_NAMES.map((name) => ({
    name,
    description: assistantTools[name].description,
    inputSchema: inputSchemaOf(name),
  }));
  return specs;
}

/**
 * A tool's answer. A refusal (`ok: false`) is sent back to the model as the tool's error; `failed` marks
 * a failure of Kork (the data could not be read) rather than of the call, which the caller may answer
 * with the "trouble connecting" message instead.
 */
export type ToolRunResult =
  | { ok: true; output: ToolOutput; content: unknown }
  | { ok: false; error: string; failed?: true; said?: string };

/** The call's input: none is `{}`, and JSON text (a model's input as streamed) is read. */
function inputOf(raw: unknown): unknown {
  if (raw === undefined || raw === null || raw === '') return {};
  if (typeof raw !== 'string') return raw;
  try {
    return JSON.parse(raw);
  } catch {
    return raw;
  }
}

/** A refused input as one short line for the model: each field and its rule, in English. */
function inputError(error: z.core.$ZodError): string {
  const parts = error.issues.slice(0, 5).map((issue) => {
    const path = issue.path.map(String).join('.') || 'input';
    return `${path}: ${message(issue.message, 'en')}`;
  });
  return `Invalid input. ${parts.join('; ')}`;
}

/** The same refusal for a person: the rules' messages in their language ("Amount is too large"). */
function inputSaid(error: z.core.$ZodError, locale: ToolContext['locale']): string {
  return [...new Set(error.issues.slice(0, 5).map((issue) => message(issue.message, locale)))].join('; ');
}

/**
 * Runs one tool call: refuses an unknown name and an input its schema refuses (the error names the field
 * and its rule), runs the tool for `context.userId`, and answers its output with `content`, the JSON for
 * the model, bounded to ASSISTANT_LIMITS.toolResultMaxChars. A failure is logged and answered, never thrown.
 */
export async function runTool(context: ToolContext, name: string, rawInput: unknown): Promise<ToolRunResult> {
  if (!isToolName(name)) return { ok: false, error: `Unknown tool "${String(name).slice(0, 60)}".` };
  const parsed = z.safeParse(AssistantToolInputs[name] as z.ZodMiniType, inputOf(rawInput));
  if (!parsed.success) {
    return { ok: false, error: inputError(parsed.error), said: inputSaid(parsed.error, context.locale) };
  }
  const tool = assistantTools[name] as AssistantTool;
  try {
    const output = await tool.run(context, parsed.data as never);
    return { ok: true, output, content: boundContent(output.data, ASSISTANT_LIMITS.toolResultMaxChars) };
  } catch (error) {
    if (error instanceof ToolError)
      return { ok: false, error: error.message, said: error.said(context.locale) };
    if (error instanceof NotFoundError) {
      const refusal = notInYourCellar();
      return { ok: false, error: refusal.message, said: refusal.said(context.locale) };
    }
    if (error instanceof DomainError && error.status < 500) {
      const fields = Object.entries(error.fields ?? {});
      const say = (locale: ToolContext['locale']) =>
        fields.length > 0
          ? fields
              .map(([field, text]) => (locale === 'en' ? `${field}: ` : '') + message(text, locale))
              .join('; ')
          : message(error.message, locale);
      return {
        ok: false,
        error: say('en'),
        said:
          fields.length > 0
            ? fields.map(([, text]) => message(text, context.locale)).join('; ')
            : say(context.locale),
      };
    }
    logger.error('assistant tool failed', { tool: name, requestId: context.requestId, error });
    return { ok: false, error: 'The tool failed; the data could not be read just now.', failed: true };
  }
}
