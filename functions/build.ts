/**
 * Bundles every function of the manifest with one multi-entry esbuild call (D4): minified ESM, no
 * source maps, one folder per function so CDK can take each with `Code.fromAsset`.
 */
import { cpSync, existsSync, mkdirSync, rmSync, writeFileSync } from 'node:fs';
import { dirname, join, resolve } from 'node:path';
import { fileURLToPath } from 'node:url';
import { build } from 'esbuild';
import { allFunctions } from './src/routes';

const here = dirname(fileURLToPath(import.meta.url));
const repoRoot = resolve(here, '..');
export const DEFAULT_OUT_DIR = join(repoRoot, 'dist', 'functions');

/** Native packages that cannot be bundled; they are copied next to the bundle that needs them. */
const NATIVE_PACKAGES: Record<string, string[]> = {
  sharp: ['sharp', '@img', 'detect-libc', 'semver', '@emnapi'],
};

export interface BuildResult {
  outDir: string;
  assets: Record<string, string>;
}

export async function buildFunctions(outDir: string = DEFAULT_OUT_DIR): Promise<BuildResult> {
  const functions = allFunctions();
  const entryPoints = Object.entries(functions).map(([id, def]) => ({
    in: join(here, 'src', `${def.handler}.ts`),
    out: `${id}/index`,
  }));
  rmSync(outDir, { recursive: true, force: true });
  const result = await build({
    entryPoints,
    outdir: outDir,
    bundle: true,
    minify: true,
    sourcemap: false,
    format: 'esm',
    platform: 'node',
    target: 'node20',
    outExtension: { '.js': '.mjs' },
    // The pinned AWS SDK is bundled (not the runtime's copy): one file imports ~3x faster than the
    // SDK's hundreds of CommonJS modules, and what runs is what was tested.
    external: Object.keys(NATIVE_PACKAGES),
    mainFields: ['module', 'main'],
    alias: { '@aws-sdk/credential-provider-node': join(here, 'src', 'platform', 'lambda-credentials.ts') },
    legalComments: 'none',
    charset: 'utf8',
    metafile: true,
    logLevel: 'warning',
    // ESM bundles of CommonJS dependencies need a `require` of their own.
    banner: {
      js: "import{createRequire as __kcr}from'node:module';const require=__kcr(import.meta.url);",
    },
  });
  const assets: Record<string, string> = {};
  for (const id of Object.keys(functions)) {
    const dir = join(outDir, id);
    assets[id] = dir;
    const imports = Object.values(result.metafile.outputs)
      .filter((o) => o.entryPoint?.endsWith(`${functions[id]?.handler}.ts`))
      .flatMap((o) => o.imports.filter((i) => i.external).map((i) => i.path));
    for (const pkg of Object.keys(NATIVE_PACKAGES)) {
      if (imports.some((p) => p === pkg || p.startsWith(`${pkg}/`))) copyNative(pkg, dir);
    }
  }
  writeFileSync(join(outDir, 'meta.json'), JSON.stringify(result.metafile));
  return { outDir, assets };
}

function copyNative(pkg: string, dir: string): void {
  for (const name of NATIVE_PACKAGES[pkg] ?? []) {
    const from = join(repoRoot, 'node_modules', name);
    if (!existsSync(from)) continue;
    const to = join(dir, 'node_modules', name);
    mkdirSync(dirname(to), { recursive: true });
    cpSync(from, to, { recursive: true, dereference: true });
  }
}

if (process.argv[1] && resolve(process.argv[1]) === fileURLToPath(import.meta.url)) {
  const started = Date.now();
  const { assets } = await buildFunctions();
  console.log(`built ${Object.keys(assets).length} functions in ${Date.now() - started} ms`);
}
