/**
 * The language model port, as the batch import's magic import uses it: wine lines out of any text (an
 * e-mail, a web page, a menu, OCR of a photo). In the cloud Bedrock (Converse with a tool whose input is
 * the lines); the local runner installs the batch import's `rulesModel` (imports/magic/rules-model.ts), a
 * rule-based extractor that finds producer, name, vintage, size, quantity and price patterns and says
 * which lines it could not read.
 */
import {
  BedrockRuntimeClient,
  ConverseCommand,
  type ConverseCommandOutput,
  type ToolInputSchema,
} from '@aws-sdk/client-bedrock-runtime';
import {
  foldText,
  IMPORT_LIMITS,
  type Locale,
  MAIN_CATEGORIES,
  MONEY_MAX_MINOR,
  type ParsedWineLine,
  QUANTITY_MAX,
} from '@kork/shared';
import * as z from 'zod/mini';
import { optionalEnv } from '../platform/env';

export interface ExtractedWines {
  lines: { raw: string; parsed: ParsedWineLine }[];
  /** Text lines that looked like wine but could not be read. */
  unread: string[];
}

export interface ModelPort {
  extractWines(text: string, locale: Locale): Promise<ExtractedWines>;
}

// — Bedrock —

/** Claude Haiku 4.5 through the EU cross-region inference profile; `BEDROCK_MODEL_ID` overrides it. */
export const DEFAULT_MODEL_ID = 'eu.anthropic.claude-haiku-4-5-20251001-v1:0';
/** Text sent in one request: a long text is read in parts cut at line ends, so no answer is cut short. */
export const CHUNK_CHARS = 12_000;
const MAX_OUTPUT_TOKENS = 16_000;
const TOOL_NAME = 'record_wines';

const SYSTEM_PROMPT = `You read wine lines out of text a wine cellar owner gives you: an importer's e-mail or offer, a copied web shop page, a restaurant's wine list, or OCR of a photo of an invoice or receipt. The text may be Norwegian or English and may hold OCR errors.

Record every wine the text lists with the ${TOOL_NAME} tool, in the order they appear. Rules:
- Extract only what the text says. Never invent, complete or correct a producer, name, vintage, size, quantity, price or number from your own knowledge. Leave a field out when the text does not give it.
- raw: the text of the wine's line(s) exactly as written.
- wineName: the wine's name as written, without vintage, size, quantity or price. producer: only when the text marks it apart from the name (e.g. "Producer - Wine", "Wine, Domaine X", "Producer: X"); otherwise leave it out and keep the whole name in wineName.
- vintage: the year as a number, or null when the text says NV / non-vintage / uten årgang.
- bottleSizeLitres: 75 cl is 0.75, 750 ml is 0.75, Magnum is 1.5.
- quantity: the number of bottles ("6 x", "6 stk", "x 12", "12 fl.", "Antall: 6").
- unitPrice: the price of one bottle as a decimal number in the currency written (289,90 kr is 289.9); currency: its ISO code when the text shows it. For a wine list with glass and bottle prices, the bottle price. priceKind: "selling" on a restaurant's wine list or menu, otherwise "purchase".
- vinmonopoletNumber: only a number the text labels as Vinmonopolet's ("Varenr.", "vnr", "Varenummer").
- category: only when the text says it (a heading such as "Rødvin" or "White wines" above the wine, or the line itself).
- Ignore greetings, signatures, addresses, totals, shipping and lines that are not wines.
- unread: lines that look like a wine (a vintage, size or price beside words) but that you cannot read with confidence, exactly as written.`;

const TOOL_SCHEMA = {
  type: 'object',
  properties: {
    lines: {
      type: 'array',
      items: {
        type: 'object',
        properties: {
          raw: { type: 'string' },
          wineName: { type: 'string' },
          producer: { type: 'string' },
          vintage: { type: ['integer', 'null'] },
          bottleSizeLitres: { type: 'number' },
          quantity: { type: 'integer' },
          unitPrice: { type: 'number' },
          currency: { type: 'string' },
          priceKind: { type: 'string', enum: ['purchase', 'selling'] },
          vinmonopoletNumber: { type: 'string' },
          category: { type: 'string', enum: [...MAIN_CATEGORIES] },
        },
        required: ['raw', 'wineName'],
      },
    },
    unread: { type: 'array', items: { type: 'string' } },
  },
  required: ['lines', 'unread'],
} as const;

