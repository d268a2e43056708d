/**
 * The cellar assistant's contract (SPEC §1 "AI chat assistant for the cellar (beta)", §2 /wine-cellar/home,
 * §7 the AI client, §8 its message): the conversation routes, the streamed events, the tools the model may
 * call with their input schemas, and the proposals a person confirms before anything changes.
 *
 * "The model narrates, the math counts": every figure in an answer comes from a tool, and a tool is one of
 * Kork's services run for the signed-in user; no tool takes an owner id from the model.
 */
import * as z from 'zod/mini';
import { MAIN_CATEGORIES } from './catalog/wines';
import type { CurrencyCode } from './currencies';
import {
  idField,
  isoDateField,
  listField,
  MONEY_MAX_MINOR,
  moneyField,
  numberField,
  QUANTITY_MAX,
  textField,
} from './schema-primitives';

export const ASSISTANT_LIMITS = {
  /** Characters of one question (the composer's maxlength and the route's bound). */
  messageMaxLength: 2000,
  /** Conversations kept per user; starting one more deletes the oldest. */
  conversationsKept: 20,
  /** Messages kept in one conversation (questions and answers); a full one asks for a new conversation. */
  messagesPerConversation: 100,
  /** Earlier messages sent along with a question. */
  historySent: 12,
  /** Model ↔ tool rounds of one answer (stopReason tool_use → tool results → continue). */
  toolRounds: 5,
  /** `maxTokens` of every model call. */
  maxOutputTokens: 1500,
  /** Characters of one tool result sent back to the model (rows beyond it are left out, and it says so). */
  toolResultMaxChars: 8000,
  /** Rows a list tool answers at most. */
  toolRowsMax: 25,
  /** Questions per user per minute. */
  questionsPerMinute: 10,
  /** Tokens (input + output, as the model reports them) an account may use in a calendar month (UTC). */
  monthlyTokenBudget: 1_000_000,
  /** Items in one cart proposal. */
  proposalItemsMax: 20,
  /** Characters of a conversation's title (its first question, cut). */
  titleMaxLength: 80,
} as const;

// — Routes —

/** `POST /api/assistant/conversations`: an optional title; without one the first question titles it. */
export const AssistantNewConversation = z.object({
  title: z.optional(textField(ASSISTANT_LIMITS.titleMaxLength, { min: 1 })),
});
export type AssistantNewConversation = z.infer<typeof AssistantNewConversation>;

/** `POST /api/assistant/conversations/{conversationId}/messages` */
export const AssistantQuestion = z.object({
  text: textField(ASSISTANT_LIMITS.messageMaxLength, { min: 1, lines: true }),
});
export type AssistantQuestion = z.infer<typeof AssistantQuestion>;

/** `?stream=false` answers `AssistantAnswer` as JSON; anything else streams NDJSON events. */
export const AssistantMessageQuery = z.object({
  stream: z.optional(z.enum(['true', 'false'])),
});

export type AssistantRole = 'user' | 'assistant';

export interface AssistantToolCall {
  name: AssistantToolName;
  /** The input as validated (what the tool ran with). */
  input?: unknown;
  /** False when the tool refused its input or failed. */
  ok: boolean;
}

export interface AssistantMessage {
  id: string;
  role: AssistantRole;
  /** Markdown: paragraphs, lists, `|` tables and wine links `[name](kork:wine/<cellarWineId>)`. */
  text: string;
  createdAt: string;
  toolCalls?: AssistantToolCall[];
  proposals?: AssistantProposal[];
  /** The answer stopped before it was complete (an error, a timeout, the round limit): never shown as whole. */
  cutOff?: boolean;
}

/** `GET /api/assistant/conversations` rows (newest first, at most `conversationsKept`). */
export interface AssistantConversationSummary {
  id: string;
  title: string;
  createdAt: string;
  updatedAt: string;
  messageCount: number;
}

/** `GET /api/assistant/conversations/{conversationId}` */
export interface AssistantConversation {
  id: string;
  title: string;
  createdAt: string;
  updatedAt: string;
  messages: AssistantMessage[];
}

/** `?stream=false`: the whole answer at once. */
export interface AssistantAnswer {
  messageId: string;
  text: string;
  toolCalls: AssistantToolCall[];
  proposals: AssistantProposal[];
  cutOff?: boolean;
}

/** The month's use of the account's allowance (returned with the conversation list). */
export interface AssistantUsage {
  month: string;
  usedTokens: number;
  budgetTokens: number;
}

// — Streamed events (one JSON object per line, `application/x-ndjson`) —

export type AssistantStreamEvent =
  /** The answer's message id, first. */
  | { type: 'start'; messageId: string }
  /** The next piece of the answer's text (append). */
  | { type: 'text'; text: string }
  /** A tool is being run (shown as "Looking at your cellar…"). */
  | { type: 'tool'; name: AssistantToolName }
  /** A change the person may confirm; nothing has changed yet. */
  | { type: 'proposal'; proposal: AssistantProposal }
  | { type: 'done'; messageId: string }
  /** §8's message in the request's language; the answer so far is kept and marked cut off. */
  | { type: 'error'; message: string; requestId?: string; code?: string };

/** One event as a line of the stream. */
export function encodeStreamEvent(event: AssistantStreamEvent): string {
  return `${JSON.stringify(event)}\n`;
}

/**
 * Reads a stream's lines as they arrive: feed it text chunks, it hands back every complete event. A line
 * that is not an event is skipped (a proxy's keep-alive), never thrown on.
 */
