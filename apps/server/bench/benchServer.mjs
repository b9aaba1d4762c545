// The server under test, in its own process so that its CPU time is measured apart from the load generator's.
// Started by syncBench.mjs with an IPC channel: it answers {address} once listening, {cpu} when asked, and
// closes on 'stop'. BENCH_ENGINE=pglite|postgresql, BENCH_DATABASE_URL for PostgreSQL.
import { openDatabase } from '../dist/db/database.js';
import { buildApp } from '../dist/http/app.js';

const engine = process.env.BENCH_ENGINE ?? 'pglite';
const database = await openDatabase(
  engine === 'postgresql' ? { databaseUrl: process.env.BENCH_DATABASE_URL } : {},
);
await database.migrate();
const generous = { max: 1_000_000, timeWindow: 60_000 };
const app = await buildApp({ database, authRateLimit: generous, pushRateLimit: generous });
const address = await app.listen({ port: 0, host: '127.0.0.1' });

process.on('message', async (message) => {
  if (message === 'cpu') {
    const { user, system } = process.cpuUsage();
    process.send({ cpu: { userMs: user / 1000, systemMs: system / 1000 } });
  } else if (message === 'stop') {
    await app.close();
    await database.close();
    process.send({ stopped: true }, () => process.exit(0));
  }
});
process.send({ address });
