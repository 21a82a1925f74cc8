import { DAY_MS, HOUR_MS, MINUTE_MS, richDocOf } from '@kanal/contract';
import { and, count, eq } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import {
  appUser,
  comment,
  content,
  contentInteraction,
  file,
  groupMember,
  task as taskTable,
  tenant,
} from '../../db/schema/index.js';
import { authoringOf, makeContent, makeGroup } from '../../test/content-factories.js';
import { call, makeOrg, makePerson } from '../../test/factories.js';
import { createTestApp, type TestApp } from '../../test/test-app.js';

let t: TestApp;
beforeAll(async () => {
  t = await createTestApp();
});
afterAll(() => t.close());

const org = () => makeOrg(t.db, 'Katarina Kreator');

const person = (tenantId: number, options: { active?: boolean } = {}) =>
  makePerson(t.db, tenantId, { ...options, now: t.clock.now() });

const feed = async (token: string, query = '') => {
  const res = await call(t, { url: `/api/mobile/content/list/new${query}`, token });
  expect(res.statusCode).toBe(200);
  return res.json().payload as { count: number; content: { id: number; type: string; name: string }[] };
};
const feedIds = async (token: string, query = '') => (await feed(token, query)).content.map((c) => c.id);
const post = (url: string, token: string, body: unknown) => call(t, { method: 'POST', url: `/api${url}`, token, body });
const get = (url: string, token: string) => call(t, { url: `/api${url}`, token });
const interactionOf = async (userId: number, contentId: number) => {
  const [row] = await t.db
    .select()
    .from(contentInteraction)
    .where(and(eq(contentInteraction.userId, userId), eq(contentInteraction.contentId, contentId)));
  return row;
};

describe('who sees what', () => {
  it('sends an item to everyone, to a group or to one person, never to a deactivated account', async () => {
    const o = await org();
    const [ana, marko] = [await person(o.tenantId), await person(o.tenantId)];
    const gone = await person(o.tenantId, { active: false });
    const sales = await makeGroup(t.db, { tenantId: o.tenantId, members: [ana.id, gone.id] });
    const all = await makeContent(t.db, { ...o, name: 'Za sve' });
    const group = await makeContent(t.db, { ...o, audience: { groups: [sales.id] } });
    const personal = await makeContent(t.db, { ...o, audience: { users: [ana.id] } });

    expect((await feedIds(ana.token)).sort()).toEqual([all.id, group.id, personal.id].sort());
    expect(await feedIds(marko.token)).toEqual([all.id]);
    for (const item of [group, personal]) {
      expect((await get(`/mobile/content/${item.id}`, marko.token)).statusCode).toBe(404);
    }
    const [rows] = await t.db
      .select({ n: count() })
      .from(contentInteraction)
      .where(eq(contentInteraction.userId, gone.id));
    expect(rows?.n).toBe(0);
  });

  it('hides drafts, archived items and items scheduled for later, until their time comes', async () => {
    const o = await org();
    const ana = await person(o.tenantId);
    const draft = await makeContent(t.db, { ...o, status: 'draft' });
    const archived = await makeContent(t.db, { ...o, status: 'archived' });
    const later = await makeContent(t.db, {
      ...o,
      status: 'scheduled',
      publishAt: new Date(t.clock.now().getTime() + HOUR_MS),
    });
    const publishedLater = await makeContent(t.db, {
      ...o,
      status: 'published',
      publishAt: new Date(t.clock.now().getTime() + HOUR_MS),
    });

    expect(await feed(ana.token)).toEqual({ count: 0, content: [] });
    for (const item of [draft, archived, later, publishedLater]) {
      expect((await get(`/mobile/content/${item.id}`, ana.token)).statusCode).toBe(404);
      expect((await post('/mobile/content/mark-viewed', ana.token, { contentId: item.id })).statusCode).toBe(404);
    }
    // Drafts and archived items never filled an inbox; the scheduled one waits in it.
    expect(await interactionOf(ana.id, draft.id)).toBeUndefined();
    expect(await interactionOf(ana.id, archived.id)).toBeUndefined();
    expect(await interactionOf(ana.id, later.id)).toMatchObject({ viewedAt: null });

    t.clock.advance(HOUR_MS + MINUTE_MS);
    try {
      expect((await feedIds(ana.token)).sort()).toEqual([later.id, publishedLater.id].sort());
      expect((await get(`/mobile/content/${later.id}`, ana.token)).statusCode).toBe(200);
    } finally {
      t.clock.advance(-(HOUR_MS + MINUTE_MS));
    }
  });

  it('stops showing an item once it is archived, even an opened one', async () => {
    const o = await org();
    const ana = await person(o.tenantId);
    const item = await makeContent(t.db, { ...o });
    expect((await post('/mobile/content/mark-viewed', ana.token, { contentId: item.id })).statusCode).toBe(200);
    await authoringOf(t.db).setStatus(o.tenantId, item.id, 'archived');
    expect(await feedIds(ana.token)).toEqual([]);
    expect((await get(`/mobile/content/${item.id}`, ana.token)).statusCode).toBe(404);
    expect((await get('/mobile/content/info/stats', ana.token)).json().payload).toEqual({
      finishedContent: 0,
      totalContent: 0,
    });
  });
});

