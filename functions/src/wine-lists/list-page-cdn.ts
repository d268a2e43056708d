/**
 * The CDN port of the guest's list page: CloudFront keeps `/l/{listId}` (list-page-html.ts) for a minute
 * (LIST_PAGE_CACHE); a change to the list itself (its wines, name, layout, visibility, logo, deletion)
 * asks the CDN to drop its copies at once. In the cloud that is a CloudFront invalidation of the page's
 * path (`CDN_DISTRIBUTION_ID` names the distribution; infra/lib/list-page-origin.ts the behaviour); without a distribution — the local origin, tests —
 * nothing caches the page, and the local adapter only records what it would have invalidated.
 * Changes of the cellar (a wine sold out, a new price) are not invalidated: the page's one-minute CDN
 * life bounds how long they take to show (docs/decisions.md).
 */
import { createLogger } from '../platform/logger';
import { listPagePath } from './list-page-html';

/**
 * Browsers revalidate every time (a guest's reload sees the CDN's copy); CloudFront keeps a copy for 60 s
 * and may serve it for one more minute while it fetches a fresh one.
 */
export const LIST_PAGE_CACHE = 'public, max-age=0, s-maxage=60, stale-while-revalidate=60';

export interface ListPageCdnPort {
  readonly kind: 'cloudfront' | 'local-record';
  invalidate(paths: string[]): Promise<void>;
}

/**
 * The route CloudFront's `/l/*` behaviour sends the page to: its viewer-request function rewrites
 * `/l/{listId}` to this path before the cache lookup (infra/lib/list-page-origin.ts).
 */
export function listPageOriginPath(listId: string): string {
  return `/api/wine-lists/${encodeURIComponent(listId)}/page`;
}

/**
 * What one invalidation names: CloudFront keys its copies on the URI after the viewer-request function
 * rewrote it, so both the guest's path and the rewritten one are dropped, each with and without a query
 * (`?lang=en`): `*` covers both.
 */
export function cloudFrontInvalidationPaths(paths: readonly string[]): string[] {
  return paths.flatMap((path) => {
    const listId = /^\/l\/([^/]+)$/.exec(path)?.[1];
    const rewritten = listId ? [listPageOriginPath(decodeURIComponent(listId))] : [];
    return [path, ...rewritten].map((p) => `${p}*`);
  });
}

/** CloudFront's client is loaded on the first invalidation, not when a list function starts. */
export function cloudFrontListPageCdn(distributionId: string) {
  let client: import('@aws-sdk/client-cloudfront').CloudFrontClient | undefined;
  return {
    kind: 'cloudfront',
    async invalidate(paths: string[]) {
      const { CloudFrontClient, CreateInvalidationCommand } = await import('@aws-sdk/client-cloudfront');
      client ??= new CloudFrontClient({});
      const items = cloudFrontInvalidationPaths(paths);
      await client.send(
        new CreateInvalidationCommand({
          DistributionId: distributionId,
          InvalidationBatch: {
            CallerReference: `${Date.now()}-${paths.join(',')}`.slice(0, 128),
            Paths: { Quantity: items.length, Items: items },
          },
        }),
      );
    },
  } satisfies ListPageCdnPort;
}

/** The local stand-in: no CDN runs locally; it records each path it would invalidate, for tests. */
export function recordingListPageCdn(): ListPageCdnPort & { readonly invalidated: string[] } {
  const invalidated: string[] = [];
  return {
    kind: 'local-record',
    invalidated,
    async invalidate(paths: string[]) {
      invalidated.push(...paths);
    },
  };
}

let installed: ListPageCdnPort | undefined;
let fallback: ListPageCdnPort | undefined;

/** Replaces the adapter the environment chooses (a test's recorder). */
export function useListPageCdn(port: ListPageCdnPort | undefined): void {
  installed = port;
}

export function listPageCdn(): ListPageCdnPort {
  if (installed) return installed;
  const distributionId = process.env.CDN_DISTRIBUTION_ID;
  fallback ??= distributionId ? cloudFrontListPageCdn(distributionId) : recordingListPageCdn();
  return fallback;
}

/**
 * After a list's change is stored: the CDN drops its copies of the list's page. A failed invalidation
 * is logged, not thrown — the change is stored, and the page's short CDN life catches up.
 */
export async function invalidateListPage(listId: string): Promise<void> {
  try {
    await listPageCdn().invalidate([listPagePath(listId)]);
  } catch (error) {
    createLogger({}).warn('list page invalidation failed', { listId, error });
  }
}
