// Runs before `npm start`: on a fresh clone (or after the lockfile changed) install dependencies first,
// so the README's one command is enough. Plain Node, since nothing else is installed yet.
import { spawnSync } from 'node:child_process';
import { existsSync, statSync } from 'node:fs';

const marker = 'node_modules/.package-lock.json';
const stale = !existsSync(marker) || statSync(marker).mtimeMs < statSync('package-lock.json').mtimeMs;
if (stale) {
  console.log('Installing dependencies (npm ci)…');
  const run = spawnSync('npm', ['ci', '--no-audit', '--no-fund'], { stdio: 'inherit' });
  if (run.status !== 0) process.exit(run.status ?? 1);
}
