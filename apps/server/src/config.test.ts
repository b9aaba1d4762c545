import { describe, expect, it } from 'vitest';
import { ConfigError, defaultWebRoot, loadConfig } from './config.js';

const cwd = '/srv/hanouti';

function problemsOf(env: NodeJS.ProcessEnv): readonly string[] {
  try {
    loadConfig(env, cwd);
  } catch (error) {
    if (error instanceof ConfigError) return error.problems;
    throw error;
  }
  throw new Error('expected a ConfigError');
}

describe('loadConfig', () => {
  it('applies the documented defaults to an empty environment', () => {
    expect(loadConfig({}, cwd)).toEqual({
      port: 8080,
      host: '0.0.0.0',
      dataDir: '/srv/hanouti/data',
      databaseUrl: undefined,
      webRoot: defaultWebRoot,
      logLevel: 'info',
      trustProxy: false,
    });
  });

  it('finds the built web app next to this package, not in the current directory', () => {
    expect(defaultWebRoot.replaceAll('\\', '/')).toMatch(/\/apps\/web\/dist$/);
  });

  it('reads every variable and resolves relative paths from the current directory', () => {
    const config = loadConfig(
      {
        PORT: '9000',
        HOST: '127.0.0.1',
        DATA_DIR: 'var/hanouti',
        DATABASE_URL: 'postgresql://app:secret@db.local:5432/hanouti',
        WEB_ROOT: '/opt/web',
        LOG_LEVEL: 'WARN',
      },
      cwd,
    );
    expect(config).toEqual({
      port: 9000,
      host: '127.0.0.1',
      dataDir: '/srv/hanouti/var/hanouti',
      databaseUrl: 'postgresql://app:secret@db.local:5432/hanouti',
      webRoot: '/opt/web',
      logLevel: 'warn',
      trustProxy: false,
    });
  });

  it('reads TRUST_PROXY as Fastify trustProxy: off, true, a hop count or proxy addresses', () => {
    expect(loadConfig({ TRUST_PROXY: 'true' }, cwd).trustProxy).toBe(true);
    expect(loadConfig({ TRUST_PROXY: 'false' }, cwd).trustProxy).toBe(false);
    expect(loadConfig({ TRUST_PROXY: '1' }, cwd).trustProxy).toBe(1);
    expect(loadConfig({ TRUST_PROXY: '127.0.0.1, 10.0.0.0/8' }, cwd).trustProxy).toEqual([
      '127.0.0.1',
      '10.0.0.0/8',
    ]);
    expect(problemsOf({ TRUST_PROXY: 'everyone' })[0]).toMatch(/^TRUST_PROXY must be/);
  });

  it('reads the token secret and the allowed app origin, refusing a short secret without echoing it', () => {
    const config = loadConfig({ AUTH_SECRET: 'k'.repeat(40), APP_ORIGIN: 'https://caisse.example.ma' }, cwd);
    expect(config).toMatchObject({ authSecret: 'k'.repeat(40), appOrigin: 'https://caisse.example.ma' });
    expect(problemsOf({ AUTH_SECRET: 'short-secret' })).toEqual([
      'AUTH_SECRET must be at least 32 characters',
    ]);
    expect(problemsOf({ APP_ORIGIN: 'https://caisse.example.ma/path' })[0]).toMatch(
      /^APP_ORIGIN must be an origin/,
    );
  });

  it('reads the TLS certificate and key paths from the current directory, and wants both', () => {
    expect(loadConfig({ TLS_CERT: 'tls/cert.pem', TLS_KEY: '/etc/hanouti/key.pem' }, cwd).tls).toEqual({
      certFile: '/srv/hanouti/tls/cert.pem',
      keyFile: '/etc/hanouti/key.pem',
    });
    expect(loadConfig({}, cwd).tls).toBeUndefined();
    expect(problemsOf({ TLS_CERT: 'cert.pem' })).toEqual([
      'TLS_CERT and TLS_KEY go together: the PEM certificate file and its private key file (or neither, for HTTP)',
    ]);
    expect(problemsOf({ TLS_KEY: 'key.pem', TLS_CERT: ' ' })).toHaveLength(1);
  });

  it('treats empty variables as unset', () => {
    expect(loadConfig({ PORT: '', DATABASE_URL: ' ', LOG_LEVEL: '' }, cwd)).toMatchObject({
      port: 8080,
      databaseUrl: undefined,
      logLevel: 'info',
    });
  });

  it.each(['abc', '-1', '65536', '80.5', '8080x'])('rejects PORT=%s', (port) => {
    expect(problemsOf({ PORT: port })).toEqual([
      `PORT must be a whole number between 0 and 65535 (got "${port}")`,
    ]);
  });

  it('rejects an unknown LOG_LEVEL', () => {
    expect(problemsOf({ LOG_LEVEL: 'loud' })).toEqual([
      'LOG_LEVEL must be one of fatal, error, warn, info, debug, trace, silent (got "loud")',
    ]);
  });

  it('rejects a DATABASE_URL that is not a PostgreSQL URL, without echoing it (it may hold a password)', () => {
    const problems = problemsOf({ DATABASE_URL: 'mysql://root:hunter2@db/shop' });
    expect(problems).toEqual(['DATABASE_URL must be a postgres:// or postgresql:// connection URL']);
    expect(problems.join('\n')).not.toContain('hunter2');
  });

  it('reports every bad variable at once in a readable message', () => {
    try {
      loadConfig({ PORT: 'http', LOG_LEVEL: 'chatty', DATABASE_URL: 'nope' }, cwd);
      expect.unreachable();
    } catch (error) {
      expect(error).toBeInstanceOf(ConfigError);
      const { message, problems } = error as ConfigError;
      expect(problems).toHaveLength(3);
      expect(message).toMatch(/^Invalid server configuration:\n {2}- PORT /);
    }
  });
});
