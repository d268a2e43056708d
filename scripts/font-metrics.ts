/**
 * `npx tsx scripts/font-metrics.ts`: writes shared/src/wine-list-layout/metrics.json, the advance widths
 * the wine list layout measures text with, from the same font files the PDF embeds and the preview loads
 * (docs/wine-lists.md, "Fonts"). Run it after upgrading a @fontsource package; the metrics test fails
 * until the committed file matches the fonts again.
 */
import { execFileSync } from 'node:child_process';
import { writeFileSync } from 'node:fs';
import { fileURLToPath } from 'node:url';
import { readFontMetrics } from '@kork/shared/wine-list-layout/font-metrics-source';

const target = fileURLToPath(new URL('../shared/src/wine-list-layout/metrics.json', import.meta.url));
writeFileSync(target, `${JSON.stringify(await readFontMetrics())}\n`);
execFileSync('npx', ['biome', 'format', '--write', target], { stdio: 'inherit' });
console.log(`Wrote ${target}`);
