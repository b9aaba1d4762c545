// Server settings read once from the environment, validated, with the defaults an operator expects.
import { isAbsolute, resolve } from 'node:path';
import { fileURLToPath } from 'node:url';
import { z } from 'zod';

export const logLevels = ['fatal', 'error', 'warn', 'info', 'debug', 'trace', 'silent'] as const;
export type LogLevel = (typeof logLevels)[number];

export interface ServerConfig {
  port: number;
  host: string;
  /** Absolute; PGlite keeps its files in `<dataDir>/pglite`. */
  dataDir: string;
  /** When set the server uses this PostgreSQL database instead of PGlite. */
  databaseUrl: string | undefined;
  /** Absolute folder of the built web app. */
  webRoot: string;
  logLevel: LogLevel;
  /** Key that signs access tokens; when absent one is made once and kept in the database (server_meta). */
  authSecret: string | undefined;
  /**
   * Another origin allowed to call the API from a browser (CORS), e.g. a dev server; the app itself is
   * served from the same origin and needs none.
   */
  appOrigin: string | undefined;
  /** TRUST_PROXY: the proxies whose X-Forwarded-For gives the client's address (off, true, hops or addresses). */
  trustProxy: boolean | number | string[];
  /**
   * PEM certificate and private key files (absolute): the server answers HTTPS instead of HTTP, which a phone
   * on the LAN needs for its camera and the service worker. Both or neither.
   */
  tls: { certFile: string; keyFile: string } | undefined;
}

/** The built PWA next to this package (apps/web/dist), whether we run from src/ or dist/. */
export const defaultWebRoot = fileURLToPath(new URL('../../web/dist', import.meta.url));

/** Thrown with every problem found, one per line, ready to print for the operator. */
export class ConfigError extends Error {
  override readonly name = 'ConfigError';
  constructor(readonly problems: readonly string[]) {
    super(`Invalid server configuration:\n${problems.map((problem) => `  - ${problem}`).join('\n')}`);
  }
}

// An empty variable (PORT= in an env file) means "not set", so the default applies.
const optionalText = z.preprocess(
  (value) => (typeof value === 'string' && value.trim() === '' ? undefined : value),
  z.string().trim().optional(),
);

const envSchema = z.object({
  PORT: optionalText.pipe(
    z
      .string()
      .regex(/^\d+$/, 'must be a whole number between 0 and 65535')
      .transform(Number)
      .pipe(z.number().max(65535, 'must be a whole number between 0 and 65535'))
      .default(8080),
  ),
  HOST: optionalText.pipe(z.string().default('0.0.0.0')),
  DATA_DIR: optionalText.pipe(z.string().default('./data')),
  DATABASE_URL: optionalText.pipe(
    z.string().refine(isPostgresUrl, 'must be a postgres:// or postgresql:// connection URL').optional(),
  ),
  WEB_ROOT: optionalText,
  AUTH_SECRET: optionalText.pipe(z.string().min(32, 'must be at least 32 characters').optional()),
  APP_ORIGIN: optionalText.pipe(
    z
      .string()
      .refine(isOrigin, 'must be an origin such as https://caisse.example.ma (scheme, host, optional port)')
      .optional(),
  ),
  TLS_CERT: optionalText,
  TLS_KEY: optionalText,
  TRUST_PROXY: optionalText.pipe(
    z
      .string()
      .refine(
        (value) => /^(true|false|\d{1,2}|[0-9a-fA-F.:/]+(\s*,\s*[0-9a-fA-F.:/]+)*)$/.test(value),
        'must be true, false, a number of proxies, or proxy addresses/CIDRs separated by commas',
      )
      .optional(),
  ),
  LOG_LEVEL: optionalText.pipe(
    z
      .string()
      .toLowerCase()
      .pipe(z.enum(logLevels, { error: `must be one of ${logLevels.join(', ')}` }))
      .default('info'),
  ),
});

/** TRUST_PROXY as Fastify's trustProxy: off when unset. */
function trustProxyOf(value: string | undefined): boolean | number | string[] {
  if (value === undefined || value === 'false') return false;
  if (value === 'true') return true;
  if (/^\d+$/.test(value)) return Number(value);
  return value.split(',').map((address) => address.trim());
}

function isOrigin(value: string): boolean {
  try {
    const url = new URL(value);
    return (url.protocol === 'https:' || url.protocol === 'http:') && url.origin === value;
  } catch {
    return false;
  }
}

function isPostgresUrl(value: string): boolean {
  try {
    const { protocol } = new URL(value);
    return protocol === 'postgres:' || protocol === 'postgresql:';
  } catch {
    return false;
  }
}

/** Reads the settings from `env`; relative paths are taken from `cwd`. Throws ConfigError. */
export function loadConfig(env: NodeJS.ProcessEnv, cwd: string): ServerConfig {
  const parsed = envSchema.safeParse(env);
  if (!parsed.success) {
    throw new ConfigError(
      parsed.error.issues.map((issue) => {
        const variable = issue.path.join('.');
        // A connection URL may hold a password: never echo it back into logs.
        const echo =
          typeof env[variable] === 'string' && variable !== 'DATABASE_URL' && variable !== 'AUTH_SECRET';
        return `${variable} ${issue.message}${echo ? ` (got "${env[variable]}")` : ''}`;
      }),
    );
  }
  const settings = parsed.data;
  if ((settings.TLS_CERT === undefined) !== (settings.TLS_KEY === undefined)) {
    throw new ConfigError([
      'TLS_CERT and TLS_KEY go together: the PEM certificate file and its private key file (or neither, for HTTP)',
    ]);
  }
  const fromCwd = (path: string) => (isAbsolute(path) ? path : resolve(cwd, path));
  return {
    port: settings.PORT,
    host: settings.HOST,
    dataDir: fromCwd(settings.DATA_DIR),
    databaseUrl: settings.DATABASE_URL,
    webRoot: settings.WEB_ROOT === undefined ? defaultWebRoot : fromCwd(settings.WEB_ROOT),
    logLevel: settings.LOG_LEVEL,
    authSecret: settings.AUTH_SECRET,
    appOrigin: settings.APP_ORIGIN,
    trustProxy: trustProxyOf(settings.TRUST_PROXY),
    tls:
      settings.TLS_CERT === undefined || settings.TLS_KEY === undefined
        ? undefined
        : { certFile: fromCwd(settings.TLS_CERT), keyFile: fromCwd(settings.TLS_KEY) },
  };
}