describe('another tenant', () => {
  it('answers 404 on every call naming its item or media, and changes nothing', async () => {
    const mine = await org();
    const me = await person(mine.tenantId);
    const theirs = await org();
    const them = await person(theirs.tenantId);
    const logo = await t.app.services.files.save(theirs.tenantId, 'slika.png', 'image/png', Buffer.from('png'));
    const item = await makeContent(t.db, {
      ...theirs,
      type: 'EDUCATION',
      settings: { comments: true },
      material: { doc: richDocOf('Tekst'), media: [{ type: 'IMAGE', fileId: logo.id, name: 'Slika' }] },
      questions: [{ title: 'Pitanje?', type: 'SINGLE', answers: [{ title: 'Da', isCorrect: true }, { title: 'Ne' }] }],
    });
    const mediaId = (await get(`/mobile/content/${item.id}/material`, them.token)).json().payload.medias[0].id;
    const before = await interactionOf(them.id, item.id);

    for (const url of ['', '/material', '/questions']) {
      const res = await get(`/mobile/content/${item.id}${url}`, me.token);
      expect(res.statusCode).toBe(404);
      expect(res.json().code).toBe('NotFound');
    }
    expect((await get(`/mobile/media/info/${mediaId}`, me.token)).statusCode).toBe(404);
    for (const url of ['/mobile/content/mark-viewed', '/mobile/content/mark-finished']) {
      expect((await post(url, me.token, { contentId: item.id })).statusCode).toBe(404);
    }
    const res = await post('/mobile/content/info/comment', me.token, { contentId: item.id, comment: 'Bok' });
    expect(res.statusCode).toBe(404);

    expect(await interactionOf(them.id, item.id)).toEqual(before);
    expect(await interactionOf(me.id, item.id)).toBeUndefined();
    const [comments] = await t.db.select({ n: count() }).from(comment).where(eq(comment.contentId, item.id));
    expect(comments?.n).toBe(0);
    expect(await feedIds(me.token)).toEqual([]);
    // The owner still sees it all.
    expect((await get(`/mobile/media/info/${mediaId}`, them.token)).statusCode).toBe(200);
  });

  it('keeps stats, counts, points and groups to the caller tenant', async () => {
    const mine = await org();
    const me = await person(mine.tenantId);
    const theirs = await org();
    const them = await person(theirs.tenantId);
    await makeGroup(t.db, { tenantId: theirs.tenantId, name: 'Tuđa', members: [them.id] });
    const item = await makeContent(t.db, { ...theirs });
    await post('/mobile/content/mark-finished', them.token, { contentId: item.id });
    expect((await get('/mobile/content/info/stats', me.token)).json().payload).toEqual({
      finishedContent: 0,
      totalContent: 0,
    });
    const counts = (await get('/mobile/content/info/count', me.token)).json().payload;
    expect(counts.every((c: { count: number }) => c.count === 0)).toBe(true);
    expect((await get('/mobile/users/groups', me.token)).json().payload).toEqual([]);
  });
});

