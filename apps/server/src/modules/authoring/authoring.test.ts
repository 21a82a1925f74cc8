import { APP_TIME_ZONE, HOUR_MS, richDocOf, type StaffContent } from '@kanal/contract';
import { and, eq } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import {
  attempt,
  auditLog,
  comment,
  content,
  contentInteraction,
  contentNotice,
  file,
  media,
  pointsLedger,
} from '../../db/schema/index.js';
import { makeGroup } from '../../test/content-factories.js';
import { callsAs, makePerson, makeTenant, pdfBytes, pngBytes, upload } from '../../test/factories.js';
import { createTestApp, type TestApp } from '../../test/test-app.js';

let t: TestApp;
let tenantId: number;
type Person = { id: number; token: string };
let admin: Person;
let creator: Person;
let otherCreator: Person;
let analyst: Person;
let sales: { id: number };
let warehouse: { id: number };
let salesMember: Person;
let warehouseMember: Person;
let otherTenant: { tenantId: number; admin: Person; group: { id: number }; itemId: number };

beforeAll(async () => {
  t = await createTestApp();
  tenantId = (await makeTenant(t.db)).id;
  const now = t.clock.now();
  admin = await makePerson(t.db, tenantId, { role: 'ADMIN', now });
  creator = await makePerson(t.db, tenantId, { role: 'CREATOR', now });
  otherCreator = await makePerson(t.db, tenantId, { role: 'CREATOR', now });
  analyst = await makePerson(t.db, tenantId, { role: 'ANALYST', now });
  salesMember = await makePerson(t.db, tenantId, { now });
  warehouseMember = await makePerson(t.db, tenantId, { now });
  sales = await makeGroup(t.db, { tenantId, name: 'Prodaja', members: [salesMember.id] });
  warehouse = await makeGroup(t.db, { tenantId, name: 'Skladište', members: [warehouseMember.id] });

  const other = (await makeTenant(t.db)).id;
  const otherAdmin = await makePerson(t.db, other, { role: 'ADMIN', now });
  const otherGroup = await makeGroup(t.db, { tenantId: other });
  otherTenant = { tenantId: other, admin: otherAdmin, group: otherGroup, itemId: 0 };
  otherTenant.itemId = (await create(otherAdmin, info({ name: 'Tuđa obavijest', publish: { mode: 'now' } }))).id;
});
afterAll(() => t.close());

const as = (person: Person, lang?: string) => callsAs(t, person, lang);

async function create(person: Person, body: Record<string, unknown>): Promise<StaffContent> {
  const res = await as(person).post('/api/content', body);
  expect(res.statusCode, res.body).toBe(200);
  return res.json().payload;
}

const info = (extra: Record<string, unknown> = {}) => ({
  type: 'INFORMATION',
  name: 'Nova pravila parkiranja',
  description: 'Od ponedjeljka vrijede nova pravila.',
  material: { doc: richDocOf('Parkirajte samo na označenim mjestima.') },
  audience: { everyone: true },
  ...extra,
});

const education = (extra: Record<string, unknown> = {}) => ({
  type: 'EDUCATION',
  name: 'Zaštita na radu',
  category: 'Sigurnost',
  settings: { passingScore: 0.5, timeRestriction: 30, comments: true },
  questions: [
    {
      title: 'Što prvo učinite kad primijetite požar?',
      type: 'SINGLE',
      answers: [
        { title: 'Uzbunim kolege', isCorrect: true },
        { title: 'Nastavim raditi', isCorrect: false },
      ],
    },
    {
      title: 'Što je zaštitna oprema?',
      type: 'MULTIPLE',
      answers: [
        { title: 'Kaciga', isCorrect: true },
        { title: 'Rukavice', isCorrect: true },
        { title: 'Kava', isCorrect: false },
      ],
    },
  ],
  audience: { groups: [sales.id] },
  publish: { mode: 'now' },
  ...extra,
});

/** The person's home feed ids (what they see as new). */
async function feedOf(person: Person): Promise<number[]> {
  const res = await as(person).get('/api/mobile/content/list/new');
  expect(res.statusCode, res.body).toBe(200);
  return res.json().payload.content.map((item: { id: number }) => item.id);
}

/** Passes or fails an education through the end-user API with `right` questions answered correctly. */
async function answer(person: Person, item: StaffContent, right: number) {
  const questionAnswers = item.questions.map((q, i) => ({
    questionId: q.id,
    answers: q.answers
      .filter((a) => a.isCorrect === i < right)
      .map((a) => a.id)
      .slice(0, q.type === 'SINGLE' ? 1 : undefined),
  }));
  const res = await as(person).post(`/api/mobile/content/${item.id}/form/attempt`, { questionAnswers });
  expect(res.statusCode, res.body).toBe(200);
  return res.json().payload;
}

const fieldOf = (res: { statusCode: number; json(): { code: string; field?: string } }) => {
  expect(res.statusCode).toBe(400);
  return res.json().field;
};

