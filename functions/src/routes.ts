/**
 * The route manifest: one entry per API route, plain data. The CDK app makes one Lambda per entry with
 * grants from `needs`; the local runner serves the same handler modules. A handler module lives at
 * `functions/src/<handler>.ts` and exports `handler`. At the end, the `authenticators` the middleware
 * loads from the domains that know who a request is.
 */
import type { AuthLevel } from './platform/auth';

export type { AuthLevel };

/** Resources a function may touch; each one becomes a least-privilege grant in the cloud. */
export type Need =
  | 'table:read'
  | 'table:write'
  | 'media:read'
  | 'media:write'
  | 'imports:read'
  | 'imports:write'
  | 'supplier-orders:send'
  | 'import-steps:send'
  | 'account-deletions:send'
  | 'mail:send'
  /** Textract: text out of the imports bucket's photos and PDFs. */
  | 'documents:read'
  /** Bedrock: the language model that reads wine lines out of any text. */
  | 'model:invoke'
  /** The signing key outside the API: suppliers' order links are signed by the queue consumer and jobs. */
  | 'links:sign'
  /** Amazon Location Service: address search on the deployment's place index (the geocoder port). */
  | 'places:search'
  /**
   * Bedrock for the cellar assistant: the streamed and the whole answer (InvokeModelWithResponseStream,
   * InvokeModel, which ConverseStream and Converse are authorised as) on the configured model or inference
   * profile, and ApplyGuardrail on the configured guardrail when there is one.
   */
  | 'assistant:invoke'
  /** The market-value sync's queue: the job sends batches of wines to value. */
  | 'market-values:send'
  /** The valuation provider: its key in Secrets Manager (the HTTPS call itself needs no grant). */
  | 'valuations:fetch'
  /** The payment provider's webhook signing secret in Secrets Manager. */
  | 'payments:verify'
  /**
   * The CDN's copies of a guest's list page (`/l/{listId}`): CreateInvalidation on the app's one
   * distribution, whose id the function gets in `CDN_DISTRIBUTION_ID` (wine-lists/list-page-cdn.ts).
   */
  | 'list-page:invalidate';

export interface FunctionDef {
  /** Module path under functions/src, without extension. */
  handler: string;
  needs: readonly Need[];
  memoryMb?: number;
  timeoutSeconds?: number;
  /** Lambda architecture; arm64 unless a native dependency ties the function to the build machine's. */
  architecture?: 'arm64' | 'x86_64';
}

export interface RouteDef extends FunctionDef {
  auth: AuthLevel;
  /** Which API stack the route belongs to; keeps every stack well under CloudFormation's resource limit. */
  group: RouteGroup;
  /**
   * The answer is streamed as it is written (platform/http-stream.ts `streamingRoute`): in the cloud the
   * function has a Lambda function URL in RESPONSE_STREAM mode behind CloudFront (no API Gateway route,
   * whose answers are buffered and cut at 29 s), locally the runner writes each line as it comes.
   */
  stream?: true;
  /**
   * Which client key the route takes. `'ai'`: only the AI client's keys (`AI_API_KEYS`, SPEC §7); every
   * route without it refuses those keys and takes the web and app keys (`API_KEYS`). `'none'`: no client
   * key at all, for a provider's webhook that cannot send one (its own signature authenticates it).
   */
  clientKey?: 'ai' | 'none';
}

export type RouteGroup =
  | 'platform'
  | 'accounts'
  | 'catalog'
  | 'cellar'
  | 'wine-lists'
  | 'stock-counts'
  | 'sales'
  | 'orders'
  | 'pricing'
  | 'pos'
  | 'imports'
  | 'marketplace'
  | 'events'
  | 'assistant'
  | 'billing'
  | 'market-values'
  | 'duties';

