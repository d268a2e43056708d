import * as z from 'zod/mini';
import type { CurrencyCode } from './currencies';
import { withBounds } from './messages';
import { crossCheck, isCleanText, listField, moneyField, numberField, textField } from './schema-primitives';

/**
 * The till (POS) integration (SPEC §1 POS integration; docs/pos.md): a product feed the till reads and
 * sales the till sends, both authenticated by a POS key the owner creates in the cellar's settings. A
 * POS key is a client key: its id goes in `x-api-key`, and every request is signed with its secret
 * (`X-Kork-Signature: sha256=<hex HMAC-SHA256 of the raw body>`). It reaches only the POS routes of its
 * own cellar. Money is integer minor units; quantities of glasses and recipes are servings.
 */

export const POS_LIMITS = {
  keysMax: 10,
  keyNameMax: 60,
  /** A till's transaction id and product id. */
  transactionIdMax: 100,
  productIdMax: 100,
  /** Lines of one sale event. */
  linesMax: 100,
  /** Servings or bottles of one line (negative quantities, refunds, are not taken). */
  quantityMax: 1000,
  /** Sale events per key per minute. */
  eventsPerMinute: 600,
  /** Size of a sales export to import. */
  importMaxBytes: 2 * 1024 * 1024,
  /** Rows of one sales export. */
  importRowsMax: 10_000,
  /** How far back a sale event's time may be. */
  soldAtDaysBack: 366,
} as const;

export const POS_SIGNATURE_HEADER = 'x-kork-signature';

/** A POS key as listed: never its secret. */
export interface PosKey {
  id: string;
  name: string;
  createdAt: string;
  /** When its secret was last replaced. */
  rotatedAt?: string;
  lastUsedAt?: string;
}

/** `POST …/pos-keys` (and `…/pos-keys/{keyId}/rotate`) answer the secret this once. */
export interface PosKeyCreated extends PosKey {
  secret: string;
}

export const PosKeyInput = z.object({ name: textField(POS_LIMITS.keyNameMax, { min: 1 }) });
export type PosKeyInput = z.infer<typeof PosKeyInput>;

export const POS_PRODUCT_KINDS = ['bottle', 'glass', 'recipe'] as const;
export type PosProductKind = (typeof POS_PRODUCT_KINDS)[number];

/**
 * One product of the feed. `productId` is what the till sends back: `B-<ownWineId>` for a bottle,
 * `G-<ownWineId>` for a glass, `R-<recipeId>` for a recipe, or the wine's own product ID for its bottle
 * when the owner set one.
 */
export interface PosProduct {
  productId: string;
  kind: PosProductKind;
  /** The POS name (or POS glass name), else the wine's or recipe's name, cut to POS_NAME_MAX. */
  name: string;
  /** VAT included. */
  price: number | null;
  vatPercentage: number;
  /** Bottles in stock (bottle and glass products). */
  stock?: number;
  /** Glass products: centilitres per glass. */
  glassSizeCl?: number;
  ownWineId?: string;
  recipeId?: string;
}

export interface PosProductFeed {
  products: PosProduct[];
  currency: CurrencyCode;
  generatedAt: string;
}

export const PosFeedQuery = z.object({
  format: z.optional(z.enum(['json', 'csv'], { error: 'invalidValue' })),
});

/** An ISO 8601 time with its offset; bounded like every text (the longest, with fractions of a second, is 35). */
const soldAt = z.iso
  .datetime({ offset: true, error: 'invalidDate' })
  .check(z.maxLength(40, { error: withBounds('maxCharacters', { max: 40 }) }));

/** `POST /api/pos/sales`: one till transaction. */
export const PosSaleEvent = z.object({
  posTransactionId: textField(POS_LIMITS.transactionIdMax, { min: 1 }),
  soldAt,
  lines: listField(
    z.object({
      productId: textField(POS_LIMITS.productIdMax, { min: 1 }),
      quantity: numberField(1, POS_LIMITS.quantityMax, { int: true }),
      /** Per bottle, glass or serving, VAT included. */
      unitPrice: moneyField,
    }),
    POS_LIMITS.linesMax,
    { min: 1 },
  ),
});
export type PosSaleEvent = z.infer<typeof PosSaleEvent>;