describe('creating content', () => {
  it('makes an item of every type, and a published one reaches its audience at once', async () => {
    const [image] = (
      await upload(t, '/api/files/multiple', creator.token, [{ name: 'naslovna.png', bytes: pngBytes() }])
    ).json().payload;
    const pdf = (await upload(t, '/api/files', creator.token, [{ name: 'pravilnik.pdf', bytes: pdfBytes() }])).json()
      .payload;
    const edu = await create(
      creator,
      education({
        image: image.id,
        material: { link: 'https://youtu.be/dQw4w9WgXcQ', doc: richDocOf('Pročitajte pravilnik.') },
        media: [
          { fileId: image.id, name: 'Oprema' },
          { fileId: pdf.id, name: 'Pravilnik' },
        ],
      }),
    );
    expect(edu).toMatchObject({
      type: 'EDUCATION',
      status: 'published',
      image: image.id,
      creator: { id: creator.id },
      settings: { passingScore: 0.5, timeRestriction: 30, comments: true },
      audience: { everyone: false, groups: [{ id: sales.id, name: 'Prodaja' }], people: [] },
      counts: { audience: 1, viewed: 0, finished: 0 },
      locked: false,
      editable: true,
    });
    expect(edu.media.map((m) => [m.name, m.type])).toEqual([
      ['Oprema', 'IMAGE'],
      ['Pravilnik', 'DOCUMENT'],
    ]);
    expect(edu.questions[1]?.answers.map((a) => a.isCorrect)).toEqual([true, true, false]);
    expect(await feedOf(salesMember)).toContain(edu.id);
    expect(await feedOf(warehouseMember)).not.toContain(edu.id);

    const poll = await create(creator, {
      type: 'POLL',
      name: 'Ljetno druženje',
      questions: [
        { title: 'Koji termin?', type: 'SINGLE', answers: [{ title: 'Lipanj' }, { title: 'Srpanj' }] },
        { title: 'Koliko vam je važno?', type: 'LINEAR' },
        { title: 'Prijedlozi?', type: 'TEXT' },
      ],
      audience: { everyone: true },
      publish: { mode: 'now' },
    });
    // A LINEAR question's five points are the server's.
    expect(poll.questions[1]?.answers.map((a) => a.title)).toEqual(['1', '2', '3', '4', '5']);
    expect(poll.questions[2]?.answers).toEqual([]);

    const inquiry = await create(creator, {
      type: 'INQUIRY',
      name: 'Prijava na tečaj',
      questions: [{ title: 'Dolazite li?', type: 'SINGLE', answers: [{ title: 'Da' }, { title: 'Ne' }] }],
      audience: { people: [warehouseMember.id] },
      publish: { mode: 'now' },
    });
    expect(await feedOf(warehouseMember)).toContain(inquiry.id);

    const deadline = new Date(t.clock.now().getTime() + 48 * HOUR_MS).toISOString();
    const task = await create(creator, {
      type: 'TASK',
      name: 'Predajte putni nalog',
      description: 'Do petka predajte putni nalog za prošli mjesec.',
      task: { deadline, repeat: 'MONTHLY', reminderMinutes: 1440 },
      audience: { groups: [warehouse.id], people: [salesMember.id] },
      publish: { mode: 'now' },
    });
    expect(task.task).toEqual({ deadline, repeat: 'MONTHLY', reminderMinutes: 1440 });
    expect(task.counts.audience).toBe(2);

    const draft = await create(creator, info({ name: 'Skica' }));
    expect(draft.status).toBe('draft');
    expect(await feedOf(salesMember)).not.toContain(draft.id);
    // The mobile client's path makes the same item.
    const mobile = await as(creator).post('/api/mobile/content', info({ publish: { mode: 'now' } }));
    expect(mobile.json().payload).toMatchObject({ type: 'INFORMATION', status: 'published' });
  });

  it.each([
    [
      'publishing a quiz without questions',
      () => education({ questions: [] }),
      'questions',
      'Add at least one question',
    ],
    [
      'publishing a quiz question without a correct answer',
      () => education({ questions: [{ title: 'P?', type: 'SINGLE', answers: [{ title: 'A' }, { title: 'B' }] }] }),
      'questions.0.answers',
      'Mark the correct answer',
    ],
    [
      'a single-choice question with two correct answers',
      () =>
        education({
          questions: [
            {
              title: 'P?',
              type: 'SINGLE',
              answers: [
                { title: 'A', isCorrect: true },
                { title: 'B', isCorrect: true },
              ],
            },
          ],
        }),
      'questions.0.answers',
      'A single-choice question has exactly one correct answer',
    ],
    [
      'answers to mark on a LINEAR question',
      () =>
        education({ questions: [{ title: 'Ocjena?', type: 'LINEAR', answers: [{ title: '1', isCorrect: true }] }] }),
      'questions.0.answers',
      'This type of question has no answers to enter',
    ],
    [
      'a pass mark above 100 %',
      () => education({ settings: { passingScore: 1.5 } }),
      'settings.passingScore',
      'The pass mark is between 0 and 100 %',
    ],
    [
      'a correct answer in a poll',
      () => ({
        type: 'POLL',
        name: 'Anketa',
        questions: [{ title: 'P?', type: 'SINGLE', answers: [{ title: 'A', isCorrect: true }, { title: 'B' }] }],
      }),
      'questions.0.answers',
      'Polls and inquiries have no correct answers',
    ],
    [
      'a task without a deadline',
      () => ({ type: 'TASK', name: 'Zadatak', task: { deadline: null } }),
      'task.deadline',
      'Required',
    ],
    [
      'a task text over 250 characters',
      () => ({
        type: 'TASK',
        name: 'Zadatak',
        description: 'x'.repeat(251),
        task: { deadline: '2030-01-01T10:00:00Z' },
      }),
      'description',
      'A task’s text can have at most 250 characters',
    ],
    [
      'a deadline on an announcement',
      () => info({ task: { deadline: '2030-01-01T10:00:00Z' } }),
      'task',
      'An announcement has no deadline',
    ],
    [
      'a repeating education',
      () => education({ task: { deadline: '2030-01-01T10:00:00Z', repeat: 'WEEKLY' } }),
      'task.repeat',
      'Only a task repeats',
    ],
    [
      'a reminder on an education without a due date',
      () => education({ task: { deadline: null, reminderMinutes: 60 } }),
      'task.reminderMinutes',
      'A reminder needs a deadline',
    ],
    [
      'a link that is not a YouTube or Vimeo video',
      () => info({ material: { link: 'https://example.com/video' } }),
      'material.link',
      'Enter a YouTube or Vimeo video link',
    ],
    [
      'publishing to no one',
      () => info({ audience: { everyone: false }, publish: { mode: 'now' } }),
      'audience',
      'Choose who receives it: everyone, groups, people or a rule',
    ],
    ['a schedule without a time', () => info({ publish: { mode: 'schedule' } }), 'publish.at', 'Required'],
    ['a name left empty', () => info({ name: '  ' }), 'name', 'Required'],
  ])('refuses %s, naming the field in the caller’s language', async (_case, body, field, message) => {
    const before = await t.db.$count(content, eq(content.tenantId, tenantId));
    const res = await as(creator, 'en').post('/api/content', body());
    expect(fieldOf(res)).toBe(field);
    expect(res.json().fields[0].message.replace("'", '’')).toBe(message);
    expect(await t.db.$count(content, eq(content.tenantId, tenantId))).toBe(before);
  });

  it('keeps a draft’s half-written questions, and publishes them only once complete', async () => {
    const halfWritten = [
      { title: 'Što prvo učinite?', type: 'SINGLE', answers: [{ title: 'Uzbunim kolege' }, { title: '' }] },
      { title: '', type: 'MULTIPLE', answers: [] },
    ];
    const draft = await create(creator, education({ questions: halfWritten, publish: { mode: 'draft' } }));
    expect(draft.status).toBe('draft');
    expect(draft.questions.map((q) => [q.title, q.answers.map((a) => a.title)])).toEqual([
      ['Što prvo učinite?', ['Uzbunim kolege', '']],
      ['', []],
    ]);

    const refused = await as(creator, 'en').patch(`/api/content/${draft.id}`, { publish: { mode: 'now' } });
    expect(refused.statusCode).toBe(400);
    expect(refused.json().fields[0]).toEqual({ field: 'questions.0.answers.1.title', message: 'Required' });
    expect((await as(creator).get(`/api/content/${draft.id}`)).json().payload.status).toBe('draft');

    const complete = [
      { ...halfWritten[0], answers: [{ title: 'Uzbunim kolege', isCorrect: true }, { title: 'Nastavim raditi' }] },
    ];
    const published = await as(creator).patch(`/api/content/${draft.id}`, {
      questions: complete,
      publish: { mode: 'now' },
    });
    expect(published.statusCode, published.body).toBe(200);
    expect(published.json().payload.status).toBe('published');
  });

  it('refuses what the body points at when it is not the tenant’s, and a schedule in the past', async () => {
    const foreignFile = (
      await upload(t, '/api/files', otherTenant.admin.token, [{ name: 'a.png', bytes: pngBytes() }])
    ).json().payload;
    const pdf = (await upload(t, '/api/files', creator.token, [{ name: 'a.pdf', bytes: pdfBytes() }])).json().payload;
    const cases: [Record<string, unknown>, string, string][] = [
      [info({ media: [{ fileId: foreignFile.id, name: 'Slika' }] }), 'media.0.fileId', 'validation.unknownFile'],
      [info({ image: pdf.id }), 'image', 'validation.invalidType'],
      [
        info({ audience: { groups: [sales.id, otherTenant.group.id] } }),
        'audience.groups.1',
        'validation.unknownGroup',
      ],
      [info({ audience: { people: [otherTenant.admin.id] } }), 'audience.people.0', 'validation.unknownPerson'],
      [
        info({ publish: { mode: 'schedule', at: new Date(t.clock.now().getTime() - HOUR_MS).toISOString() } }),
        'publish.at',
        'validation.inThePast',
      ],
      [info({ configuration: 'PROMOTION' }), 'configuration', 'validation.promotionOnlyProvider'],
    ];
    for (const [body, field] of cases) {
      expect(fieldOf(await as(creator).post('/api/content', body)), JSON.stringify(body)).toBe(field);
    }
  });

  it('recognises YouTube and Vimeo links', async () => {
    for (const link of ['https://www.youtube.com/watch?v=dQw4w9WgXcQ', 'https://vimeo.com/76979871']) {
      expect((await create(creator, info({ material: { link } }))).material.link).toBe(link);
    }
  });
});