export const routes = {
  'GET /api/health': {
    handler: 'health/get-health',
    auth: 'public',
    needs: ['table:read'],
    group: 'platform',
  },
  'GET /api/config': { handler: 'config/get-config', auth: 'public', needs: [], group: 'platform' },
  'GET /api/geocode': {
    handler: 'geocoding/geocode',
    auth: 'public',
    // The rate limit's counts live in the table; the place index in Amazon Location.
    needs: ['table:write', 'places:search'],
    group: 'platform',
  },
  'GET /api/exchange-rates': {
    handler: 'cellar/currency/get-exchange-rates',
    auth: 'public',
    needs: ['table:read'],
    group: 'cellar',
  },

  'POST /api/auth/sign-up': {
    handler: 'accounts/sign-up',
    architecture: 'x86_64',
    auth: 'public',
    needs: ['table:write', 'media:write', 'mail:send'],
    group: 'accounts',
    memoryMb: 1024,
  },
  'POST /api/auth/sign-up/google': {
    handler: 'accounts/sign-up-google',
    architecture: 'x86_64',
    auth: 'public',
    needs: ['table:write', 'media:write'],
    group: 'accounts',
    memoryMb: 1024,
  },
  'POST /api/auth/sign-up/apple': {
    handler: 'accounts/sign-up-apple',
    architecture: 'x86_64',
    auth: 'public',
    needs: ['table:write', 'media:write'],
    group: 'accounts',
    memoryMb: 1024,
  },
  'POST /api/auth/log-in': {
    handler: 'accounts/log-in',
    auth: 'public',
    needs: ['table:write'],
    group: 'accounts',
    memoryMb: 1024,
  },
  'POST /api/auth/sign-in/google': {
    handler: 'accounts/sign-in-google',
    auth: 'public',
    needs: ['table:write'],
    group: 'accounts',
  },
  'POST /api/auth/sign-in/apple': {
    handler: 'accounts/sign-in-apple',
    auth: 'public',
    needs: ['table:write'],
    group: 'accounts',
  },
  'GET /api/auth/viewer': {
    handler: 'accounts/get-viewer',
    auth: 'user',
    needs: ['table:read'],
    group: 'accounts',
  },
  'POST /api/auth/password-recovery': {
    handler: 'accounts/request-password-recovery',
    auth: 'public',
    needs: ['table:write', 'mail:send'],
    group: 'accounts',
  },
  'POST /api/auth/password-reset': {
    handler: 'accounts/reset-password',
    auth: 'public',
    needs: ['table:write'],
    group: 'accounts',
    memoryMb: 1024,
  },
  'GET /api/auth/verify': {
    handler: 'accounts/verify-email',
    auth: 'public',
    needs: ['table:write'],
    group: 'accounts',
  },
  'POST /api/auth/verification-mail': {
    handler: 'accounts/send-verification-mail',
    auth: 'public',
    needs: ['table:write', 'mail:send'],
    group: 'accounts',
  },
  'POST /api/users/{id}/images': {
    handler: 'accounts/upload-user-image',
    architecture: 'x86_64',
    auth: 'user',
    needs: ['table:write', 'media:write'],
    group: 'accounts',
    memoryMb: 1024,
  },
  'PATCH /api/users/{id}': {
    handler: 'accounts/update-user',
    auth: 'user',
    needs: ['table:write'],
    group: 'accounts',
    memoryMb: 1024,
  },
  'DELETE /api/users/{id}': {
    handler: 'accounts/remove-user',
    auth: 'user',
    needs: ['table:write', 'account-deletions:send'],
    group: 'accounts',
  },
  'GET /api/users/{id}/statistic': {
    handler: 'accounts/get-user-statistic',
    auth: 'user',
    needs: ['table:read'],
    group: 'accounts',
  },

  // — Catalogue and community —
  'GET /api/wines': {
    handler: 'catalog/search-wines',
    auth: 'public',
    needs: ['table:read', 'media:read'],
    group: 'catalog',
    // The in-memory index holds the whole catalogue; more memory is also more CPU for the scan.
    memoryMb: 1536,
  },
  'GET /api/wines/{id}': {
    handler: 'catalog/get-wine',
    auth: 'public',
    needs: ['table:read', 'media:read'],
    group: 'catalog',
    memoryMb: 1536,
  },
  'GET /api/search': {
    handler: 'search/global-search',
    auth: 'public',
    needs: ['table:read', 'media:read'],
    group: 'catalog',
    memoryMb: 1536,
  },
  'GET /api/embed/wines/{id}': {
    handler: 'catalog/get-embedded-wine',
    auth: 'public',
    needs: ['table:read'],
    group: 'catalog',
  },
  'GET /api/embed/wines/{id}/price-key': {
    handler: 'catalog/get-embed-price-key',
    auth: 'user',
    needs: ['table:read'],
    group: 'catalog',
  },
  'DELETE /api/wines/{id}': {
    handler: 'catalog/delete-wine',
    auth: 'admin',
    needs: ['table:write'],
    group: 'catalog',
  },
  'POST /api/admin/wines/merge': {
    handler: 'catalog/merge-wines',
    auth: 'admin',
    needs: ['table:write'],
    group: 'catalog',
    timeoutSeconds: 29,
  },
  'GET /api/admin/wines/merges': {
    handler: 'catalog/list-merges',
    auth: 'admin',
    needs: ['table:read'],
    group: 'catalog',
  },
  'GET /api/wines/{id}/tastings': {
    handler: 'tastings/list-wine-tastings',
    auth: 'public',
    needs: ['table:read'],
    group: 'catalog',
  },
  'POST /api/wines/{id}/tastings': {
    handler: 'tastings/create-tasting',
    auth: 'user',
    needs: ['table:write'],
    group: 'catalog',
  },
  'PATCH /api/tastings/{id}': {
    handler: 'tastings/update-tasting',
    auth: 'user',
    needs: ['table:write'],
    group: 'catalog',
  },
  'DELETE /api/tastings/{id}': {
    handler: 'tastings/delete-tasting',
    auth: 'user',
    needs: ['table:write'],
    group: 'catalog',
  },
  'POST /api/users/{id}/tasting-images': {
    handler: 'tastings/upload-tasting-image',
    architecture: 'x86_64',
    auth: 'user',
    needs: ['media:write'],
    group: 'catalog',
    memoryMb: 1024,
  },
  'GET /api/users/{id}/tastings': {
    handler: 'tastings/list-user-tastings',
    auth: 'public',
    needs: ['table:read'],
    group: 'catalog',
  },
  'GET /api/users/{id}/profile': {
    handler: 'tastings/get-public-profile',
    auth: 'public',
    needs: ['table:read'],
    group: 'catalog',
  },
  'PUT /api/wines/{id}/my-rating': {
    handler: 'tastings/rate-wine',
    auth: 'user',
    needs: ['table:write'],
    group: 'catalog',
  },
  'GET /api/users/{id}/want-to-try': {
    handler: 'tastings/list-want-to-try',
    auth: 'public',
    needs: ['table:read'],
    group: 'catalog',
  },
  'PUT /api/users/{id}/want-to-try/{wineId}': {
    handler: 'tastings/add-want-to-try',
    auth: 'user',
    needs: ['table:write'],
    group: 'catalog',
  },
  'DELETE /api/users/{id}/want-to-try/{wineId}': {
    handler: 'tastings/remove-want-to-try',
    auth: 'user',
    needs: ['table:write'],
    group: 'catalog',
  },

  // — Cellar —
  'GET /api/wine-cellars/users/{id}/cellars': {
    handler: 'cellar/list-cellars',
    auth: 'user',
    needs: ['table:write'],
    group: 'cellar',
  },
  'PATCH /api/wine-cellars/cellars/{id}': {
    handler: 'cellar/update-cellar',
    auth: 'user',
    needs: ['table:write'],
    group: 'cellar',
  },
  'GET /api/wine-cellars/cellars/{id}/vats': {
    handler: 'cellar/list-cellar-vats',
    auth: 'user',
    needs: ['table:read'],
    group: 'cellar',
  },
  // — Cellar wines, locations, categories, history (the path's {id} is the owner) —
  'GET /api/wine-cellars/users/{id}/own-wines': {
    handler: 'cellar/wines/list-own-wines',
    auth: 'user',
    needs: ['table:read'],
    group: 'cellar',
    memoryMb: 1024,
  },
  'POST /api/wine-cellars/users/{id}/own-wines': {
    handler: 'cellar/wines/create-own-wine',
    auth: 'user',
    needs: ['table:write'],
    group: 'cellar',
  },
  'POST /api/wine-cellars/users/{id}/own-wines/bulk_create': {
    handler: 'cellar/wines/bulk-create-own-wines',
    auth: 'user',
    needs: ['table:write'],
    group: 'cellar',
    memoryMb: 1024,
    timeoutSeconds: 29,
  },
  // — Batch import (docs/imports.md): the job, its lines and decisions; the file goes to the imports bucket —
  'GET /api/wine-cellars/users/{id}/imports': {
    handler: 'imports/list-imports',
    auth: 'user',
    needs: ['table:read'],
    group: 'imports',
  },
  'POST /api/wine-cellars/users/{id}/imports': {
    handler: 'imports/create-import',
    auth: 'user',
    needs: ['table:write', 'imports:write'],
    group: 'imports',
  },
  'GET /api/wine-cellars/users/{id}/imports/{importId}': {
    handler: 'imports/get-import',
    auth: 'user',
    needs: ['table:read'],
    group: 'imports',
    memoryMb: 1024,
  },
  'PATCH /api/wine-cellars/users/{id}/imports/{importId}': {
    handler: 'imports/update-import',
    auth: 'user',
    needs: ['table:write', 'import-steps:send'],
    group: 'imports',
    memoryMb: 1024,
    timeoutSeconds: 29,
  },
  'POST /api/wine-cellars/users/{id}/imports/{importId}/confirm': {
    handler: 'imports/confirm-import',
    auth: 'user',
    needs: ['table:write', 'import-steps:send'],
    group: 'imports',
  },
  'DELETE /api/wine-cellars/users/{id}/imports/{importId}': {
    handler: 'imports/cancel-import',
    auth: 'user',
    needs: ['table:write'],
    group: 'imports',
  },
  'DELETE /api/wine-cellars/users/{id}/own-wines': {
    handler: 'cellar/wines/delete-own-wines',
    auth: 'user',
    needs: ['table:write'],
    group: 'cellar',
    timeoutSeconds: 29,
  },
  'GET /api/wine-cellars/users/{id}/own-wines/{ownWineId}': {
    handler: 'cellar/wines/get-own-wine',
    auth: 'user',
    needs: ['table:read'],
    group: 'cellar',
  },
  'PATCH /api/wine-cellars/users/{id}/own-wines/{ownWineId}': {
    handler: 'cellar/wines/update-own-wine',
    auth: 'user',
    needs: ['table:write'],
    group: 'cellar',
  },
  'POST /api/wine-cellars/users/{id}/own-wines/{ownWineId}/images': {
    handler: 'cellar/wines/upload-own-wine-image',
    architecture: 'x86_64',
    auth: 'user',
    needs: ['table:write', 'media:write'],
    group: 'cellar',
    memoryMb: 1024,
  },
  'POST /api/wine-cellars/users/{id}/own-wines/move': {
    handler: 'cellar/wines/move-own-wines',
    auth: 'user',
    needs: ['table:write'],
    group: 'cellar',
    // Moves are retried from a fresh read while others move bottles of the same wine.
    timeoutSeconds: 29,
  },
  'POST /api/wine-cellars/users/{id}/cellars/{cellarId}/images': {
    handler: 'cellar/upload-cellar-image',
    architecture: 'x86_64',
    auth: 'user',
    needs: ['table:write', 'media:write'],
    group: 'cellar',
    memoryMb: 1024,
  },
  'DELETE /api/wine-cellars/users/{id}/cellars/{cellarId}/images': {
    handler: 'cellar/delete-cellar-image',
    auth: 'user',
    needs: ['table:write', 'media:write'],
    group: 'cellar',
  },
  'GET /api/wine-cellars/users/{id}/locations': {
    handler: 'cellar/locations/list-locations',
    auth: 'user',
    needs: ['table:read'],
    group: 'cellar',
  },
  'POST /api/wine-cellars/users/{id}/locations': {
    handler: 'cellar/locations/create-location',
    auth: 'user',
    needs: ['table:write'],
    group: 'cellar',
  },
  'PATCH /api/wine-cellars/users/{id}/locations/{locationId}': {
    handler: 'cellar/locations/update-location',
    auth: 'user',
    needs: ['table:write'],
    group: 'cellar',
  },
  'DELETE /api/wine-cellars/users/{id}/locations/{locationId}': {
    handler: 'cellar/locations/delete-location',
    auth: 'user',
    needs: ['table:write'],
    group: 'cellar',
    timeoutSeconds: 29,
  },
  'POST /api/wine-cellars/users/{id}/locations/{locationId}/share': {
    handler: 'cellar/sharing/share-location',
    auth: 'user',
    needs: ['table:write'],
    group: 'cellar',
  },
  'DELETE /api/wine-cellars/users/{id}/locations/{locationId}/share': {
    handler: 'cellar/sharing/unshare-location',
    auth: 'user',
    needs: ['table:write'],
    group: 'cellar',
  },
  'GET /api/shared-locations/{token}': {
    handler: 'cellar/sharing/get-shared-location',
    auth: 'public',
    needs: ['table:read'],
    group: 'cellar',
  },
  'GET /api/wine-cellars/users/{id}/wine-list-categories': {
    handler: 'cellar/categories/list-categories',
    auth: 'user',
    needs: ['table:read'],
    group: 'cellar',
  },
  'POST /api/wine-cellars/users/{id}/wine-list-categories': {
    handler: 'cellar/categories/create-category',
    auth: 'user',
    needs: ['table:write'],
    group: 'cellar',
  },
  'PUT /api/wine-cellars/users/{id}/wine-list-categories/order': {
    handler: 'cellar/categories/order-categories',
    auth: 'user',
    needs: ['table:write'],
    group: 'cellar',
  },
  'PATCH /api/wine-cellars/users/{id}/wine-list-categories/{categoryId}': {
    handler: 'cellar/categories/update-category',
    auth: 'user',
    needs: ['table:write'],
    group: 'cellar',
  },
  'DELETE /api/wine-cellars/users/{id}/wine-list-categories/{categoryId}': {
    handler: 'cellar/categories/delete-category',
    auth: 'user',
    needs: ['table:write'],
    group: 'cellar',
  },
  'GET /api/wine-cellars/users/{id}/history': {
    handler: 'cellar/history/list-history',
    auth: 'user',
    needs: ['table:read'],
    group: 'cellar',
    memoryMb: 1024,
  },
  'GET /api/wine-cellars/users/{id}/dashboard': {
    handler: 'cellar/dashboard/get-dashboard',
    auth: 'user',
    needs: ['table:read'],
    group: 'cellar',
    memoryMb: 1024,
  },

  // — Wine lists (the path's {id} is the owner) —
  'GET /api/wine-cellars/users/{id}/wine-lists': {
    handler: 'wine-lists/list-wine-lists',
    auth: 'user',
    needs: ['table:read'],
    group: 'wine-lists',
    memoryMb: 1024,
  },
  'POST /api/wine-cellars/users/{id}/wine-lists': {
    handler: 'wine-lists/create-wine-list',
    auth: 'user',
    needs: ['table:write', 'list-page:invalidate'],
    group: 'wine-lists',
    memoryMb: 1024,
  },
  'GET /api/wine-cellars/users/{id}/wine-lists/{listId}': {
    handler: 'wine-lists/get-wine-list',
    auth: 'user',
    needs: ['table:read'],
    group: 'wine-lists',
    memoryMb: 1024,
  },
  'PATCH /api/wine-cellars/users/{id}/wine-lists/{listId}': {
    handler: 'wine-lists/update-wine-list',
    auth: 'user',
    needs: ['table:write', 'list-page:invalidate'],
    group: 'wine-lists',
    memoryMb: 1024,
    timeoutSeconds: 29,
  },
  'DELETE /api/wine-cellars/users/{id}/wine-lists/{listId}': {
    handler: 'wine-lists/delete-wine-list',
    auth: 'user',
    needs: ['table:write', 'media:write', 'list-page:invalidate'],
    group: 'wine-lists',
  },
  'GET /api/wine-cellars/users/{id}/wine-lists/{listId}/pdf': {
    handler: 'wine-lists/get-wine-list-pdf',
    // A logo that is not PNG or JPEG is converted with sharp, whose binary is the build machine's.
    architecture: 'x86_64',
    auth: 'user',
    // Downloading records what was printed, for "changed since last print".
    needs: ['table:write', 'media:read'],
    group: 'wine-lists',
    memoryMb: 1536,
    timeoutSeconds: 29,
  },
  'POST /api/wine-cellars/users/{id}/wine-lists/{listId}/logo': {
    handler: 'wine-lists/upload-wine-list-logo',
    architecture: 'x86_64',
    auth: 'user',
    needs: ['table:write', 'media:write', 'list-page:invalidate'],
    group: 'wine-lists',
    memoryMb: 1024,
  },
  'DELETE /api/wine-cellars/users/{id}/wine-lists/{listId}/logo': {
    handler: 'wine-lists/delete-wine-list-logo',
    auth: 'user',
    needs: ['table:write', 'media:write', 'list-page:invalidate'],
    group: 'wine-lists',
  },
  'GET /api/wine-cellars/users/{id}/own-wines/{ownWineId}/wine-lists': {
    handler: 'wine-lists/list-wine-memberships',
    auth: 'user',
    needs: ['table:read'],
    group: 'wine-lists',
  },
  'GET /api/wine-lists/{listId}': {
    handler: 'wine-lists/get-public-wine-list',
    auth: 'public',
    needs: ['table:read'],
    group: 'wine-lists',
    memoryMb: 1024,
  },
  // The guest's page of a list as HTML (`/l/{listId}` at the edge): no client key, as a phone's browser
  // opening the QR code sends none; CloudFront caches it (list-page-cdn.ts).
  'GET /api/wine-lists/{listId}/page': {
    handler: 'wine-lists/get-wine-list-page',
    auth: 'public',
    needs: ['table:read'],
    group: 'wine-lists',
    memoryMb: 1024,
    clientKey: 'none',
  },
  'GET /api/users/{id}/wine-lists': {
    handler: 'wine-lists/list-public-wine-lists',
    auth: 'public',
    needs: ['table:read'],
    group: 'wine-lists',
  },
  'GET /api/wines/{id}/wine-lists': {
    handler: 'wine-lists/list-wine-public-lists',
    auth: 'public',
    needs: ['table:read'],
    group: 'wine-lists',
  },

  // — Stock counts, sales, orders and sales analytics (the path's {id} is the owner) —
  'GET /api/wine-cellars/users/{id}/stock-counts': {
    handler: 'stock-counts/list-stock-counts',
    auth: 'business',
    needs: ['table:read'],
    group: 'stock-counts',
  },
  'POST /api/wine-cellars/users/{id}/stock-counts': {
    handler: 'stock-counts/create-stock-count',
    auth: 'business',
    needs: ['table:write'],
    group: 'stock-counts',
    memoryMb: 1024,
  },
  'GET /api/wine-cellars/users/{id}/stock-counts/{countId}': {
    handler: 'stock-counts/get-stock-count',
    auth: 'business',
    needs: ['table:read'],
    group: 'stock-counts',
    memoryMb: 1024,
  },
  'PATCH /api/wine-cellars/users/{id}/stock-counts/{countId}': {
    handler: 'stock-counts/update-stock-count',
    auth: 'business',
    needs: ['table:write'],
    group: 'stock-counts',
  },
  'DELETE /api/wine-cellars/users/{id}/stock-counts/{countId}': {
    handler: 'stock-counts/delete-stock-count',
    auth: 'business',
    needs: ['table:write'],
    group: 'stock-counts',
  },
  'PUT /api/wine-cellars/users/{id}/stock-counts/{countId}/entries': {
    handler: 'stock-counts/put-stock-count-entries',
    auth: 'business',
    needs: ['table:write'],
    group: 'stock-counts',
    memoryMb: 1024,
  },
  'POST /api/wine-cellars/users/{id}/stock-counts/{countId}/finish': {
    handler: 'stock-counts/finish-stock-count',
    auth: 'business',
    needs: ['table:write'],
    group: 'stock-counts',
    memoryMb: 1536,
    timeoutSeconds: 29,
  },
  'GET /api/wine-cellars/users/{id}/stock-counts/{countId}/pdf': {
    handler: 'stock-counts/get-stock-count-pdf',
    auth: 'business',
    needs: ['table:read'],
    group: 'stock-counts',
    memoryMb: 1536,
    timeoutSeconds: 29,
  },
  'GET /api/wine-cellars/users/{id}/sales': {
    handler: 'sales/list-sales',
    auth: 'business',
    needs: ['table:read'],
    group: 'sales',
    memoryMb: 1024,
  },
  'POST /api/wine-cellars/users/{id}/sales': {
    handler: 'sales/create-sale',
    auth: 'business',
    needs: ['table:write'],
    group: 'sales',
  },
  'GET /api/wine-cellars/users/{id}/sales/{saleId}': {
    handler: 'sales/get-sale',
    auth: 'business',
    needs: ['table:read'],
    group: 'sales',
  },
  'DELETE /api/wine-cellars/users/{id}/sales/{saleId}': {
    handler: 'sales/delete-sale',
    auth: 'business',
    needs: ['table:write'],
    group: 'sales',
  },
  'GET /api/wine-cellars/users/{id}/sales-analytics': {
    handler: 'sales-analytics/get-sales-analytics',
    auth: 'business',
    needs: ['table:read'],
    group: 'sales',
    memoryMb: 1536,
    // The first request of an instance reads every sale of the year (docs/sales-analytics.md).
    timeoutSeconds: 29,
  },
  'GET /api/wine-cellars/users/{id}/sales-analytics/menu-engineering': {
    handler: 'sales-analytics/get-menu-engineering',
    auth: 'business',
    needs: ['table:read'],
    group: 'sales',
    memoryMb: 1536,
    // Shares the sale lines of sales analytics: the first request of an instance reads the year's sales.
    timeoutSeconds: 29,
  },
  // Reordering (docs/reorder.md): wines at or under their reorder point, and into the cart in one tap.
  'GET /api/wine-cellars/users/{id}/reorder': {
    handler: 'reorder/get-reorder',
    auth: 'business',
    needs: ['table:read'],
    group: 'orders',
    memoryMb: 1536,
    // Reads the last 90 days of sales as the sales analytics do.
    timeoutSeconds: 29,
  },
  'POST /api/wine-cellars/users/{id}/reorder/cart': {
    handler: 'reorder/reorder-to-cart',
    auth: 'business',
    needs: ['table:write'],
    group: 'orders',
  },
  'GET /api/wine-cellars/users/{id}/orders': {
    handler: 'orders/list-orders',
    auth: 'business',
    needs: ['table:read'],
    group: 'orders',
  },
  'POST /api/wine-cellars/users/{id}/orders': {
    handler: 'orders/create-order',
    auth: 'business',
    needs: ['table:write'],
    group: 'orders',
  },
  'GET /api/wine-cellars/users/{id}/orders/{orderId}': {
    handler: 'orders/get-order',
    auth: 'business',
    needs: ['table:read'],
    group: 'orders',
  },
  'PATCH /api/wine-cellars/users/{id}/orders/{orderId}': {
    handler: 'orders/update-order',
    auth: 'business',
    needs: ['table:write'],
    group: 'orders',
  },
  'DELETE /api/wine-cellars/users/{id}/orders/{orderId}': {
    handler: 'orders/delete-order',
    auth: 'business',
    needs: ['table:write'],
    group: 'orders',
  },
  'POST /api/wine-cellars/users/{id}/orders/{orderId}/receive': {
    handler: 'orders/receive-order',
    auth: 'business',
    needs: ['table:write'],
    group: 'orders',
  },
  'GET /api/wine-cellars/users/{id}/importer-connections': {
    handler: 'orders/list-importer-connections',
    auth: 'business',
    needs: ['table:read'],
    group: 'orders',
  },
  'POST /api/wine-cellars/users/{id}/importer-connections': {
    handler: 'orders/request-importer-connection',
    auth: 'business',
    needs: ['table:write'],
    group: 'orders',
  },
  'GET /api/admin/importer-connections': {
    handler: 'orders/list-requested-importer-connections',
    auth: 'admin',
    needs: ['table:read'],
    group: 'orders',
  },
  'POST /api/admin/importer-connections/activate': {
    handler: 'orders/activate-importer-connection',
    auth: 'admin',
    needs: ['table:write'],
    group: 'orders',
  },

  // — Trade marketplace (docs/marketplace.md): suppliers, the cart of a cellar ({id} is the cellar's id),
  // checkout, suppliers' answers from their links, importer accounts —
  'GET /api/suppliers': {
    handler: 'marketplace/suppliers/list-suppliers',
    auth: 'public',
    needs: ['table:read'],
    group: 'marketplace',
  },
  'GET /api/suppliers/{supplierId}': {
    handler: 'marketplace/suppliers/get-supplier',
    auth: 'public',
    needs: ['table:read'],
    group: 'marketplace',
  },
  'GET /api/wines/{id}/suppliers': {
    handler: 'marketplace/suppliers/list-wine-suppliers',
    auth: 'public',
    needs: ['table:read'],
    group: 'marketplace',
  },
  'GET /api/wine-cellars/cellars/{id}/nbs/cart-items': {
    handler: 'marketplace/cart/get-cart',
    auth: 'business',
    needs: ['table:read'],
    group: 'marketplace',
  },
  'POST /api/wine-cellars/cellars/{id}/nbs/cart-items': {
    handler: 'marketplace/cart/add-cart-item',
    auth: 'business',
    needs: ['table:write'],
    group: 'marketplace',
  },
  'PATCH /api/wine-cellars/cellars/{id}/nbs/cart-items/{itemId}': {
    handler: 'marketplace/cart/update-cart-item',
    auth: 'business',
    needs: ['table:write'],
    group: 'marketplace',
  },
  'DELETE /api/wine-cellars/cellars/{id}/nbs/cart-items/{itemId}': {
    handler: 'marketplace/cart/delete-cart-item',
    auth: 'business',
    needs: ['table:write'],
    group: 'marketplace',
  },
  'GET /api/wine-cellars/cellars/{id}/nbs/cart-items/summary': {
    handler: 'marketplace/cart/get-cart-summary',
    auth: 'business',
    needs: ['table:read'],
    group: 'marketplace',
  },
  'GET /api/wine-cellars/cellars/{id}/nbs/checkout-details': {
    handler: 'marketplace/checkout/get-checkout-details',
    auth: 'business',
    needs: ['table:read'],
    group: 'marketplace',
  },
  'POST /api/wine-cellars/cellars/{id}/nbs/checkout': {
    handler: 'marketplace/checkout/place-checkout',
    auth: 'business',
    needs: ['table:write', 'supplier-orders:send'],
    group: 'marketplace',
  },
  'GET /api/wine-cellars/cellars/{id}/nbs/checkouts/{checkoutId}': {
    handler: 'marketplace/checkout/get-checkout',
    auth: 'business',
    needs: ['table:read'],
    group: 'marketplace',
  },
  'POST /api/supplier-link/read': {
    handler: 'marketplace/supplier-orders/read-supplier-link',
    auth: 'public',
    // The per-client rate limit's count is a write.
    needs: ['table:write'],
    group: 'marketplace',
  },
  'POST /api/supplier-link/answer': {
    handler: 'marketplace/supplier-orders/answer-supplier-link',
    auth: 'public',
    needs: ['table:write', 'supplier-orders:send'],
    group: 'marketplace',
  },
  'GET /api/supplier-portal': {
    handler: 'marketplace/portal/get-supplier-portal',
    auth: 'user',
    needs: ['table:read'],
    group: 'marketplace',
  },
  'GET /api/supplier-portal/orders': {
    handler: 'marketplace/portal/list-supplier-portal-orders',
    auth: 'user',
    needs: ['table:read'],
    group: 'marketplace',
  },
  'GET /api/supplier-portal/orders/{ownerId}/{orderId}': {
    handler: 'marketplace/portal/get-supplier-portal-order',
    auth: 'user',
    needs: ['table:read'],
    group: 'marketplace',
  },
  'POST /api/supplier-portal/orders/{ownerId}/{orderId}/answer': {
    handler: 'marketplace/portal/answer-supplier-portal-order',
    auth: 'user',
    needs: ['table:write', 'supplier-orders:send'],
    group: 'marketplace',
  },
  'GET /api/supplier-portal/price-list': {
    handler: 'marketplace/portal/get-price-list',
    auth: 'user',
    needs: ['table:read'],
    group: 'marketplace',
  },
  'PATCH /api/supplier-portal/price-list': {
    handler: 'marketplace/portal/update-price-list',
    auth: 'user',
    needs: ['table:write'],
    group: 'marketplace',
  },
  'POST /api/supplier-portal/price-list/import': {
    handler: 'marketplace/portal/upload-price-list',
    auth: 'user',
    needs: ['table:write'],
    group: 'marketplace',
  },
  'POST /api/supplier-portal/order-imports': {
    handler: 'marketplace/portal/import-supplier-order',
    auth: 'user',
    needs: ['table:write'],
    group: 'marketplace',
  },
  'POST /api/admin/suppliers/{supplierId}/account': {
    handler: 'marketplace/admin/link-supplier-account',
    auth: 'admin',
    needs: ['table:write'],
    group: 'marketplace',
  },
  'DELETE /api/admin/suppliers/{supplierId}/account': {
    handler: 'marketplace/admin/unlink-supplier-account',
    auth: 'admin',
    needs: ['table:write'],
    group: 'marketplace',
  },
  'PATCH /api/admin/suppliers/{supplierId}': {
    handler: 'marketplace/admin/update-supplier',
    auth: 'admin',
    needs: ['table:write'],
    group: 'marketplace',
  },

  // — Price rules, price reviews and recipes (the path's {id} is the owner) —
  'GET /api/wine-cellars/users/{id}/price-rules': {
    handler: 'pricing/list-price-rule-sets',
    auth: 'business',
    needs: ['table:read'],
    group: 'pricing',
  },
  'POST /api/wine-cellars/users/{id}/price-rules': {
    handler: 'pricing/create-price-rule-set',
    auth: 'business',
    needs: ['table:write'],
    group: 'pricing',
  },
  'GET /api/wine-cellars/users/{id}/price-rules/{ruleSetId}': {
    handler: 'pricing/get-price-rule-set',
    auth: 'business',
    needs: ['table:read'],
    group: 'pricing',
  },
  'PATCH /api/wine-cellars/users/{id}/price-rules/{ruleSetId}': {
    handler: 'pricing/update-price-rule-set',
    auth: 'business',
    needs: ['table:write'],
    group: 'pricing',
  },
  'DELETE /api/wine-cellars/users/{id}/price-rules/{ruleSetId}': {
    handler: 'pricing/delete-price-rule-set',
    auth: 'business',
    needs: ['table:write'],
    group: 'pricing',
  },
  'POST /api/wine-cellars/users/{id}/price-rules/{ruleSetId}/preview': {
    handler: 'pricing/preview-price-rules',
    auth: 'business',
    needs: ['table:read'],
    group: 'pricing',
    memoryMb: 1024,
  },
  'POST /api/wine-cellars/users/{id}/price-rules/{ruleSetId}/apply': {
    handler: 'pricing/apply-price-rules',
    auth: 'business',
    needs: ['table:write'],
    group: 'pricing',
    memoryMb: 1024,
    // A rule set over a whole cellar writes every wine it prices, 49 to a transaction.
    timeoutSeconds: 60,
  },
  'POST /api/wine-cellars/users/{id}/price-restores': {
    handler: 'pricing/restore-applied-price',
    auth: 'business',
    needs: ['table:write'],
    group: 'pricing',
  },
  'GET /api/wine-cellars/users/{id}/price-reviews': {
    handler: 'pricing/list-price-reviews',
    auth: 'business',
    needs: ['table:read'],
    group: 'pricing',
    memoryMb: 1024,
  },
  'POST /api/wine-cellars/users/{id}/price-reviews': {
    handler: 'pricing/decide-price-reviews',
    auth: 'business',
    needs: ['table:write'],
    group: 'pricing',
    memoryMb: 1024,
    timeoutSeconds: 60,
  },
  'GET /api/wine-cellars/users/{id}/recipes': {
    handler: 'recipes/list-recipes',
    auth: 'business',
    needs: ['table:read'],
    group: 'pricing',
  },
  'POST /api/wine-cellars/users/{id}/recipes': {
    handler: 'recipes/create-recipe',
    auth: 'business',
    needs: ['table:write'],
    group: 'pricing',
  },
  'GET /api/wine-cellars/users/{id}/recipes/{recipeId}': {
    handler: 'recipes/get-recipe',
    auth: 'business',
    needs: ['table:read'],
    group: 'pricing',
  },
  'PATCH /api/wine-cellars/users/{id}/recipes/{recipeId}': {
    handler: 'recipes/update-recipe',
    auth: 'business',
    needs: ['table:write'],
    group: 'pricing',
  },
  'DELETE /api/wine-cellars/users/{id}/recipes/{recipeId}': {
    handler: 'recipes/delete-recipe',
    auth: 'business',
    needs: ['table:write'],
    group: 'pricing',
  },

  // — The till (POS): keys, product feed and sales in —
  'GET /api/wine-cellars/users/{id}/pos-keys': {
    handler: 'pos/list-pos-keys',
    auth: 'business',
    needs: ['table:read'],
    group: 'pos',
  },
  'POST /api/wine-cellars/users/{id}/pos-keys': {
    handler: 'pos/create-pos-key',
    auth: 'business',
    needs: ['table:write'],
    group: 'pos',
  },
  'DELETE /api/wine-cellars/users/{id}/pos-keys/{keyId}': {
    handler: 'pos/delete-pos-key',
    auth: 'business',
    needs: ['table:write'],
    group: 'pos',
  },
  'POST /api/wine-cellars/users/{id}/pos-keys/{keyId}/rotate': {
    handler: 'pos/rotate-pos-key',
    auth: 'business',
    needs: ['table:write'],
    group: 'pos',
  },
  'GET /api/wine-cellars/users/{id}/pos/products': {
    handler: 'pos/get-pos-products',
    auth: 'business',
    needs: ['table:read'],
    group: 'pos',
    memoryMb: 1024,
  },
  'POST /api/wine-cellars/users/{id}/pos/sales-import': {
    handler: 'pos/import-pos-sales',
    auth: 'business',
    needs: ['table:write'],
    group: 'pos',
    memoryMb: 1024,
    // A till's export of a month: thousands of transactions, each its own sale.
    timeoutSeconds: 120,
  },
  'GET /api/wine-cellars/users/{id}/pos/needs-mapping': {
    handler: 'pos/list-pos-needs-mapping',
    auth: 'business',
    needs: ['table:read'],
    group: 'pos',
  },
  'POST /api/wine-cellars/users/{id}/pos/needs-mapping': {
    handler: 'pos/map-pos-product',
    auth: 'business',
    needs: ['table:write'],
    group: 'pos',
    timeoutSeconds: 60,
  },
  'GET /api/pos/products': {
    handler: 'pos/till-products',
    auth: 'pos',
    // A till's read still counts against its key's rate limit and marks the key used.
    needs: ['table:write'],
    group: 'pos',
    memoryMb: 1024,
  },
  'POST /api/pos/sales': {
    handler: 'pos/till-sales',
    auth: 'pos',
    needs: ['table:write'],
    group: 'pos',
  },
  'POST /api/pos/{cellarId}/sales': {
    handler: 'pos/till-sales-for-cellar',
    auth: 'pos',
    needs: ['table:write'],
    group: 'pos',
  },

  // — Wine events (docs/events.md): public and private events with their wine lists; only the organiser
  // or an admin changes one —
  'GET /api/events': {
    handler: 'events/list-events',
    auth: 'public',
    needs: ['table:read'],
    group: 'events',
  },
  'POST /api/events': {
    handler: 'events/create-event',
    auth: 'user',
    needs: ['table:write'],
    group: 'events',
  },
  'POST /api/events/covers': {
    handler: 'events/upload-event-cover',
    architecture: 'x86_64',
    auth: 'user',
    needs: ['media:write'],
    group: 'events',
    memoryMb: 1024,
  },
  'POST /api/events/wine-ids': {
    handler: 'events/look-up-event-wine-ids',
    auth: 'user',
    needs: ['table:read'],
    group: 'events',
  },
  'GET /api/events/{eventId}': {
    handler: 'events/get-event',
    auth: 'public',
    needs: ['table:read'],
    group: 'events',
  },
  'PATCH /api/events/{eventId}': {
    handler: 'events/update-event',
    auth: 'user',
    needs: ['table:write', 'media:write'],
    group: 'events',
  },
  'DELETE /api/events/{eventId}': {
    handler: 'events/delete-event',
    auth: 'user',
    needs: ['table:write', 'media:write'],
    group: 'events',
  },
  'PUT /api/events/{eventId}/wine-lists': {
    handler: 'events/replace-event-wine-lists',
    auth: 'user',
    needs: ['table:write'],
    group: 'events',
  },
  'POST /api/events/{eventId}/wine-lists': {
    handler: 'events/add-event-wine-list',
    auth: 'user',
    needs: ['table:write'],
    group: 'events',
  },
  'PATCH /api/events/{eventId}/wine-lists/{listId}': {
    handler: 'events/update-event-wine-list',
    auth: 'user',
    needs: ['table:write'],
    group: 'events',
  },
  'DELETE /api/events/{eventId}/wine-lists/{listId}': {
    handler: 'events/delete-event-wine-list',
    auth: 'user',
    needs: ['table:write'],
    group: 'events',
  },
  'POST /api/events/{eventId}/wine-lists/{listId}/import': {
    handler: 'events/import-event-wine-ids',
    auth: 'user',
    needs: ['table:write'],
    group: 'events',
  },

  // The cellar assistant (SPEC §1): a person's conversations and the questions asked in them. Only the
  // AI client's key opens them (SPEC §7); the answer to a question streams.
  'POST /api/assistant/conversations': {
    handler: 'assistant/conversations/create-conversation',
    auth: 'user',
    needs: ['table:write'],
    group: 'assistant',
    clientKey: 'ai',
  },
  'GET /api/assistant/conversations': {
    handler: 'assistant/conversations/list-conversations',
    auth: 'user',
    needs: ['table:read'],
    group: 'assistant',
    clientKey: 'ai',
  },
  'GET /api/assistant/conversations/{conversationId}': {
    handler: 'assistant/conversations/get-conversation',
    auth: 'user',
    needs: ['table:read'],
    group: 'assistant',
    clientKey: 'ai',
  },
  'DELETE /api/assistant/conversations/{conversationId}': {
    handler: 'assistant/conversations/delete-conversation',
    auth: 'user',
    needs: ['table:write'],
    group: 'assistant',
    clientKey: 'ai',
  },
  // The answer's own limit is 25 s (ASSISTANT_ANSWER_TIMEOUT_MS); the function has room to store it after.
  'POST /api/assistant/conversations/{conversationId}/messages': {
    handler: 'assistant/ask/ask-question',
    auth: 'user',
    stream: true,
    needs: ['table:write', 'assistant:invoke'],
    group: 'assistant',
    clientKey: 'ai',
    timeoutSeconds: 60,
    memoryMb: 1024,
  },

  // Plans (SPEC §1, §6, §9; shared/src/billing.ts): the account's plan, the payment provider's signed
  // webhook that alone sets it, and an administrator's manual change with its audit entry.
  'GET /api/account/plan': {
    handler: 'billing/get-plan',
    auth: 'user',
    needs: ['table:read'],
    group: 'billing',
  },
  'POST /api/payments/webhook': {
    handler: 'billing/payment-webhook',
    auth: 'public',
    needs: ['table:write', 'payments:verify'],
    group: 'billing',
    clientKey: 'none',
  },
  'GET /api/admin/users/{id}/plan': {
    handler: 'billing/get-user-plan',
    auth: 'admin',
    needs: ['table:read'],
    group: 'billing',
  },
  'PUT /api/admin/users/{id}/plan': {
    handler: 'billing/set-user-plan',
    auth: 'admin',
    needs: ['table:write'],
    group: 'billing',
  },

  // Market value (SPEC §2 /wine-cellar/analytics, shared/src/market-values.ts): Plus and Pro only.
  'GET /api/wine-cellars/users/{id}/market-value': {
    handler: 'market-values/get-market-value',
    auth: 'user',
    needs: ['table:read'],
    group: 'market-values',
    memoryMb: 1024,
    // A new instance reads two valuation items per wine (batch gets): a 5,000-wine cellar's first answer.
    timeoutSeconds: 29,
  },
  'GET /api/wine-cellars/users/{id}/own-wines/{ownWineId}/valuations': {
    handler: 'market-values/list-valuations',
    auth: 'user',
    needs: ['table:read'],
    group: 'market-values',
  },
  // What a free account is shown instead: the same page over a fixed demo cellar, labelled as a sample.
  'GET /api/market-value/sample': {
    handler: 'market-values/get-sample',
    auth: 'user',
    needs: ['table:read'],
    group: 'market-values',
  },

  // Norwegian duties (docs/duties.md, shared/src/duties.ts): dated rates and a bottle's cost breakdown.
  'GET /api/duties/rates': {
    handler: 'duties/get-duty-rates',
    auth: 'user',
    needs: ['table:read'],
    group: 'duties',
  },
  'GET /api/wine-cellars/users/{id}/own-wines/{ownWineId}/cost': {
    handler: 'duties/get-wine-cost',
    auth: 'user',
    needs: ['table:read'],
    group: 'duties',
  },
} as const satisfies Record<string, RouteDef>;

