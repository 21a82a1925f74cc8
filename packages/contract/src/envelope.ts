import * as z from 'zod/mini';
import { ID_MAX } from './constants.js';

/** Every success body is `{ payload: T }` (spec point 7: "the result is read from data.payload"). */
export const envelope = <T extends z.ZodMiniType>(payload: T) => z.object({ payload });

export const IdParamsSchema = z.object({ id: z.coerce.number().check(z.int(), z.positive(), z.maximum(ID_MAX)) });
export type IdParams = z.infer<typeof IdParamsSchema>;