describe('who may do what', () => {
  it('lets an analyst read but not write, a creator change only their own, and a user nothing', async () => {
    const mine = await create(creator, info());
    const read = await as(analyst).get(`/api/content/${mine.id}`);
    expect(read.statusCode).toBe(200);
    expect(read.json().payload.editable).toBe(false);
    expect((await as(analyst).post('/api/content', info())).statusCode).toBe(403);
    expect((await as(analyst).patch(`/api/content/${mine.id}`, { name: 'X' })).statusCode).toBe(403);

    expect((await as(otherCreator).get(`/api/content/${mine.id}`)).json().payload.editable).toBe(false);
    for (const res of [
      await as(otherCreator).patch(`/api/content/${mine.id}`, { name: 'Tuđe' }),
      await as(otherCreator).delete(`/api/content/${mine.id}`),
      await as(otherCreator).post(`/api/content/${mine.id}/archive`),
    ]) {
      expect(res.statusCode).toBe(403);
    }
    // Copying makes the copier's own draft, which they may change.
    const copy = (await as(otherCreator).post(`/api/content/${mine.id}/copy`)).json().payload;
    expect(copy).toMatchObject({ creator: { id: otherCreator.id }, status: 'draft', editable: true });
    expect((await as(admin).patch(`/api/content/${mine.id}`, { name: 'Ispravio admin' })).statusCode).toBe(200);

    expect((await as(salesMember).get('/api/content')).statusCode).toBe(403);
    expect((await as(salesMember).post('/api/content', info())).statusCode).toBe(403);
    expect((await t.db.select({ name: content.name }).from(content).where(eq(content.id, mine.id)))[0]?.name).toBe(
      'Ispravio admin',
    );
  });

  it('answers 404 for another tenant’s item on every call, and changes nothing', async () => {
    const id = otherTenant.itemId;
    const calls = [
      as(admin).get(`/api/content/${id}`),
      as(admin).get(`/api/content/${id}/simple`),
      as(admin).patch(`/api/content/${id}`, { name: 'Preuzeto' }),
      as(admin).delete(`/api/content/${id}`),
      as(admin).post(`/api/content/${id}/copy`),
      as(admin).post(`/api/content/${id}/archive`),
      as(admin).post(`/api/content/${id}/notify`),
      as(admin).get(`/api/content/${id}/comment`),
      as(admin).get(`/api/content/${id}/comment/1`),
      as(admin).delete(`/api/content/${id}/comment/1`),
    ];
    for (const res of await Promise.all(calls)) expect(res.statusCode, res.body).toBe(404);
    const [row] = await t.db.select().from(content).where(eq(content.id, id));
    expect(row).toMatchObject({ name: 'Tuđa obavijest', status: 'published' });
    expect(await t.db.$count(content, eq(content.tenantId, tenantId))).toBeGreaterThan(0);
    expect((await as(admin).get('/api/content?q=tuda')).json().payload.count).toBe(0);
  });
});