export function streamEventDecoder(): {
  push(chunk: string): AssistantStreamEvent[];
  end(): AssistantStreamEvent[];
} {
  let buffer = '';
  const parse = (line: string): AssistantStreamEvent[] => {
    if (!line.trim()) return [];
    try {
      const value = JSON.parse(line) as { type?: unknown };
      return value && typeof value.type === 'string' ? [value as AssistantStreamEvent] : [];
    } catch {
      return [];
    }
  };
  return {
    push(chunk) {
      buffer += chunk;
      const lines = buffer.split('\n');
      buffer = lines.pop() ?? '';
      return lines.flatMap(parse);
    },
    end() {
      const rest = buffer;
      buffer = '';
      return parse(rest);
    },
  };
}

// — Proposals: changes the person confirms in the UI, through the existing routes —

export interface AssistantCartProposalItem {
  /** `POST /api/wine-cellars/cellars/{id}/nbs/cart-items` takes supplierId, wineId (catalogue) and quantity. */
  supplierId: string;
  supplierName: string;
  /** The catalogue wine the supplier offers. */
  wineId: string;
  /** The cellar's row of that wine, when the cellar holds it (for the link). */
  cellarWineId?: string;
  wineName: string;
  vintage?: number | null;
  quantity: number;
  /** The supplier's price of one bottle, minor units of `currency`. */
  unitPrice: number;
  currency: CurrencyCode;
}

export type AssistantProposal =
  | { id: string; kind: 'cart'; items: AssistantCartProposalItem[] }
  | {
      id: string;
      kind: 'price';
      /** `PATCH /api/wine-cellars/users/{id}/own-wines/{ownWineId}` with `sellingPrice`. */
      cellarWineId: string;
      wineName: string;
      vintage?: number | null;
      /** Minor units of `currency`; null when the wine has no selling price yet. */
      currentPrice: number | null;
      newPrice: number;
      currency: CurrencyCode;
    };

// — Tools: what the model may call (the same for Bedrock and the local engine) —

export const ASSISTANT_TOOL_NAMES = [
  'search_cellar',
  'cellar_totals',
  'drink_now',
  'pair_with_food',
  'low_stock',
  'reorder_suggestions',
  'sales_and_margins',
  'wine_lists_of_wine',
  'propose_cart',
  'propose_price',
] as const;
export type AssistantToolName = (typeof ASSISTANT_TOOL_NAMES)[number];

const rowsLimit = z.optional(numberField(1, ASSISTANT_LIMITS.toolRowsMax, { int: true }));
const searchText = z.optional(textField(100));

/** Every tool's input; the model's input is parsed with these before a tool runs (a refusal goes back as the tool's error). */
export const AssistantToolInputs = {
  /** Wines of the cellar by text (name, producer, grape, region), category, country, location and stock. */
  search_cellar: z.object({
    text: searchText,
    category: z.optional(z.enum(MAIN_CATEGORIES)),
    country: z.optional(textField(60)),
    locationId: z.optional(idField),
    inStock: z.optional(z.boolean()),
    limit: rowsLimit,
  }),
  /** Bottles, wines and value (at purchase and at selling price), in total and by category. */
  cellar_totals: z.object({}),
  /** Wines in their drinking window this year (ending soonest first), or past it. */
  drink_now: z.object({
    category: z.optional(z.enum(MAIN_CATEGORIES)),
    includePastWindow: z.optional(z.boolean()),
    limit: rowsLimit,
  }),
  /** Wines the cellar holds whose catalogue food pairings match a dish (lamb, fish, cheese…). */
  pair_with_food: z.object({ food: textField(100, { min: 1 }), limit: rowsLimit }),
  /** Wines running low: at or under `threshold` bottles, with days of stock left from recent sales. */
  low_stock: z.object({
    threshold: z.optional(numberField(0, 1000, { int: true })),
    limit: rowsLimit,
  }),
  /** Low-stock wines that marketplace suppliers offer, with the supplier, its price and a quantity to order. */
  reorder_suggestions: z.object({ limit: rowsLimit }),
  /** Sales, revenue, cost and margin per wine over a period (the sales analytics service). */
  sales_and_margins: z.object({
    from: z.optional(isoDateField()),
    to: z.optional(isoDateField()),
    order: z.optional(z.enum(['margin_asc', 'margin_desc', 'revenue_desc', 'bottles_desc'])),
    limit: rowsLimit,
  }),
  /** The wine lists a cellar wine is on. */
  wine_lists_of_wine: z.object({ cellarWineId: idField }),
  /** Proposes putting wines in the supplier cart; changes nothing until the person confirms. */
  propose_cart: z.object({
    items: listField(
      z.object({
        supplierId: idField,
        wineId: idField,
        quantity: numberField(1, Math.min(QUANTITY_MAX, 10_000), { int: true }),
      }),
      ASSISTANT_LIMITS.proposalItemsMax,
      { min: 1 },
    ),
  }),
  /** Proposes a new selling price for a cellar wine (minor units of the cellar's currency); changes nothing until confirmed. */
  propose_price: z.object({ cellarWineId: idField, sellingPrice: moneyField }),
} satisfies Record<AssistantToolName, z.ZodMiniType>;

export type AssistantToolInput<N extends AssistantToolName> = z.infer<(typeof AssistantToolInputs)[N]>;

export { MONEY_MAX_MINOR as ASSISTANT_PRICE_MAX_MINOR };
