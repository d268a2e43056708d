/**
 * The cellar assistant's local engine (`local-rules`), installed by the local runner in place of
 * Bedrock: no network, no model weights. It reads the question by rules (intents.ts), runs the same
 * tools the model would through `ask.runTool` (so every input is validated and every row is the signed-in
 * person's), renders the tools' real figures with the answer templates, and streams the text a few words
 * at a time. A question it cannot place gets an honest list of what it can answer, and no tool runs.
 */
import type { AssistantToolName, Locale } from '@kork/shared';
import type {
  AssistantAsk,
  AssistantModelEvent,
  AssistantModelPort,
  AssistantModelResult,
} from '../../adapters/assistant-model';
import type { ReorderSuggestionsData, SearchCellarData } from '../tools/outputs';
import { type FollowUp, type RoutedCall, routeQuestion } from './intents';
import { businessOnly, cannotAnswer, noSuchWine, notToReorder, refused } from './phrases';
import { renderToolAnswer } from './templates/index';
import { fold } from './words';

/** Words per streamed text event. */
const WORDS_PER_EVENT = 4;

class ToolFailed extends Error {
  override name = 'ToolFailed';
  constructor(
    message: string,
    /** The tool's refusal in the person's language, when it refused (rather than failed). */
    readonly said?: string,
  ) {
    super(message);
  }
}

type Data = Record<string, unknown>;

/** Runs one call through the ask's `runTool`, announcing it first; a refusal or failure stops the answer. */
async function call(
  ask: AssistantAsk,
  emit: (event: AssistantModelEvent) => void,
  routed: RoutedCall,
): Promise<Data> {
  emit({ type: 'tool', name: routed.name });
  const run = await ask.runTool(routed.name, routed.input);
  if (!run.ok) throw new ToolFailed(`${routed.name}: ${run.error}`, run.said);
  return (run.content ?? {}) as Data;
}

/** The row a wine's name picked: the one of the named vintage, else the first. */
function pickWine(
  data: SearchCellarData,
  vintage: number | undefined,
): SearchCellarData['rows'][number] | undefined {
  return data.rows.find((row) => vintage !== undefined && row.vintage === vintage) ?? data.rows[0];
}

/** Reorder rows whose wine the question names (every word of it in the row's name), else the first `count`, else all. */
function cartRows(data: ReorderSuggestionsData, next: Extract<FollowUp, { kind: 'cart' }>) {
  if (next.wine) {
    const terms = fold(next.wine)
      .split(/[^\p{L}\p{N}]+/u)
      .filter(Boolean);
    return data.rows.filter((row) => terms.every((term) => fold(row.name).includes(term))).slice(0, 1);
  }
  return next.count === undefined ? data.rows : data.rows.slice(0, next.count);
}

/** The answer's parts as Markdown, running the calls (and the second step) in order. */
async function answerParts(
  ask: AssistantAsk,
  emit: (event: AssistantModelEvent) => void,
  calls: readonly RoutedCall[],
  next: FollowUp | undefined,
  wine: string | undefined,
): Promise<string[]> {
  const locale = ask.locale;
  const parts: string[] = [];
  const results: { name: AssistantToolName; data: Data }[] = [];
  for (const routed of calls) results.push({ name: routed.name, data: await call(ask, emit, routed) });
  const first = results[0];
  if (!next || !first) return results.map((r) => renderToolAnswer(r.name, r.data, locale));

  if (next.kind === 'lists' || next.kind === 'price') {
    const found = pickWine(first.data as unknown as SearchCellarData, next.vintage);
    if (!found) return [noSuchWine(wine ?? '', locale)];
    const second: RoutedCall =
      next.kind === 'lists'
        ? { name: 'wine_lists_of_wine', input: { cellarWineId: found.cellarWineId } }
        : {
            name: 'propose_price',
            input: { cellarWineId: found.cellarWineId, sellingPrice: next.sellingPrice },
          };
    return [renderToolAnswer(second.name, await call(ask, emit, second), locale)];
  }

  // A cart from the reorder suggestions: what to reorder (asked as such), then the cart to confirm.
  const suggestions = first.data as unknown as ReorderSuggestionsData;
  const rows = cartRows(suggestions, next);
  // "What should I reorder?" shows the suggestions; "put the first two in the cart" only the cart.
  const asked = !next.wine && next.count === undefined && next.quantity === undefined;
  if (asked || (rows.length === 0 && !next.wine))
    parts.push(renderToolAnswer(first.name, first.data, locale));
  if (rows.length === 0) {
    if (next.wine) parts.push(notToReorder(next.wine, locale));
    return parts;
  }
  const cart: RoutedCall = {
    name: 'propose_cart',
    input: {
      items: rows.map((row) => ({
        supplierId: row.supplierId,
        wineId: row.wineId,
        quantity: Math.max(1, next.quantity ?? row.quantity),
      })),
    },
  };
  parts.push(renderToolAnswer(cart.name, await call(ask, emit, cart), locale));
  return parts;
}

