import * as z from 'zod/mini';
import { ID_MAX, LIST_LIMIT_MAX } from './constants.js';

/** Every success body is `{ payload: T }` (spec point 7: "the result is read from data.payload"). */
export const envelope = <T extends z.ZodMiniType>(payload: T) => z.object({ payload });

/** A row id in a JSON body. Ids are PostgreSQL `integer`s, so a larger one is bad input, not a 500. */
export const IdSchema = z.int().check(z.positive(), z.maximum(ID_MAX));

/**
 * A whole number as a path or a query string carries it: canonical decimal only ('12', never ' 12',
 * '012', '+12', '0x10' or '1e3'), so a value has one spelling and only digits reach a query.
 */
export const decimalString = (min: number, max: number) =>
  z.pipe(
    z.string().check(z.maxLength(10), z.regex(/^(0|[1-9][0-9]*)$/, { error: 'validation.invalid' })),
    z.pipe(z.transform(Number), z.int().check(z.minimum(min), z.maximum(max))),
  );

export const IdStringSchema = decimalString(1, ID_MAX);

export const IdParamsSchema = z.object({ id: IdStringSchema });
export type IdParams = z.infer<typeof IdParamsSchema>;

/** `limit` (at most LIST_LIMIT_MAX) and `offset` of a list's query string (DESIGN.md §3). */
export const pageQuery = (defaultLimit: number) => ({
  limit: z._default(decimalString(1, LIST_LIMIT_MAX), defaultLimit),
  offset: z._default(decimalString(0, ID_MAX), 0),
});

/** A comma-separated list in a query string (spec point 7: "as comma-separated values"). */
export const csv = <T extends z.ZodMiniType<unknown, string>>(item: T, maxItems = 50) =>
  z.pipe(
    z.pipe(
      z.optional(z.string().check(z.maxLength(2000))),
      z.transform((value) =>
        value
          ? [
              ...new Set(
                value
                  .split(',')
                  .map((v) => v.trim())
                  .filter(Boolean),
              ),
            ]
          : [],
      ),
    ),
    z.array(item).check(z.maxLength(maxItems)),
  );