export type RouteKey = keyof typeof routes;

/**
 * Where a streamed route reads the caller's `Authorization` in the cloud: CloudFront signs its requests
 * to a function URL (origin access control) in `Authorization`, so the distribution's viewer-request
 * function moves the caller's own header here first (infra/lib/streaming-origin.ts, platform/http-stream.ts).
 */
export const STREAM_AUTHORIZATION_HEADER = 'x-kork-authorization';

/** The image-resize function behind `/img` (not under /api: CloudFront sends `/img*` to it directly). */
export const imageFunction = {
  handler: 'media/resize-image',
  needs: ['media:read'],
  // sharp ships a native binary per platform and npm installs only the build machine's (linux-x64 here
  // and in CI), so this one function runs on x86_64 with the binary that was tested.
  architecture: 'x86_64',
  memoryMb: 1024,
  timeoutSeconds: 10,
} as const satisfies FunctionDef;

export interface QueueDef {
  /** The consumer of the queue's messages (an SQS batch handler reporting partial failures). */
  consumer: FunctionDef;
  maxReceiveCount: number;
  batchSize: number;
  visibilityTimeoutSeconds: number;
}

export const queues = {
  'supplier-orders': {
    consumer: {
      handler: 'marketplace/supplier-orders/send-supplier-orders',
      needs: ['table:write', 'mail:send', 'links:sign'],
      timeoutSeconds: 30,
    },
    maxReceiveCount: 5,
    batchSize: 10,
    visibilityTimeoutSeconds: 180,
  },
  // Batch import steps (queue-messages/src/import-step.ts) and the imports bucket's "Object Created" events.
  'import-steps': {
    consumer: {
      handler: 'imports/run-import-step',
      needs: ['table:write', 'imports:read', 'import-steps:send', 'documents:read', 'model:invoke'],
      timeoutSeconds: 300,
      memoryMb: 2048,
    },
    maxReceiveCount: 3,
    batchSize: 1,
    visibilityTimeoutSeconds: 1800,
  },
  // Deleted accounts' data (queue-messages/src/account-deletion.ts): purged in batches, each message sending on
  // the next with the step it reached (docs/decisions.md, "Account deletion as a job").
  'account-deletions': {
    consumer: {
      handler: 'account-deletion/purge-account',
      needs: ['table:write', 'media:write', 'mail:send', 'account-deletions:send'],
      timeoutSeconds: 120,
    },
    maxReceiveCount: 5,
    batchSize: 1,
    visibilityTimeoutSeconds: 720,
  },
  // Market-value sync (shared/src/market-values.ts `MarketValueSyncMessage`): one batch of wines to value
  // for one day; idempotent per wine and day, so a message delivered twice values nothing twice.
  'market-values': {
    consumer: {
      handler: 'market-values/sync/value-wines',
      needs: ['table:write', 'valuations:fetch'],
      timeoutSeconds: 120,
    },
    maxReceiveCount: 5,
    batchSize: 1,
    visibilityTimeoutSeconds: 720,
  },
} as const satisfies Record<string, QueueDef>;

