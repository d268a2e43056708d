/** Structured JSON logs, one line per entry, with the request id when there is one. */
type Level = 'debug' | 'info' | 'warn' | 'error';
const ORDER: Record<Level, number> = { debug: 10, info: 20, warn: 30, error: 40 };

export interface Logger {
  debug(message: string, data?: Record<string, unknown>): void;
  info(message: string, data?: Record<string, unknown>): void;
  warn(message: string, data?: Record<string, unknown>): void;
  error(message: string, data?: Record<string, unknown>): void;
  child(fields: Record<string, unknown>): Logger;
}

function serializeError(error: unknown): unknown {
  if (error instanceof Error) return { name: error.name, message: error.message, stack: error.stack };
  return error;
}

export function createLogger(fields: Record<string, unknown> = {}): Logger {
  const threshold = ORDER[(process.env.LOG_LEVEL as Level) ?? 'info'] ?? ORDER.info;
  const write = (level: Level, message: string, data?: Record<string, unknown>) => {
    if (ORDER[level] < threshold || process.env.LOG_LEVEL === 'silent') return;
    const entry: Record<string, unknown> = { level, time: new Date().toISOString(), message, ...fields };
    if (data) for (const [k, v] of Object.entries(data)) entry[k] = k === 'error' ? serializeError(v) : v;
    const line = JSON.stringify(entry);
    if (level === 'error' || level === 'warn') process.stderr.write(`${line}\n`);
    else process.stdout.write(`${line}\n`);
  };
  return {
    debug: (m, d) => write('debug', m, d),
    info: (m, d) => write('info', m, d),
    warn: (m, d) => write('warn', m, d),
    error: (m, d) => write('error', m, d),
    child: (more) => createLogger({ ...fields, ...more }),
  };
}

export const logger = createLogger();