describe('viewed and finished', () => {
  it('records the first view and the first finish, and finishing takes the item off the home feed', async () => {
    const o = await org();
    const ana = await person(o.tenantId);
    const item = await makeContent(t.db, { ...o });
    const detail = async () => (await get(`/mobile/content/${item.id}`, ana.token)).json().payload;
    expect(await interactionOf(ana.id, item.id)).toMatchObject({ viewedAt: null, finishedAt: null });

    const viewedAt = t.clock.now().toISOString();
    expect((await post('/mobile/content/mark-viewed', ana.token, { contentId: item.id })).json()).toEqual({
      payload: { done: true },
    });
    t.clock.advance(MINUTE_MS);
    await post('/mobile/content/mark-viewed', ana.token, { contentId: item.id });
    expect((await detail()).contentInteractions).toEqual([{ viewedAt, finishedAt: null }]);
    expect(await feedIds(ana.token)).toEqual([item.id]);

    const finishedAt = t.clock.now().toISOString();
    expect((await post('/mobile/content/mark-finished', ana.token, { contentId: item.id })).statusCode).toBe(200);
    t.clock.advance(MINUTE_MS);
    expect((await post('/mobile/content/mark-finished', ana.token, { contentId: item.id })).statusCode).toBe(200);
    expect((await detail()).contentInteractions).toEqual([{ viewedAt, finishedAt }]);
    expect(await feed(ana.token)).toEqual({ count: 0, content: [] });
  });

  it('marks an item viewed as it is first read, whatever led there, and keeps that first time', async () => {
    const o = await org();
    const ana = await person(o.tenantId);
    const item = await makeContent(t.db, { ...o, type: 'INFORMATION' });
    const viewedAt = t.clock.now();
    // A bell, a push, a mailed link or a typed URL all open the item by reading it.
    const first = await get(`/mobile/content/${item.id}`, ana.token);
    expect(first.json().payload.contentInteractions).toEqual([{ viewedAt: viewedAt.toISOString(), finishedAt: null }]);
    expect(await interactionOf(ana.id, item.id)).toMatchObject({ viewedAt, finishedAt: null });

    t.clock.advance(MINUTE_MS);
    await get(`/mobile/content/${item.id}`, ana.token);
    await post('/mobile/content/mark-viewed', ana.token, { contentId: item.id });
    expect(await interactionOf(ana.id, item.id)).toMatchObject({ viewedAt });
    expect((await feed(ana.token)).content).toMatchObject([
      { id: item.id, contentInteractions: [{ viewedAt: viewedAt.toISOString(), finishedAt: null }] },
    ]);
  });

  it('counts an item finished without opening it as viewed then too', async () => {
    const o = await org();
    const ana = await person(o.tenantId);
    const item = await makeContent(t.db, { ...o, type: 'INFORMATION' });
    const at = t.clock.now();
    await post('/mobile/content/mark-finished', ana.token, { contentId: item.id });
    expect(await interactionOf(ana.id, item.id)).toMatchObject({ viewedAt: at, finishedAt: at });
  });

  it('sets a task finish time once and shows it with the deadline and the creator', async () => {
    const o = await org();
    const ana = await person(o.tenantId);
    const deadline = new Date(t.clock.now().getTime() + 2 * DAY_MS);
    const item = await makeContent(t.db, { ...o, type: 'TASK', task: { deadline, repeat: 'WEEKLY' } });
    const finishedAt = t.clock.now().toISOString();
    await post('/mobile/content/mark-finished', ana.token, { contentId: item.id });
    t.clock.advance(HOUR_MS);
    await post('/mobile/content/mark-finished', ana.token, { contentId: item.id });
    const detail = (await get(`/mobile/content/${item.id}`, ana.token)).json().payload;
    expect(detail).toMatchObject({
      type: 'TASK',
      creator: { name: 'Katarina Kreator' },
      task: { deadline: deadline.toISOString(), repeat: 'WEEKLY' },
      contentInteractions: [{ finishedAt }],
    });
  });
});