export type QueueName = keyof typeof queues;

/**
 * Objects landing in a bucket under a prefix become messages of a queue: in the cloud an EventBridge
 * rule on the bucket's "Object Created" events targets the queue; locally the S3 emulator's events are
 * put on the in-process queue in the same shape (queue-messages/src/import-step.ts `ImportUploaded`).
 */
export interface UploadTriggerDef {
  bucket: 'imports';
  prefix: string;
  queue: QueueName;
}

export const uploadTriggers = {
  'import-uploaded': { bucket: 'imports', prefix: 'uploads/', queue: 'import-steps' },
} as const satisfies Record<string, UploadTriggerDef>;

export interface JobDef extends FunctionDef {
  /** EventBridge Scheduler expression; the local runner reads the rate form only. */
  schedule: string;
  description: string;
}

/** Scheduled jobs; locally run on a timer and on demand with `npm run job -- <name>`. */
export const jobs = {
  'catalog-snapshot': {
    handler: 'catalog/refresh-snapshot',
    needs: ['table:read', 'media:write'],
    schedule: 'rate(1 day)',
    description: 'Rewrites the search snapshot so cold search functions read a short change feed',
    timeoutSeconds: 300,
    memoryMb: 1536,
  },
  'exchange-rates': {
    handler: 'cellar/currency/refresh-exchange-rates',
    needs: ['table:write'],
    schedule: 'rate(1 day)',
    description:
      "Stores the day's exchange rates, with their date and source, for cellar amounts in other currencies",
    timeoutSeconds: 60,
  },
  'supplier-order-follow-up': {
    handler: 'marketplace/supplier-orders/follow-up-supplier-orders',
    needs: ['table:write', 'supplier-orders:send'],
    schedule: 'rate(15 minutes)',
    description:
      'Sends again the order messages of checkouts whose sending failed, and one reminder to suppliers that have not answered in 24 hours',
    timeoutSeconds: 120,
  },
  'market-values': {
    handler: 'market-values/sync/plan-sync',
    needs: ['table:read', 'market-values:send'],
    schedule: 'rate(1 day)',
    description:
      'Sends every wine held in a paying cellar to the market-values queue, in batches, to be valued for the day',
    timeoutSeconds: 300,
  },
  'duty-rates': {
    handler: 'duties/jobs/load-duty-rates',
    needs: ['table:write', 'imports:read'],
    schedule: 'rate(1 day)',
    description:
      "Loads the duty rates file (the imports bucket's duty-rates.json, else the rates the app ships) into the rates table",
    timeoutSeconds: 60,
  },
  'sale-rollups': {
    handler: 'sales/jobs/rebuild-sale-rollups',
    needs: ['table:write'],
    // Rarely: cellars with rollups are skipped (within a local timer's 24.8-day limit).
    schedule: 'rate(14 days)',
    description:
      "Builds the sales analytics' day rollups from the sales already recorded, for cellars without them (idempotent: a rebuilt cellar is skipped)",
    timeoutSeconds: 900,
    memoryMb: 1024,
  },
} as const satisfies Record<string, JobDef>;

