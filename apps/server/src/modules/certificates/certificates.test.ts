import { crc32, deflateSync } from 'node:zlib';
import { CERTIFICATE_CODE, type StaffCertificateList, type StaffContent } from '@kanal/contract';
import { and, eq } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { auditLog, tenant } from '../../db/schema/index.js';
import { call, callsAs, makePerson, makeSession, makeTenant, makeUser, upload } from '../../test/factories.js';
import { pdfText } from '../../test/pdf-text.js';
import { createTestApp, type TestApp } from '../../test/test-app.js';

let t: TestApp;
type Person = { id: number; token: string };
let tenantId: number;
let admin: Person;
let creator: Person;
let otherCreator: Person;
let analyst: Person;
/** Passes, in Croatian. */
let durda: Person;
/** Passes, and reads the app in English. */
let john: Person;
/** Fails. */
let ivo: Person;
let stranger: Person;
let course: StaffContent;

/** A real 2×1 PNG (one red, one blue pixel): what a PDF can draw as a logo. */
function realPng(): Buffer {
  const chunk = (type: string, data: Buffer) => {
    const body = Buffer.concat([Buffer.from(type, 'latin1'), data]);
    const length = Buffer.alloc(4);
    length.writeUInt32BE(data.length);
    const sum = Buffer.alloc(4);
    sum.writeUInt32BE(crc32(body));
    return Buffer.concat([length, body, sum]);
  };
  const header = Buffer.alloc(13);
  header.writeUInt32BE(2, 0);
  header.writeUInt32BE(1, 4);
  header.set([8, 2, 0, 0, 0], 8);
  const pixels = Buffer.from([0, 255, 0, 0, 0, 0, 255]);
  return Buffer.concat([
    Buffer.from([137, 80, 78, 71, 13, 10, 26, 10]),
    chunk('IHDR', header),
    chunk('IDAT', deflateSync(pixels)),
    chunk('IEND', Buffer.alloc(0)),
  ]);
}

const as = (person: Person, lang?: string) => callsAs(t, person, lang);

/** Answers the course's questions, `right` of them correctly. */
async function answer(person: Person, right: number) {
  const questionAnswers = course.questions.map((q, i) => ({
    questionId: q.id,
    answers: q.answers.filter((a) => a.isCorrect === i < right).map((a) => a.id),
  }));
  const res = await as(person).post(`/api/mobile/content/${course.id}/form/attempt`, { questionAnswers });
  expect(res.statusCode, res.body).toBe(200);
}

const certificateOf = (person: Person, lang?: string) =>
  as(person, lang).get(`/api/mobile/content/${course.id}/certificate`);
const codeIn = (lines: string[]) => lines.join('\n').match(/[0-9A-Z]+(-[0-9A-Z]{4}){3}/)?.[0] ?? '';

beforeAll(async () => {
  t = await createTestApp();
  tenantId = (await makeTenant(t.db, { name: 'Čistoća d.o.o.' })).id;
  const now = t.clock.now();
  const person = async (name: string) => {
    const user = await makeUser(t.db, { tenantId, name, password: null });
    return { id: user.id, token: await makeSession(t.db, user, now) };
  };
  admin = await makePerson(t.db, tenantId, { role: 'ADMIN', now });
  creator = await makePerson(t.db, tenantId, { role: 'CREATOR', now });
  otherCreator = await makePerson(t.db, tenantId, { role: 'CREATOR', now });
  analyst = await makePerson(t.db, tenantId, { role: 'ANALYST', now });
  durda = await person('Đurđa Šimić-Čačić');
  john = await person('John Smith');
  ivo = await person('Ivo Ivić');
  stranger = await makePerson(t.db, (await makeTenant(t.db)).id, { role: 'ADMIN', now });
  const res = await as(creator).post('/api/content', {
    type: 'EDUCATION',
    name: 'Zaštita na radu: žičare',
    settings: { passingScore: 0.5, certificate: true },
    questions: [
      {
        title: 'Kaciga?',
        type: 'SINGLE',
        answers: [
          { title: 'Da', isCorrect: true },
          { title: 'Ne', isCorrect: false },
        ],
      },
      {
        title: 'Rukavice?',
        type: 'SINGLE',
        answers: [
          { title: 'Da', isCorrect: true },
          { title: 'Ne', isCorrect: false },
        ],
      },
    ],
    audience: { everyone: true },
    publish: { mode: 'now' },
  });
  expect(res.statusCode, res.body).toBe(200);
  course = res.json().payload;
  await answer(durda, 2);
  await answer(john, 1);
  await answer(ivo, 0);
});
afterAll(() => t.close());

