import { readFile } from 'node:fs/promises';
import {
  type BankQuestionBody,
  DAY_MS,
  HOUR_MS,
  type MediaType,
  type RichDoc,
  type RichNode,
  richDocOf,
} from '@kanal/contract';
import { createContentServices } from '../content-services.js';
import type { Tx } from '../db/client.js';
import { file } from '../db/schema/index.js';
import { appDay } from '../lib/clock.js';
import { hashToken, newToken } from '../lib/tokens.js';
import { createAuthRepository } from '../modules/auth/auth.repository.js';
import type { NewContent } from '../modules/authoring/authoring-parts.js';
import type { FormQuestion } from '../modules/content/content.service.js';
import type { FileStore } from '../modules/files/file-store.js';
import { createBankRepository } from '../modules/question-bank/question-bank.repository.js';

/** Who and what of a freshly seeded tenant the content refers to, by login and by group name. */
export type SeededTenant = {
  name: string;
  tenantId: number;
  users: ReadonlyMap<string, number>;
  groups: ReadonlyMap<string, number>;
};

const assets = new URL('../../seed-assets/content/', import.meta.url);

const MIME: Record<string, string> = {
  webp: 'image/webp',
  webm: 'video/webm',
  pdf: 'application/pdf',
};

/** A public, long-lived video (YouTube's first upload), so the demo's link slide always plays. */
export const DEMO_YOUTUBE_LINK = 'https://www.youtube.com/watch?v=jNQXAC9IVRw';

type Question = NonNullable<NewContent['questions']>[number];
const yes = (title: string) => ({ title, isCorrect: true });
const no = (title: string) => ({ title });
const options = (...titles: string[]) => titles.map((title) => ({ title }));
const scale = (): Question['answers'] => options('1', '2', '3', '4', '5');

/** Stores each asset once per tenant (files belong to a tenant), through the file store and table. */
function assetStore(tx: Tx, store: FileStore, tenantId: number) {
  const ids = new Map<string, string>();
  return async (name: string): Promise<string> => {
    const known = ids.get(name);
    if (known) return known;
    const bytes = await readFile(new URL(name, assets));
    const storageKey = `${tenantId}/content/${name}`;
    await store.put(storageKey, bytes);
    const mime = MIME[name.split('.').pop() ?? ''];
    if (!mime) throw new Error(`no MIME type known for seed asset ${name}`);
    const [row] = await tx
      .insert(file)
      .values({ tenantId, name, mime, size: bytes.byteLength, storageKey })
      .returning({ id: file.id });
    if (!row) throw new Error('file insert returned nothing');
    ids.set(name, row.id);
    return row.id;
  };
}

type Item = Omit<NewContent, 'tenantId' | 'creatorId' | 'image' | 'material' | 'audience'> & {
  creator: string;
  image?: string;
  audience: 'all' | { groups?: string[]; users?: string[] };
  material?: {
    link?: string;
    doc?: RichDoc;
    media?: { type: MediaType; asset: string; name: string }[];
  };
};

const paragraph = (...content: RichNode[]): RichNode => ({ type: 'paragraph', content });
const words = (text: string, bold = false): RichNode =>
  bold ? { type: 'text', text, marks: [{ type: 'bold' }] } : { type: 'text', text };
const cell = (type: 'tableHeader' | 'tableCell', text: string): RichNode => ({
  type,
  attrs: { colspan: 1, rowspan: 1 },
  content: [paragraph(words(text))],
});
const row = (type: 'tableHeader' | 'tableCell', ...texts: string[]): RichNode => ({
  type: 'tableRow',
  content: texts.map((text) => cell(type, text)),
});

/** The safety education's material: what the materials screen shows of a formatted text. */
const SAFETY_BASICS: RichDoc = {
  type: 'doc',
  content: [
    paragraph(words('Svatko je odgovoran za svoju sigurnost i sigurnost kolega.')),
    { type: 'heading', attrs: { level: 2 }, content: [words('Prije rada')] },
    {
      type: 'orderedList',
      attrs: { start: 1 },
      content: [
        { type: 'listItem', content: [paragraph(words('Provjerite zaštitnu opremu: kacigu, rukavice i obuću.'))] },
        { type: 'listItem', content: [paragraph(words('Pogledajte jesu li prolazi i izlazi slobodni.'))] },
      ],
    },
    { type: 'heading', attrs: { level: 2 }, content: [words('Kad primijetite opasnost')] },
    {
      type: 'table',
      content: [
        row('tableHeader', 'Što', 'Kome javljate'),
        row('tableCell', 'Kvar na stroju', 'Voditelju smjene'),
        row('tableCell', 'Požar ili ozljeda', '112, zatim voditelju'),
      ],
    },
    {
      type: 'blockquote',
      content: [paragraph(words('Svaku opasnost '), words('odmah', true), words(' prijavite nadređenom.'))],
    },
  ],
};

