const content = ['kanal', 'content'] as const;
const admin = ['kanal', 'admin'] as const;

/**
 * Every query key is built here, so invalidating after a mutation is one line. Everything that changes
 * when the user finishes an item lives under `content.all` (lists, detail, the profile's statistics),
 * so `invalidateQueries({ queryKey: queryKeys.content.all })` refreshes home, its greeting and the stats.
 */
export const queryKeys = {
  all: ['kanal'] as const,
  me: (userId: number) => ['kanal', 'auth', 'me', userId] as const,
  /** An organisation's identity providers, as its sign-in link lists them (no sign-in needed). */
  ssoProviders: (tenant: string) => ['kanal', 'auth', 'sso-providers', tenant] as const,
  /** A certificate as anyone checks it by its code (no sign-in). */
  certificate: (code: string) => ['kanal', 'certificate', code] as const,
  /** The caller's notices (the bell, by how many it shows) and which they take on which channel. */
  notifications: {
    all: ['kanal', 'notifications'] as const,
    bell: (limit: number) => ['kanal', 'notifications', 'bell', limit] as const,
    settings: ['kanal', 'notifications', 'settings'] as const,
  },
  /** What a run's submission answered, by the run's key (kept by the end screens, never fetched). */
  submission: (key: string) => ['kanal', 'submission', key] as const,
  /**
   * The console's lists and records, under one root: a change invalidates all of it, since one person's
   * edit moves several lists (their groups' member counts, the organisation's head count). `tenant` is
   * the organisation the console works in (0 for the caller's own).
   */
  admin: {
    all: admin,
    tenants: (query: object) => [...admin, 'tenants', query] as const,
    /** The operator's system page: the background queue (by page of failed jobs) and the log (by query). */
    jobs: (page: number) => [...admin, 'jobs', page] as const,
    installation: () => [...admin, 'installation'] as const,
    logs: (query: object) => [...admin, 'logs', query] as const,
    tenant: (id: number) => [...admin, 'tenant', id] as const,
    promotions: (page: number) => [...admin, 'promotions', page] as const,
    promotion: (id: number) => [...admin, 'promotion', id] as const,
    users: (tenant: number, query: object) => [...admin, 'users', tenant, query] as const,
    user: (tenant: number, id: number) => [...admin, 'user', tenant, id] as const,
    userAttributes: (tenant: number) => [...admin, 'user-attributes', tenant] as const,
    /** Whom an audience's rules reach now (POST /audience/reach), by the rules. */
    audienceReach: (tenant: number, rules: unknown) => [...admin, 'audience-reach', tenant, rules] as const,
    activity: (tenant: number, id: number, page: number) => [...admin, 'activity', tenant, id, page] as const,
    groups: (tenant: number, query: object) => [...admin, 'groups', tenant, query] as const,
    allGroups: (tenant: number) => [...admin, 'all-groups', tenant] as const,
    group: (tenant: number, id: number) => [...admin, 'group', tenant, id] as const,
    members: (tenant: number, id: number, query: object) => [...admin, 'members', tenant, id, query] as const,
    /** An organisation's single sign-on providers: all of them, one list (there are a few at most). */
    identityProviders: (tenant: number) => [...admin, 'identity-providers', tenant] as const,
    /** An organisation's directory-sync tokens, by page. */
    scimTokens: (tenant: number, page: number) => [...admin, 'scim-tokens', tenant, page] as const,
    contentList: (tenant: number, query: object) => [...admin, 'content-list', tenant, query] as const,
    content: (tenant: number, id: number) => [...admin, 'content', tenant, id] as const,
    categories: (tenant: number) => [...admin, 'categories', tenant] as const,
    contentComments: (tenant: number, id: number, page: number) => [...admin, 'comments', tenant, id, page] as const,
    commentQueue: (tenant: number, filter: object, page: number) =>
      [...admin, 'commentQueue', tenant, filter, page] as const,
    /** Review before publishing: the organisation's choice, the items in review, an item's history. */
    reviewSettings: (tenant: number) => [...admin, 'review-settings', tenant] as const,
    reviewQueue: (tenant: number, page: number) => [...admin, 'review-queue', tenant, page] as const,
    reviewHistory: (tenant: number, id: number) => [...admin, 'review-history', tenant, id] as const,
    /** The question bank: a page by search and category, and its categories. */
    bank: (tenant: number, filters: { q: string; category: string; page: number; limit: number }) =>
      [...admin, 'bank', tenant, filters] as const,
    bankCategories: (tenant: number) => [...admin, 'bank-categories', tenant] as const,
    /** Who holds an item's certificate, by page. */
    certificates: (tenant: number, id: number, page: number) => [...admin, 'certificates', tenant, id, page] as const,
    contentAttempts: (tenant: number, id: number, page: number) => [...admin, 'attempts', tenant, id, page] as const,
    attempt: (tenant: number, id: number) => [...admin, 'attempt', tenant, id] as const,
    /** Statistics: of the organisation (`id` 0) or of one item, by call and query. */
    stats: (tenant: number, id: number, call: string, query: object = {}) =>
      [...admin, 'stats', tenant, id, call, query] as const,
  },
  content: {
    all: content,
    /** Prefix of every page of the home list. */
    new: [...content, 'new'] as const,
    newPage: (limit: number, offset: number) => [...content, 'new', { limit, offset }] as const,
    /** Prefix of every page of the archive's finished list. */
    finished: [...content, 'finished'] as const,
    finishedPage: (page: number, filters: Record<string, readonly string[]>) =>
      [...content, 'finished', { page, filters }] as const,
    /** Education attempted but not yet passed (archive page 0). */
    attempted: [...content, 'attempted'] as const,
    filters: [...content, 'filters'] as const,
    detail: (id: number) => [...content, 'detail', id] as const,
    material: (id: number) => [...content, 'material', id] as const,
    questions: (id: number) => [...content, 'questions', id] as const,
    attempts: (id: number) => [...content, 'attempts', id] as const,
    pollResults: (id: number) => [...content, 'poll-results', id] as const,
    /** The profile's figures move only when content is finished, so they sit under the content root. */
    stats: [...content, 'stats'] as const,
    contentStats: () => [...content, 'stats', 'content'] as const,
    countByType: () => [...content, 'stats', 'count-by-type'] as const,
    userStats: () => [...content, 'stats', 'user'] as const,
  },
};
