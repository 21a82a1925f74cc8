// What the journeys need beyond the demo seed, written through the server's own code (its public
// API, the built @kanal/server), exactly as the admin API will write content: no hand-made rows.
import { richDocOf } from '@kanal/contract';
import {
  createAccounts,
  createContentServices,
  loadConfig,
  openDatabase,
  openFileStore,
  schema,
  seedDemo,
} from '@kanal/server';

/** The login that receives the journeys' own items (no demo journey uses it otherwise). */
export const FIXTURE_LOGIN = 'super@demo.hr';
export const BROKEN_LINK_ITEM = 'Video koji se ne može učitati';

/**
 * End users of the demo tenant that only one journey each signs in as (password: the demo one), so
 * journeys that finish items never disturb each other or the read-only ones that use ana@demo.hr.
 */
export const JOURNEY_USERS = [
  { email: 'prolaz@demo.hr', name: 'Paula Prolaz' },
  { email: 'popravak@demo.hr', name: 'Petar Popravak' },
  { email: 'vrijeme@demo.hr', name: 'Vera Vrijeme' },
  { email: 'anketa@demo.hr', name: 'Ante Anketa' },
  { email: 'arhiva@demo.hr', name: 'Arijana Arhiva' },
  { email: 'jezik@demo.hr', name: 'Jasna Jezik' },
  { email: 'mreza@demo.hr', name: 'Mira Mreža' },
  { email: 'zaborav@demo.hr', name: 'Zora Zaborav' },
  { email: 'skladiste@demo.hr', name: 'Sara Skladištar' },
  { email: 'izvan@demo.hr', name: 'Igor Izvan' },
  { email: 'stjepan@demo.hr', name: 'Stjepan Statistika' },
  { email: 'stela@demo.hr', name: 'Stela Statistika' },
  { email: 'obavijest@demo.hr', name: 'Olga Obavijest' },
  { email: 'pretplata@demo.hr', name: 'Pavao Pretplata' },
  { email: 'komentar@demo.hr', name: 'Kristina Komentar' },
  { email: 'potvrda@demo.hr', name: 'Đurđa Potvrda' },
  { email: 'banka@demo.hr', name: 'Bruno Banka' },
  { email: 'tekst@demo.hr', name: 'Tea Tekst' },
];

/** An item for the web push journey alone, sent to its one person, whom an admin then reminds of it. */
export const PUSH_ITEM = 'Novi raspored dežurstava';
const PUSH_PERSON = 'pretplata@demo.hr';

/** A quiz for the statistics journey alone, sent to its two people only, so its figures are theirs. */
export const STATS_QUIZ = 'Kviz za statistiku';
const STATS_PEOPLE = ['stjepan@demo.hr', 'stela@demo.hr'];

/** An announcement open to comments for the moderation journey alone, sent to its one person. */
export const COMMENT_ITEM = 'Novo parkiralište za bicikle';
const COMMENT_PERSON = 'komentar@demo.hr';

/** An education that gives certificates, for the certificate journey alone, sent to its one person. */
export const CERTIFICATE_ITEM = 'Prva pomoć: osnove';
const CERTIFICATE_PERSON = 'potvrda@demo.hr';

/**
 * The review journey's own organisation (password: the demo one): its review before publishing, once
 * switched on, must not send the other journeys' creators' items to review.
 */
export const REVIEW_TENANT = 'Recenzija d.o.o.';
export const REVIEW_PEOPLE = [
  { email: 'urednica@recenzija.hr', name: 'Una Urednica', role: 'ADMIN' },
  { email: 'autor@recenzija.hr', name: 'Andrej Autor', role: 'CREATOR' },
  { email: 'recenzentica@recenzija.hr', name: 'Rea Recenzentica', role: 'CREATOR' },
  { email: 'citatelj@recenzija.hr', name: 'Čedo Čitatelj', role: 'USER' },
];

/**
 * Migrates and seeds the database as the server would, then adds the journeys' fixtures: the embedded one in
 * `dataDir`, or the one `env` names (DATABASE_URL, and a bucket for the files).
 */