describe('editing', () => {
  it('locks the questions and pass mark of an answered item and keeps the rest editable', async () => {
    const edu = await create(creator, education());
    await answer(salesMember, edu, 2);
    const locked = (await as(creator).get(`/api/content/${edu.id}`)).json().payload;
    expect(locked.locked).toBe(true);

    const changedQuestion = education().questions.map((q, i) => (i === 0 ? { ...q, title: 'Drugo pitanje?' } : q));
    const refused = await as(creator, 'en').patch(`/api/content/${edu.id}`, { questions: changedQuestion });
    expect(refused.statusCode).toBe(409);
    expect(refused.json()).toMatchObject({ code: 'ContentLocked', message: expect.stringContaining('Make a copy') });
    const passMark = await as(creator).patch(`/api/content/${edu.id}`, {
      settings: { passingScore: 0.9, timeRestriction: 30, comments: true },
    });
    expect(passMark.statusCode).toBe(409);

    // The same questions again (an editor sends the whole item) and new texts are fine.
    const edited = await as(creator).patch(`/api/content/${edu.id}`, {
      name: 'Zaštita na radu 2026.',
      questions: education().questions,
      material: { doc: richDocOf('Novi tekst.') },
    });
    expect(edited.statusCode, edited.body).toBe(200);
    expect(edited.json().payload).toMatchObject({
      name: 'Zaštita na radu 2026.',
      material: { doc: richDocOf('Novi tekst.') },
    });
    expect(edited.json().payload.questions.map((q: { id: number }) => q.id)).toEqual(edu.questions.map((q) => q.id));
    expect(await t.db.$count(attempt, eq(attempt.contentId, edu.id))).toBe(1);
  });

  it('replaces an unanswered item’s questions and holds the result to the rules', async () => {
    const edu = await create(creator, education({ publish: { mode: 'draft' } }));
    const res = await as(creator).patch(`/api/content/${edu.id}`, {
      questions: [
        { title: 'Jedino pitanje?', type: 'SINGLE', answers: [{ title: 'Da', isCorrect: true }, { title: 'Ne' }] },
      ],
    });
    expect(res.json().payload.questions.map((q: { title: string }) => q.title)).toEqual(['Jedino pitanje?']);
    // A draft may be left without questions; it is the publishing that needs one.
    const emptied = await as(creator).patch(`/api/content/${edu.id}`, { questions: [] });
    expect(emptied.json().payload.questions).toEqual([]);
    expect(fieldOf(await as(creator).patch(`/api/content/${edu.id}`, { publish: { mode: 'now' } }))).toBe('questions');
  });

  it('keeps what an item was made for: its configuration is refused as a change, and accepted as it is', async () => {
    const edu = await create(creator, education({ publish: { mode: 'draft' } }));
    const changed = await as(creator).patch(`/api/content/${edu.id}`, { configuration: 'PROMOTION' });
    expect(fieldOf(changed)).toBe('configuration');
    const same = await as(creator).patch(`/api/content/${edu.id}`, { configuration: 'COMMUNICATION', name: 'Isto' });
    expect(same.json().payload).toMatchObject({ name: 'Isto', configuration: 'COMMUNICATION' });
  });

  it('moves the inboxes with the audience: untouched rows go, seen ones stay as history', async () => {
    const item = await create(creator, info({ audience: { groups: [sales.id] }, publish: { mode: 'now' } }));
    expect(await feedOf(salesMember)).toContain(item.id);
    const moved = await as(creator).patch(`/api/content/${item.id}`, { audience: { groups: [warehouse.id] } });
    expect(moved.json().payload.counts.audience).toBe(1);
    expect(await feedOf(salesMember)).not.toContain(item.id);
    expect(await feedOf(warehouseMember)).toContain(item.id);

    await as(warehouseMember).post('/api/mobile/content/mark-viewed', { contentId: item.id });
    await as(creator).patch(`/api/content/${item.id}`, { audience: { groups: [sales.id] } });
    const rows = await t.db
      .select({ userId: contentInteraction.userId })
      .from(contentInteraction)
      .where(eq(contentInteraction.contentId, item.id));
    expect(rows.map((r) => r.userId).sort()).toEqual([salesMember.id, warehouseMember.id].sort());
    const counts = (await as(creator).get(`/api/content/${item.id}`)).json().payload.counts;
    expect(counts).toEqual({ audience: 2, viewed: 1, finished: 0 });
  });

  it('shows a scheduled item to its audience only once its time has come', async () => {
    const at = new Date(t.clock.now().getTime() + 2 * HOUR_MS).toISOString();
    const item = await create(creator, info({ publish: { mode: 'schedule', at } }));
    expect(item).toMatchObject({ status: 'scheduled', publishAt: at });
    expect(await feedOf(salesMember)).not.toContain(item.id);
    expect(
      (await as(creator).get('/api/content?status=scheduled')).json().payload.items.map((i: { id: number }) => i.id),
    ).toContain(item.id);
    t.clock.advance(3 * HOUR_MS);
    expect(await feedOf(salesMember)).toContain(item.id);
    expect((await as(creator).get(`/api/content/${item.id}/simple`)).json().payload).toEqual({
      id: item.id,
      name: item.name,
      type: 'INFORMATION',
      status: 'published',
    });
  });
});

