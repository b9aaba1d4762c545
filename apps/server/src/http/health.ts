// GET /api/health: is the server up, which version, and does its database answer right now.
import type { FastifyInstance } from 'fastify';
import type { DatabaseHandle } from '../db/database.js';
import { serverVersion } from '../version.js';
import { ApiError } from './errors.js';

export interface Health {
  status: 'ok';
  version: string;
  database: DatabaseHandle['kind'];
}

const healthSchema = {
  type: 'object',
  required: ['status', 'version', 'database'],
  properties: {
    status: { type: 'string', enum: ['ok'] },
    version: { type: 'string' },
    database: { type: 'string', enum: ['pglite', 'postgresql'] },
  },
} as const;

export function registerHealth(app: FastifyInstance, database: DatabaseHandle): void {
  app.get('/health', { schema: { response: { 200: healthSchema } } }, async (request): Promise<Health> => {
    try {
      await database.ping();
    } catch (error) {
      request.log.error({ err: error }, 'health check: database does not answer');
      throw new ApiError(503, 'database_unavailable', 'Base de données indisponible');
    }
    return { status: 'ok', version: serverVersion, database: database.kind };
  });
}
