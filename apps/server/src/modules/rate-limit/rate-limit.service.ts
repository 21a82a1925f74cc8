import { MINUTE_MS } from '@kanal/contract';
import { AppError } from '../../lib/app-error.js';
import type { Clock } from '../../lib/clock.js';
import type { RateLimitRepository, Window } from './rate-limit.repository.js';

export const RATE_WINDOW_MS = 15 * MINUTE_MS;

type Deps = { repo: RateLimitRepository; clock: Clock };

/**
 * Fixed 15-minute windows kept in the database, so every server process sees the same counts.
 * A throttled caller waits for the window to end; nobody is locked out for good.
 */
export const createRateLimiter = ({ repo, clock }: Deps) => {
  function tooMany(window: Window): AppError {
    const retryMs = Math.max(0, window.windowStart.getTime() + RATE_WINDOW_MS - clock.now().getTime());
    const seconds = Math.max(1, Math.ceil(retryMs / 1000));
    return new AppError('TooManyRequests', {
      params: { minutes: Math.ceil(seconds / 60) },
      headers: { 'retry-after': String(seconds) },
    });
  }

  const isOpen = (window: Window) => window.windowStart.getTime() + RATE_WINDOW_MS > clock.now().getTime();

  return {
    /** Counts this request against `key` and refuses it when the window already holds `limit` hits. */
    async consume(key: string, limit: number): Promise<void> {
      const window = await repo.hit(key, clock.now(), RATE_WINDOW_MS);
      if (window.hits > limit) throw tooMany(window);
    },

    /** Refuses when `key` has reached `limit`, without counting: for limits that count only failures. */
    async assertUnder(key: string, limit: number): Promise<void> {
      const window = await repo.peek(key);
      if (window && isOpen(window) && window.hits >= limit) throw tooMany(window);
    },

    /** Records a failure against `key` (see assertUnder). */
    async record(key: string): Promise<void> {
      await repo.hit(key, clock.now(), RATE_WINDOW_MS);
    },

    prune: () => repo.prune(new Date(clock.now().getTime() - 24 * 60 * MINUTE_MS)),
  };
};
export type RateLimiter = ReturnType<typeof createRateLimiter>;