export async function prepareDatabase(dataDir, env = {}) {
  // The server's own reading of its environment: the database, and the files where it will look.
  const config = loadConfig({ DATA_DIR: dataDir, ...env });
  const database = await openDatabase(config);
  try {
    await database.migrate();
    await seedDemo(database.db, await openFileStore(config));
    const user = await database.db.query.appUser.findFirst({
      columns: { id: true, tenantId: true },
      where: (u, { eq }) => eq(u.email, FIXTURE_LOGIN),
    });
    if (!user) throw new Error(`${FIXTURE_LOGIN} is not in the demo seed`);
    const ana = await database.db.query.appUser.findFirst({
      columns: { passwordHash: true },
      where: (u, { eq }) => eq(u.email, 'ana@demo.hr'),
    });
    await database.db.transaction(async (tx) => {
      await createAccounts(
        tx,
        user.tenantId,
        JOURNEY_USERS.map((u) => ({ ...u, role: 'USER', passwordHash: ana.passwordHash })),
      );
      // New accounts get the items already aimed at everyone, as the admin API will do when it adds users.
      const items = await tx.query.content.findMany({
        columns: { id: true },
        where: (c, { eq }) => eq(c.tenantId, user.tenantId),
      });
      const { authoring } = createContentServices(tx);
      for (const item of items) await authoring.syncAudience(user.tenantId, item.id);
      const [review] = await tx
        .insert(schema.tenant)
        .values({ name: REVIEW_TENANT })
        .returning({ id: schema.tenant.id });
      await createAccounts(
        tx,
        review.id,
        REVIEW_PEOPLE.map((u) => ({ ...u, passwordHash: ana.passwordHash })),
      );
    });
    // An item of the journeys', published a minute ago by FIXTURE_LOGIN to the people with these e-mails.
    const publish = async (emails, item) => {
      const people = await database.db.query.appUser.findMany({
        columns: { id: true },
        where: (u, { inArray }) => inArray(u.email, emails),
      });
      await createContentServices(database.db).authoring.create({
        tenantId: user.tenantId,
        creatorId: user.id,
        publishAt: new Date(Date.now() - 60_000),
        status: 'published',
        audience: { users: people.map((p) => p.id) },
        ...item,
      });
    };
    // A link that names no YouTube video: the materials screen must say it cannot load it (spec point 8).
    await publish([FIXTURE_LOGIN], {
      type: 'INFORMATION',
      name: BROKEN_LINK_ITEM,
      description: 'Poveznica na video koji ne postoji.',
      material: { link: 'https://www.youtube.com/watch?v=', doc: richDocOf('Video bi trebao biti iznad.') },
    });
    await publish([PUSH_PERSON], {
      type: 'INFORMATION',
      name: PUSH_ITEM,
      description: 'Dežurstva za prosinac su objavljena.',
      material: { doc: richDocOf('Raspored dežurstava za prosinac nalazi se u prilogu na oglasnoj ploči.') },
    });
    await publish([COMMENT_PERSON], {
      type: 'INFORMATION',
      name: COMMENT_ITEM,
      description: 'Iza zgrade B otvoreno je natkriveno parkiralište za bicikle.',
      material: { doc: richDocOf('Parkiralište ima 40 mjesta i punjač za električne bicikle.') },
      settings: { comments: true },
    });
    await publish([CERTIFICATE_PERSON], {
      type: 'EDUCATION',
      name: CERTIFICATE_ITEM,
      description: 'Što učiniti dok ne stigne hitna pomoć.',
      settings: { passingScore: 0.5, certificate: true },
      questions: [
        {
          title: 'Koji je broj hitne medicinske pomoći u Hrvatskoj?',
          type: 'SINGLE',
          answers: [{ title: '194', isCorrect: true }, { title: '192' }],
        },
      ],
    });
    await publish(STATS_PEOPLE, {
      type: 'EDUCATION',
      name: STATS_QUIZ,
      description: 'Dva pitanja za provjeru statistike.',
      settings: { passingScore: 0.5 },
      questions: [
        {
          title: 'Koliko je 2 + 2?',
          type: 'SINGLE',
          answers: [{ title: 'Četiri', isCorrect: true }, { title: 'Pet' }],
        },
        {
          title: 'Koja je boja neba?',
          type: 'SINGLE',
          answers: [{ title: 'Plava', isCorrect: true }, { title: 'Zelena' }],
        },
      ],
    });
  } finally {
    await database.close();
  }
}
