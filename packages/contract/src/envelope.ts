import * as z from 'zod/mini';

/** Every success body is `{ payload: T }` (spec point 7: "the result is read from data.payload"). */
export const envelope = <T extends z.ZodMiniType>(payload: T) => z.object({ payload });

export const IdParamsSchema = z.object({ id: z.coerce.number().check(z.int(), z.positive()) });
export type IdParams = z.infer<typeof IdParamsSchema>;