/** The warehouse's new rules: the demo's text with headings, a list and a table. */
const WAREHOUSE_RULES: RichDoc = {
  type: 'doc',
  content: [
    { type: 'heading', attrs: { level: 2 }, content: [words('Najvažnije promjene')] },
    {
      type: 'bulletList',
      content: [
        {
          type: 'listItem',
          content: [paragraph(words('Roba se zaprima '), words('samo uz otpremnicu', true), words('.'))],
        },
        { type: 'listItem', content: [paragraph(words('Viličarom smiju upravljati samo osposobljeni radnici.'))] },
        { type: 'listItem', content: [paragraph(words('Prolazi moraju uvijek biti slobodni.'))] },
      ],
    },
    { type: 'heading', attrs: { level: 3 }, content: [words('Raspored smjena')] },
    {
      type: 'table',
      content: [
        row('tableHeader', 'Smjena', 'Vrijeme', 'Voditelj'),
        row('tableCell', 'Jutarnja', '6:00 – 14:00', 'Marko Horvat'),
        row('tableCell', 'Popodnevna', '14:00 – 22:00', 'Ivana Kovač'),
      ],
    },
    paragraph(words('Cijele upute su u dokumentu ispod.')),
  ],
};

function demoItems(now: number): Item[] {
  const ago = (days: number) => new Date(now - days * DAY_MS);
  const ahead = (days: number) => new Date(now + days * DAY_MS);
  const creator = 'creator@demo.hr';
  return [
    {
      creator,
      type: 'INFORMATION',
      name: 'Dobrodošli u Kanal',
      description:
        'Kanal je naše novo mjesto za obavijesti, edukacije, ankete i zadatke. Pogledajte kratki uvod i javite nam što mislite.',
      image: 'office.webp',
      category: 'Opće',
      publishAt: ago(10),
      status: 'published',
      settings: { comments: true },
      audience: 'all',
      material: {
        link: DEMO_YOUTUBE_LINK,
        doc: richDocOf(
          'Na početnoj stranici vidite sve što vam je stiglo, a zadaci su uvijek na vrhu. Kad nešto pročitate ili riješite, označite to i sadržaj se seli u arhivu. Komentare i prijedloge možete poslati izravno ovdje.',
        ),
        media: [
          { type: 'VIDEO', asset: 'intro.webm', name: 'Kratki uvod u Kanal' },
          { type: 'IMAGE', asset: 'office.webp', name: 'Naš ured' },
          { type: 'IMAGE', asset: 'team.webp', name: 'Naš tim' },
        ],
      },
    },
    {
      creator,
      type: 'INFORMATION',
      name: 'Nove upute za rad u skladištu',
      description:
        'Od ponedjeljka vrijede nove upute za zaprimanje i izdavanje robe. Pročitajte ih prije sljedeće smjene.',
      image: 'warehouse.webp',
      category: 'Skladište',
      publishAt: ago(7),
      status: 'published',
      audience: { groups: ['Skladište'] },
      material: {
        doc: WAREHOUSE_RULES,
        media: [
          { type: 'IMAGE', asset: 'warehouse.webp', name: 'Raspored skladišta' },
          { type: 'DOCUMENT', asset: 'upute-za-skladiste.pdf', name: 'Upute za skladište' },
        ],
      },
    },
    {
      creator,
      type: 'INFORMATION',
      name: 'Vaš cjenik za 2026.',
      description: 'Ana, u prilogu je ažurirani cjenik za ključne kupce. Vrijedi od 1. siječnja 2026.',
      image: 'pricelist.webp',
      category: 'Prodaja',
      publishAt: new Date(now - 5 * HOUR_MS),
      status: 'published',
      audience: { users: ['ana@demo.hr'] },
      material: {
        doc: richDocOf(
          'Cijene su iskazane bez PDV-a. Za popuste veće od 10 % potrebno je odobrenje voditelja prodaje.',
        ),
        media: [{ type: 'DOCUMENT', asset: 'cjenik-2026.pdf', name: 'Cjenik 2026.' }],
      },
    },
    {
      creator: 'super@demo.hr',
      type: 'INFORMATION',
      configuration: 'PROMOTION',
      name: 'Proljetna akcija partnera: 20 % popusta',
      description:
        'Zaposlenici ostvaruju 20 % popusta kod naših partnera do kraja svibnja. Pokažite službenu iskaznicu.',
      image: 'promo.webp',
      category: 'Pogodnosti',
      publishAt: ago(1),
      status: 'published',
      audience: 'all',
      material: { media: [{ type: 'IMAGE', asset: 'promo.webp', name: 'Proljetna akcija' }] },
    },
    {
      creator,
      type: 'EDUCATION',
      name: 'Zaštita na radu: osnove',
      description: 'Obvezna edukacija za sve zaposlenike. Proučite pravilnik i odgovorite na četiri pitanja.',
      image: 'safety.webp',
      category: 'Sigurnost',
      publishAt: ago(6),
      status: 'published',
      settings: { passingScore: 0.6, timeRestriction: 30, comments: true },
      audience: 'all',
      material: {
        doc: SAFETY_BASICS,
        media: [
          { type: 'IMAGE', asset: 'safety.webp', name: 'Zaštitna oprema' },
          { type: 'DOCUMENT', asset: 'pravilnik-zastite-na-radu.pdf', name: 'Pravilnik o zaštiti na radu' },
        ],
      },
      questions: [
        {
          title: 'Što prvo učinite kad primijetite požar?',
          type: 'SINGLE',
          answers: [yes('Upozorim kolege i nazovem 112'), no('Nastavim s radom'), no('Otvorim sve prozore')],
        },
        {
          title: 'Koja je zaštitna oprema obvezna u skladištu?',
          type: 'MULTIPLE',
          answers: [
            yes('Zaštitna obuća'),
            yes('Reflektirajući prsluk'),
            no('Sunčane naočale'),
            yes('Kaciga u zoni visokih polica'),
          ],
        },
        {
          title: 'Koji je jedinstveni broj za hitne slučajeve u Europskoj uniji?',
          type: 'SINGLE',
          answers: [yes('112'), no('911'), no('1000')],
        },
        {
          title: 'Smijete li skinuti zaštitnu ogradu sa stroja da biste brže radili?',
          type: 'SINGLE',
          answers: [yes('Ne, nikada'), no('Da, ako žurim'), no('Da, ako kolega pristane')],
        },
      ],
    },
    {
      creator,
      type: 'EDUCATION',
      name: 'Upoznajte novu liniju proizvoda',
      description: 'Kratka edukacija za prodajni tim: što je novo, za koga je i po kojoj cijeni.',
      image: 'product.webp',
      category: 'Prodaja',
      publishAt: ago(3),
      status: 'published',
      settings: { passingScore: 0.6 },
      audience: { groups: ['Prodaja'] },
      material: {
        doc: richDocOf(
          'Nova linija donosi tri modela: Osnovni, Plus i Pro. Svi imaju dvije godine jamstva, a model Pro i besplatnu dostavu.',
        ),
        media: [
          { type: 'VIDEO', asset: 'intro.webm', name: 'Predstavljanje proizvoda' },
          { type: 'IMAGE', asset: 'product.webp', name: 'Model Pro' },
          { type: 'DOCUMENT', asset: 'cjenik-2026.pdf', name: 'Cjenik 2026.' },
        ],
      },
      questions: [
        {
          title: 'Koliko modela ima nova linija?',
          type: 'SINGLE',
          answers: [no('Dva'), yes('Tri'), no('Pet')],
        },
        {
          title: 'Koji modeli imaju dvije godine jamstva?',
          type: 'MULTIPLE',
          answers: [yes('Osnovni'), yes('Plus'), yes('Pro')],
        },
        {
          title: 'Koji model uključuje besplatnu dostavu?',
          type: 'SINGLE',
          answers: [no('Osnovni'), no('Plus'), yes('Pro')],
        },
      ],
    },
    {
      creator,
      type: 'POLL',
      name: 'Zadovoljstvo radnim okruženjem',
      description: 'Anonimna anketa: pomozite nam urediti ured po vašoj mjeri. Traje dvije minute.',
      image: 'survey.webp',
      category: 'Ljudski resursi',
      publishAt: ago(2),
      status: 'published',
      settings: { comments: true },
      audience: 'all',
      questions: [
        {
          title: 'Kako najčešće dolazite na posao?',
          type: 'SINGLE',
          answers: options('Automobilom', 'Javnim prijevozom', 'Biciklom ili pješice'),
        },
        {
          title: 'Što bismo trebali poboljšati u uredu?',
          type: 'MULTIPLE',
          answers: options('Rasvjetu', 'Klimatizaciju', 'Kuhinju', 'Prostor za sastanke'),
        },
        { title: 'Koliko ste zadovoljni svojim radnim prostorom?', type: 'LINEAR', answers: scale() },
        { title: 'Što biste još predložili?', type: 'TEXT' },
      ],
    },
    {
      creator,
      type: 'POLL',
      name: 'Termin ljetnog druženja',
      description: 'Odaberite termin i recite nam što vam je važno, a mi ćemo organizirati ostalo.',
      image: 'team.webp',
      category: 'Događanja',
      publishAt: ago(4),
      status: 'published',
      audience: 'all',
      questions: [
        {
          title: 'Koji vam termin najviše odgovara?',
          type: 'SINGLE',
          answers: options('Petak, 19. lipnja', 'Subota, 20. lipnja', 'Petak, 26. lipnja'),
        },
        { title: 'Koliko vam je važno zajedničko druženje?', type: 'LINEAR', answers: scale() },
      ],
    },
    {
      creator,
      type: 'INQUIRY',
      name: 'Prijava na tečaj prve pomoći',
      description: 'Organiziramo tečaj prve pomoći u suradnji s Crvenim križem. Prijave su otvorene do kraja mjeseca.',
      image: 'safety.webp',
      category: 'Sigurnost',
      publishAt: ago(5),
      status: 'published',
      audience: 'all',
      questions: [
        { title: 'Želite li sudjelovati na tečaju?', type: 'SINGLE', answers: options('Da', 'Ne') },
        { title: 'Imate li posebne zahtjeve (prehrana, pristupačnost)?', type: 'TEXT' },
      ],
    },
    {
      creator,
      type: 'INQUIRY',
      name: 'Potrebe za opremom prodajnog tima',
      description: 'Planiramo nabavu za sljedeće tromjesečje. Recite nam što vam treba za rad na terenu.',
      image: 'equipment.webp',
      category: 'Prodaja',
      publishAt: ago(8),
      status: 'published',
      audience: { groups: ['Prodaja'] },
      questions: [
        {
          title: 'Koju opremu trebate?',
          type: 'MULTIPLE',
          answers: options('Novo prijenosno računalo', 'Mobitel', 'Dodatni monitor', 'Ništa od navedenog'),
        },
        { title: 'Ukratko obrazložite potrebu.', type: 'TEXT' },
      ],
    },
    {
      creator,
      type: 'TASK',
      name: 'Predajte mjesečno izvješće o prodaji',
      description: 'Izvješće o prodaji za prošli mjesec predajte voditelju prodaje na uobičajenom obrascu.',
      category: 'Prodaja',
      publishAt: ago(9),
      status: 'published',
      audience: { groups: ['Prodaja'] },
      // Not repeating: a repeating task's next occurrence would replace it at its deadline, and the demo
      // shows an overdue task.
      task: { deadline: ago(1), repeat: 'NO_REPEAT', reminderMinutes: 24 * 60 },
    },
    {
      creator,
      type: 'TASK',
      name: 'Obavite periodični liječnički pregled',
      description: 'Dogovorite termin u ovlaštenoj ambulanti i potvrdu predajte službi za ljudske resurse.',
      category: 'Sigurnost',
      publishAt: ago(2),
      status: 'published',
      audience: 'all',
      // A new occurrence each year, due on the same day: the demo's repeating task.
      task: { deadline: ahead(14), repeat: 'YEARLY', reminderMinutes: 2 * 24 * 60 },
    },
    {
      creator,
      type: 'INFORMATION',
      name: 'Najava: godišnja inventura',
      description: 'Inventura počinje sljedeći tjedan. Raspored po odjelima stiže uskoro.',
      image: 'warehouse.webp',
      category: 'Skladište',
      publishAt: ahead(7),
      status: 'scheduled',
      audience: 'all',
      material: { doc: richDocOf('Tijekom inventure skladište ne zaprima ni ne izdaje robu.') },
    },
    {
      creator,
      type: 'INFORMATION',
      name: 'Nacrt: pravilnik o godišnjim odmorima',
      description: 'Radna verzija, još se ne objavljuje.',
      publishAt: ahead(30),
      status: 'draft',
      audience: 'all',
    },
  ];
}

