/**
 * The CDK app (`npx cdk synth`, `npx cdk deploy --all`). Bundles every function first (one esbuild
 * call, D4), so a clean clone synthesizes offline without a separate build step.
 */
import { existsSync } from 'node:fs';
import { dirname, join, resolve } from 'node:path';
import { fileURLToPath } from 'node:url';
import { allFunctions } from '@kork/functions/routes';
import { Annotations, App } from 'aws-cdk-lib';
import { buildFunctions } from '../../functions/build';
import { createKorkApp } from '../lib/kork-app';
import { IMAGE_FUNCTION_ID } from '../lib/web-stack';

const repoRoot = resolve(dirname(fileURLToPath(import.meta.url)), '../..');
const webDist = join(repoRoot, 'web', 'dist');

const { assets } = await buildFunctions();

const app = new App();
const stacks = createKorkApp(app, {
  assets,
  // The SPA is deployed only when it has been built (`npm run build:web`).
  webDist: existsSync(join(webDist, 'index.html')) ? webDist : undefined,
  env: { account: process.env.CDK_DEFAULT_ACCOUNT, region: process.env.CDK_DEFAULT_REGION },
});

// Functions that decode images with sharp run on x86_64 (see routes.ts): their bundles must carry sharp's
// linux-x64 binary, which only a linux-x64 build machine installs.
const sharpMissing = (bundle: string | undefined) =>
  bundle !== undefined && !existsSync(join(bundle, 'node_modules', '@img', 'sharp-linux-x64'));
const warning = (what: string) =>
  `${what} has no @img/sharp-linux-x64; build on linux-x64 (as CI does) before deploying.`;
if (sharpMissing(assets[IMAGE_FUNCTION_ID])) {
  Annotations.of(stacks.web.imageFunction).addWarningV2(
    'kork:sharpLinuxX64Missing',
    warning('The image bundle'),
  );
}
for (const stack of Object.values(stacks.routes)) {
  for (const [id, fn] of Object.entries(stack.functions)) {
    if (allFunctions()[id]?.architecture === 'x86_64' && sharpMissing(assets[id])) {
      Annotations.of(fn).addWarningV2('kork:sharpLinuxX64Missing', warning(`The ${id} bundle`));
    }
  }
}

app.synth();
