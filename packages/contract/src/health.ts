import * as z from 'zod/mini';

/** GET /health while the database answers; otherwise the call answers 503 ServiceUnavailable. */
export const HealthSchema = z.object({
  status: z.literal('ok'),
  version: z.string(),
  uptimeSeconds: z.number(),
});
export type Health = z.infer<typeof HealthSchema>;
