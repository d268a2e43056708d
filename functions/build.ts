/**
 * Bundles every function of the manifest with one multi-entry esbuild call (D4): minified ESM, no
 * source maps, one folder per function so CDK can take each with `Code.fromAsset`.
 */
import { cpSync, existsSync, mkdirSync, rmSync, writeFileSync } from 'node:fs';
import { createRequire } from 'node:module';
import { dirname, join, resolve } from 'node:path';
import { fileURLToPath } from 'node:url';
import { build } from 'esbuild';
import { allFunctions, catalogSearchFunctions } from './src/routes';
import { BUNDLED_ASSETS_DIR, pdfAssetFiles } from './src/wine-lists/pdf/assets';

const here = dirname(fileURLToPath(import.meta.url));
const repoRoot = resolve(here, '..');
export const DEFAULT_OUT_DIR = join(repoRoot, 'dist', 'functions');

/** Native packages that cannot be bundled; they are copied next to the bundle that needs them. */
const NATIVE_PACKAGES: Record<string, string[]> = {
  sharp: ['sharp', '@img', 'detect-libc', 'semver', '@emnapi'],
};

/**
 * Files a module reads from disk at run time (fonts), by npm package path: copied into `assets/` beside
 * every bundle that includes the module, where it looks first (wine-lists/pdf/assets.ts).
 */
const BUNDLED_FILES: { module: string; files: () => string[] }[] = [
  { module: 'src/wine-lists/pdf/assets.ts', files: pdfAssetFiles },
];

export interface BuildResult {
  outDir: string;
  assets: Record<string, string>;
}

/** Builds every function of the manifest (those behind a flag too), or those `only` names (by function id). */
export async function buildFunctions(
  outDir: string = DEFAULT_OUT_DIR,
  only?: readonly string[],
): Promise<BuildResult> {
  const functions = Object.fromEntries(
    // The functions behind a deployment flag are built too: a flag never needs a second build.
    Object.entries({ ...allFunctions(), ...catalogSearchFunctions() }).filter(
      ([id]) => !only || only.includes(id),
    ),
  );
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
    const outputs = Object.values(result.metafile.outputs).filter((o) =>
      o.entryPoint?.endsWith(`${functions[id]?.handler}.ts`),
    );
    const imports = outputs.flatMap((o) => o.imports.filter((i) => i.external).map((i) => i.path));
    for (const pkg of Object.keys(NATIVE_PACKAGES)) {
      if (imports.some((p) => p === pkg || p.startsWith(`${pkg}/`))) copyNative(pkg, dir);
    }
    const inputs = outputs.flatMap((o) => Object.keys(o.inputs));
    for (const { module, files } of BUNDLED_FILES) {
      if (inputs.some((input) => input.endsWith(module))) copyFiles(files(), dir);
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

function copyFiles(packagePaths: string[], dir: string): void {
  const resolveFrom = createRequire(join(repoRoot, 'shared', 'package.json'));
  for (const path of packagePaths) {
    const to = join(dir, BUNDLED_ASSETS_DIR, path);
    mkdirSync(dirname(to), { recursive: true });
    cpSync(resolveFrom.resolve(path), to);
  }
}

if (process.argv[1] && resolve(process.argv[1]) === fileURLToPath(import.meta.url)) {
  const started = Date.now();
  const { assets } = await buildFunctions();
  console.log(`built ${Object.keys(assets).length} functions in ${Date.now() - started} ms`);
}
