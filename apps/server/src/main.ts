// Entry point (`node apps/server/dist/main.js`): config, database and migrations, HTTP, graceful shutdown.
import { readFileSync } from 'node:fs';
import closeWithGrace from 'close-with-grace';
import type { FastifyInstance } from 'fastify';
import { pino } from 'pino';
import { ConfigError, loadConfig } from './config.js';
import type { ServerConfig } from './config.js';
import { openDatabase, pgliteDirectory } from './db/database.js';
import type { DatabaseHandle } from './db/database.js';
import { buildApp } from './http/app.js';

function readConfigOrExit(): ServerConfig {
  try {
    return loadConfig(process.env, process.cwd());
  } catch (error) {
    if (!(error instanceof ConfigError)) throw error;
    process.stderr.write(`${error.message}\n`);
    process.exit(1);
  }
}

/** The certificate and key files of TLS_CERT / TLS_KEY, read once at start; a missing file stops the start. */
function readTlsOrExit(config: ServerConfig): { cert: Buffer; key: Buffer } | undefined {
  if (config.tls === undefined) return undefined;
  const read = (variable: string, path: string) => {
    try {
      return readFileSync(path);
    } catch (error) {
      process.stderr.write(
        `Invalid server configuration:\n  - ${variable} cannot be read: ${String(error)}\n`,
      );
      process.exit(1);
    }
  };
  return { cert: read('TLS_CERT', config.tls.certFile), key: read('TLS_KEY', config.tls.keyFile) };
}

async function start(): Promise<void> {
  const config = readConfigOrExit();
  const https = readTlsOrExit(config);
  const logger = pino({ level: config.logLevel });
  const opening = openDatabase(config, logger);
  let app: FastifyInstance | undefined = undefined;
  let stopping = false;

  // SIGINT/SIGTERM (or a crash): finish the requests in flight, then close the database cleanly — PGlite
  // must flush its files, and a first start killed while PGlite creates them would leave DATA_DIR unusable,
  // so this waits for the opening too. After 10 s the process exits anyway.
  closeWithGrace({ delay: 10_000, logger }, async ({ signal, err }) => {
    stopping = true;
    if (err !== undefined) logger.fatal({ err }, 'Shutting down after an unexpected error');
    else logger.info({ signal }, 'Shutting down');
    await app?.close();
    const database = await opening.catch(() => undefined);
    await database?.close();
  });

  let database: DatabaseHandle;
  try {
    database = await opening;
    await database.migrate();
  } catch (error) {
    if (stopping) return; // closed under our feet by the shutdown above, not a failure
    logger.fatal({ err: error }, 'Cannot open or migrate the database');
    process.exit(1);
  }
  logger.info(
    database.kind === 'pglite'
      ? { database: 'pglite', directory: pgliteDirectory(config.dataDir) }
      : { database: 'postgresql' },
    'Database ready',
  );

  if (stopping) return;
  app = await buildApp({
    database,
    webRoot: config.webRoot,
    logger,
    authSecret: config.authSecret,
    appOrigin: config.appOrigin,
    trustProxy: config.trustProxy,
    https,
  });
  try {
    await app.listen({ port: config.port, host: config.host });
  } catch (error) {
    logger.fatal({ err: error }, 'Cannot listen on %s:%d', config.host, config.port);
    await app.close();
    await database.close();
    process.exit(1);
  }
}

start().catch((error: unknown) => {
  process.stderr.write(`Hanouti server failed to start: ${String(error)}\n`);
  process.exit(1);
});
