// npm run bench:import:limits — spreadsheets that unpack to a gigabyte, sent to the import check (issue 28).
//
// Starts the built server on a fresh PGlite data dir (or DATABASE_URL: point it at an empty database)
// and sends POST /api/import/template/check, as the demo tenant's ADMIN, three XLSX zip bombs whose
// first sheet unpacks to 1 GB:
//   rows       1 GB of person rows, declaring its true size, as a zip tool writes it (≈ 3.7 MB file);
//   lying      1 GB of blank space declaring 1 KB: the bytes actually unpacked are what is counted;
//   many rows  the rows again, declaring 1 KB: ten million rows, counted as they are read.
// For each: once alone, then three at once: time to the refusal, and the server's peak RSS over its RSS
// before (VmHWM, Linux only). Then the home feed's p99 (autocannon in its own process, 10 connections,
// 10 s) idle, and while three bombs at a time are sent without pause. Targets: refused within 2 s, RSS
// growing by less than 64 MB, the feed's p99 within 2× of idle.
import { constants, crc32, deflateRawSync } from 'node:zlib';
import { json, memoryOf, resetPeak, startLoader, startServer } from './support/lib.mjs';

const MB = 1024 * 1024;
const GB = 1024 * MB;
const TARGET = { seconds: 2, megabytes: 64, p99Ratio: 2 };
const FEED = { connections: 10, duration: 10 };

/**
 * `prefix`, `block` repeated to `size` bytes and `suffix`, deflated without ever building the text:
 * each copy of the block is deflated once and flushed in full, which makes it stand alone, so the
 * copies can be repeated as they are. With the text's size and CRC, as a zip tool writes them.
 */
function deflatedRepeat(prefix, block, size, suffix) {
  const times = Math.ceil(size / Buffer.byteLength(block));
  const flushed = (text) => deflateRawSync(Buffer.from(text), { finishFlush: constants.Z_FULL_FLUSH });
  const copy = flushed(block);
  let crc = crc32(prefix);
  for (let i = 0; i < times; i++) crc = crc32(block, crc);
  return {
    data: Buffer.concat([flushed(prefix), ...Array.from({ length: times }, () => copy), deflateRawSync(suffix)]),
    size: Buffer.byteLength(prefix) + Buffer.byteLength(block) * times + Buffer.byteLength(suffix),
    crc: crc32(suffix, crc),
  };
}

/** A zip archive of `parts` ({name, data, method 0|8, size, crc}); `declared` overrides a part's size. */
function zip(parts) {
  const locals = [];
  const centrals = [];
  let offset = 0;
  for (const { name, data, method, size, crc, declared = size } of parts) {
    const fileName = Buffer.from(name);
    const header = (signature, length) => {
      const b = Buffer.alloc(length);
      b.writeUInt32LE(signature, 0);
      return b;
    };
    const local = header(0x04034b50, 30);
    local.writeUInt16LE(20, 4);
    local.writeUInt16LE(method, 8);
    local.writeUInt32LE(crc, 14);
    local.writeUInt32LE(data.length, 18);
    local.writeUInt32LE(declared, 22);
    local.writeUInt16LE(fileName.length, 26);
    const central = header(0x02014b50, 46);
    central.writeUInt16LE(20, 4);
    central.writeUInt16LE(20, 6);
    central.writeUInt16LE(method, 10);
    central.writeUInt32LE(crc, 16);
    central.writeUInt32LE(data.length, 20);
    central.writeUInt32LE(declared, 24);
    central.writeUInt16LE(fileName.length, 28);
    central.writeUInt32LE(offset, 42);
    locals.push(local, fileName, data);
    centrals.push(central, fileName);
    offset += 30 + fileName.length + data.length;
  }
  const directory = Buffer.concat(centrals);
  const end = Buffer.alloc(22);
  end.writeUInt32LE(0x06054b50, 0);
  end.writeUInt16LE(parts.length, 8);
  end.writeUInt16LE(parts.length, 10);
  end.writeUInt32LE(directory.length, 12);
  end.writeUInt32LE(offset, 16);
  return Buffer.concat([...locals, directory, end]);
}

