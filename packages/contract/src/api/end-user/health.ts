import { HealthSchema } from '../../system.js';
import type { Operation } from '../operation.js';

/**
 * Readiness, for load balancers: 200 while this process takes requests (its database answers and holds
 * every migration of this build); 503 ServiceUnavailable while it does not, or while it drains before
 * shutting down. The server registers it twice, at the root (`GET /health`) and under `/api`.
 */
export const health = {
  method: 'GET',
  path: '/health',
  access: 'public',
  tags: ['health'],
  response: HealthSchema,
} as const satisfies Operation;

/**
 * Liveness, for supervisors: 200 while the process answers at all, whatever its database does; a process
 * that stops answering it is to be restarted. Registered at the root and under `/api`, like `health`.
 */
export const healthLive = {
  method: 'GET',
  path: '/health/live',
  access: 'public',
  tags: ['health'],
  response: HealthSchema,
} as const satisfies Operation;
