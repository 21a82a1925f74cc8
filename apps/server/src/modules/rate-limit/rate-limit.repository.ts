import { eq, sql } from 'drizzle-orm';
import type { DbOrTx } from '../../db/client.js';
import { rateLimit } from '../../db/schema/index.js';

export type Window = { hits: number; windowStart: Date };

export const createRateLimitRepository = (db: DbOrTx) => ({
  /** Counts one hit in the key's current window, opening a new window when the old one has passed. */
  async hit(key: string, now: Date, windowMs: number): Promise<Window> {
    const expired = sql`${rateLimit.windowStart} <= ${new Date(now.getTime() - windowMs)}`;
    const [row] = await db
      .insert(rateLimit)
      .values({ key, windowStart: now, hits: 1 })
      .onConflictDoUpdate({
        target: rateLimit.key,
        set: {
          hits: sql`CASE WHEN ${expired} THEN 1 ELSE ${rateLimit.hits} + 1 END`,
          windowStart: sql`CASE WHEN ${expired} THEN excluded.window_start ELSE ${rateLimit.windowStart} END`,
        },
      })
      .returning({ hits: rateLimit.hits, windowStart: rateLimit.windowStart });
    if (!row) throw new Error('rate limit upsert returned nothing');
    return row;
  },

  async peek(key: string): Promise<Window | undefined> {
    const [row] = await db
      .select({ hits: rateLimit.hits, windowStart: rateLimit.windowStart })
      .from(rateLimit)
      .where(eq(rateLimit.key, key));
    return row;
  },

  /** Old windows are worthless; dropping them keeps the table at the size of the last day's traffic. */
  async prune(before: Date): Promise<void> {
    await db.delete(rateLimit).where(sql`${rateLimit.windowStart} < ${before}`);
  },
});
export type RateLimitRepository = ReturnType<typeof createRateLimitRepository>;
