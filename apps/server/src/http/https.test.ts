import { execFileSync } from 'node:child_process';
import { mkdtempSync, readFileSync, rmSync } from 'node:fs';
import { request } from 'node:https';
import type { AddressInfo } from 'node:net';
import type { TLSSocket } from 'node:tls';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import type { FastifyInstance } from 'fastify';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { openDatabase } from '../db/database.js';
import type { DatabaseHandle } from '../db/database.js';
import { buildApp } from './app.js';

/** A self-signed certificate made by the command the README gives for a phone on the LAN. */
function selfSignedCertificate(dir: string): { cert: Buffer; key: Buffer } {
  const cert = join(dir, 'cert.pem');
  const key = join(dir, 'key.pem');
  execFileSync(
    'openssl',
    [
      'req',
      '-x509',
      '-newkey',
      'ec',
      '-pkeyopt',
      'ec_paramgen_curve:prime256v1',
      '-nodes',
      '-days',
      '825',
      '-subj',
      '/CN=hanouti',
      '-addext',
      'subjectAltName=IP:127.0.0.1',
      '-keyout',
      key,
      '-out',
      cert,
    ],
    { stdio: 'ignore' },
  );
  return { cert: readFileSync(cert), key: readFileSync(key) };
}

describe('HTTPS with TLS_CERT / TLS_KEY', () => {
  let dir: string;
  let database: DatabaseHandle;
  let app: FastifyInstance;
  let tls: { cert: Buffer; key: Buffer };

  beforeAll(async () => {
    dir = mkdtempSync(join(tmpdir(), 'hanouti-tls-'));
    tls = selfSignedCertificate(dir);
    database = await openDatabase({});
    await database.migrate();
    app = await buildApp({ database, https: tls });
    await app.listen({ port: 0, host: '127.0.0.1' });
  });

  afterAll(async () => {
    await app.close();
    await database.close();
    rmSync(dir, { recursive: true, force: true });
  });

  it('answers the API over TLS to a client that trusts the certificate', async () => {
    const { port } = app.server.address() as AddressInfo;
    const answer = await new Promise<{ status: number; body: string; protocol: string }>(
      (resolve, reject) => {
        const call = request({ host: '127.0.0.1', port, path: '/api/health', ca: tls.cert }, (response) => {
          const protocol = (response.socket as TLSSocket).getProtocol() ?? '';
          let body = '';
          response.setEncoding('utf8');
          response.on('data', (chunk: string) => (body += chunk));
          response.on('end', () => resolve({ status: response.statusCode ?? 0, body, protocol }));
        });
        call.on('error', reject);
        call.end();
      },
    );
    expect(answer.status).toBe(200);
    expect(JSON.parse(answer.body)).toMatchObject({ status: 'ok', database: 'pglite' });
    expect(answer.protocol).toMatch(/^TLSv1\.[23]$/);
  });
});