function otherItems(now: number): Item[] {
  const ago = (days: number) => new Date(now - days * DAY_MS);
  const creator = 'admin@druga.hr';
  return [
    {
      creator,
      type: 'INFORMATION',
      name: 'Dobrodošli u Drugu firmu',
      description: 'Ovdje ćete dobivati sve važne obavijesti naše tvrtke.',
      image: 'team.webp',
      publishAt: ago(3),
      status: 'published',
      audience: 'all',
      material: {
        doc: richDocOf('Drago nam je što ste s nama.'),
        media: [{ type: 'IMAGE', asset: 'team.webp', name: 'Naš tim' }],
      },
    },
    {
      creator,
      type: 'TASK',
      name: 'Potpišite izjavu o zaštiti podataka',
      description: 'Izjavu potpišite i predajte u računovodstvu.',
      publishAt: ago(1),
      status: 'published',
      audience: { groups: ['Svi zaposlenici'] },
      task: { deadline: new Date(now + 10 * DAY_MS) },
    },
    {
      creator,
      type: 'POLL',
      name: 'Kamo na godišnji izlet?',
      description: 'Glasajte za odredište ovogodišnjeg izleta.',
      publishAt: ago(2),
      status: 'published',
      audience: 'all',
      questions: [{ title: 'Odaberite odredište', type: 'SINGLE', answers: options('Plitvice', 'Istra', 'Zagorje') }],
    },
  ];
}

