/** Every query key is built here, so invalidating after a mutation is one line. */
export const queryKeys = {
  all: ['kanal'] as const,
  me: (userId: number) => ['kanal', 'auth', 'me', userId] as const,
};