describe('home feed', () => {
  it('lists tasks first, then the newest, with the whole count, in pages', async () => {
    const o = await org();
    const ana = await person(o.tenantId);
    const now = t.clock.now().getTime();
    const at = (hoursAgo: number) => new Date(now - hoursAgo * HOUR_MS);
    const old = await makeContent(t.db, { ...o, publishAt: at(30) });
    const oldTask = await makeContent(t.db, { ...o, type: 'TASK', publishAt: at(40), task: { deadline: null } });
    const fresh = await makeContent(t.db, { ...o, type: 'EDUCATION', publishAt: at(1) });
    const newTask = await makeContent(t.db, { ...o, type: 'TASK', publishAt: at(2), task: { deadline: null } });
    // Same time: the newer id first.
    const twinA = await makeContent(t.db, { ...o, publishAt: at(10) });
    const twinB = await makeContent(t.db, { ...o, publishAt: at(10) });
    const done = await makeContent(t.db, { ...o, publishAt: at(0.5) });
    await post('/mobile/content/mark-finished', ana.token, { contentId: done.id });

    const order = [newTask.id, oldTask.id, fresh.id, twinB.id, twinA.id, old.id];
    const all = await feed(ana.token);
    expect(all.count).toBe(6);
    expect(all.content.map((c) => c.id)).toEqual(order);
    expect(all.content[0]).toMatchObject({ type: 'TASK', task: { deadline: null, repeat: 'NO_REPEAT' } });
    expect(all.content[2]).toMatchObject({ task: null, contentInteractions: [{ viewedAt: null, finishedAt: null }] });

    expect(await feed(ana.token, '?limit=2')).toMatchObject({ count: 6 });
    expect(await feedIds(ana.token, '?limit=2')).toEqual(order.slice(0, 2));
    expect(await feedIds(ana.token, '?limit=2&offset=2')).toEqual(order.slice(2, 4));
    expect(await feed(ana.token, '?limit=4&offset=4')).toMatchObject({ count: 6, content: [{}, {}] });
    expect(await feed(ana.token, '?offset=50')).toEqual({ count: 6, content: [] });
  });

  it('maps every field of an item as the contract says', async () => {
    const o = await org();
    const ana = await person(o.tenantId);
    const cover = await t.app.services.files.save(o.tenantId, 'naslovna.png', 'image/png', Buffer.from('png'));
    const publishAt = new Date(t.clock.now().getTime() - DAY_MS);
    const item = await makeContent(t.db, {
      ...o,
      type: 'EDUCATION',
      configuration: 'PROMOTION',
      name: 'Zaštita na radu',
      description: 'Osnove',
      image: cover.id,
      category: 'Sigurnost',
      publishAt,
      settings: { timeRestriction: 30, passingScore: 0.6, comments: true, certificate: true, questionsPerAttempt: 5 },
    });
    expect((await feed(ana.token)).content).toEqual([
      {
        id: item.id,
        type: 'EDUCATION',
        configuration: 'PROMOTION',
        name: 'Zaštita na radu',
        description: 'Osnove',
        image: cover.id,
        category: 'Sigurnost',
        publishAt: publishAt.toISOString(),
        settings: { timeRestriction: 30, passingScore: 0.6, comments: true, certificate: true, questionsPerAttempt: 5 },
        creator: { name: 'Katarina Kreator' },
        task: null,
        contentInteractions: [{ viewedAt: null, finishedAt: null }],
      },
    ]);
  });
});