const CONTENT_BY_TENANT: Record<string, (now: number) => Item[]> = {
  'Demo d.o.o.': demoItems,
  'Druga firma d.o.o.': otherItems,
};

/** The demo content of a tenant just created by seedDemo, inside its transaction. */
export async function seedDemoContent(tx: Tx, store: FileStore, seeded: SeededTenant, now = Date.now()) {
  const items = CONTENT_BY_TENANT[seeded.name]?.(now) ?? [];
  const asset = assetStore(tx, store, seeded.tenantId);
  const idOf = (map: ReadonlyMap<string, number>, key: string) => {
    const id = map.get(key);
    if (id === undefined) throw new Error(`demo content names unknown ${key} in ${seeded.name}`);
    return id;
  };
  // One at a time: the asset cache must see a file stored before the next lookup of the same name.
  const mediaOf = async (media: NonNullable<Item['material']>['media'] & {}) => {
    const rows = [];
    for (const m of media) rows.push({ type: m.type, name: m.name, fileId: await asset(m.asset) });
    return rows;
  };
  const ids = new Map<string, number>();
  const { authoring } = createContentServices(tx);
  for (const { creator, image, audience, material, ...item } of items) {
    const contentId = await authoring.create({
      ...item,
      tenantId: seeded.tenantId,
      creatorId: idOf(seeded.users, creator),
      image: image ? await asset(image) : null,
      audience:
        audience === 'all'
          ? 'all'
          : {
              groups: (audience.groups ?? []).map((g) => idOf(seeded.groups, g)),
              users: (audience.users ?? []).map((u) => idOf(seeded.users, u)),
            },
      ...(material
        ? {
            material: {
              link: material.link ?? null,
              doc: material.doc ?? null,
              media: await mediaOf(material.media ?? []),
            },
          }
        : {}),
    });
    ids.set(item.name, contentId);
  }
  if (seeded.name !== 'Demo d.o.o.') return;
  await seedDemoHistory(tx, { ...seeded, content: ids }, now);
  const bank = createBankRepository(tx);
  for (const question of DEMO_BANK) await bank.insert(seeded.tenantId, idOf(seeded.users, 'creator@demo.hr'), question);
}