/** What a sale event did. */
export interface PosSaleOutcome {
  posTransactionId: string;
  /** `recorded`: the sale was written now; `duplicate`: the same transaction id came before. */
  status: 'recorded' | 'duplicate';
  saleId?: string;
  /** Lines whose product id no cellar product has: kept in the needs-mapping list. */
  needsMapping: number;
}

/** The columns of a sales export, by header name, as the owner assigned them. */
export const PosImportColumns = z.object({
  /** Absent: each row is its own transaction, identified by its content and row number. */
  transactionId: z.optional(textField(200, { min: 1 })),
  soldAt: textField(200, { min: 1 }),
  productId: textField(200, { min: 1 }),
  quantity: textField(200, { min: 1 }),
  unitPrice: textField(200, { min: 1 }),
});
export type PosImportColumns = z.infer<typeof PosImportColumns>;

/** `POST …/pos/sales-import`: a till's CSV sales export and its column assignment. */
export const PosSalesImport = z
  .object({
    csv: z.string({ error: 'required' }).check(
      z.minLength(1, { error: 'required' }),
      z.maxLength(POS_LIMITS.importMaxBytes, {
        error: withBounds('fileTooLarge', { max: POS_LIMITS.importMaxBytes / 1024 / 1024 }),
      }),
      // A sales export is text: no control characters but tabs and line breaks (CRLF too), no broken characters.
      z.refine((csv) => isCleanText(csv.replaceAll('\r', ''), true), { error: 'invalidCharacters' }),
    ),
    columns: PosImportColumns,
    /** Prices in the file are in whole currency units with decimals (`249.50`) unless `minor`. */
    priceUnit: z.optional(z.enum(['major', 'minor'], { error: 'invalidValue' })),
  })
  .check(
    crossCheck(
      ['columns'],
      (input) => {
        const chosen = Object.values(input.columns).filter(Boolean);
        return new Set(chosen).size === chosen.length;
      },
      { error: 'duplicateColumn', path: ['columns'] },
    ),
  );
export type PosSalesImport = z.infer<typeof PosSalesImport>;

export interface PosImportRowError {
  /** 1-based row of the file (the header is row 1). */
  row: number;
  message: string;
}

export interface PosImportOutcome {
  transactions: number;
  recorded: number;
  duplicates: number;
  needsMapping: number;
  errors: PosImportRowError[];
}

/** A till line whose product id no cellar product has, kept until the owner maps it. */
export interface PosUnmappedLine {
  id: string;
  productId: string;
  posTransactionId: string;
  soldAt: string;
  quantity: number;
  unitPrice: number;
  receivedAt: string;
}

/** The needs-mapping list, grouped by product id. */
export interface PosUnmappedProduct {
  productId: string;
  lines: number;
  quantity: number;
  firstSoldAt: string;
  lastSoldAt: string;
}

export interface PosUnmappedList {
  rows: PosUnmappedProduct[];
  count: number;
}

/** `POST …/pos/needs-mapping`: the product a till's product id means; its waiting lines become sales. */
export const PosMappingInput = z.object({
  productId: textField(POS_LIMITS.productIdMax, { min: 1 }),
  /** A product id of the feed (`B-…`, `G-…`, `R-…`). */
  target: textField(POS_LIMITS.productIdMax, { min: 1 }),
});
export type PosMappingInput = z.infer<typeof PosMappingInput>;

export interface PosMappingOutcome {
  productId: string;
  target: string;
  /** Waiting lines that became sales now. */
  recorded: number;
  /** Waiting lines that could not (not enough stock): still waiting. */
  waiting: number;
}

/** The feed's product ids: what the till sends back for a bottle, a glass or a recipe. */
export const posProductId = {
  bottle: (ownWineId: string) => `B-${ownWineId}`,
  glass: (ownWineId: string) => `G-${ownWineId}`,
  recipe: (recipeId: string) => `R-${recipeId}`,
} as const;

/** The kind and id a feed product id names, or undefined for any other id (a wine's own product ID, a till's). */
export function parsePosProductId(productId: string): { kind: PosProductKind; id: string } | undefined {
  const match = /^([BGR])-([A-Za-z0-9_-]{1,64})$/.exec(productId);
  if (!match) return undefined;
  const kind = ({ B: 'bottle', G: 'glass', R: 'recipe' } as const)[match[1] as 'B' | 'G' | 'R'];
  return { kind, id: match[2] as string };
}