describe('detail, material, media and questions', () => {
  it('counts questions and media, knows when there is material, and serves them in order', async () => {
    const o = await org();
    const ana = await person(o.tenantId);
    const save = (name: string, mime: string) => t.app.services.files.save(o.tenantId, name, mime, Buffer.from(name));
    const [img, video, pdf] = [
      await save('a.png', 'image/png'),
      await save('b.webm', 'video/webm'),
      await save('c.pdf', 'application/pdf'),
    ];
    const item = await makeContent(t.db, {
      ...o,
      type: 'EDUCATION',
      material: {
        link: 'https://www.youtube.com/watch?v=jNQXAC9IVRw',
        doc: richDocOf('Pročitajte pažljivo.'),
        media: [
          { type: 'VIDEO', fileId: video.id, name: 'Uvod' },
          { type: 'IMAGE', fileId: img.id, name: 'Slika' },
          { type: 'DOCUMENT', fileId: pdf.id, name: 'Pravilnik' },
        ],
      },
      questions: [
        { title: 'Prvo?', type: 'SINGLE', answers: [{ title: 'Da', isCorrect: true }, { title: 'Ne' }] },
        { title: 'Drugo?', type: 'TEXT' },
        {
          title: 'Treće?',
          type: 'MULTIPLE',
          answers: [
            { title: 'A', isCorrect: true },
            { title: 'B', isCorrect: true },
          ],
        },
      ],
    });
    const detail = (await get(`/mobile/content/${item.id}`, ana.token)).json().payload;
    expect(detail).toMatchObject({
      counts: { questions: 3, images: 1, videos: 1, documents: 1 },
      hasMaterial: true,
      comments: [],
    });

    const material = (await get(`/mobile/content/${item.id}/material`, ana.token)).json().payload;
    expect(material).toMatchObject({
      link: 'https://www.youtube.com/watch?v=jNQXAC9IVRw',
      text: 'Pročitajte pažljivo.',
      html: '<p>Pročitajte pažljivo.</p>',
    });
    expect(material.medias).toEqual([
      {
        id: expect.any(Number),
        type: 'VIDEO',
        name: 'Uvod',
        url: `/api/files/${video.id}`,
        mime: 'video/webm',
        size: 6,
      },
      { id: expect.any(Number), type: 'IMAGE', name: 'Slika', url: `/api/files/${img.id}`, mime: 'image/png', size: 5 },
      {
        id: expect.any(Number),
        type: 'DOCUMENT',
        name: 'Pravilnik',
        url: `/api/files/${pdf.id}`,
        mime: 'application/pdf',
        size: 5,
      },
    ]);
    const media = await get(`/mobile/media/info/${material.medias[2].id}`, ana.token);
    expect(media.json().payload).toEqual(material.medias[2]);
    expect((await get(material.medias[1].url.replace('/api', ''), ana.token)).statusCode).toBe(200);

    const { questions } = (await get(`/mobile/content/${item.id}/questions`, ana.token)).json().payload;
    expect(questions).toEqual([
      {
        id: expect.any(Number),
        order: 0,
        title: 'Prvo?',
        type: 'SINGLE',
        answers: [
          { id: expect.any(Number), title: 'Da' },
          { id: expect.any(Number), title: 'Ne' },
        ],
      },
      { id: expect.any(Number), order: 1, title: 'Drugo?', type: 'TEXT', answers: [] },
      {
        id: expect.any(Number),
        order: 2,
        title: 'Treće?',
        type: 'MULTIPLE',
        answers: [
          { id: expect.any(Number), title: 'A' },
          { id: expect.any(Number), title: 'B' },
        ],
      },
    ]);
  });

  it('has no material for a bare poll, and empty lists rather than errors', async () => {
    const o = await org();
    const ana = await person(o.tenantId);
    const item = await makeContent(t.db, { ...o, type: 'POLL', questions: [{ title: 'Ocjena?', type: 'LINEAR' }] });
    expect((await get(`/mobile/content/${item.id}`, ana.token)).json().payload).toMatchObject({
      counts: { questions: 1, images: 0, videos: 0, documents: 0 },
      hasMaterial: false,
    });
    expect((await get(`/mobile/content/${item.id}/material`, ana.token)).json().payload).toEqual({
      link: null,
      text: null,
      html: null,
      medias: [],
    });
  });

  it('answers 404 for a media id that does not exist', async () => {
    const o = await org();
    const ana = await person(o.tenantId);
    expect((await get('/mobile/media/info/2147483647', ana.token)).statusCode).toBe(404);
    expect((await get('/mobile/content/2147483647', ana.token)).statusCode).toBe(404);
  });
});

