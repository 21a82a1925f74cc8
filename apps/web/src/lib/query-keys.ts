const content = ['kanal', 'content'] as const;

/**
 * Every query key is built here, so invalidating after a mutation is one line. Everything that changes
 * when the user finishes an item lives under `content.all` (lists, detail, the profile's statistics),
 * so `invalidateQueries({ queryKey: queryKeys.content.all })` refreshes home, its greeting and the stats.
 */
export const queryKeys = {
  all: ['kanal'] as const,
  me: (userId: number) => ['kanal', 'auth', 'me', userId] as const,
  content: {
    all: content,
    /** Prefix of every page of the home list. */
    new: [...content, 'new'] as const,
    newPage: (limit: number, offset: number) => [...content, 'new', { limit, offset }] as const,
    /** Prefixes for the archive (next change): finished list and its filter options. */
    finished: [...content, 'finished'] as const,
    filters: [...content, 'filters'] as const,
    detail: (id: number) => [...content, 'detail', id] as const,
    material: (id: number) => [...content, 'material', id] as const,
    /** The profile's figures move only when content is finished, so they sit under the content root. */
    stats: [...content, 'stats'] as const,
    contentStats: () => [...content, 'stats', 'content'] as const,
    countByType: () => [...content, 'stats', 'count-by-type'] as const,
    userStats: () => [...content, 'stats', 'user'] as const,
  },
};
