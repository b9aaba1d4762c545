import { productSchema } from '@hanouti/core';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { startServer, type TestServer } from '../testing/shopHarness.js';

describe('GET /api/docs', () => {
  let server: TestServer;
  beforeAll(async () => {
    server = await startServer('pglite');
  });
  afterAll(() => server.close());

  it('publishes OpenAPI 3.1 with the record schemas generated from core', async () => {
    const response = await server.app.inject({ method: 'GET', url: '/api/docs' });
    expect(response.statusCode).toBe(200);
    const document = response.json<{
      openapi: string;
      paths: Record<string, unknown>;
      components: { schemas: Record<string, { properties?: Record<string, { maximum?: number }> }> };
    }>();
    expect(document.openapi).toBe('3.1.0');
    expect(Object.keys(document.paths)).toEqual(
      expect.arrayContaining(['/api/sync/push', '/api/rest/products', '/api/ai/visual-match']),
    );
    // One source: the fields and limits are core's.
    const product = document.components.schemas.Product!;
    expect(Object.keys(product.properties ?? {}).sort()).toEqual(Object.keys(productSchema.shape).sort());
    expect(product.properties?.salePrice?.maximum).toBe(1_000_000_000);
    expect(document.components.schemas['Payload_sale_record']).toBeDefined();
  });
});