describe('copies, archiving, deleting and notices', () => {
  it('copies an item as a draft with its questions and audience, never its answers, and leaves the original alone', async () => {
    const edu = await create(creator, education());
    await answer(salesMember, edu, 2);
    await as(salesMember).post('/api/mobile/content/info/comment', { contentId: edu.id, comment: 'Korisno!' });
    const copy: StaffContent = (await as(creator).post(`/api/content/${edu.id}/copy`)).json().payload;
    expect(copy).toMatchObject({
      name: 'Zaštita na radu (kopija)',
      status: 'draft',
      locked: false,
      settings: edu.settings,
      audience: edu.audience,
      counts: { audience: 0, viewed: 0, finished: 0 },
    });
    expect(copy.questions.map((q) => [q.title, q.answers.map((a) => [a.title, a.isCorrect])])).toEqual(
      edu.questions.map((q) => [q.title, q.answers.map((a) => [a.title, a.isCorrect])]),
    );
    expect(copy.questions[0]?.id).not.toBe(edu.questions[0]?.id);
    expect(await t.db.$count(attempt, eq(attempt.contentId, copy.id))).toBe(0);
    expect(await t.db.$count(comment, eq(comment.contentId, copy.id))).toBe(0);

    // Edited and published, the copy is an item of its own.
    await as(creator).patch(`/api/content/${copy.id}`, { name: 'Zaštita na radu, 2. dio', publish: { mode: 'now' } });
    expect(await feedOf(salesMember)).toContain(copy.id);
    const original = (await as(creator).get(`/api/content/${edu.id}`)).json().payload;
    expect(original).toMatchObject({ name: 'Zaštita na radu', locked: true, counts: { audience: 1, finished: 1 } });
  });

  it('deletes drafts and items not yet due, archives published ones', async () => {
    const draft = await create(creator, info());
    expect((await as(creator).delete(`/api/content/${draft.id}`)).json().payload).toEqual({ deleted: 1 });
    expect(await t.db.$count(content, eq(content.id, draft.id))).toBe(0);

    const live = await create(creator, info({ publish: { mode: 'now' } }));
    const refused = await as(creator).delete(`/api/content/${live.id}`);
    expect(refused.statusCode).toBe(409);
    expect(refused.json().code).toBe('ContentNotDraft');

    const archived = await as(creator).post(`/api/content/${live.id}/archive`);
    expect(archived.json().payload.status).toBe('archived');
    expect(await feedOf(salesMember)).not.toContain(live.id);
    expect((await as(creator).patch(`/api/content/${live.id}`, { name: 'Stari naziv' })).statusCode).toBe(200);
    const events = await t.db.select({ event: auditLog.event }).from(auditLog).where(eq(auditLog.userId, creator.id));
    expect(events.map((e) => e.event)).toEqual(expect.arrayContaining(['content.deleted', 'content.archived']));
  });

  it('un-archives an item back to a draft or out again, its people’s history kept', async () => {
    const item = await create(creator, info({ audience: { groups: [sales.id] }, publish: { mode: 'now' } }));
    await as(salesMember).post('/api/mobile/content/mark-finished', { contentId: item.id });
    await as(creator).post(`/api/content/${item.id}/archive`);

    const drafted = await as(creator).patch(`/api/content/${item.id}`, { publish: { mode: 'draft' } });
    expect(drafted.statusCode, drafted.body).toBe(200);
    expect(drafted.json().payload.status).toBe('draft');
    expect(await feedOf(salesMember)).not.toContain(item.id);

    await as(creator).patch(`/api/content/${item.id}`, { publish: { mode: 'now' } });
    await as(creator).post(`/api/content/${item.id}/archive`);
    const republished = await as(creator).patch(`/api/content/${item.id}`, { publish: { mode: 'now' } });
    expect(republished.json().payload).toMatchObject({ status: 'published', counts: { audience: 1, finished: 1 } });

    const events = await t.db
      .select({ event: auditLog.event })
      .from(auditLog)
      .where(and(eq(auditLog.userId, creator.id), eq(auditLog.event, 'content.unarchived')));
    expect(events).toHaveLength(2);
  });

  it('queues a notice for the audience who have not finished, and only for a published item', async () => {
    const item = await create(
      creator,
      info({ audience: { groups: [sales.id, warehouse.id] }, publish: { mode: 'now' } }),
    );
    await as(warehouseMember).post('/api/mobile/content/mark-finished', { contentId: item.id });
    const res = await as(creator).post(`/api/content/${item.id}/notify`);
    expect(res.json().payload.recipients).toBe(1);
    await t.app.services.jobs.idle();
    const notices = await t.db.select().from(contentNotice).where(eq(contentNotice.contentId, item.id));
    expect(notices.find((n) => n.kind === 'manual')).toMatchObject({
      recipients: 1,
      status: 'sent',
      requestedBy: creator.id,
    });

    const draft = await create(creator, info());
    expect((await as(creator).post(`/api/content/${draft.id}/notify`)).json().code).toBe('NotPublished');
  });

  it('sends nothing when everyone has finished, and does not count it against the hour', async () => {
    const item = await create(creator, info({ audience: { groups: [warehouse.id] }, publish: { mode: 'now' } }));
    await as(warehouseMember).post('/api/mobile/content/mark-finished', { contentId: item.id });
    const empty = await as(creator).post(`/api/content/${item.id}/notify`);
    expect(empty.statusCode, empty.body).toBe(200);
    expect(empty.json().payload).toEqual({ id: null, recipients: 0 });
    const manual = and(eq(contentNotice.contentId, item.id), eq(contentNotice.kind, 'manual'));
    expect(await t.db.$count(contentNotice, manual)).toBe(0);

    // Someone joins who has not finished it: the reminder goes at once.
    await as(creator).patch(`/api/content/${item.id}`, { audience: { groups: [warehouse.id, sales.id] } });
    const sent = await as(creator).post(`/api/content/${item.id}/notify`);
    expect(sent.statusCode, sent.body).toBe(200);
    expect(sent.json().payload.recipients).toBe(1);
  });
});

