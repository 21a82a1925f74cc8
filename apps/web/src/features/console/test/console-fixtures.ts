import type { AdminUser, Me, Role } from '@kanal/contract';
import { authStore } from '@/lib/auth-store';
import { me } from '@/test/fake-api';

/** Signs in as a member of staff of Tvrtka d.o.o. (tenant 1); the console's tests start here. */
export function signInAs(role: Role): Me {
  authStore.signIn({ token: 'tok', userId: me.id }, true);
  return { ...me, role } as Me;
}

export function makeAdminUser(id: number, overrides: Partial<AdminUser> = {}): AdminUser {
  return {
    id,
    name: `Osoba ${id}`,
    email: `osoba${id}@tvrtka.hr`,
    username: null,
    phone: null,
    role: 'USER',
    status: 'active',
    groups: [],
    createdAt: new Date(2026, 10, 2, 9, 30).toISOString(),
    ...overrides,
  };
}