describe('comments', () => {
  it('refuses comments where the item does not allow them', async () => {
    const o = await org();
    const ana = await person(o.tenantId);
    const item = await makeContent(t.db, { ...o, settings: { comments: false } });
    const res = await call(t, {
      method: 'POST',
      url: '/api/mobile/content/info/comment',
      token: ana.token,
      body: { contentId: item.id, comment: 'Super!' },
      lang: 'en',
    });
    expect(res.statusCode).toBe(400);
    expect(res.json()).toMatchObject({
      code: 'CommentsDisabled',
      message: 'Comments are not enabled for this content.',
    });
    const hr = await post('/mobile/content/info/comment', ana.token, { contentId: item.id, comment: 'Super!' });
    expect(hr.json().message).toBe('Komentari za ovaj sadržaj nisu omogućeni.');
    const [rows] = await t.db.select({ n: count() }).from(comment).where(eq(comment.contentId, item.id));
    expect(rows?.n).toBe(0);
  });

  it('refuses an empty comment, naming the field', async () => {
    const o = await org();
    const ana = await person(o.tenantId);
    const item = await makeContent(t.db, { ...o, settings: { comments: true } });
    for (const text of ['', '   ', undefined]) {
      const res = await post('/mobile/content/info/comment', ana.token, { contentId: item.id, comment: text });
      expect(res.statusCode).toBe(400);
      expect(res.json()).toMatchObject({ code: 'BodyParamsInvalid', field: 'comment' });
    }
    const long = await post('/mobile/content/info/comment', ana.token, {
      contentId: item.id,
      comment: 'x'.repeat(2001),
    });
    expect(long.json()).toMatchObject({ code: 'BodyParamsInvalid', field: 'comment' });
  });

  it('stores a comment and lists the caller own comments in the detail, titled by their start', async () => {
    const o = await org();
    const [ana, marko] = [await person(o.tenantId), await person(o.tenantId)];
    const item = await makeContent(t.db, { ...o, settings: { comments: true } });
    const long = `${'Ovo je jako dug komentar o sadržaju koji se nastavlja '.repeat(3)}kraj`;
    expect(
      (await post('/mobile/content/info/comment', ana.token, { contentId: item.id, comment: '  Kratko  ' })).json(),
    ).toEqual({
      payload: { done: true },
    });
    t.clock.advance(1000);
    await post('/mobile/content/info/comment', ana.token, { contentId: item.id, comment: long });
    await post('/mobile/content/info/comment', marko.token, { contentId: item.id, comment: 'Markov' });

    const { comments } = (await get(`/mobile/content/${item.id}`, ana.token)).json().payload;
    expect(comments).toHaveLength(2);
    expect(comments[0]).toEqual({
      id: expect.any(Number),
      title: 'Kratko',
      createdAt: expect.any(String),
      reply: null,
      hidden: null,
    });
    // At most 80 characters, cut at a word's end and marked.
    expect(Array.from(comments[1].title).length).toBeLessThanOrEqual(80);
    expect(comments[1].title.length).toBeGreaterThan(70);
    expect(comments[1].title.endsWith('…')).toBe(true);
    expect(long.startsWith(comments[1].title.slice(0, -1))).toBe(true);
    const [stored] = await t.db.select().from(comment).where(eq(comment.id, comments[1].id));
    expect(stored?.text).toBe(long);
    expect((await get(`/mobile/content/${item.id}`, marko.token)).json().payload.comments).toHaveLength(1);
  });
});