const answer = (title: string, isCorrect = false) => ({ title, isCorrect });

/** What a creator finds in the demo's question bank on a first visit (ADR 0067): enough for a drawn quiz. */
const DEMO_BANK: BankQuestionBody[] = [
  {
    category: 'Zaštita od požara',
    question: {
      title: 'Kojim aparatom gasite požar na električnom uređaju pod naponom?',
      type: 'SINGLE',
      answers: [answer('Aparatom s CO₂', true), answer('Vodom'), answer('Pjenom')],
    },
  },
  {
    category: 'Zaštita od požara',
    question: {
      title: 'Koji je broj vatrogasaca?',
      type: 'SINGLE',
      answers: [answer('193', true), answer('192'), answer('194')],
    },
  },
  {
    category: 'Zaštita od požara',
    question: {
      title: 'Što radite kad se oglasi požarni alarm?',
      type: 'MULTIPLE',
      answers: [
        answer('Izlazim najbližim označenim izlazom', true),
        answer('Ne koristim dizalo', true),
        answer('Vraćam se po osobne stvari'),
      ],
    },
  },
  {
    category: 'Zaštita od požara',
    question: {
      title: 'Gdje je zborno mjesto nakon evakuacije?',
      type: 'SINGLE',
      answers: [answer('Na parkiralištu ispred ulaza', true), answer('U podrumu'), answer('Na krovu')],
    },
  },
  {
    category: 'Zadovoljstvo na poslu',
    question: { title: 'Koliko ste zadovoljni uvjetima rada?', type: 'LINEAR', answers: [] },
  },
  {
    category: 'Zadovoljstvo na poslu',
    question: { title: 'Što bismo mogli učiniti bolje?', type: 'TEXT', answers: [] },
  },
];

