import { execFile } from 'node:child_process';
import { chown, mkdtemp, readdir, rm, writeFile } from 'node:fs/promises';
import { tmpdir } from 'node:os';
import path from 'node:path';
import { promisify } from 'node:util';
import pg from 'pg';
import { freePort } from './server-process.js';

const run = promisify(execFile);

/** The PostgreSQL server binaries of this machine (Debian keeps them out of PATH). */
async function serverBin(): Promise<string> {
  const versions = (await readdir('/usr/lib/postgresql')).sort((a, b) => Number(b) - Number(a));
  if (!versions[0]) throw new Error('no PostgreSQL server in /usr/lib/postgresql');
  return path.join('/usr/lib/postgresql', versions[0], 'bin');
}

/** PostgreSQL refuses to run as root: its tools run as the postgres user then, as the packaged cluster does. */
const asServerUser = (command: string, args: string[]) =>
  process.getuid?.() === 0 ? run('runuser', ['-u', 'postgres', '--', command, ...args]) : run(command, args);

/**
 * A streaming replica of the PostgreSQL at `primaryUrl`, made as an operator makes one: `pg_basebackup -R`
 * into a new data directory, started on a port of its own. The primary must accept replication connections
 * from 127.0.0.1 (pg_hba.conf: `host replication all 127.0.0.1/32 trust`; .ci/run adds it).
 */
export async function startReplica(primaryUrl: string) {
  const bin = await serverBin();
  const primary = new URL(primaryUrl);
  const dir = await mkdtemp(path.join(tmpdir(), 'kanal-replica-'));
  const pgdata = path.join(dir, 'data');
  const port = await freePort();
  if (process.getuid?.() === 0) {
    const { stdout } = await run('id', ['-u', 'postgres']);
    const { stdout: group } = await run('id', ['-g', 'postgres']);
    await chown(dir, Number(stdout), Number(group));
  }
  await asServerUser(path.join(bin, 'pg_basebackup'), [
    `--host=${primary.hostname}`,
    `--port=${primary.port || '5432'}`,
    `--username=${decodeURIComponent(primary.username) || 'postgres'}`,
    `--pgdata=${pgdata}`,
    '--write-recovery-conf',
    '--wal-method=stream',
    '--checkpoint=fast',
  ]);
  // Debian keeps the primary's configuration in /etc: the copy has none of its own.
  await writeFile(
    path.join(pgdata, 'postgresql.conf'),
    [
      `port = ${port}`,
      "listen_addresses = '127.0.0.1'",
      `unix_socket_directories = '${dir}'`,
      'hot_standby = on',
      // The primary keeps the rows a long read on the replica still needs (an export's cursor).
      'hot_standby_feedback = on',
      'fsync = off',
      '',
    ].join('\n'),
  );
  await writeFile(path.join(pgdata, 'pg_hba.conf'), 'local all all trust\nhost all all 127.0.0.1/32 trust\n');
  const pgCtl = (...args: string[]) => asServerUser(path.join(bin, 'pg_ctl'), [`--pgdata=${pgdata}`, ...args]);
  const start = () => pgCtl(`--log=${path.join(dir, 'log')}`, '--wait', 'start');
  await start();
  const url = (database = 'postgres') => {
    const u = new URL(primaryUrl);
    u.port = String(port);
    u.pathname = `/${database}`;
    return u.toString();
  };
  const query = async (text: string, values: unknown[] = []) => {
    const client = new pg.Client({ connectionString: url() });
    await client.connect();
    try {
      return (await client.query(text, values)).rows;
    } finally {
      await client.end();
    }
  };
  return {
    port,
    url,
    /** Replay stops (the WAL still arrives): the replica falls behind by every write from now on. */
    pauseReplay: () => query('SELECT pg_wal_replay_pause()'),
    resumeReplay: () => query('SELECT pg_wal_replay_resume()'),
    /** Stopped at once, as a crash would. */
    stop: () => pgCtl('--mode=immediate', '--wait', 'stop'),
    start,
    async close() {
      await pgCtl('--mode=immediate', '--wait', 'stop').catch(() => {});
      await rm(dir, { recursive: true, force: true });
    },
  };
}
export type Replica = Awaited<ReturnType<typeof startReplica>>;