describe('keeping inboxes in step with the audience', () => {
  it('adds and removes group members, keeping rows the user already opened', async () => {
    const o = await org();
    const [ana, marko, ivan] = [await person(o.tenantId), await person(o.tenantId), await person(o.tenantId)];
    const group = await makeGroup(t.db, { tenantId: o.tenantId, members: [ana.id, marko.id] });
    const item = await makeContent(t.db, { ...o, audience: { groups: [group.id] } });
    await post('/mobile/content/mark-viewed', marko.token, { contentId: item.id });
    expect(await feedIds(ivan.token)).toEqual([]);

    await t.db.transaction(async (tx) => {
      await tx.insert(groupMember).values({ tenantId: o.tenantId, groupId: group.id, userId: ivan.id });
      await tx.delete(groupMember).where(and(eq(groupMember.groupId, group.id), eq(groupMember.userId, ana.id)));
      await tx.delete(groupMember).where(and(eq(groupMember.groupId, group.id), eq(groupMember.userId, marko.id)));
      await authoringOf(tx).syncGroupAudience(o.tenantId, group.id);
    });
    expect(await feedIds(ivan.token)).toEqual([item.id]);
    expect(await feedIds(ana.token)).toEqual([]);
    expect((await get(`/mobile/content/${item.id}`, ana.token)).statusCode).toBe(404);
    // Marko had opened it: it stays his.
    expect(await feedIds(marko.token)).toEqual([item.id]);
  });

  it('follows audience changes, and publishing a draft fills the inboxes in the same transaction', async () => {
    const o = await org();
    const [ana, marko] = [await person(o.tenantId), await person(o.tenantId)];
    const item = await makeContent(t.db, { ...o, audience: { users: [ana.id] } });
    await authoringOf(t.db).setAudience(o.tenantId, item.id, { users: [marko.id] });
    expect(await feedIds(ana.token)).toEqual([]);
    expect(await feedIds(marko.token)).toEqual([item.id]);
    await authoringOf(t.db).setAudience(o.tenantId, item.id, 'all');
    expect(await feedIds(ana.token)).toEqual([item.id]);

    const draft = await makeContent(t.db, { ...o, status: 'draft', audience: { users: [ana.id] } });
    expect(await interactionOf(ana.id, draft.id)).toBeUndefined();
    // A failing transaction leaves no inbox rows behind.
    await expect(
      t.db.transaction(async (tx) => {
        await authoringOf(tx).setStatus(o.tenantId, draft.id, 'published');
        throw new Error('rolled back');
      }),
    ).rejects.toThrow('rolled back');
    expect(await interactionOf(ana.id, draft.id)).toBeUndefined();
    await authoringOf(t.db).setStatus(o.tenantId, draft.id, 'published');
    expect(await interactionOf(ana.id, draft.id)).toMatchObject({ isTask: false, viewedAt: null });
    await authoringOf(t.db).setStatus(o.tenantId, draft.id, 'draft');
    expect(await interactionOf(ana.id, draft.id)).toBeUndefined();
  });

  it('lists tasks by deadline, soonest (overdue) first and those without one last, whatever their age', async () => {
    const o = await org();
    const ana = await person(o.tenantId);
    const now = t.clock.now().getTime();
    const at = (hours: number) => new Date(now + hours * HOUR_MS);
    const task = (publishedHoursAgo: number, deadline: Date | null) =>
      makeContent(t.db, { ...o, type: 'TASK', publishAt: at(-publishedHoursAgo), task: { deadline } });
    const open = await task(1, null);
    const nextWeek = await task(2, at(7 * 24));
    const overdue = await task(50, at(-3));
    const tomorrow = await task(30, at(24));
    const item = await makeContent(t.db, { ...o, publishAt: at(-0.5) });
    expect(await feedIds(ana.token)).toEqual([overdue.id, tomorrow.id, nextWeek.id, open.id, item.id]);
  });

  it('keeps the copied deadline in step when a task is given, moved or cleared', async () => {
    const o = await org();
    const ana = await person(o.tenantId);
    const now = t.clock.now().getTime();
    const first = await makeContent(t.db, { ...o, type: 'TASK', task: { deadline: new Date(now + DAY_MS) } });
    const second = await makeContent(t.db, { ...o, type: 'TASK', task: { deadline: null } });
    expect(await feedIds(ana.token)).toEqual([first.id, second.id]);
    const moveDeadline = (contentId: number, deadline: Date | null) =>
      t.db.transaction(async (tx) => {
        await tx.update(taskTable).set({ deadline }).where(eq(taskTable.contentId, contentId));
        await authoringOf(tx).syncAudience(o.tenantId, contentId);
      });
    const sooner = new Date(now + HOUR_MS);
    await moveDeadline(second.id, sooner);
    expect(await interactionOf(ana.id, second.id)).toMatchObject({ deadline: sooner });
    expect(await feedIds(ana.token)).toEqual([second.id, first.id]);
    await moveDeadline(second.id, null);
    expect(await interactionOf(ana.id, second.id)).toMatchObject({ deadline: null });
    expect(await feedIds(ana.token)).toEqual([first.id, second.id]);
  });

  it('keeps the copied publish time in step when an item is rescheduled', async () => {
    const o = await org();
    const ana = await person(o.tenantId);
    const item = await makeContent(t.db, { ...o });
    const later = new Date(t.clock.now().getTime() + DAY_MS);
    await t.db.transaction(async (tx) => {
      await tx.update(content).set({ publishAt: later, status: 'scheduled' }).where(eq(content.id, item.id));
      await authoringOf(tx).setStatus(o.tenantId, item.id, 'scheduled');
    });
    expect(await interactionOf(ana.id, item.id)).toMatchObject({ publishAt: later });
    expect(await feedIds(ana.token)).toEqual([]);
  });

  it('keeps a used file and the author from being deleted, yet lets a tenant go whole', async () => {
    const o = await org();
    const [cover, shown] = [
      await t.app.services.files.save(o.tenantId, 'a.png', 'image/png', Buffer.from('png')),
      await t.app.services.files.save(o.tenantId, 'b.png', 'image/png', Buffer.from('png')),
    ];
    const item = await makeContent(t.db, {
      ...o,
      image: cover.id,
      material: { media: [{ type: 'IMAGE', fileId: shown.id, name: 'Slika' }] },
    });
    await expect(t.db.delete(file).where(eq(file.id, cover.id))).rejects.toThrow();
    await expect(t.db.delete(file).where(eq(file.id, shown.id))).rejects.toThrow();
    await expect(t.db.delete(appUser).where(eq(appUser.id, o.creatorId))).rejects.toThrow();

    await t.db.delete(tenant).where(eq(tenant.id, o.tenantId));
    expect(await t.db.select().from(content).where(eq(content.id, item.id))).toEqual([]);
    expect(await t.db.select().from(file).where(eq(file.tenantId, o.tenantId))).toEqual([]);
  });
});

