import type { AdminUser, Me, Role, StaffContent } from '@kanal/contract';
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
    department: null,
    location: null,
    jobTitle: null,
    employeeNumber: null,
    manager: null,
    startDate: null,
    createdAt: new Date(2026, 10, 2, 9, 30).toISOString(),
    ...overrides,
  };
}

/** An item as staff read it (GET /content/{id}): a published education with one single-choice question. */
export function makeStaffContent(id: number, overrides: Partial<StaffContent> = {}): StaffContent {
  const at = new Date(2026, 10, 20, 9, 15).toISOString();
  return {
    id,
    type: 'EDUCATION',
    configuration: 'COMMUNICATION',
    status: 'published',
    name: 'Zaštita na radu',
    description: 'Osnove sigurnog rada.',
    image: null,
    category: 'Sigurnost',
    settings: { timeRestriction: 30, passingScore: 0.5, comments: true, certificate: false, questionsPerAttempt: null },
    material: {
      link: null,
      doc: { type: 'doc', content: [{ type: 'paragraph', content: [{ type: 'text', text: 'Tekst' }] }] },
      html: '<p>Tekst</p>',
    },
    media: [],
    questions: [
      {
        id: 1,
        title: 'Gdje je aparat za gašenje?',
        type: 'SINGLE',
        answers: [
          { id: 11, title: 'U hodniku', isCorrect: true },
          { id: 12, title: 'Nigdje', isCorrect: false },
        ],
      },
    ],
    task: null,
    audience: { everyone: true, groups: [], people: [], rules: [], ruleRefs: { groups: [], people: [] } },
    publishAt: at,
    createdAt: at,
    updatedAt: at,
    creator: { id: 7, name: 'Ana Anić' },
    counts: { audience: 40, viewed: 12, finished: 9 },
    delivering: false,
    locked: false,
    editable: true,
    ...overrides,
  };
}
