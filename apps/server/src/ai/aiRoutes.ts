// POST /api/ai/* (spec §7): detection, visual match, barcode and text reading of photos sent by the app.
//
// Behind the same authentication as the rest of the API, bounded to what a phone sends, and run in a small
// pool of worker threads (aiPool.ts) so that recognition never holds up health checks or sync.
import { AI_MAX_REFERENCE_IMAGES } from '@hanouti/core';
import type { FastifyInstance, FastifyRequest, onRequestAsyncHookHandler } from 'fastify';
import { z } from 'zod';
import { callerOf } from '../http/authenticate.js';
import { jsonSchemaOf } from '../http/jsonSchema.js';
import { DomainError } from '../domain/errors.js';
import type { AiPool } from './aiPool.js';
import type { MatchProduct } from './aiService.js';
import type { Candidate, TextLine } from '@hanouti/recognition';
import type { AiTask } from './aiWorker.js';

/** One photo: a phone's JPEG is 1–3 MB; 4 MB of image is 5.6 M characters of base64. */
export const MAX_IMAGE_BASE64_CHARS = 5_600_000;
/** A reference photo of the catalogue, sent reduced to 640 px by the app (≈ 60 kB). */
export const MAX_REFERENCE_BASE64_CHARS = 700_000;
/** Reference photos per visual match, all products together (core's rule, which the app follows). */
export const MAX_REFERENCE_IMAGES = AI_MAX_REFERENCE_IMAGES;
/** The biggest body: one photo, or a crop and its references. */
export const aiBodyLimitBytes = 8 * 1024 * 1024;
/** Requests per shop and minute, on top of the pool's per-shop limit. */
export const aiRateLimit = { max: 120, timeWindow: 60_000 };

const image = z
  .string()
  .min(16)
  .max(MAX_IMAGE_BASE64_CHARS)
  .regex(/^(data:image\/[a-z+.-]+;base64,)?[A-Za-z0-9+/=\s]+$/);
const referenceImage = image.max(MAX_REFERENCE_BASE64_CHARS);
const threshold = z.number().min(0.1).max(0.9);

/** The AI routes' bodies (zod, as every route's): Fastify validates their JSON Schema, /api/docs publishes it. */
export const aiSchemas = {
  image: z.strictObject({ image }),
  ocr: z.strictObject({ image, lang: z.enum(['fr', 'ar']).optional() }),
  detect: z.strictObject({ image, detect_threshold: threshold.optional() }),
  visualMatch: z.strictObject({
    crop_base64: image,
    top_k: z.int().min(1).max(20).default(5),
    products: z
      .array(
        z.strictObject({
          id: z.string().min(1).max(64),
          name: z.string().min(1).max(200),
          brand: z.string().max(200).optional(),
          category: z.string().max(200).optional(),
          barcode: z.string().max(64).optional(),
          images: z.array(referenceImage).max(10),
        }),
      )
      .max(2000),
  }),
};

const ajv = (schema: z.ZodType) => jsonSchemaOf(schema, 'draft-7');
const imageBody = ajv(aiSchemas.image);
const ocrBody = ajv(aiSchemas.ocr);
const detectBody = ajv(aiSchemas.detect);
const visualMatchBody = ajv(aiSchemas.visualMatch);

type DetectBody = z.output<typeof aiSchemas.detect>;
type VisualMatchBody = { crop_base64: string; products: MatchProduct[]; top_k: number };

export type AiRouteOptions = { authenticated: onRequestAsyncHookHandler; pool: AiPool };

export function registerAiRoutes(app: FastifyInstance, { authenticated, pool }: AiRouteOptions): void {
  const options = {
    onRequest: authenticated,
    bodyLimit: aiBodyLimitBytes,
    config: {
      rateLimit: {
        ...aiRateLimit,
        hook: 'preHandler' as const,
        keyGenerator: (request: FastifyRequest) => `ai/${request.caller?.shopId}`,
      },
    },
  };
  const run = <T>(request: FastifyRequest, task: AiTask) => pool.run<T>(callerOf(request).shopId, task);

  app.post<{ Body: DetectBody }>(
    '/ai/detect',
    { ...options, schema: { body: detectBody } },
    async (request) => ({
      detections: await run(request, {
        kind: 'detect',
        image: request.body.image,
        detectThreshold: request.body.detect_threshold,
      }),
    }),
  );

  app.post<{ Body: VisualMatchBody }>(
    '/ai/visual-match',
    { ...options, schema: { body: visualMatchBody } },
    async (request) => {
      const references = request.body.products.reduce((sum, product) => sum + product.images.length, 0);
      if (references > MAX_REFERENCE_IMAGES) {
        throw new DomainError(
          'invalid',
          'too_many_references',
          `Au plus ${MAX_REFERENCE_IMAGES} photos de référence par requête`,
        );
      }
      const { candidates, barcode } = await run<{ candidates: Candidate[]; barcode?: string }>(request, {
        kind: 'visual-match',
        crop: request.body.crop_base64,
        products: request.body.products,
        topK: request.body.top_k,
      });
      return { candidates, barcode: barcode ?? null };
    },
  );

  app.post<{ Body: z.output<typeof aiSchemas.image> }>(
    '/ai/barcode',
    { ...options, schema: { body: imageBody } },
    async (request) => {
      const barcodes = await run<string[]>(request, { kind: 'barcode', image: request.body.image });
      return { barcode: barcodes[0] ?? null, barcodes };
    },
  );

  app.post<{ Body: z.output<typeof aiSchemas.ocr> }>(
    '/ai/ocr',
    { ...options, schema: { body: ocrBody } },
    async (request) => {
      const lines = await run<TextLine[]>(request, {
        kind: 'ocr',
        image: request.body.image,
        lang: request.body.lang,
      });
      const round = (v: number) => Math.round(v * 10) / 10;
      return {
        text: lines.map((line) => line.text).join('\n'),
        lines: lines.map((line) => ({
          text: line.text,
          confidence: Math.round(line.confidence * 1000) / 1000,
          box: line.box.map((p) => [round(p.x), round(p.y)]),
        })),
      };
    },
  );
}
