import { existsSync, readdirSync, readFileSync, statSync } from 'node:fs';
import { createRequire } from 'node:module';
import { dirname, join, resolve } from 'node:path';
import { describe, expect, it } from 'vitest';

/*
 * Mantine's component styles are not loaded whole: main.tsx brings the global ones, and two sheets follow
 * the code that needs them (component-styles.ts). A component whose styles are in neither would show
 * unstyled, and a base component whose styles came after its derivative's would override it. These
 * checks read the app's imports and Mantine's own module graph to keep the sheets exact.
 */

const src = resolve(dirname(new URL(import.meta.url).pathname), '..', '..');
const require = createRequire(import.meta.url);
const mantineRoot = (name: string) => {
  const entry = require.resolve(name);
  return entry.slice(0, entry.indexOf(name) + name.length);
};
const core = mantineRoot('@mantine/core');
const notifications = mantineRoot('@mantine/notifications');

/** Every export of @mantine/core, by the module that defines it (none for what it passes on from others). */
const exportedFrom = new Map<string, string | undefined>();
for (const match of readFileSync(join(core, 'esm', 'index.mjs'), 'utf8').matchAll(
  /import\s*\{([^}]+)\}\s*from\s*"([^"]+)"/g,
)) {
  const from = match[2] as string;
  for (const part of (match[1] as string).split(',')) {
    const [name, alias] = part.trim().split(/\s+as\s+/);
    exportedFrom.set(
      (alias ?? name) as string,
      from.startsWith('.') ? resolve(join(core, 'esm'), from) : undefined,
    );
  }
}

/** The style sheets (by Mantine's file name, e.g. `Button`) a Mantine export needs: its own and its bases'. */
function sheetsOf(exported: string): string[] {
  const start = exportedFrom.get(exported);
  if (!start) return [];
  const seen = new Set<string>();
  const stack = [start];
  while (stack.length > 0) {
    const file = stack.pop() as string;
    if (seen.has(file)) continue;
    seen.add(file);
    for (const match of readFileSync(file, 'utf8').matchAll(/from\s*"(\.[^"]+)"/g)) {
      stack.push(resolve(dirname(file), match[1] as string));
    }
  }
  return [...seen].filter((file) => file.endsWith('.module.mjs')).map((file) => moduleName(file));
}

function moduleName(file: string): string {
  return (file.split('/').pop() as string).replace('.module.mjs', '');
}

/** What @mantine/notifications takes from @mantine/core. */
const notificationsUses = new Set<string>();
for (const file of readdirSync(join(notifications, 'esm')).filter((name) => name.endsWith('.mjs'))) {
  const text = readFileSync(join(notifications, 'esm', file), 'utf8');
  for (const match of text.matchAll(/import\s*\{([^}]+)\}\s*from\s*"@mantine\/core"/g)) {
    for (const part of (match[1] as string).split(','))
      notificationsUses.add(part.trim().split(/\s+as\s+/)[0] as string);
  }
}

/** The Mantine values a source file imports (components, mostly), notifications standing for what it uses. */
function mantineImports(file: string): string[] {
  const text = readFileSync(file, 'utf8');
  const names: string[] = [];
  for (const match of text.matchAll(/import\s*(type\s*)?\{([^}]+)\}\s*from\s*'@mantine\/core'/g)) {
    if (match[1]) continue;
    for (const part of (match[2] as string).split(',')) {
      const name = part.trim();
      if (name && !name.startsWith('type ')) names.push(name.split(/\s+as\s+/)[0] as string);
    }
  }
  if (/from\s*'@mantine\/notifications'/.test(text)) names.push(...notificationsUses);
  return names;
}

function sheetsFor(files: string[]): Set<string> {
  return new Set(files.flatMap(mantineImports).flatMap(sheetsOf));
}

function resolveSource(from: string, specifier: string): string | undefined {
  const base = resolve(dirname(from), specifier);
  return [base, `${base}.ts`, `${base}.tsx`, join(base, 'index.ts'), join(base, 'index.tsx')].find(
    (candidate) => existsSync(candidate) && statSync(candidate).isFile() && /\.tsx?$/.test(candidate),
  );
}