const stored = (name, text) => {
  const data = Buffer.from(text);
  return { name, data, method: 0, size: data.length, crc: crc32(data) };
};
const NS = 'http://schemas.openxmlformats.org';
const WORKBOOK_PARTS = [
  stored(
    '[Content_Types].xml',
    `<Types xmlns="${NS}/package/2006/content-types"><Default Extension="rels" ContentType="application/vnd.openxmlformats-package.relationships+xml"/><Default Extension="xml" ContentType="application/xml"/><Override PartName="/xl/workbook.xml" ContentType="application/vnd.openxmlformats-officedocument.spreadsheetml.sheet.main+xml"/><Override PartName="/xl/worksheets/sheet1.xml" ContentType="application/vnd.openxmlformats-officedocument.spreadsheetml.worksheet+xml"/></Types>`,
  ),
  stored(
    '_rels/.rels',
    `<Relationships xmlns="${NS}/package/2006/relationships"><Relationship Id="rId1" Type="${NS}/officeDocument/2006/relationships/officeDocument" Target="xl/workbook.xml"/></Relationships>`,
  ),
  stored(
    'xl/workbook.xml',
    `<workbook xmlns="${NS}/spreadsheetml/2006/main" xmlns:r="${NS}/officeDocument/2006/relationships"><sheets><sheet name="Osobe" sheetId="1" r:id="rId1"/></sheets></workbook>`,
  ),
  stored(
    'xl/_rels/workbook.xml.rels',
    `<Relationships xmlns="${NS}/package/2006/relationships"><Relationship Id="rId1" Type="${NS}/officeDocument/2006/relationships/worksheet" Target="worksheets/sheet1.xml"/></Relationships>`,
  ),
];
const text = (ref, value) => `<c r="${ref}" t="inlineStr"><is><t>${value}</t></is></c>`;
const SHEET_START = `<worksheet xmlns="${NS}/spreadsheetml/2006/main"><sheetData><row r="1">${text('A1', 'Ime i prezime')}${text('B1', 'E-mail')}</row>`;
const SHEET_END = '</sheetData></worksheet>';
const PERSON = `<row r="2">${text('A2', 'Osoba Prezimenić')}${text('B2', 'osoba.prezimenic@primjer.hr')}</row>`;

/** An XLSX whose sheet is `block` repeated to `size` bytes; it declares `declared` bytes, or the truth. */
function xlsx(block, { size = GB, declared } = {}) {
  const sheet = deflatedRepeat(
    SHEET_START,
    block.repeat(Math.ceil(Math.min(size, MB) / block.length)),
    size,
    SHEET_END,
  );
  return zip([...WORKBOOK_PARTS, { name: 'xl/worksheets/sheet1.xml', method: 8, ...sheet, declared }]);
}

