// Proves the boundaries of .dependency-cruiser.cjs still bite (run by `npm run lint` after the main
// depcruise): it plants one violation per rule in directories named __boundary-check__ (gitignored, and
// removed in a `finally` and on a signal), cruises them in one depcruise run, and fails unless every rule
// is reported for its planted file. A rule whose paths no longer match the tree fails here, not silently.
import { spawnSync } from 'node:child_process';
import { mkdirSync, rmSync, writeFileSync } from 'node:fs';
import path from 'node:path';

const root = path.resolve(import.meta.dirname, '..');
const DIR = '__boundary-check__';

/** Each planted file (its path from the root, and what it imports) and the rule it must trip. */
const planted = [
  {
    rule: 'contract-runs-anywhere',
    file: `packages/contract/src/${DIR}/uses-node.ts`,
    text: "import { readFileSync } from 'node:fs';\nexport const read = readFileSync;\n",
  },
  {
    rule: 'web-never-imports-the-server',
    file: `apps/web/src/${DIR}/imports-server.ts`,
    text: "export { loadConfig } from '@kanal/server';\n",
  },
  {
    rule: 'tools-use-the-server-entry',
    file: `e2e/${DIR}/server-internals.ts`,
    text: `export { internal } from '../../apps/server/src/${DIR}/internal';\n`,
  },
  {
    rule: 'tools-import-the-server-by-its-name',
    file: `bench/${DIR}/entry-by-path.mjs`,
    text: "export { loadConfig } from '../../apps/server/src/index.ts';\n",
  },
  {
    rule: 'contract-through-its-package',
    file: `bench/${DIR}/contract-by-path.mjs`,
    text: "export { ROLES } from '../../packages/contract/src/index.ts';\n",
  },
  {
    rule: 'no-cycles',
    file: `apps/server/src/lib/${DIR}/cycle-a.ts`,
    text: "import { b } from './cycle-b.js';\nexport const a = () => b();\n",
  },
  {
    rule: 'console-shell-below-features',
    file: `apps/web/src/console/${DIR}/uses-a-feature.ts`,
    text: `export { other } from '@/features/${DIR}-other/other';\n`,
  },
  {
    rule: 'feature-does-not-use-feature',
    file: `apps/web/src/features/${DIR}/uses-another-feature.ts`,
    text: `export { other } from '@/features/${DIR}-other/other';\n`,
  },
];
/** The targets the planted files import, themselves within the rules. */
const targets = [
  { file: `apps/server/src/${DIR}/internal.ts`, text: 'export const internal = 1;\n' },
  {
    file: `apps/server/src/lib/${DIR}/cycle-b.ts`,
    text: "import { a } from './cycle-a.js';\nexport const b = () => a;\n",
  },
  { file: `apps/web/src/features/${DIR}-other/other.ts`, text: 'export const other = 1;\n' },
];

const dirs = [...new Set([...planted, ...targets].map(({ file }) => path.join(root, path.dirname(file))))];
const clean = () => {
  for (const dir of dirs) rmSync(dir, { recursive: true, force: true });
};
for (const signal of ['SIGINT', 'SIGTERM', 'SIGHUP']) {
  process.on(signal, () => {
    clean();
    process.exit(1);
  });
}

let result;
try {
  clean();
  for (const { file, text } of [...planted, ...targets]) {
    mkdirSync(path.join(root, path.dirname(file)), { recursive: true });
    writeFileSync(path.join(root, file), text);
  }
  const run = spawnSync(
    path.join(root, 'node_modules/.bin/depcruise'),
    [...planted.map(({ file }) => file), '--config', '.dependency-cruiser.cjs', '--output-type', 'json'],
    { cwd: root, encoding: 'utf8', maxBuffer: 256 * 1024 * 1024 },
  );
  if (!run.stdout) throw new Error(`depcruise gave no report (exit ${run.status}):\n${run.stderr}`);
  result = JSON.parse(run.stdout);
} finally {
  clean();
}

const found = (rule, file) => result.summary.violations.find((v) => v.rule.name === rule && v.from === file);
const missed = planted.filter(({ rule, file }) => !found(rule, file));
for (const { rule, file } of planted) {
  const violation = found(rule, file);
  process.stdout.write(
    `${violation ? '✔ caught' : '✖ MISSED'}  ${rule}: ${file} → ${violation?.to ?? '(not reported)'}\n`,
  );
}
if (missed.length > 0) {
  console.error(`\nThese boundaries no longer catch their planted violation: ${missed.map((m) => m.rule).join(', ')}`);
  process.exit(1);
}
process.stdout.write(`Every boundary caught its planted violation (${planted.length} rules).\n`);