describe('the list', () => {
  it('searches without accents, filters, sorts and pages, with each row’s reach', async () => {
    const t2 = (await makeTenant(t.db)).id;
    const boss = await makePerson(t.db, t2, { role: 'ADMIN', now: t.clock.now() });
    const reader = await makePerson(t.db, t2, { now: t.clock.now() });
    const names = ['Čišćenje skladišta', 'Cjenik 2026.', 'Anketa o čišćenju', 'Godišnji odmor'];
    const made = [];
    for (const name of names) {
      made.push(
        await create(
          boss,
          name.startsWith('Anketa')
            ? {
                type: 'POLL',
                name,
                questions: [{ title: 'P?', type: 'TEXT' }],
                audience: { everyone: true },
                publish: { mode: 'now' },
              }
            : info({ name, category: 'Opće', publish: { mode: name.startsWith('Godišnji') ? 'draft' : 'now' } }),
        ),
      );
    }
    await as(reader).post('/api/mobile/content/mark-viewed', { contentId: made[0]?.id });

    const list = async (query: string) => (await as(boss).get(`/api/content?${query}`)).json().payload;
    expect((await list('q=ciscenj&sort=name')).items.map((i: { name: string }) => i.name)).toEqual([
      'Anketa o čišćenju',
      'Čišćenje skladišta',
    ]);
    expect((await list('q=ciscenj&type=INFORMATION')).items.map((i: { name: string }) => i.name)).toEqual([
      'Čišćenje skladišta',
    ]);
    expect((await list('status=draft')).items.map((i: { name: string }) => i.name)).toEqual(['Godišnji odmor']);
    const first = (await list('q=ciscenj&type=INFORMATION')).items[0];
    expect(first).toMatchObject({
      status: 'published',
      creator: { id: boss.id },
      counts: { audience: 2, viewed: 1, finished: 0 },
    });

    const page = await list('sort=name&limit=2&offset=2');
    expect(page.count).toBe(4);
    expect(page.items.map((i: { name: string }) => i.name)).toEqual(['Cjenik 2026.', 'Godišnji odmor']);
    expect((await list('limit=2&offset=10')).count).toBe(4);
    expect((await as(boss).get('/api/content/info/categories')).json().payload).toEqual(['Opće']);
    expect(fieldOf(await as(boss).get('/api/content?from=2026-13-01'))).toBe('from');
  });

  it('lists no draft among the items published from or to a day', async () => {
    const t2 = (await makeTenant(t.db)).id;
    const boss = await makePerson(t.db, t2, { role: 'ADMIN', now: t.clock.now() });
    await create(boss, info({ name: 'Objavljeno', publish: { mode: 'now' } }));
    await create(boss, info({ name: 'Skica' }));
    const today = new Intl.DateTimeFormat('en-CA', { timeZone: APP_TIME_ZONE }).format(t.clock.now());
    for (const query of [`from=${today}`, `to=${today}`]) {
      const res = await as(boss).get(`/api/content?${query}`);
      expect(res.json().payload.items.map((i: { name: string }) => i.name)).toEqual(['Objavljeno']);
    }
    expect((await as(boss).get('/api/content')).json().payload.count).toBe(2);
  });
});