/** The app's modules reachable from `entries` by static imports, and by `import()` too when asked. */
function reachable(entries: string[], { dynamic }: { dynamic: boolean }): string[] {
  const seen = new Set<string>();
  const stack = entries.map((entry) => join(src, entry));
  const pattern = dynamic
    ? /(?:^import\s+(?!type\b)[^;]*?from\s+|import\()'(\.[^']+)'/gms
    : /^import\s+(?!type\b)[^;]*?from\s+'(\.[^']+)'/gms;
  while (stack.length > 0) {
    const file = stack.pop() as string;
    if (seen.has(file)) continue;
    seen.add(file);
    for (const match of readFileSync(file, 'utf8').matchAll(pattern)) {
      const next = resolveSource(file, match[1] as string);
      if (next) stack.push(next);
    }
  }
  return [...seen];
}

function appSources(dir = src): string[] {
  return readdirSync(dir).flatMap((name) => {
    const path = join(dir, name);
    if (statSync(path).isDirectory()) return appSources(path);
    return /\.tsx?$/.test(name) && !/\.test\.tsx?$|\.d\.ts$/.test(name) ? [path] : [];
  });
}

/** Mantine's own order of its files: styles.css is all of them, one after the other. */
const stylesDir = join(core, 'styles');
const allStyles = readFileSync(join(core, 'styles.css'), 'utf8');
const mantineOrder = readdirSync(stylesDir)
  .filter((name) => name.endsWith('.css') && !name.endsWith('.layer.css'))
  .map((name) => name.replace('.css', ''))
  .map((name) => ({
    name,
    at: allStyles.indexOf(
      readFileSync(join(stylesDir, `${name}.css`), 'utf8')
        .trim()
        .slice(0, 400),
    ),
  }))
  .sort((a, b) => a.at - b.at)
  .map(({ name }) => name);
const inMantineOrder = (names: Iterable<string>) => {
  const wanted = new Set(names);
  return mantineOrder.filter((name) => wanted.has(name));
};

/** The Mantine files a style sheet or module imports, in order. */
function importedSheets(file: string): string[] {
  return [
    ...readFileSync(join(src, file), 'utf8').matchAll(/@mantine\/core\/styles\/([\w-]+)\.layer\.css/g),
  ].map((match) => match[1] as string);
}

const GLOBALS = ['baseline', 'default-css-variables', 'global'];
/** What the first screen leaves for later and loads with the common sheet (component-styles.ts users). */
const COMMON_PARTS = [
  'features/wines/components/wine-feed.tsx',
  'features/home/home-more.tsx',
  'app/layout/footer.tsx',
  'app/layout/phone-menu.tsx',
  'components/toast-view.tsx',
  'features/search/global-search.tsx',
];

describe('the Mantine style sheets', () => {
  it('give the first screen, in main.tsx, Mantine’s global styles and those of any component it shows', () => {
    const first = sheetsFor(reachable(['main.tsx'], { dynamic: false }));
    expect(importedSheets('main.tsx')).toEqual([...GLOBALS, ...inMantineOrder(first)]);
  });

  it('have in the common sheet exactly what the feed and the shell’s lazy parts use, bases included', () => {
    const common = sheetsFor(reachable(COMMON_PARTS, { dynamic: true }));
    expect(importedSheets('app/styles/mantine-common.css')).toEqual(inMantineOrder(common));
  });

  it('have in the page sheet every other component any screen uses', () => {
    const used = sheetsFor(appSources());
    const common = new Set(importedSheets('app/styles/mantine-common.css'));
    const first = new Set(importedSheets('main.tsx'));
    expect(importedSheets('app/styles/mantine-pages.css')).toEqual(
      inMantineOrder([...used].filter((name) => !common.has(name) && !first.has(name))),
    );
  });

  it('know every component the app imports (a new Mantine version may rename its files)', () => {
    const names = new Set(appSources().flatMap(mantineImports));
    const components = [...names].filter((name) => /^[A-Z]/.test(name) && !/Provider$/.test(name));
    expect(components.filter((name) => !exportedFrom.has(name))).toEqual([]);
    expect(sheetsOf('Button')).toEqual(expect.arrayContaining(['Button', 'UnstyledButton', 'Loader']));
  });
});
