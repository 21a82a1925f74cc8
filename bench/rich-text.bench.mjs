// npm run bench:rich-text — what showing a formatted text costs its readers (issue 34, ADR 0068).
//
// Starts the built server on a fresh PGlite data dir (or DATABASE_URL) with the demo, and as its creator
// publishes two announcements to everyone: one whose text is the longest a material may have (20,000
// characters of headings, paragraphs with bold and links, lists and tables), one with a single sentence.
// Then GET /api/mobile/content/{id}/material as ana@demo.hr (autocannon in its own process, 10
// connections by default, 10 s after 3 s of warm-up), the short text first: the baseline, measured in
// the same run, is the same call without the work of rendering and sanitising a long document. Printed:
// req/s, p50, p99, bytes per answer, and the long text's rate as a ratio of the baseline's.
import { json, loadOptions, printTable, startLoader, startServer } from './support/lib.mjs';

const { connections, duration, warmup } = loadOptions(10);
const MAX_WORDS = 20_000;

const text = (value, marks) => ({ type: 'text', text: value, ...(marks ? { marks } : {}) });
const paragraph = (...content) => ({ type: 'paragraph', content });
const cell = (type, value) => ({ type, attrs: { colspan: 1, rowspan: 1 }, content: [paragraph(text(value))] });

/** One section of a long handbook: about 560 characters of words in every kind of node. */
function section(n) {
  return [
    { type: 'heading', attrs: { level: 2 }, content: [text(`Poglavlje ${n}: sigurnost u skladištu`)] },
    paragraph(
      text('Prije svake smjene '),
      text('provjerite zaštitnu opremu', [{ type: 'bold' }]),
      text(' i pročitajte '),
      text('pravilnik', [{ type: 'link', attrs: { href: `https://intranet.example.hr/pravilnik/${n}` } }]),
      text('. Svaku opasnost odmah prijavite voditelju smjene.'),
    ),
    {
      type: 'bulletList',
      content: ['Kaciga i rukavice', 'Prolazi slobodni', 'Viličar samo uz osposobljavanje'].map((item) => ({
        type: 'listItem',
        content: [paragraph(text(item))],
      })),
    },
    {
      type: 'table',
      content: [
        { type: 'tableRow', content: [cell('tableHeader', 'Smjena'), cell('tableHeader', 'Vrijeme')] },
        { type: 'tableRow', content: [cell('tableCell', 'Jutarnja'), cell('tableCell', '6:00 – 14:00')] },
        { type: 'tableRow', content: [cell('tableCell', 'Popodnevna'), cell('tableCell', '14:00 – 22:00')] },
      ],
    },
    { type: 'blockquote', content: [paragraph(text('Sigurnost je na prvom mjestu.', [{ type: 'italic' }]))] },
  ];
}

const words = (node) => (node.text ?? '').length + (node.content ?? []).reduce((sum, child) => sum + words(child), 0);
function longDoc() {
  const content = [];
  for (let n = 1; ; n++) {
    const next = section(n);
    if (words({ content: [...content, ...next] }) > MAX_WORDS) break;
    content.push(...next);
  }
  return { type: 'doc', content };
}

const server = await startServer(3911);
const loader = await startLoader();
try {
  const signIn = async (email) =>
    (
      await json(`${server.url}/api/auth/signin`, {
        method: 'POST',
        body: JSON.stringify({ email, password: 'Demo1234!' }),
      })
    ).body.payload.token;
  const creator = await signIn('creator@demo.hr');
  const reader = await signIn('ana@demo.hr');
  const publish = async (name, doc) => {
    const made = await json(`${server.url}/api/content`, {
      method: 'POST',
      headers: { authorization: `Bearer ${creator}` },
      body: JSON.stringify({
        type: 'INFORMATION',
        name,
        material: { doc },
        audience: { everyone: true },
        publish: { mode: 'now' },
      }),
    });
    if (made.status !== 200) throw new Error(`publishing ${name}: ${made.status} ${JSON.stringify(made.body)}`);
    return made.body.payload.id;
  };
  const long = longDoc();
  const runs = [
    {
      name: 'one sentence (baseline)',
      id: await publish('Kratki tekst', { type: 'doc', content: [paragraph(text('Vrijedi od ponedjeljka.'))] }),
    },
    {
      name: `${words(long).toLocaleString('en')} characters, ${long.content.length} blocks`,
      id: await publish('Dugi priručnik', long),
    },
  ];

  const rows = [];
  for (const run of runs) {
    const url = `${server.url}/api/mobile/content/${run.id}/material`;
    await loader.run({ url, tokens: [reader], connections, duration: warmup });
    const result = await loader.run({ url, tokens: [reader], connections, duration });
    if (result.non2xx > 0) throw new Error(`${run.name}: ${JSON.stringify(result.statuses)}`);
    rows.push({ name: `${run.name}, ${result.bytesPerReq.toLocaleString('en')} B`, ...result });
  }
  console.log(`\nGET /api/mobile/content/{id}/material, ${connections} connections, ${duration} s`);
  printTable(rows, rows[0]);
} finally {
  loader.stop();
  server.stop();
}