/** One line as the tool gives it; each field is checked on its own so one odd value drops only itself. */
const ToolLine = z.object({
  raw: z.string(),
  wineName: z.string(),
  producer: z.optional(z.unknown()),
  vintage: z.optional(z.unknown()),
  bottleSizeLitres: z.optional(z.unknown()),
  quantity: z.optional(z.unknown()),
  unitPrice: z.optional(z.unknown()),
  currency: z.optional(z.unknown()),
  priceKind: z.optional(z.unknown()),
  vinmonopoletNumber: z.optional(z.unknown()),
  category: z.optional(z.unknown()),
});
const ToolInput = z.object({
  lines: z.array(z.unknown()),
  unread: z.optional(z.array(z.unknown())),
});

const text = (value: unknown): string | undefined =>
  typeof value === 'string' && value.trim() ? value.trim().replace(/\s+/g, ' ') : undefined;
const number = (value: unknown): number | undefined =>
  typeof value === 'number' && Number.isFinite(value) ? value : undefined;

/** A tool line as a wine line in the cellar's units, dropping values no wine has. */
export function toParsedLine(
  line: z.infer<typeof ToolLine>,
  foldedSource: string,
): ParsedWineLine | undefined {
  const wineName = text(line.wineName);
  if (!wineName) return undefined;
  const parsed: ParsedWineLine = { wineName: wineName.slice(0, 200) };
  const producer = text(line.producer);
  // A producer the text does not name is the model's knowledge, not the text's: left out.
  if (producer && foldedSource.includes(foldText(producer))) parsed.producer = producer.slice(0, 200);
  const nextYear = new Date().getFullYear() + 1;
  if (line.vintage === null) parsed.vintage = null;
  else {
    const vintage = number(line.vintage);
    if (vintage !== undefined && Number.isInteger(vintage) && vintage >= 1900 && vintage <= nextYear)
      parsed.vintage = vintage;
  }
  const size = number(line.bottleSizeLitres);
  if (size !== undefined && size > 0 && size < 100) parsed.bottleSize = Math.round(size * 10000) / 10000;
  const quantity = number(line.quantity);
  if (quantity !== undefined && Number.isInteger(quantity) && quantity >= 1 && quantity <= QUANTITY_MAX)
    parsed.quantity = quantity;
  const price = number(line.unitPrice);
  if (price !== undefined && price >= 0) {
    const minor = Math.round(price * 100);
    if (minor <= MONEY_MAX_MINOR) {
      if (line.priceKind === 'selling') parsed.sellingPrice = minor;
      else parsed.purchasePriceWvat = minor;
    }
  }
  const vnr = text(line.vinmonopoletNumber)?.replace(/\s/g, '');
  if (vnr && /^\d{5,8}$/.test(vnr)) parsed.vinmonopoletNumber = vnr;
  if (typeof line.category === 'string' && (MAIN_CATEGORIES as readonly string[]).includes(line.category))
    parsed.mainCategoryId = line.category as ParsedWineLine['mainCategoryId'];
  return parsed;
}

/** The tool's input as wines: lines the schema refuses, or without a name, are unread (never dropped). */
export function toExtracted(input: unknown, source: string): ExtractedWines {
  const checked = ToolInput.safeParse(input);
  if (!checked.success) throw new Error('model: the answer is not a list of wines');
  const folded = foldText(source);
  const result: ExtractedWines = { lines: [], unread: [] };
  for (const value of checked.data.lines) {
    const line = ToolLine.safeParse(value);
    const parsed = line.success ? toParsedLine(line.data, folded) : undefined;
    if (line.success && parsed) result.lines.push({ raw: text(line.data.raw) ?? parsed.wineName, parsed });
    else {
      const raw = text((value as { raw?: unknown } | null)?.raw);
      if (raw) result.unread.push(raw);
    }
  }
  for (const value of checked.data.unread ?? []) {
    const raw = text(value);
    if (raw) result.unread.push(raw);
  }
  return result;
}

