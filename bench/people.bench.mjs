// npm run bench:people — importing and exporting people (issue 12), on the built server.
//
// PostgreSQL (the figures that count): createdb kanal_bench_people, then
//   DATABASE_URL=postgres://postgres@127.0.0.1:5432/kanal_bench_people npm run bench:people
// Without DATABASE_URL it runs on a fresh PGlite data dir. Options: --rows 10000
//
// 1. Import: an XLSX of --rows new people (four in five with an e-mail, the rest username-only, in the demo
//    tenant's groups) is checked (POST /api/import/template/check: read and validated, nothing written, the
//    baseline) and then imported (POST /api/import/template: the same, then written in one transaction, the
//    inboxes filled, the welcome mails queued and the codes issued). Printed: wall time of each and the
//    server's peak RSS over its idle RSS (targets: ≤ 10 s and ≤ 150 MB for 10,000 rows).
// 2. Export: GET /api/export/users as XLSX and CSV: time to the first byte, total time, bytes, and the
//    peak RSS again, which must not grow with the number of people.
import ExcelJS from 'exceljs';
import { exportTimes, json, memoryOf, parseArgs, resetPeak, startServer } from './support/lib.mjs';

const opts = parseArgs(process.argv.slice(2));
const rows = opts.rows ?? 10_000;
const TARGET = { seconds: 10, megabytes: 150 };

async function spreadsheet(count, run) {
  const workbook = new ExcelJS.Workbook();
  const sheet = workbook.addWorksheet('Osobe');
  sheet.addRow(['Ime i prezime', 'E-mail', 'Korisničko ime', 'Telefon', 'Uloga', 'Grupe']);
  for (let i = 0; i < count; i++) {
    const withEmail = i % 5 !== 0;
    sheet.addRow([
      `Osoba ${run} ${i}`,
      withEmail ? `osoba.${run}.${i}@bench.hr` : '',
      withEmail ? '' : `osoba.${run}.${i}`,
      `09${String(i).padStart(8, '0')}`,
      'USER',
      i % 3 === 0 ? 'Prodaja' : '',
    ]);
  }
  return Buffer.from(await workbook.xlsx.writeBuffer());
}

async function timed(fn) {
  const started = performance.now();
  const value = await fn();
  return { ms: performance.now() - started, value };
}

const server = await startServer(3970);
try {
  const signin = await json(`${server.url}/api/auth/signin`, {
    method: 'POST',
    body: JSON.stringify({ email: 'admin@demo.hr', password: 'Demo1234!' }),
  });
  const auth = { authorization: `Bearer ${signin.body.payload.token}` };
  const run = Date.now().toString(36);
  const file = await spreadsheet(rows, run);
  const post = (url) => {
    const form = new FormData();
    form.append('file', new Blob([file]), 'osobe.xlsx');
    return fetch(`${server.url}${url}`, { method: 'POST', headers: auth, body: form });
  };

  const idle = memoryOf(server.pid).rss;
  await resetPeak(server.pid);
  const check = await timed(async () => (await post('/api/import/template/check')).json());
  if (check.value.payload?.problems?.length !== 0)
    throw new Error(`the check found problems: ${JSON.stringify(check.value).slice(0, 300)}`);
  const checkPeak = memoryOf(server.pid).peak - idle;

  await resetPeak(server.pid);
  const imported = await timed(async () => (await post('/api/import/template')).json());
  const result = imported.value.payload;
  if (result?.created !== rows) throw new Error(`the import answered ${JSON.stringify(imported.value).slice(0, 300)}`);
  const importPeak = memoryOf(server.pid).peak - idle;

  console.log(
    `\nImport of ${rows.toLocaleString('en')} people (${(file.length / 1024).toFixed(0)} KB XLSX), ${process.env.DATABASE_URL ? 'PostgreSQL' : 'PGlite'}\n`,
  );
  console.log('| step | wall s | peak RSS over idle MB |');
  console.log('|---|---:|---:|');
  console.log(`| check (baseline: read and validate) | ${(check.ms / 1000).toFixed(2)} | ${checkPeak.toFixed(0)} |`);
  console.log(`| import (write, inboxes, welcomes) | ${(imported.ms / 1000).toFixed(2)} | ${importPeak.toFixed(0)} |`);
  console.log(
    `\nimport ÷ check: ${(imported.ms / check.ms).toFixed(1)}×; codes issued: ${result.codes.length}; target ≤ ${TARGET.seconds} s and ≤ ${TARGET.megabytes} MB: ${
      imported.ms <= TARGET.seconds * 1000 && importPeak <= TARGET.megabytes ? 'met' : 'NOT met'
    }`,
  );

  console.log('\n| export | first byte ms | total ms | MB | peak RSS over idle MB |');
  console.log('|---|---:|---:|---:|---:|');
  const people = (await json(`${server.url}/api/user?limit=1`, { headers: auth })).body.payload.count;
  for (const format of ['xlsx', 'csv']) {
    const { firstByte, total, bytes, peak } = await exportTimes(
      `${server.url}/api/export/users?format=${format}`,
      auth,
      server.pid,
    );
    console.log(
      `| ${format}, ${people.toLocaleString('en')} people | ${firstByte.toFixed(0)} | ${total.toFixed(0)} | ${(bytes / 1024 / 1024).toFixed(1)} | ${peak.toFixed(0)} |`,
    );
  }
} finally {
  server.stop();
}
