// POST /api/ai/* (spec §7): detection, visual match, barcode and text reading of photos sent by the app.
import type { FastifyInstance } from 'fastify';
import type { MatchProduct } from './aiService.js';

/** The pipeline (OpenCV, zxing, sharp) is loaded at the first AI request, not at server start. */
const service = () => import('./aiService.js');

/** Photos are large: these routes accept up to 8 MB (the rest of the API keeps its 1 MB limit). */
export const aiBodyLimitBytes = 8 * 1024 * 1024;
/** Requests per client address and minute: recognition is heavy work for the server. */
export const aiRateLimit = { max: 120, timeWindow: 60_000 };

const image = {
  type: 'string',
  minLength: 16,
  maxLength: aiBodyLimitBytes,
  pattern: '^(data:image/[a-z+.-]+;base64,)?[A-Za-z0-9+/=\\s]+$',
} as const;
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
          images: { type: 'array', maxItems: 10, items: image },
        },
      },
    },
  },
} as const;

type DetectBody = { image: string; detect_threshold?: number };
type VisualMatchBody = { crop_base64: string; products: MatchProduct[]; top_k: number };

export function registerAiRoutes(app: FastifyInstance): void {
  const options = { bodyLimit: aiBodyLimitBytes, config: { rateLimit: aiRateLimit } };

  app.post<{ Body: DetectBody }>(
    '/ai/detect',
    { ...options, schema: { body: detectBody } },
    async (request) => ({
      detections: await (await service()).detect(request.body.image, request.body.detect_threshold),
    }),
  );

  app.post<{ Body: VisualMatchBody }>(
    '/ai/visual-match',
    { ...options, schema: { body: visualMatchBody } },
    async (request) => ({
      candidates: await (
        await service()
      ).visualMatch(request.body.crop_base64, request.body.products, request.body.top_k),
    }),
  );

  app.post<{ Body: { image: string } }>(
    '/ai/barcode',
    { ...options, schema: { body: imageBody } },
    async (request) => {
      const barcodes = await (await service()).readBarcodes(request.body.image);
      return { barcode: barcodes[0] ?? null, barcodes };
    },
  );

  app.post<{ Body: { image: string; lang?: 'fr' | 'ar' } }>(
    '/ai/ocr',
    { ...options, schema: { body: ocrBody } },
    async (request) => {
      const lines = await (await service()).readText(request.body.image, request.body.lang);
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
