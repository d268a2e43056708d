/**
 * Configuration is read from the environment once, typed, and fails fast with the variable's name.
 * Values are read lazily so a function only needs the variables of the resources it uses.
 */
export class ConfigurationError extends Error {
  override name = 'ConfigurationError';
}

const cache = new Map<string, string>();

export function requireEnv(name: string): string {
  const cached = cache.get(name);
  if (cached !== undefined) return cached;
  const value = process.env[name];
  if (value === undefined || value === '') {
    throw new ConfigurationError(`${name} environment variable is not set`);
  }
  cache.set(name, value);
  return value;
}

export function optionalEnv(name: string, fallback: string): string {
  const value = process.env[name];
  return value === undefined || value === '' ? fallback : value;
}

function list(name: string, fallback: string): string[] {
  return optionalEnv(name, fallback)
    .split(',')
    .map((s) => s.trim())
    .filter(Boolean);
}

export const env = {
  tableName: () => requireEnv('TABLE_NAME'),
  mediaBucket: () => requireEnv('MEDIA_BUCKET'),
  importsBucket: () => requireEnv('IMPORTS_BUCKET'),
  mailFrom: () => requireEnv('MAIL_FROM'),
  /** Client keys accepted in `x-api-key`; a deployment must set its own. */
  apiKeys: () => list('API_KEYS', ''),
  /** The AI client's keys (SPEC §7): accepted only by the routes marked `clientKey: 'ai'`, refused by all others. */
  aiApiKeys: () => list('AI_API_KEYS', ''),
  /** Hosts `/img` may fetch from besides the media bucket. */
  imageHosts: () => list('IMAGE_HOSTS', ''),
  appUrl: () => optionalEnv('APP_URL', 'http://localhost:3000'),
  /** The cellar assistant's Bedrock model or inference profile (the deployment's `assistantModelId`). */
  assistantModelId: () => optionalEnv('ASSISTANT_MODEL_ID', ''),
  /** The assistant's Bedrock guardrail, when the deployment configures one (id and version). */
  assistantGuardrail: (): { id: string; version: string } | undefined => {
    const id = optionalEnv('ASSISTANT_GUARDRAIL_ID', '');
    return id ? { id, version: optionalEnv('ASSISTANT_GUARDRAIL_VERSION', 'DRAFT') } : undefined;
  },
  logLevel: () => optionalEnv('LOG_LEVEL', 'info'),
};

/** For tests that change the environment between cases. */
export function resetEnvCache(): void {
  cache.clear();
}