describe('comments and answers', () => {
  it('lets staff read and remove an item’s comments', async () => {
    const edu = await create(creator, education());
    await as(salesMember).post('/api/mobile/content/info/comment', {
      contentId: edu.id,
      comment: 'Neprimjeren komentar',
    });
    const list = (await as(analyst).get(`/api/content/${edu.id}/comment`)).json().payload;
    expect(list.count).toBe(1);
    const [first] = list.items;
    expect(first).toMatchObject({ text: 'Neprimjeren komentar', user: { id: salesMember.id } });
    expect((await as(analyst).get(`/api/content/${edu.id}/comment/${first.id}`)).json().payload.id).toBe(first.id);
    expect((await as(analyst).delete(`/api/content/${edu.id}/comment/${first.id}`)).statusCode).toBe(403);
    expect((await as(creator).delete(`/api/content/${edu.id}/comment/${first.id}`)).json().payload).toEqual({
      deleted: 1,
    });
    expect((await as(creator).delete(`/api/content/${edu.id}/comment/${first.id}`)).statusCode).toBe(404);
  });

  it('deleting an attempt pays the points again from the attempts left and reopens the item', async () => {
    const member = await makePerson(t.db, tenantId, { now: t.clock.now() });
    const edu = await create(creator, education({ audience: { people: [member.id] } }));
    const failed = await answer(member, edu, 0);
    const passed = await answer(member, edu, 2);
    expect(passed.points).toBe(20);

    const list = (await as(analyst).get(`/api/userAnswer?content=${edu.id}`)).json().payload;
    expect(list.items.map((a: { id: number; passed: boolean }) => [a.id, a.passed])).toEqual([
      [passed.attemptId, true],
      [failed.attemptId, false],
    ]);
    const one = (await as(analyst).get(`/api/userAnswer/${passed.attemptId}`)).json().payload;
    expect(one).toMatchObject({ user: { id: member.id }, content: { id: edu.id, type: 'EDUCATION' }, correct: 2 });
    expect(one.userAnswers).toHaveLength(2);
    expect((await as(creator).delete(`/api/userAnswer/${passed.attemptId}`)).statusCode).toBe(403);

    const gone = await as(admin).delete(`/api/userAnswer/${passed.attemptId}`);
    expect(gone.json().payload).toEqual({ points: 0, finished: false });
    expect(await feedOf(member)).toContain(edu.id);
    const stats = (await as(member).get('/api/mobile/users/stats')).json().payload;
    expect(stats.points).toBe(0);
    expect((await as(admin).get(`/api/userAnswer/${passed.attemptId}`)).statusCode).toBe(404);
    expect((await as(otherTenant.admin).delete(`/api/userAnswer/${failed.attemptId}`)).statusCode).toBe(404);
    expect(await t.db.$count(attempt, eq(attempt.id, failed.attemptId))).toBe(1);
  });
});

