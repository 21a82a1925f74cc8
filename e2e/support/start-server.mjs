// Starts the built server on a fresh, seeded embedded database for one Playwright project.
import { spawn } from 'node:child_process';
import { mkdtemp } from 'node:fs/promises';
import { tmpdir } from 'node:os';
import path from 'node:path';
import { serverEntryPoint } from '@kanal/server';
import { prepareDatabase } from './fixtures.mjs';

const dataDir = await mkdtemp(path.join(tmpdir(), 'kanal-e2e-'));
// The demo seed plus what only the journeys need; the server then finds its database seeded.
await prepareDatabase(dataDir);
const server = spawn(process.execPath, [serverEntryPoint], {
  env: { ...process.env, DATA_DIR: dataDir, HOST: '127.0.0.1', LOG_LEVEL: 'warn' },
  stdio: 'inherit',
});
for (const signal of ['SIGINT', 'SIGTERM']) process.on(signal, () => server.kill(signal));
server.on('exit', (code) => process.exit(code ?? 0));
