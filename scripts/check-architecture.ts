/**
 * The structure `npm test` enforces, so it is kept rather than remembered (docs/architecture.md):
 * - the import rules in .dependency-cruiser.cjs: the domain map (scripts/domain-map.cjs), no cycles, no other domain's entities/ or *-store,
 *   infrastructure that uses no domain, web lib/ and components/ that use no feature;
 * - a domain calls `tables('<domain>')`, `transaction('<domain>')` and `writeItems('<domain>')` only
 *   with its own folder's name, and `db()` is used only in `functions/src/data/`;
 * - every entity is owned (data/tables.ts) by the domain whose folder defines its schema;
 * - the web app fetches only through `web/src/lib/` (no `fetch(` in features or components);
 * - no source file is over 500 lines, but for the data and generated files listed below.
 * Prints every violation and exits 1 when there is one.
 */
import { spawnSync } from 'node:child_process';
import { readdirSync, readFileSync, statSync } from 'node:fs';
import { createRequire } from 'node:module';
import { join, relative, resolve } from 'node:path';

const root = resolve(import.meta.dirname, '..');
const problems: string[] = [];

const cruise = spawnSync(
  'npx',
  [
    'depcruise',
    '--config',
    '.dependency-cruiser.cjs',
    'functions/src',
    'shared/src',
    'web/src',
    '--output-type',
    'err',
  ],
  { cwd: root, encoding: 'utf8' },
);
if (cruise.status !== 0) problems.push(`${cruise.stdout}${cruise.stderr}`.trim());

function walk(dir: string): string[] {
  return readdirSync(dir).flatMap((name) => {
    const path = join(dir, name);
    if (name === 'node_modules' || name === 'dist') return [];
    return statSync(path).isDirectory() ? walk(path) : /\.tsx?$/.test(name) ? [path] : [];
  });
}

const isTest = (file: string) => /\.test\.tsx?$|\/test\/|\/e2e\//.test(file);
const files = ['functions/src', 'shared/src', 'web/src', 'infra', 'scripts', 'queue-messages/src'].flatMap(
  (d) => walk(join(root, d)).map((f) => relative(root, f)),
);

// Table access by owner.
for (const file of files.filter((f) => f.startsWith('functions/src/') && !isTest(f))) {
  const text = readFileSync(join(root, file), 'utf8');
  const folder = file.split('/')[2] ?? '';
  if (folder !== 'data' && /\bdb\(\)/.test(text)) {
    problems.push(`${file}: uses db(); a domain reaches its entities through tables('${folder}')`);
  }
  if (folder === 'data') continue;
  for (const m of text.matchAll(/\b(tables|transaction|writeItems)\('([a-z-]+)'\)/g)) {
    if (m[2] !== folder) {
      problems.push(`${file}: ${m[1]}('${m[2]}') outside functions/src/${m[2]}/; call that domain's service`);
    }
  }
}

// Every server folder is on the domain map (scripts/domain-map.cjs), so a new domain states its directions.
{
  const { DOMAIN_MAP, INFRASTRUCTURE } = createRequire(import.meta.url)('./domain-map.cjs') as {
    DOMAIN_MAP: Record<string, string[]>;
    INFRASTRUCTURE: string[];
  };
  for (const name of readdirSync(join(root, 'functions/src'))) {
    if (!statSync(join(root, 'functions/src', name)).isDirectory()) continue;
    if (!(name in DOMAIN_MAP) && !INFRASTRUCTURE.includes(name)) {
      problems.push(`functions/src/${name}/: not on the domain map; add it to scripts/domain-map.cjs`);
    }
  }
}

// Every entity is owned by the folder that defines it.
{
  const registry = readFileSync(join(root, 'functions/src/data/entities.ts'), 'utf8');
  const ownership = readFileSync(join(root, 'functions/src/data/tables.ts'), 'utf8');
  const block = ownership.slice(ownership.indexOf('OWNERSHIP = {'), ownership.indexOf('} as const;'));
  const owners = new Map<string, string>();
  for (const m of block.matchAll(/'?([a-z-]+)'?: \[([^\]]*)\]/g)) {
    for (const e of m[2]?.matchAll(/'(\w+)'/g) ?? []) owners.set(e[1] as string, m[1] as string);
  }
  for (const m of registry.matchAll(/import \{([^}]*)\} from '([^']+)'/g)) {
    const path = m[2] as string;
    if (!path.includes('/entities/') && !path.startsWith('./entities/')) continue;
    const domain = path.startsWith('./') ? 'data' : (path.split('/')[1] as string);
    for (const s of (m[1] as string).matchAll(/(\w+)Schema\b/g)) {
      const entity = s[1] as string;
      if (owners.get(entity) !== domain) {
        problems.push(
          `data/tables.ts: ${entity} is defined in ${domain}/ but owned by ${owners.get(entity) ?? 'nobody'}`,
        );
      }
    }
  }
}

// One way to fetch in the web app.
for (const file of files.filter(
  (f) => f.startsWith('web/src/') && !f.startsWith('web/src/lib/') && !isTest(f),
)) {
  const text = readFileSync(join(root, file), 'utf8');
  if (/(?<![.\w])fetch\(/.test(text))
    problems.push(`${file}: calls fetch(); server state goes through web/src/lib (api, download)`);
}

// File size.
const MAX_LINES = 500;
/** Data and generated files, which are long by nature. */
const LONG_BY_NATURE = new Set([
  'functions/src/routes.ts', // the route manifest: one entry per route
  'functions/src/catalog/load/demo-catalog.ts', // demo catalogue rows
  'functions/src/imports/tables/fixtures/exports.ts', // sample exports of other systems
  'shared/src/messages.ts', // the API's message catalogue
]);
for (const file of files.filter((f) => !isTest(f) && !LONG_BY_NATURE.has(f))) {
  const lines = readFileSync(join(root, file), 'utf8').split('\n').length;
  if (lines > MAX_LINES)
    problems.push(`${file}: ${lines} lines (at most ${MAX_LINES}); split it by use case`);
}

if (problems.length > 0) {
  process.stderr.write(`${problems.join('\n')}\n\n✘ ${problems.length} architecture problem(s)\n`);
  process.exit(1);
}
process.stdout.write('✔ architecture: no foreign tables, no cycles, one fetch path, no oversized files\n');