/** The text in parts of at most `size` characters, cut at line ends (a longer line is cut where it must). */
export function chunksOf(source: string, size = CHUNK_CHARS): string[] {
  const chunks: string[] = [];
  let current = '';
  for (const line of source.split(/\r\n|\r|\n/)) {
    for (let piece = line; ; ) {
      const room = size - current.length - (current ? 1 : 0);
      if (piece.length <= room) {
        current = current ? `${current}\n${piece}` : piece;
        break;
      }
      if (current) {
        chunks.push(current);
        current = '';
        continue;
      }
      chunks.push(piece.slice(0, size));
      piece = piece.slice(size);
    }
  }
  if (current.trim()) chunks.push(current);
  return chunks.filter((chunk) => chunk.trim());
}

let bedrock: BedrockRuntimeClient | undefined;

async function converse(part: string, locale: Locale): Promise<ConverseCommandOutput> {
  bedrock ??= new BedrockRuntimeClient({});
  return bedrock.send(
    new ConverseCommand({
      modelId: optionalEnv('BEDROCK_MODEL_ID', DEFAULT_MODEL_ID),
      system: [{ text: SYSTEM_PROMPT }],
      messages: [
        {
          role: 'user',
          content: [
            {
              text: `The owner's language: ${locale === 'nb' ? 'Norwegian (Bokmål)' : 'English'}.\n\n<text>\n${part}\n</text>`,
            },
          ],
        },
      ],
      toolConfig: {
        tools: [
          {
            toolSpec: {
              name: TOOL_NAME,
              description: 'Records the wine lines read from the text, and the lines that could not be read.',
              inputSchema: { json: TOOL_SCHEMA } as unknown as ToolInputSchema,
            },
          },
        ],
        toolChoice: { tool: { name: TOOL_NAME } },
      },
      inferenceConfig: { maxTokens: MAX_OUTPUT_TOKENS, temperature: 0 },
    }),
  );
}

/** Reads one part; an answer cut short (too many wines for one answer) reads the part's halves instead. */
async function extractPart(part: string, locale: Locale, depth = 0): Promise<ExtractedWines> {
  const answer = await converse(part, locale);
  const toolUse = answer.output?.message?.content?.find(
    (block) => block.toolUse?.name === TOOL_NAME,
  )?.toolUse;
  if (answer.stopReason === 'max_tokens' || !toolUse) {
    const lines = part.split('\n');
    if (answer.stopReason === 'max_tokens' && lines.length > 1 && depth < 4) {
      const half = Math.ceil(lines.length / 2);
      const [first, second] = await Promise.all([
        extractPart(lines.slice(0, half).join('\n'), locale, depth + 1),
        extractPart(lines.slice(half).join('\n'), locale, depth + 1),
      ]);
      return { lines: [...first.lines, ...second.lines], unread: [...first.unread, ...second.unread] };
    }
    throw new Error(`model: no ${TOOL_NAME} answer (stop reason ${answer.stopReason ?? 'none'})`);
  }
  return toExtracted(toolUse.input, part);
}

/** Parts read at once. */
const PARALLEL_PARTS = 3;

export const bedrockModel: ModelPort = {
  async extractWines(source, locale) {
    const parts = chunksOf(source.slice(0, IMPORT_LIMITS.maxTextLength));
    const result: ExtractedWines = { lines: [], unread: [] };
    for (let i = 0; i < parts.length && result.lines.length < IMPORT_LIMITS.maxLines; i += PARALLEL_PARTS) {
      const read = await Promise.all(
        parts.slice(i, i + PARALLEL_PARTS).map((part) => extractPart(part, locale)),
      );
      for (const part of read) {
        result.lines.push(...part.lines);
        result.unread.push(...part.unread);
      }
    }
    result.lines = result.lines.slice(0, IMPORT_LIMITS.maxLines);
    return result;
  },
};

let installed: ModelPort | undefined;

/** Replaces the Bedrock adapter (the local runner's `rulesModel`, or a test's fake). */
export function useModel(port: ModelPort | undefined): void {
  installed = port;
}

export function model(): ModelPort {
  return installed ?? bedrockModel;
}