export type JobName = keyof typeof jobs;

/**
 * Jobs deployed only with the catalogue search in OpenSearch (`-c catalogSearch=opensearch`, docs/search.md):
 * not run locally, where the search stays in memory.
 */
export const catalogSearchJobs = {
  'catalog-search-documents': {
    handler: 'catalog/sync-search-documents',
    needs: ['table:write'],
    schedule: 'rate(1 minute)',
    description:
      'Writes the search documents of the wines changed since the last run, for the zero-ETL pipeline to lift into the collection',
    timeoutSeconds: 60,
    memoryMb: 1024,
  },
} as const satisfies Record<string, JobDef>;

/** A stable, file-system-safe id for a route key: `GET /api/users/{id}` → `get-api-users-id`. */
export function routeId(key: string): string {
  return key
    .toLowerCase()
    .replace(/[{}]/g, '')
    .replace(/[^a-z0-9]+/g, '-')
    .replace(/^-|-$/g, '');
}

/** Every function the app deploys, keyed by a stable id (the bundle folder and Lambda logical id). */
export function allFunctions(): Record<string, FunctionDef> {
  const out: Record<string, FunctionDef> = {};
  for (const [key, def] of Object.entries(routes)) out[routeId(key)] = def;
  out['image-resize'] = imageFunction;
  for (const [name, def] of Object.entries(queues)) out[`consume-${name}`] = def.consumer;
  for (const [name, def] of Object.entries(jobs) as [string, JobDef][]) out[`job-${name}`] = def;
  return out;
}

/** The functions deployed only with the catalogue search in OpenSearch, keyed like `allFunctions`. */
export function catalogSearchFunctions(): Record<string, FunctionDef> {
  const out: Record<string, FunctionDef> = {};
  for (const [name, def] of Object.entries(catalogSearchJobs) as [string, JobDef][]) out[`job-${name}`] = def;
  return out;
}

/**
 * Who a request is, where the platform cannot know it itself: an account's session state is the
 * accounts domain's, a till's signed POS key the POS domain's. The middleware (platform/http.ts) loads
 * each on first use, so a public route called without a token never evaluates the table client.
 */
export const authenticators = {
  sessions: async () => (await import('./accounts/session-lookup')).tableSessions,
  till: async () => (await import('./pos/pos-auth')).authenticateTill,
};
