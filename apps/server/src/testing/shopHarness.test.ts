// The harness's phones renew their sessions as a phone does: a long fuzz run outlives a 15-minute access token.
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { ACCESS_TOKEN_TTL_SECONDS } from '../auth/tokens.js';
import { signUpShop, startServer, stayingSignedIn, type TestServer } from './shopHarness.js';

describe('stayingSignedIn', () => {
  let server: TestServer;
  beforeAll(async () => {
    server = await startServer('pglite');
  });
  afterAll(() => server.close());

  it('keeps a young token and renews one past half its life, in the headers callers hold', async () => {
    const owner = await signUpShop(server.app);
    const headers = owner.headers;
    const first = owner.accessToken;
    await stayingSignedIn(server.app, owner);
    expect(owner.accessToken).toBe(first);

    owner.signedInAt -= (ACCESS_TOKEN_TTL_SECONDS * 1000) / 2;
    const oldRefresh = owner.refreshToken;
    await stayingSignedIn(server.app, owner);
    expect(owner.refreshToken).not.toBe(oldRefresh);
    expect(owner.headers).toBe(headers);
    expect(headers.authorization).toBe(`Bearer ${owner.accessToken}`);
    const status = await server.app.inject({ method: 'GET', url: '/api/sync/status', headers });
    expect(status.statusCode).toBe(200);
    // Renewed once: the next call keeps it.
    const renewed = owner.refreshToken;
    await stayingSignedIn(server.app, owner);
    expect(owner.refreshToken).toBe(renewed);
  });
});