describe('a certificate', () => {
  let code: string;

  it('is a PDF in the person’s language, with their name, the item, the mark, the day and a code anyone can check', async () => {
    const res = await certificateOf(durda);
    expect(res.statusCode, res.body).toBe(200);
    expect(res.headers['content-type']).toBe('application/pdf');
    expect(res.headers['content-disposition']).toBe(`attachment; filename="potvrda-${course.id}.pdf"`);
    const lines = pdfText(res.rawPayload);
    code = codeIn(lines);
    expect(code).toMatch(CERTIFICATE_CODE);
    expect(code.startsWith(`${tenantId.toString(36).toUpperCase()}-`)).toBe(true);
    expect(lines).toEqual(
      expect.arrayContaining([
        // No logo: the organisation's name stands at the top, and again at the foot.
        'Čistoća d.o.o.',
        'POTVRDA',
        'Đurđa Šimić-Čačić',
        'Zaštita na radu: žičare',
        expect.stringMatching(/^s rezultatom 100 %, \d{2}\.\d{2}\.\d{4}\.$/),
        `Kôd potvrde: ${code}`,
        `Provjera: https://kanal.test/verify/${code}`,
      ]),
    );
    // Asked for again: the same certificate.
    expect(codeIn(pdfText((await certificateOf(durda)).rawPayload))).toBe(code);
  });

  it('speaks the language the app is read in, and draws the organisation’s PNG logo in place of its name', async () => {
    const [logo] = (
      await upload(t, '/api/files/multiple', admin.token, [{ name: 'logo.png', bytes: realPng() }])
    ).json().payload;
    await t.db.update(tenant).set({ image: logo.id }).where(eq(tenant.id, tenantId));
    const res = await certificateOf(john, 'en');
    expect(res.statusCode, res.body).toBe(200);
    expect(res.headers['content-disposition']).toBe(`attachment; filename="certificate-${course.id}.pdf"`);
    const lines = pdfText(res.rawPayload);
    expect(lines).toEqual(
      expect.arrayContaining(['CERTIFICATE', 'John Smith', expect.stringMatching(/^with a score of 50% on /)]),
    );
    expect(lines.filter((line) => line === 'Čistoća d.o.o.')).toHaveLength(1);
    expect(res.rawPayload.toString('latin1')).toMatch(/\/Subtype \/Image/);
  });

  it('is no one’s who has not passed, nor of an item that gives none, nor of another organisation', async () => {
    expect((await certificateOf(ivo)).statusCode).toBe(404);
    expect((await certificateOf(stranger)).statusCode).toBe(404);
    const plain = await as(creator).post('/api/content', {
      type: 'POLL',
      name: 'Anketa',
      settings: { certificate: true },
      questions: [{ title: 'Kako ste?', type: 'TEXT' }],
      audience: { everyone: true },
    });
    expect(plain.statusCode).toBe(400);
    expect(plain.json().field).toBe('settings.certificate');
  });

  it('is checked by anyone by its code, which says no more than the certificate', async () => {
    const res = await call(t, { url: `/api/certificates/${code}` });
    expect(res.statusCode, res.body).toBe(200);
    expect(res.json().payload).toEqual({
      code,
      person: 'Đurđa Šimić-Čačić',
      item: 'Zaštita na radu: žičare',
      organisation: 'Čistoća d.o.o.',
      passedAt: expect.any(String),
      mark: 1,
      revokedAt: null,
    });
    expect((await call(t, { url: '/api/certificates/nije-kod' })).statusCode).toBe(400);
    // An organisation id past what an id holds names no one.
    expect((await call(t, { url: '/api/certificates/ZZZZZZZ-AAAA-AAAA-AAAA' })).statusCode).toBe(404);
    expect(
      (await call(t, { url: `/api/certificates/${code.replace(/.$/, code.endsWith('0') ? '1' : '0')}` })).statusCode,
    ).toBe(404);
    // The same letters under another organisation's id are no certificate.
    const elsewhere = `${(tenantId + 1).toString(36).toUpperCase()}${code.slice(code.indexOf('-'))}`;
    expect((await call(t, { url: `/api/certificates/${elsewhere}` })).statusCode).toBe(404);
  });
});

