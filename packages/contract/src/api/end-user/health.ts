import { HealthSchema } from '../../system.js';
import type { Operation } from '../operation.js';

/**
 * For load balancers and operators: 200 while the database answers, 503 ServiceUnavailable while it does
 * not. The server registers it twice, at the root (`GET /health`) and under `/api`.
 */
export const health = {
  method: 'GET',
  path: '/health',
  access: 'public',
  tags: ['health'],
  response: HealthSchema,
} as const satisfies Operation;