describe('bad input', () => {
  let token: string;
  let itemId: number;
  beforeAll(async () => {
    const o = await org();
    token = (await person(o.tenantId)).token;
    itemId = (await makeContent(t.db, { ...o, settings: { comments: true } })).id;
  });

  it('answers 400 naming the id for a malformed or out-of-range id', async () => {
    const urls = [
      '/mobile/content/%s',
      '/mobile/content/%s/material',
      '/mobile/content/%s/questions',
      '/mobile/media/info/%s',
    ];
    for (const url of urls) {
      for (const id of ['abc', '0', '-1', '1.5', '2147483648', '99999999999999999999']) {
        const res = await get(url.replace('%s', id), token);
        expect(res.statusCode, `${url} ${id}`).toBe(400);
        expect(res.json()).toMatchObject({ code: 'BodyParamsInvalid', field: 'id' });
      }
    }
  });

  it('answers 400 for a bad limit or offset', async () => {
    for (const query of ['limit=0', 'limit=101', 'limit=x', 'limit=1.5', 'offset=-1', 'offset=x']) {
      const res = await get(`/mobile/content/list/new?${query}`, token);
      expect(res.statusCode, query).toBe(400);
      expect(res.json()).toMatchObject({ code: 'BodyParamsInvalid', field: query.split('=')[0] });
    }
  });

  it('answers 400 for a missing or malformed contentId', async () => {
    for (const url of [
      '/mobile/content/mark-viewed',
      '/mobile/content/mark-finished',
      '/mobile/content/info/comment',
    ]) {
      for (const contentId of [undefined, 'abc', '1', 0, -1, 1.5, 2147483648]) {
        const res = await post(url, token, { contentId, comment: 'Dobro' });
        expect(res.statusCode, `${url} ${contentId}`).toBe(400);
        expect(res.json()).toMatchObject({ code: 'BodyParamsInvalid', field: 'contentId' });
      }
      const empty = await call(t, { method: 'POST', url: `/api${url}`, token });
      expect(empty.statusCode).toBe(400);
    }
  });

  it('answers 401 without a session', async () => {
    for (const url of [
      '/mobile/content/list/new',
      `/mobile/content/${itemId}`,
      '/mobile/users/stats',
      '/mobile/users/groups',
    ]) {
      expect((await get(url, '')).statusCode).toBe(401);
    }
    expect((await post('/mobile/content/mark-viewed', '', { contentId: itemId })).statusCode).toBe(401);
  });
});