const server = await startServer(3971, { RATE_LIMIT_PER_IP: '1000000000', RATE_LIMIT_PER_IDENTIFIER: '1000000000' });
const loader = await startLoader();
try {
  const signIn = async (email) => {
    const res = await json(`${server.url}/api/auth/signin`, {
      method: 'POST',
      body: JSON.stringify({ email, password: 'Demo1234!' }),
    });
    if (res.status !== 200) throw new Error(`${email} could not sign in: ${JSON.stringify(res.body)}`);
    return res.body.payload.token;
  };
  const admin = await signIn('admin@demo.hr');
  const reader = await signIn('ana@demo.hr');

  const bombs = [
    ['rows (true size)', xlsx(PERSON)],
    ['lying (declares 1 KB)', xlsx(' ', { declared: 1024 })],
    ['many rows (declares 1 KB)', xlsx(PERSON, { declared: 1024 })],
  ];

  /** Sends a file to the check: its status, body and the seconds to the answer. */
  async function post(file) {
    const form = new FormData();
    form.append('file', new Blob([file]), 'osobe.xlsx');
    const started = performance.now();
    const res = await fetch(`${server.url}/api/import/template/check`, {
      method: 'POST',
      headers: { authorization: `Bearer ${admin}`, 'accept-language': 'en' },
      body: form,
    });
    return { status: res.status, body: await res.json(), seconds: (performance.now() - started) / 1000 };
  }
  /** Sends one bomb: the seconds to its refusal, and the reason given. */
  async function check(file) {
    const { status, body, seconds } = await post(file);
    if (status !== 400) throw new Error(`a bomb was answered ${status}: ${JSON.stringify(body).slice(0, 300)}`);
    return { seconds, message: body.fields?.[0]?.message ?? body.message };
  }

  /** `count` at once: the slowest refusal, and the server's peak RSS over its RSS before, in MB. */
  async function round(file, count) {
    const before = memoryOf(server.pid).rss;
    await resetPeak(server.pid);
    const answers = await Promise.all(Array.from({ length: count }, () => check(file)));
    return {
      seconds: Math.max(...answers.map((a) => a.seconds)),
      growth: memoryOf(server.pid).peak - before,
      message: answers[0].message,
    };
  }

  // The server's first import loads what an import needs; that is not the bombs' cost.
  const small = await post(xlsx(PERSON, { size: 1000 }));
  if (small.status !== 200)
    throw new Error(`a small sheet was answered ${small.status}: ${JSON.stringify(small.body)}`);

  const rows = [];
  for (const [name, file] of bombs) {
    const one = await round(file, 1);
    const three = await round(file, 3);
    rows.push({ name, size: file.length, one, three });
  }

  const feed = (duration) =>
    loader.run({
      url: `${server.url}/api/mobile/content/list/new`,
      tokens: [reader],
      connections: FEED.connections,
      duration,
    });
  const idleBefore = memoryOf(server.pid).rss;
  await resetPeak(server.pid);
  const idle = await feed(FEED.duration);
  const idleGrowth = memoryOf(server.pid).peak - idleBefore;
  let sent = 0;
  let slowest = 0;
  let running = true;
  const during = feed(FEED.duration).finally(() => {
    running = false;
  });
  const before = memoryOf(server.pid).rss;
  await resetPeak(server.pid);
  while (running) {
    const answers = await Promise.all(bombs.map(([, file]) => check(file)));
    sent += answers.length;
    slowest = Math.max(slowest, ...answers.map((a) => a.seconds));
  }
  const loaded = await during;
  const loadedGrowth = memoryOf(server.pid).peak - before;

  const database = process.env.DATABASE_URL ? 'PostgreSQL' : 'PGlite';
  console.log(`\nZip bombs sent to POST /api/import/template/check (${database}); each sheet unpacks to 1 GB\n`);
  console.log('| bomb | file MB | alone: refused in s | peak RSS growth MB | three at once: s | MB |');
  console.log('|---|---:|---:|---:|---:|---:|');
  for (const { name, size, one, three } of rows) {
    console.log(
      `| ${name} | ${(size / MB).toFixed(2)} | ${one.seconds.toFixed(2)} | ${one.growth.toFixed(0)} | ${three.seconds.toFixed(2)} | ${three.growth.toFixed(0)} |`,
    );
  }
  for (const { name, one } of rows) console.log(`- ${name}: “${one.message}”`);
  console.log(
    `\nHome feed, ${FEED.connections} connections × ${FEED.duration} s: idle p99 ${idle.p99} ms (${idle.reqPerSec} req/s, peak RSS growth ${idleGrowth.toFixed(0)} MB); ` +
      `with the three bombs sent again and again (${sent} sent, slowest refusal ${slowest.toFixed(2)} s, peak RSS growth ` +
      `${loadedGrowth.toFixed(0)} MB) p99 ${loaded.p99} ms (${loaded.reqPerSec} req/s): ${(loaded.p99 / idle.p99).toFixed(2)}× idle; ` +
      `non-2xx ${idle.non2xx} / ${loaded.non2xx}`,
  );
  const worst = Math.max(...rows.flatMap(({ one, three }) => [one.seconds, three.seconds]), slowest);
  // Under the feed's load, the bombs' share is the peak beyond what the feed alone reached.
  const grew = Math.max(...rows.flatMap(({ one, three }) => [one.growth, three.growth]), loadedGrowth - idleGrowth);
  console.log(
    `Targets: refused within ${TARGET.seconds} s (worst ${worst.toFixed(2)} s), RSS growth under ${TARGET.megabytes} MB ` +
      `(worst ${grew.toFixed(0)} MB), feed p99 within ${TARGET.p99Ratio}× idle (${(loaded.p99 / idle.p99).toFixed(2)}×)`,
  );
} finally {
  loader.stop();
  server.stop();
}