type Choice = (question: FormQuestion) => number[];
const correctAnswers: Choice = (q) => q.answers.filter((a) => a.isCorrect).map((a) => a.id);
const oneWrongAnswer: Choice = (q) =>
  q.answers
    .filter((a) => !a.isCorrect)
    .map((a) => a.id)
    .slice(0, 1);
const answerNumber =
  (n: number): Choice =>
  (q) =>
    q.answers.map((a) => a.id).slice(n, n + 1);

/**
 * A little history, so the archive is not empty on a first visit, made through the same service calls
 * (and transactions) a user's answers go through. Marko has read the welcome, passed one education
 * (with points) and failed another; four colleagues answered the summer-party poll, one short of
 * showing its results. Ana's items stay untouched, so a newcomer signing in as ana finds everything new.
 */
async function seedDemoHistory(tx: Tx, seeded: SeededTenant & { content: ReadonlyMap<string, number> }, now: number) {
  const id = (map: ReadonlyMap<string, number>, key: string) => {
    const found = map.get(key);
    if (found === undefined) throw new Error(`demo history names unknown ${key}`);
    return found;
  };
  const sessions = createAuthRepository(tx);
  const as = (login: string, daysAgo: number) => {
    const at = new Date(now - daysAgo * DAY_MS);
    const { content, forms } = createContentServices(tx, { now: () => at });
    const ctx = { tenantId: seeded.tenantId, userId: id(seeded.users, login) };
    // The dashboard counts the person as active that day, as a sign-in would.
    const used = () => sessions.recordActivity(ctx.tenantId, ctx.userId, appDay(at));
    return {
      async answer(name: string, choose: Choice) {
        await used();
        const contentId = id(seeded.content, name);
        const { questions } = await content.getForm(ctx, contentId);
        const questionAnswers = questions.map((q) => ({ questionId: q.id, answers: choose(q) }));
        // A submission checks its caller's session in its own statement: the user answers on a session
        // of that moment, ended straight after.
        const tokenHash = hashToken(newToken(ctx.tenantId));
        const sessionId = await sessions.insertSession({
          ...ctx,
          tokenHash,
          rememberMe: false,
          application: 'web',
          lastSeenAt: at,
          expiresAt: new Date(at.getTime() + HOUR_MS),
        });
        const answered = await forms.submit(
          { tenantId: ctx.tenantId, tokenHash },
          contentId,
          { questionAnswers },
          undefined,
        );
        await sessions.revokeSession(ctx.tenantId, sessionId, at);
        if (!answered) throw new Error(`demo history: ${login} has no live session to answer ${name}`);
      },
      async read(name: string) {
        await used();
        return content.markFinished(ctx, { contentId: id(seeded.content, name) });
      },
    };
  };
  await as('marko@demo.hr', 9).read('Dobrodošli u Kanal');
  await as('marko@demo.hr', 2).answer('Upoznajte novu liniju proizvoda', correctAnswers);
  await as('marko@demo.hr', 1).answer('Zaštita na radu: osnove', oneWrongAnswer);
  for (const [i, login] of ['super@demo.hr', 'marko@demo.hr', 'ivan', 'tena@demo.hr'].entries()) {
    await as(login, 3).answer('Termin ljetnog druženja', answerNumber(i % 3));
  }
}