describe('the holders of an item’s certificate', () => {
  const list = async (person: Person) => {
    const res = await as(person).get(`/api/content/${course.id}/certificates`);
    expect(res.statusCode, res.body).toBe(200);
    return res.json().payload as StaffCertificateList;
  };

  it('are everyone who passed, by name, each with their code once made', async () => {
    const held = await list(admin);
    expect(held.count).toBe(2);
    expect(held.items.map((h) => [h.user.name, h.mark, h.code !== null, h.revoked])).toEqual([
      ['Đurđa Šimić-Čačić', 1, true, null],
      ['John Smith', 0.5, true, null],
    ]);
    expect((await list(analyst)).count).toBe(2);
    expect((await list(creator)).count).toBe(2);
    expect((await as(otherCreator).get(`/api/content/${course.id}/certificates`)).statusCode).toBe(403);
    expect((await as(stranger).get(`/api/content/${course.id}/certificates`)).statusCode).toBe(404);
  });

  it('are withdrawn with a reason, which the public check and the person’s download then say, and restored', async () => {
    const url = `/api/content/${course.id}/certificates/${durda.id}`;
    const body = { revoked: { reason: 'Ispit je položila druga osoba.' } };
    expect((await as(analyst).patch(url, body)).statusCode).toBe(403);
    expect((await as(otherCreator).patch(url, body)).statusCode).toBe(403);
    expect((await as(stranger).patch(url, body)).statusCode).toBe(404);
    expect((await as(admin).patch(url, { revoked: { reason: '  ' } })).json()).toMatchObject({
      field: 'revoked.reason',
    });
    expect((await as(admin).patch(`/api/content/${course.id}/certificates/${ivo.id}`, body)).statusCode).toBe(404);

    const res = await as(creator).patch(url, body);
    expect(res.statusCode, res.body).toBe(200);
    expect(res.json().payload).toMatchObject({
      user: { id: durda.id },
      revoked: { reason: 'Ispit je položila druga osoba.', by: { id: creator.id } },
    });
    const { code } = res.json().payload;
    expect((await call(t, { url: `/api/certificates/${code}` })).json().payload.revokedAt).not.toBeNull();
    const refused = await certificateOf(durda);
    expect([refused.statusCode, refused.json().code]).toEqual([409, 'CertificateRevoked']);

    const restored = await as(admin).patch(url, { revoked: null });
    expect(restored.json().payload).toMatchObject({ code, revoked: null });
    expect((await certificateOf(durda)).statusCode).toBe(200);
    const entries = await t.db
      .select({ userId: auditLog.userId, details: auditLog.details })
      .from(auditLog)
      .where(and(eq(auditLog.tenantId, tenantId), eq(auditLog.event, 'certificate.revoked')));
    expect(entries).toEqual([
      {
        userId: creator.id,
        details: { contentId: course.id, of: durda.id, reason: 'Ispit je položila druga osoba.', by: creator.id },
      },
      { userId: admin.id, details: { contentId: course.id, of: durda.id, reason: null, by: admin.id } },
    ]);
  });
});
