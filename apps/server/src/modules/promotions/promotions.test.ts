import type { Promotion, StaffContent } from '@kanal/contract';
import { richDocOf } from '@kanal/contract';
import { eq } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { tenant } from '../../db/schema/index.js';
import { callsAs, makePerson, makeTenant, pngBytes, upload } from '../../test/factories.js';
import { createTestApp, type TestApp } from '../../test/test-app.js';

let t: TestApp;
type Person = { id: number; token: string };
let provider: number;
let superadmin: Person;
let providerAdmin: Person;
let providerUser: Person;
let client: { id: number; admin: Person; user: Person };
let other: { id: number; admin: Person; user: Person };

async function clientTenant(showPromoTag: boolean) {
  const id = (await makeTenant(t.db, { showPromoTag })).id;
  const now = t.clock.now();
  return {
    id,
    admin: await makePerson(t.db, id, { role: 'ADMIN', now }),
    user: await makePerson(t.db, id, { now }),
  };
}

beforeAll(async () => {
  t = await createTestApp();
  provider = (await makeTenant(t.db)).id;
  const now = t.clock.now();
  superadmin = await makePerson(t.db, provider, { role: 'SUPERADMIN', now });
  providerAdmin = await makePerson(t.db, provider, { role: 'ADMIN', now });
  providerUser = await makePerson(t.db, provider, { now });
  client = await clientTenant(true);
  other = await clientTenant(false);
});
afterAll(() => t.close());

const as = (person: Person) => callsAs(t, person);

/** A PROMOTION poll by the provider's SUPERADMIN, with a cover picture, aimed at the provider's own people. */
async function makePromotion(name: string): Promise<StaffContent> {
  const cover = (await upload(t, '/api/files', superadmin.token, [{ name: 'akcija.png', bytes: pngBytes() }])).json()
    .payload;
  const res = await as(superadmin).post('/api/content', {
    type: 'POLL',
    configuration: 'PROMOTION',
    name,
    description: 'Recite nam što mislite.',
    image: cover.id,
    material: { doc: richDocOf('Nova ponuda za sve zaposlenike.') },
    questions: [{ title: 'Sviđa li vam se ponuda?', type: 'SINGLE', answers: [{ title: 'Da' }, { title: 'Ne' }] }],
    audience: { everyone: true },
    publish: { mode: 'now' },
  });
  expect(res.statusCode, res.body).toBe(200);
  return res.json().payload;
}

async function sendTo(promotionId: number, tenantIds: number[]): Promise<Promotion> {
  const res = await as(superadmin).patch(`/api/promotion/${promotionId}`, { tenantIds });
  expect(res.statusCode, res.body).toBe(200);
  return res.json().payload;
}

type FeedItem = { id: number; name: string; configuration: string; image: string | null; creator: { name: string } };

async function feedOf(person: Person): Promise<FeedItem[]> {
  const res = await as(person).get('/api/mobile/content/list/new');
  expect(res.statusCode, res.body).toBe(200);
  return res.json().payload.content;
}

/** The person's card of the promotion, found by its name (a copy has an id of the receiving tenant's). */
const cardOf = async (person: Person, name: string) => (await feedOf(person)).find((item) => item.name === name);

const fieldOf = (res: { statusCode: number; json(): { field?: string; message?: string } }) => {
  expect(res.statusCode).toBe(400);
  return res.json().field;
};

