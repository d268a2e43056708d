/**
 * Assembles Kork's stacks from the manifest. bin/app.ts calls it with the real bundles; tests call it
 * with stub bundles or an altered manifest.
 */
import {
  catalogSearchJobs,
  type JobDef,
  jobs as manifestJobs,
  queues as manifestQueues,
  routes as manifestRoutes,
  type QueueDef,
  type RouteDef,
  type RouteGroup,
  routeId,
} from '@kork/functions/routes';
import type { App, Environment, StackProps } from 'aws-cdk-lib';
import { ApiRoutesStack, type StreamingRoute } from './api-routes-stack';
import { ApiStack } from './api-stack';
import { AsyncStack } from './async-stack';
import { CatalogSearchCollection } from './catalog-search-collection';
import { readConfig } from './config';
import { DataStack } from './data-stack';
import { JobsStack } from './jobs-stack';
import type { FunctionResources } from './kork-function';
import { addNagChecks } from './nag';
import { WebStack } from './web-stack';

export interface KorkAppProps {
  /** Bundle folder per function id of `allFunctions()`. */
  assets: Record<string, string>;
  /** The built SPA; omitted, the SPA bucket is left empty. */
  webDist?: string;
  env?: Environment;
  /** Manifest parts, replaceable for tests; the real manifest by default. */
  routes?: Record<string, RouteDef>;
  queues?: Record<string, QueueDef>;
  jobs?: Record<string, JobDef>;
}

export interface KorkStacks {
  data: DataStack;
  api: ApiStack;
  web: WebStack;
  async: AsyncStack;
  routes: Partial<Record<RouteGroup, ApiRoutesStack>>;
  /** Only there when the manifest has jobs: an empty stack cannot be deployed. */
  jobs?: JobsStack;
}

export const STACK_PREFIX = 'Kork';

/** The routes that answer from the catalogue search port: pointed at the collection when it is on. */
export const CATALOG_SEARCH_HANDLERS = ['catalog/search-wines'];

export function createKorkApp(app: App, props: KorkAppProps): KorkStacks {
  const config = readConfig(app);
  const routes = props.routes ?? (manifestRoutes as Record<string, RouteDef>);
  const queues = props.queues ?? (manifestQueues as Record<string, QueueDef>);
  const jobs: Record<string, JobDef> = {
    ...(props.jobs ?? (manifestJobs as Record<string, JobDef>)),
    // The search documents the zero-ETL pipeline lifts (docs/search.md): only with the collection.
    ...(config.catalogSearch === 'opensearch' ? catalogSearchJobs : {}),
  };
  const common = (description: string): StackProps => ({
    env: props.env,
    description: `Kork: ${description}`,
    tags: { app: 'kork' },
  });

  const data = new DataStack(app, `${STACK_PREFIX}-Data`, {
    ...common('table, buckets and signing key (retained)'),
    config,
  });
  const api = new ApiStack(app, `${STACK_PREFIX}-Api`, common('HTTP API and its stage'));

  const byGroup = new Map<RouteGroup, Record<string, RouteDef>>();
  for (const [key, def] of Object.entries(routes)) {
    byGroup.set(def.group, { ...byGroup.get(def.group), [key]: def });
  }
  const routeStacks: KorkStacks['routes'] = {};
  const routeStack = (
    group: RouteGroup,
    groupRoutes: Record<string, RouteDef>,
    resources: FunctionResources,
  ) => {
    routeStacks[group] = new ApiRoutesStack(app, `${STACK_PREFIX}-Routes-${pascal(group)}`, {
      ...common(`${group} routes`),
      group,
      routes: groupRoutes,
      api: api.api,
      assets: props.assets,
      resources,
    });
    return routeStacks[group];
  };

  // A group with a streamed route comes before the web stack, whose distribution sends the route's path
  // to the function's URL. So it must not refer back to the web stack: its functions get the configured
  // address only (like the image function) and no queue or mail identity (the async stack follows the web).
  const streamingGroups = [...byGroup].filter(([, groupRoutes]) =>
    Object.values(groupRoutes).some((r) => r.stream),
  );
  const streamingRoutes = streamingGroups.flatMap(
    ([group, groupRoutes]) =>
      routeStack(group, groupRoutes, { config, appUrl: config.appUrl, data, queues: {} }).streamingRoutes,
  );
  assertStreamingPathsOwn(routes, streamingRoutes);

  const web = new WebStack(app, `${STACK_PREFIX}-Web`, {
    ...common('CloudFront, the SPA bucket and the image function'),
    config,
    api: api.api,
    data,
    assets: props.assets,
    webDist: props.webDist,
    streamingRoutes,
  });
  // Known up front, the address keeps the other stacks independent of the web stack.
  const appUrl = config.appUrl ?? web.appUrl;
  const async = new AsyncStack(app, `${STACK_PREFIX}-Async`, {
    ...common('queues, their consumers and the mail identity'),
    config,
    appUrl,
    data,
    queues,
    assets: props.assets,
  });
  // The stacks made from here on follow the web stack already (the address, when not configured); the
  // list functions' invalidation grant and distribution id refer to it too (docs/infrastructure.md).
  const resources = {
    config,
    appUrl,
    data,
    queues: async.queues,
    mailIdentity: async.mailIdentity,
    distribution: web.distribution,
  };

  for (const [group, groupRoutes] of byGroup) {
    if (!routeStacks[group]) routeStack(group, groupRoutes, resources);
  }

  const jobsStack =
    Object.keys(jobs).length > 0
      ? new JobsStack(app, `${STACK_PREFIX}-Jobs`, {
          ...common('scheduled jobs'),
          jobs,
          assets: props.assets,
          resources,
        })
      : undefined;

  const catalogRoutes = routeStacks.catalog;
  if (config.catalogSearch === 'opensearch' && catalogRoutes) {
    new CatalogSearchCollection(catalogRoutes, 'CatalogSearch', {
      data,
      searchFunctions: Object.entries(routes)
        .filter(([, def]) => CATALOG_SEARCH_HANDLERS.includes(def.handler))
        .map(([key]) => catalogRoutes.functions[routeId(key)]?.function)
        .filter((fn) => fn !== undefined),
    });
  }

  addNagChecks(app);
  return { data, api, web, async, routes: routeStacks, jobs: jobsStack };
}

/**
 * CloudFront sends every method of a streamed route's path to its function: no other route may answer
 * a path that pattern covers (it would never be reached).
 */
function assertStreamingPathsOwn(
  routes: Record<string, RouteDef>,
  streaming: readonly StreamingRoute[],
): void {
  for (const { key, pathPattern } of streaming) {
    const covers = new RegExp(
      `^${pathPattern
        .split('*')
        .map((p) => p.replace(/[.+?^${}()|[\]\\]/g, '\\$&'))
        .join('.*')}$`,
    );
    for (const other of Object.keys(routes)) {
      const path = other.split(' ')[1] ?? '';
      if (other !== key && covers.test(path.replace(/\{\w+\+?\}/g, 'x')))
        throw new Error(
          `${other} lies under the streamed route ${key}'s path; CloudFront would send it there`,
        );
    }
  }
}

function pascal(name: string): string {
  return name.replace(/(^|-)([a-z])/g, (_, __, c: string) => c.toUpperCase());
}
