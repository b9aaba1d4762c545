// What the server's log holds when a query fails or a request is refused: never a customer's name or phone, never
// a payload; a refused request (4xx) at debug, without a stack.
import { Writable } from 'node:stream';
import { newId } from '@hanouti/core';
import { sql } from 'drizzle-orm';
import pino from 'pino';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { ENGINES, OperationMaker, aCustomer, push, signUpShop, startServer } from '../testing/shopHarness.js';
import type { TestDevice, TestServer } from '../testing/shopHarness.js';

/** A customer the database refuses (a trigger below), with a name and a phone that must never reach the log. */
const SECRET_NAME = 'Zineb Bennani-Logtest';
const SECRET_PHONE = '0661987123';

type LogLine = { level: number; msg?: string; err?: Record<string, unknown>; [key: string]: unknown };

describe.each(ENGINES)('logs on %s', (engine) => {
  let server: TestServer;
  let shop: TestDevice;
  const lines: string[] = [];
  const parsedLines = () => lines.map((line) => JSON.parse(line) as LogLine);

  beforeAll(async () => {
    const sink = new Writable({
      write(chunk: Buffer, _encoding, done) {
        lines.push(...chunk.toString('utf8').split('\n').filter(Boolean));
        done();
      },
    });
    server = await startServer(engine, { logger: pino({ level: 'debug' }, sink) });
    shop = await signUpShop(server.app);
    // The database fails any write of this customer with an internal error whose message quotes the phone, as a
    // driver's message quotes the values of a failed query (the query's parameters hold the name and the phone).
    const statements = [
      `create or replace function refuse_logtest_customer() returns trigger language plpgsql as $$
       begin
         if new.data->>'name' = '${SECRET_NAME}' then
           raise exception 'refused customer %', new.data->>'phone' using errcode = 'XX000';
         end if;
         return new;
       end $$`,
      'drop trigger if exists refuse_logtest_customer on customers',
      `create trigger refuse_logtest_customer before insert or update on customers
       for each row execute function refuse_logtest_customer()`,
    ];
    for (const statement of statements) await server.database.db.execute(sql.raw(statement));
  });
  afterAll(async () => {
    await server.database.db.execute(sql.raw('drop trigger if exists refuse_logtest_customer on customers'));
    await server.database.db.execute(sql.raw('drop function if exists refuse_logtest_customer()'));
    await server.close();
  });

  it('logs a failed query with its SQL state and text, without its parameters or the driver message', async () => {
    lines.length = 0;
    const customer = { id: newId(), name: SECRET_NAME, phone: SECRET_PHONE };
    const response = await server.app.inject({
      method: 'POST',
      url: '/api/rest/customers',
      headers: shop.headers,
      payload: [customer],
    });
    expect(response.statusCode).toBe(500);
    expect(response.json()).toEqual({ error: 'internal_error', message: 'Erreur interne du serveur' });

    // The same customer pushed by a phone: that operation fails, is refused, and is logged by id and type only.
    const maker = new OperationMaker(shop.deviceId);
    const pushed = await push(server.app, shop, [
      maker.make('customer.upsert', aCustomer({ name: SECRET_NAME, phone: SECRET_PHONE })),
    ]);
    expect(pushed.statusCode).toBe(200);

    const failed = parsedLines().find((line) => line.msg === 'request failed');
    expect(failed?.level).toBe(50);
    expect(failed?.err).toMatchObject({ sqlState: 'XX000' });
    expect(String(failed?.err?.query)).toMatch(/customers/);
    expect(failed?.err).not.toHaveProperty('message');
    expect(failed?.err).not.toHaveProperty('stack');
    const all = lines.join('\n');
    expect(all).not.toContain('Zineb');
    expect(all).not.toContain('Bennani');
    expect(all).not.toContain(SECRET_PHONE);
    expect(all).not.toContain('661987123');
    expect(all).not.toContain('refused customer');
  });

  it('logs a refused request (4xx) at debug, with its code and without a stack or the body', async () => {
    lines.length = 0;
    const response = await server.app.inject({
      method: 'POST',
      url: '/api/rest/customers',
      headers: shop.headers,
      payload: [{ id: newId(), name: SECRET_NAME, phone: SECRET_PHONE, credit_balance: 100_000 }],
    });
    expect(response.statusCode).toBe(400);
    const unauthorized = await server.app.inject({ method: 'GET', url: '/api/rest/customers' });
    expect(unauthorized.statusCode).toBe(401);

    const refused = parsedLines().filter((line) => line.msg === 'request refused');
    expect(refused.map((line) => [line.level, line.statusCode, line.code])).toEqual([
      [20, 400, 'unknown_field'],
      [20, 401, 'unauthorized'],
    ]);
    for (const line of parsedLines()) {
      expect(line.level, JSON.stringify(line)).toBeLessThan(40);
      expect(JSON.stringify(line)).not.toMatch(/stack|Zineb|Bennani|661987123/);
    }
  });
});
