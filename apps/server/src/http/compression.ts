// Compresses what the server builds per request (API JSON, files without a precompressed copy) above a threshold.
import fastifyCompress from '@fastify/compress';
import type { FastifyInstance } from 'fastify';

/** Smaller answers go as they are: compressing them saves less than a packet and costs CPU. */
export const compressionThresholdBytes = 1024;

/**
 * Registers brotli (preferred) and gzip for every route declared after it. A response that already carries a
 * content-encoding (the web app's precompressed .br/.gz files) is sent untouched; the sync event stream writes to
 * the socket itself and is never buffered. Request bodies are not decompressed: clients send plain JSON.
 */
export async function registerCompression(app: FastifyInstance): Promise<void> {
  await app.register(fastifyCompress, {
    global: true,
    encodings: ['br', 'gzip'],
    threshold: compressionThresholdBytes,
    globalDecompression: false,
  });
}