describe('maintenance', () => {
  it('fix-points makes every ledger agree with the attempts, and a second run finds nothing', async () => {
    const superadmin = await makePerson(t.db, tenantId, { role: 'SUPERADMIN', now: t.clock.now() });
    const member = await makePerson(t.db, tenantId, { now: t.clock.now() });
    const edu = await create(creator, education({ audience: { people: [member.id] } }));
    await answer(member, edu, 2);
    await t.db
      .update(pointsLedger)
      .set({ points: 999 })
      .where(and(eq(pointsLedger.userId, member.id), eq(pointsLedger.contentId, edu.id)));

    expect((await as(admin).post('/api/content/info/fix-points')).statusCode).toBe(403);
    const fixed = (await as(superadmin).post('/api/content/info/fix-points')).json().payload;
    expect(fixed.repaired).toContainEqual({ tenantId, userId: member.id, contentId: edu.id, was: 999, is: 20 });
    expect((await as(member).get('/api/mobile/users/stats')).json().payload.points).toBe(20);
    expect((await as(superadmin).post('/api/content/info/fix-points')).json().payload.repaired).toEqual([]);
  });

  it('fix-media sets a medium’s kind from its file and reports bytes gone from the store', async () => {
    const superadmin = await makePerson(t.db, tenantId, { role: 'SUPERADMIN', now: t.clock.now() });
    const png = (await upload(t, '/api/files', creator.token, [{ name: 'a.png', bytes: pngBytes() }])).json().payload;
    const pdf = (await upload(t, '/api/files', creator.token, [{ name: 'b.pdf', bytes: pdfBytes() }])).json().payload;
    const item = await create(
      creator,
      info({
        media: [
          { fileId: png.id, name: 'Slika' },
          { fileId: pdf.id, name: 'Dokument' },
        ],
      }),
    );
    const [picture, document] = item.media;
    await t.db
      .update(media)
      .set({ type: 'VIDEO' })
      .where(eq(media.id, picture?.id ?? 0));
    const [stored] = await t.db.select({ key: file.storageKey }).from(file).where(eq(file.id, pdf.id));
    await t.fileStore.remove(stored?.key ?? '');

    const found = (await as(superadmin).post('/api/content/info/fix-media')).json().payload.found;
    expect(found).toEqual(
      expect.arrayContaining([
        { tenantId, contentId: item.id, mediaId: picture?.id, problem: 'mistyped', repaired: true },
        { tenantId, contentId: item.id, mediaId: document?.id, problem: 'missing', repaired: false },
      ]),
    );
    expect((await as(creator).get(`/api/content/${item.id}`)).json().payload.media[0].type).toBe('IMAGE');
    const again = (await as(superadmin).post('/api/content/info/fix-media')).json().payload.found;
    expect(again.filter((f: { contentId: number }) => f.contentId === item.id)).toEqual([
      { tenantId, contentId: item.id, mediaId: document?.id, problem: 'missing', repaired: false },
    ]);
  });
});
