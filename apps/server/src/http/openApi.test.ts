import { customerSchema, productSchema } from '@hanouti/core';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { signUpShop, startServer, type TestServer } from '../testing/shopHarness.js';

type Schema = {
  properties?: Record<string, Schema & { maximum?: number }>;
  required?: string[];
  items?: Schema;
  oneOf?: Schema[];
};
type Document = {
  openapi: string;
  paths: Record<string, Record<string, Record<string, unknown>>>;
  components: { schemas: Record<string, Schema> };
};

const snake = (key: string) => key.replace(/([a-z0-9])([A-Z]+)/g, '$1_$2').toLowerCase();
const bodyOf = (operation: Record<string, unknown> | undefined) =>
  (operation?.requestBody as { content: { 'application/json': { schema: Schema } } }).content[
    'application/json'
  ].schema;

describe('GET /api/docs', () => {
  let server: TestServer;
  let document: Document;
  beforeAll(async () => {
    server = await startServer('pglite');
    const response = await server.app.inject({ method: 'GET', url: '/api/docs' });
    expect(response.statusCode).toBe(200);
    document = response.json<Document>();
  });
  afterAll(() => server.close());

  it('publishes OpenAPI 3.1 with the record schemas generated from core', () => {
    expect(document.openapi).toBe('3.1.0');
    expect(Object.keys(document.paths)).toEqual(
      expect.arrayContaining(['/api/sync/push', '/api/rest/products', '/api/ai/visual-match']),
    );
    // One source: the fields and limits are core's.
    const product = document.components.schemas.Product!;
    expect(Object.keys(product.properties ?? {}).sort()).toEqual(Object.keys(productSchema.shape).sort());
    expect(product.properties?.salePrice?.maximum).toBe(1_000_000_000);
    expect(document.components.schemas['Payload_sale_record']).toBeDefined();
    // The AI routes' bodies too: the schema Fastify validates with.
    const match = bodyOf(document.paths['/api/ai/visual-match']!.post);
    expect(match.required).toEqual(['crop_base64', 'products']);
    expect(Object.keys(match.properties?.products?.items?.properties ?? {}).sort()).toEqual([
      'barcode',
      'brand',
      'category',
      'id',
      'images',
      'name',
    ]);
    expect(bodyOf(document.paths['/api/ai/ocr']!.post).properties?.lang).toEqual({
      type: 'string',
      enum: ['fr', 'ar'],
    });
  });

  it('describes each REST table from the route table: core rows in snake_case, the writable columns, the page', () => {
    const products = document.paths['/api/rest/products']!;
    const listed = (
      products.get!.responses as Record<string, { content: Record<string, { schema: Schema }> }>
    )['200']!.content['application/json']!.schema.items!;
    expect(Object.keys(listed.properties ?? {}).sort()).toEqual(
      Object.keys(productSchema.shape).map(snake).sort(),
    );
    expect(listed.properties?.sale_price?.maximum).toBe(1_000_000_000);
    const written = bodyOf(products.post).oneOf![0]!;
    expect(Object.keys(written.properties ?? {})).toContain('purchase_price');
    expect(Object.keys(written.properties ?? {})).not.toContain('updated_at');
    expect(written.required).toEqual(['id']);
    const customer = bodyOf(document.paths['/api/rest/customers']!.post).oneOf![0]!;
    // A customer's balance and purchases are the server's: only these columns are accepted.
    expect(Object.keys(customer.properties ?? {}).sort()).toEqual(['created_at', 'id', 'name', 'phone']);
    expect(Object.keys(customerSchema.shape)).toContain('creditBalance');
    const sale = bodyOf(document.paths['/api/rest/sales']!.post).oneOf![0]!;
    expect(Object.keys(sale.properties?.sale_items?.items?.properties ?? {}).sort()).toEqual([
      'product_id',
      'product_name',
      'quantity',
      'unit_price',
      'vat_rate',
    ]);
    const parameters = products.get!.parameters as { name: string; schema: { maximum?: number } }[];
    expect(parameters.find((parameter) => parameter.name === 'limit')?.schema.maximum).toBe(1000);
    expect(Object.keys(document.paths)).toEqual(
      expect.arrayContaining(['/api/rest/products/{id}', '/api/rest/customers/{id}', '/api/rest/settings']),
    );
    expect(Object.keys(document.paths)).not.toContain('/api/rest/sales/{id}');
  });

  it('validates with the schemas it publishes: the page limit and the log-in body', async () => {
    const shop = await signUpShop(server.app);
    const page = (limit: number) =>
      server.app.inject({ method: 'GET', url: `/api/rest/products?limit=${limit}`, headers: shop.headers });
    expect((await page(1000)).statusCode).toBe(200);
    expect((await page(1001)).statusCode).toBe(400);
    const login = bodyOf(document.paths['/api/auth/login']!.post);
    expect(login.required?.sort()).toEqual(['deviceId', 'deviceName', 'firstSeq', 'login', 'password']);
    const withExtra = await server.app.inject({
      method: 'POST',
      url: '/api/auth/login',
      payload: { login: 'a@b.ma', password: 'x', deviceId: 'd', deviceName: 'd', firstSeq: 1, shop_id: 'x' },
    });
    expect(withExtra.statusCode).toBe(400);
    expect(withExtra.json()).toEqual({
      error: 'unknown_field',
      message: 'requête : champ non accepté « shop_id »',
    });
  });
});
