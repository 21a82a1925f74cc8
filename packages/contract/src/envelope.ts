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

/**
 * The values of a comma-separated list of free texts (an attribute's values, which may hold a comma):
 * as in CSV, a value in double quotes keeps its commas, and a doubled quote inside is one. Empty values
 * and repeats are left out.
 */
export function splitCsvTexts(text: string): string[] {
  const values: string[] = [];
  for (let at = 0; at <= text.length; ) {
    let value = '';
    const start = text.slice(at).search(/\S|$/) + at;
    if (text[start] === '"') {
      for (at = start + 1; at < text.length; at++) {
        if (text[at] !== '"') value += text[at];
        else if (text[at + 1] === '"') value += text[++at];
        else break;
      }
      // Anything after the closing quote, up to the next comma, is not part of the value.
      const comma = text.indexOf(',', at);
      at = comma === -1 ? text.length + 1 : comma + 1;
    } else {
      const comma = text.indexOf(',', at);
      value = text.slice(at, comma === -1 ? undefined : comma).trim();
      at = comma === -1 ? text.length + 1 : comma + 1;
    }
    if (value !== '' && !values.includes(value)) values.push(value);
  }
  return values;
}

/** Values as splitCsvTexts reads them back: one with a comma or a quote goes in quotes. */
export const joinCsvTexts = (values: readonly string[]) =>
  values.map((value) => (/[",]/.test(value) ? `"${value.replaceAll('"', '""')}"` : value)).join(',');

/** A query string's list of free texts, each at most `maxLength` characters (splitCsvTexts). */
export const csvTexts = (maxLength: number, maxItems = 50) =>
  z.pipe(
    z.pipe(
      z.optional(z.string().check(z.maxLength(maxItems * (maxLength + 3)))),
      z.transform((value) => (value ? splitCsvTexts(value) : [])),
    ),
    z.array(z.string().check(z.maxLength(maxLength))).check(z.maxLength(maxItems)),
  );