describe('promotions', () => {
  it('lists the provider’s promotions with the organisations each goes to', async () => {
    const promo = await makePromotion('Ljetna akcija');
    const before = (await as(superadmin).get('/api/promotion')).json().payload;
    expect(before.items).toContainEqual(
      expect.objectContaining({ id: promo.id, name: 'Ljetna akcija', type: 'POLL', status: 'published', tenants: [] }),
    );

    await sendTo(promo.id, [client.id, other.id]);
    const list = (await as(superadmin).get('/api/promotion?limit=100')).json().payload;
    expect(list.count).toBeGreaterThanOrEqual(1);
    const listed = list.items.find((p: Promotion) => p.id === promo.id);
    expect(listed.tenants.map((x: { id: number }) => x.id).sort()).toEqual([client.id, other.id].sort());
    const one = (await as(superadmin).get(`/api/promotion/${promo.id}`)).json().payload;
    expect(one.tenants.map((x: { id: number }) => x.id).sort()).toEqual([client.id, other.id].sort());
  });

  it('only lists PROMOTION items, and answers 404 for any other item', async () => {
    const res = await as(superadmin).post('/api/content', {
      type: 'INFORMATION',
      name: 'Obična obavijest',
      material: { doc: richDocOf('Tekst.') },
      audience: { everyone: true },
      publish: { mode: 'now' },
    });
    const plain: StaffContent = res.json().payload;
    const list = (await as(superadmin).get('/api/promotion?limit=100')).json().payload;
    expect(list.items.map((p: Promotion) => p.id)).not.toContain(plain.id);
    expect((await as(superadmin).get(`/api/promotion/${plain.id}`)).statusCode).toBe(404);
    expect((await as(superadmin).patch(`/api/promotion/${plain.id}`, { tenantIds: [client.id] })).statusCode).toBe(404);
  });

  it('reaches the people of the chosen organisations only, who open it like their own content', async () => {
    const promo = await makePromotion('Popust na opremu');
    expect(await cardOf(client.user, 'Popust na opremu')).toBeUndefined();

    const sent = await sendTo(promo.id, [client.id]);
    expect(sent.tenants).toEqual([{ id: client.id, name: expect.any(String) }]);

    const card = await cardOf(client.user, 'Popust na opremu');
    expect(card).toMatchObject({ configuration: 'PROMOTION', description: 'Recite nam što mislite.' });
    if (!card) throw new Error('the promotion is not in the feed');
    // The card shows the Promo tag by the receiving organisation's own setting, credited to the provider.
    expect((await as(client.user).get('/api/auth/me')).json().payload.tenant.showPromoTag).toBe(true);
    const [providerTenant] = await t.db.select().from(tenant).where(eq(tenant.id, provider));
    expect(card.creator.name).toBe(providerTenant?.name);
    const detail = await as(client.user).get(`/api/mobile/content/${card.id}`);
    expect(detail.statusCode, detail.body).toBe(200);
    expect(detail.json().payload).toMatchObject({ name: 'Popust na opremu', configuration: 'PROMOTION' });
    const material = (await as(client.user).get(`/api/mobile/content/${card.id}/material`)).json().payload;
    expect(material.text).toBe('Nova ponuda za sve zaposlenike.');
    const questions = (await as(client.user).get(`/api/mobile/content/${card.id}/questions`)).json().payload;
    expect(questions.questions.map((q: { title: string }) => q.title)).toEqual(['Sviđa li vam se ponuda?']);
    // The cover is served to them from their own organisation's files.
    expect((await as(client.user).get(`/api/files/${card.image}`)).statusCode).toBe(200);

    // The provider's own people get it through its audience, as before.
    expect((await feedOf(providerUser)).map((item) => item.id)).toContain(promo.id);
    // An organisation not chosen sees neither the promotion nor the copy.
    expect(await cardOf(other.user, 'Popust na opremu')).toBeUndefined();
    expect((await as(other.user).get(`/api/mobile/content/${promo.id}`)).statusCode).toBe(404);
    expect((await as(other.user).get(`/api/mobile/content/${card.id}`)).statusCode).toBe(404);
  });

  it('needs no audience in the provider’s own organisation: it reaches only the organisations it is sent to', async () => {
    const res = await as(superadmin).post('/api/content', {
      type: 'INFORMATION',
      configuration: 'PROMOTION',
      name: 'Samo za klijente',
      material: { doc: richDocOf('Ponuda partnera.') },
      publish: { mode: 'now' },
    });
    expect(res.statusCode, res.body).toBe(200);
    const promo: StaffContent = res.json().payload;
    expect(promo.audience).toMatchObject({ everyone: false, groups: [], people: [] });
    await sendTo(promo.id, [client.id]);
    expect(await cardOf(client.user, 'Samo za klijente')).toBeDefined();
    expect(await cardOf(providerUser, 'Samo za klijente')).toBeUndefined();
    // An item for the provider's own people still needs its audience.
    const plain = await as(superadmin).post('/api/content', {
      type: 'INFORMATION',
      name: 'Bez primatelja',
      material: { doc: richDocOf('Tekst.') },
      publish: { mode: 'now' },
    });
    expect(fieldOf(plain)).toBe('audience');
  });

  it('follows the provider’s edits, and the receiving organisation’s staff cannot change it', async () => {
    const promo = await makePromotion('Jesenska akcija');
    await sendTo(promo.id, [client.id]);
    const edit = await as(superadmin).patch(`/api/content/${promo.id}`, { name: 'Jesenska akcija 2.0' });
    expect(edit.statusCode, edit.body).toBe(200);
    const card = await cardOf(client.user, 'Jesenska akcija 2.0');
    if (!card) throw new Error('the edit did not reach the copy');

    const staffView = (await as(client.admin).get(`/api/content/${card.id}`)).json().payload;
    expect(staffView.editable).toBe(false);
    expect((await as(client.admin).patch(`/api/content/${card.id}`, { name: 'Naše' })).statusCode).toBe(403);
    expect((await as(client.admin).post(`/api/content/${card.id}/archive`)).statusCode).toBe(403);

    await as(superadmin).post(`/api/content/${promo.id}/archive`);
    expect(await cardOf(client.user, 'Jesenska akcija 2.0')).toBeUndefined();
  });

  it('taking an organisation off takes the promotion away from its people, and sending it again brings it back', async () => {
    const promo = await makePromotion('Zimska akcija');
    await sendTo(promo.id, [client.id, other.id]);
    const card = await cardOf(other.user, 'Zimska akcija');
    if (!card) throw new Error('the promotion is not in the feed');
    await as(other.user).post('/api/mobile/content/mark-viewed', { contentId: card.id });

    const narrowed = await sendTo(promo.id, [client.id]);
    expect(narrowed.tenants.map((x) => x.id)).toEqual([client.id]);
    expect(await cardOf(other.user, 'Zimska akcija')).toBeUndefined();
    expect((await as(other.user).get(`/api/mobile/content/${card.id}`)).statusCode).toBe(404);
    expect(await cardOf(client.user, 'Zimska akcija')).toBeDefined();

    await sendTo(promo.id, [client.id, other.id]);
    const back = await cardOf(other.user, 'Zimska akcija');
    // The same copy comes back, with what its people did with it.
    expect(back?.id).toBe(card.id);
  });

  it('is the SUPERADMIN’s: other roles get 403', async () => {
    const promo = await makePromotion('Samo za pružatelja');
    for (const person of [providerAdmin, client.admin, client.user]) {
      expect((await as(person).get('/api/promotion')).statusCode).toBe(403);
      expect((await as(person).get(`/api/promotion/${promo.id}`)).statusCode).toBe(403);
      expect((await as(person).patch(`/api/promotion/${promo.id}`, { tenantIds: [client.id] })).statusCode).toBe(403);
    }
    expect((await as(superadmin).get(`/api/promotion/${promo.id}`)).json().payload.tenants).toEqual([]);
  });

  it('refuses the provider’s own organisation and unknown ones, naming the entry', async () => {
    const promo = await makePromotion('Pogrešni primatelji');
    const own = await as(superadmin).patch(`/api/promotion/${promo.id}`, { tenantIds: [client.id, provider] });
    expect(fieldOf(own)).toBe('tenantIds.1');
    expect(own.json().message).toContain('Promocije se šalju samo organizacijama klijentima');
    const unknown = await as(superadmin).patch(`/api/promotion/${promo.id}`, { tenantIds: [987654] });
    expect(fieldOf(unknown)).toBe('tenantIds.0');
    expect(unknown.json().message).toContain('Ta organizacija ne postoji');
    // Nothing was sent by either.
    expect((await as(superadmin).get(`/api/promotion/${promo.id}`)).json().payload.tenants).toEqual([]);
    expect(await cardOf(client.user, 'Pogrešni primatelji')).toBeUndefined();
  });
});