/** Text in pieces of a few words, each keeping the spaces and line breaks that follow it. */
export function textPieces(text: string, wordsPerPiece = WORDS_PER_EVENT): string[] {
  const tokens = text.match(/\S+\s*|\s+/g) ?? [];
  const pieces: string[] = [];
  for (let i = 0; i < tokens.length; i += wordsPerPiece)
    pieces.push(tokens.slice(i, i + wordsPerPiece).join(''));
  return pieces;
}

/**
 * The pause between pieces, in ms (`ASSISTANT_LOCAL_PACE_MS`, 20 by default): a model's answer arrives over
 * a second or two, and so does this one, so the answer grows on the screen instead of landing whole (the
 * socket would otherwise carry it in one or two packets). Tests and the bench set 0: then only a turn of
 * the event loop, which still lets the stream flush between pieces.
 */
function pace(): number {
  const value = Number(process.env.ASSISTANT_LOCAL_PACE_MS ?? 20);
  return Number.isFinite(value) && value > 0 ? Math.min(value, 200) : 0;
}

const turn = () => {
  const ms = pace();
  return new Promise<void>((resolve) => (ms > 0 ? setTimeout(resolve, ms) : setImmediate(resolve)));
};

async function stream(
  text: string,
  emit: (event: AssistantModelEvent) => void,
  signal: AbortSignal | undefined,
): Promise<boolean> {
  for (const piece of textPieces(text)) {
    if (signal?.aborted) return false;
    emit({ type: 'text', text: piece });
    await turn();
  }
  return true;
}

const NO_TOKENS = { inputTokens: 0, outputTokens: 0 };

/** First words of a question or a request, never of a wine's name (English and Bokmål). */
const ASKING_WORDS = new Set(
  (
    "what what's whats which who whom whose why when where how how's is are do does did can could should " +
    'would will shall tell show give list find please hi hello hey thanks thank ' +
    'hva hvilke hvilken hvilket hvem hvorfor når hvor hvordan er har kan skal bør vil vis gi finn list ' +
    'fortell hei takk'
  ).split(' '),
);

/** Words a bare wine name has at most ("chateau margaux 2015", "Barolo Cannubi"). */
const NAME_WORDS_MAX = 8;

/**
 * A question the rules cannot place: when it reads like a wine's name (a few words with letters), the
 * cellar is searched for it and what it holds is the answer; otherwise, or when nothing matches, the
 * honest list of what this engine can answer.
 */
async function nameOrHelp(ask: AssistantAsk, emit: (event: AssistantModelEvent) => void): Promise<string> {
  const name = ask.question
    .trim()
    .replace(/[?!.]+$/u, '')
    .trim();
  const words = name.split(/\s+/u).filter(Boolean);
  const first = fold(words[0] ?? '').replace(/[^\p{L}']/gu, '');
  if (
    !/\p{L}{2}/u.test(name) ||
    words.length > NAME_WORDS_MAX ||
    name.length > 100 ||
    ASKING_WORDS.has(first)
  ) {
    return cannotAnswer(ask.locale);
  }
  emit({ type: 'tool', name: 'search_cellar' });
  const run = await ask.runTool('search_cellar', { text: name, limit: 10 });
  // A refused text (odd characters) is no name: the help says what to ask instead.
  if (!run.ok) return cannotAnswer(ask.locale);
  const data = (run.content ?? {}) as Data;
  if (!(Number(data.count) > 0)) return `${noSuchWine(name, ask.locale)}\n\n${cannotAnswer(ask.locale)}`;
  return renderToolAnswer('search_cellar', data, ask.locale);
}

export const localAssistantModel: AssistantModelPort = {
  name: 'local-rules',
  async answer(ask, emit): Promise<AssistantModelResult> {
    const locale: Locale = ask.locale;
    const route = routeQuestion(ask.question, locale);
    let text: string;
    if ('fallback' in route) text = await nameOrHelp(ask, emit);
    else {
      try {
        text = (await answerParts(ask, emit, route.calls, route.next, route.wine)).join('\n\n');
      } catch (error) {
        if (!(error instanceof ToolFailed)) throw error;
        // The supplier tools refuse a private account: that is an answer, not a failure.
        if (/business accounts/i.test(error.message)) text = businessOnly(locale);
        // A refusal (a price over the limit, a supplier without the bottles) is said as the answer.
        else if (error.said) text = refused(error.said, locale);
        else throw error;
      }
    }
    if (ask.signal?.aborted) return { usage: NO_TOKENS, stopReason: 'other' };
    const whole = await stream(text, emit, ask.signal);
    return { usage: NO_TOKENS, stopReason: whole ? 'end_turn' : 'other' };
  },
};
