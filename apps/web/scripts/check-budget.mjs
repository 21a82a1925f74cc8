// Fails the build when the JavaScript a visit to /login can load exceeds its budget (gzip -9, as served):
// 110 KB from issue 2, 100 KB from issue 32 (which made the room under it). Counted: the entry chunk, the
// login screen's lazy chunk, the texts of both languages, everything they import statically, and anything
// they may import later (a lazy import on the login path is still paid by everybody who logs in). The
// figures are also written to dist/.vite/login-budget.json.
import { readFile, writeFile } from 'node:fs/promises';
import { join } from 'node:path';
import { gzipSync } from 'node:zlib';

const BUDGET_KB = 100;
const dist = join(import.meta.dirname, '..', 'dist');
const manifest = JSON.parse(await readFile(join(dist, '.vite', 'manifest.json'), 'utf8'));

const keyOf = (predicate, what) => {
  const key = Object.keys(manifest).find(predicate);
  if (!key) throw new Error(`check-budget: no chunk for ${what} in the Vite manifest`);
  return key;
};
const roots = [
  keyOf((k) => manifest[k].isEntry, 'the entry'),
  keyOf((k) => k.endsWith('src/app/routes/account/login.tsx'), 'the login screen'),
  ...['hr', 'en'].map((lang) => keyOf((k) => k.endsWith(`src/locales/${lang}/index.ts`), `${lang} texts`)),
];

// The entry's dynamic imports are the other screens; below the roots, a dynamic import is part of the path.
const entry = roots[0];
const loaded = new Set();
const visit = (key) => {
  if (loaded.has(key)) return;
  loaded.add(key);
  for (const k of manifest[key].imports ?? []) visit(k);
  if (key !== entry) for (const k of manifest[key].dynamicImports ?? []) visit(k);
};
roots.forEach(visit);

const chunks = [];
for (const key of loaded) {
  const file = manifest[key].file;
  if (file.endsWith('.js'))
    chunks.push({ file, bytes: gzipSync(await readFile(join(dist, file)), { level: 9 }).length });
}
chunks.sort((a, b) => b.bytes - a.bytes);
const totalKb = Math.round((chunks.reduce((sum, c) => sum + c.bytes, 0) / 1024) * 10) / 10;
await writeFile(
  join(dist, '.vite', 'login-budget.json'),
  `${JSON.stringify({ budgetKb: BUDGET_KB, totalKb, chunks }, null, 2)}\n`,
);

const line = `/login JavaScript (gzip): ${totalKb} KB (budget ${BUDGET_KB} KB)`;
if (totalKb > BUDGET_KB) {
  console.error(`✗ ${line}`);
  for (const c of chunks.slice(0, 8)) console.error(`  ${(c.bytes / 1024).toFixed(1).padStart(6)} KB  ${c.file}`);
  process.exit(1);
}
console.log(`✓ ${line}`);
