// POST /api/ai/* (spec §7): detection, visual match, barcode and text reading of photos sent by the app.
//
// Behind the same authentication as the rest of the API, bounded to what a phone sends, and run in a small
// pool of worker threads (aiPool.ts) so that recognition never holds up health checks or sync.
import { AI_MAX_REFERENCE_IMAGES } from '@hanouti/core';
import type { FastifyInstance, FastifyRequest, onRequestAsyncHookHandler } from 'fastify';
import { callerOf } from '../http/authenticate.js';
import { DomainError } from '../domain/errors.js';
import type { AiPool } from './aiPool.js';
import type { MatchProduct } from './aiService.js';
import type { TextLine } from '@hanouti/recognition';
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

const image = {
  type: 'string',
  minLength: 16,
  maxLength: MAX_IMAGE_BASE64_CHARS,
  pattern: '^(data:image/[a-z+.-]+;base64,)?[A-Za-z0-9+/=\\s]+$',
} as const;
const referenceImage = { ...image, maxLength: MAX_REFERENCE_BASE64_CHARS } as const;
const threshold = { type: 'number', minimum: 0.1, maximum: 0.9 } as const;

const imageBody = {
  type: 'object',
  additionalProperties: false,
  required: ['image'],
  properties: { image },
} as const;

const ocrBody = {
  type: 'object',
  additionalProperties: false,
  required: ['image'],
  properties: { image, lang: { type: 'string', enum: ['fr', 'ar'] } },
} as const;

const detectBody = {
  type: 'object',
  additionalProperties: false,
  required: ['image'],
  properties: { image, detect_threshold: threshold },
} as const;

const visualMatchBody = {
  type: 'object',
  additionalProperties: false,
  required: ['crop_base64', 'products'],
  properties: {
    crop_base64: image,
    top_k: { type: 'integer', minimum: 1, maximum: 20, default: 5 },
    products: {
      type: 'array',
      maxItems: 2000,
      items: {
        type: 'object',
        additionalProperties: false,
        required: ['id', 'name', 'images'],
        properties: {
          id: { type: 'string', minLength: 1, maxLength: 64 },
          name: { type: 'string', minLength: 1, maxLength: 200 },
          brand: { type: 'string', maxLength: 200 },
          barcode: { type: 'string', maxLength: 64 },
          images: { type: 'array', maxItems: 10, items: referenceImage },
        },
      },
    },
  },
} as const;

type DetectBody = { image: string; detect_threshold?: number };
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
      return {
        candidates: await run(request, {
          kind: 'visual-match',
          crop: request.body.crop_base64,
          products: request.body.products,
          topK: request.body.top_k,
        }),
      };
    },
  );

  app.post<{ Body: { image: string } }>(
    '/ai/barcode',
    { ...options, schema: { body: imageBody } },
    async (request) => {
      const barcodes = await run<string[]>(request, { kind: 'barcode', image: request.body.image });
      return { barcode: barcodes[0] ?? null, barcodes };
    },
  );

  app.post<{ Body: { image: string; lang?: 'fr' | 'ar' } }>(
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
