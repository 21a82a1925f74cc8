/** Time is a dependency so tests can move it (session expiry, link expiry, rate-limit windows). */
export type Clock = { now(): Date };

export const systemClock: Clock = { now: () => new Date() };
