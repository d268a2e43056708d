/**
 * The CDK app (`npx cdk synth`, `npx cdk deploy --all`). Bundles every function first (one esbuild
 * call, D4), so a clean clone synthesizes offline without a separate build step.
 */
import { existsSync } from 'node:fs';
import { dirname, join, resolve } from 'node:path';
import { fileURLToPath } from 'node:url';
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

// The image function runs on x86_64 (see routes.ts): its bundle must carry sharp's linux-x64 binary,
// which only a linux-x64 build machine installs.
const imageBundle = assets[IMAGE_FUNCTION_ID];
if (imageBundle && !existsSync(join(imageBundle, 'node_modules', '@img', 'sharp-linux-x64'))) {
  Annotations.of(stacks.web.imageFunction).addWarningV2(
    'kork:sharpLinuxX64Missing',
    'The image bundle has no @img/sharp-linux-x64; build on linux-x64 (as CI does) before deploying.',
  );
}

app.synth();
