// npm run bench:notify -- [--connections 20] [--duration 10] [--sessions 2000]
//
// Publishing to everyone with notifications on (issue 15), on the feed benchmark's data set (the
// 100,000-person tenant; npm run bench:feed:data): every person has a phone (an Expo token) and an
// e-mail address, and takes both. An admin publishes an item to everyone through POST /api/content; the
// figures are the time until every notice is in the bell (the fan-out, a batch of NOTICE_FANOUT_BATCH a
// transaction), the longest of its statements, and until every push and e-mail has been handed to the transports: a local fake of the Expo push API and a local SMTP server that
// accepts everything, both in this process. Meanwhile other people load their home feed (20 connections
// of `--sessions` people's sessions): its p99 during the delivery against the same feed alone, measured
// first in the same run (issue 32's target: at most twice). The item is deleted afterwards (its notices with it); the tokens stay.
//
// DATABASE_URL=postgres://postgres@127.0.0.1:5432/kanal_bench_feed npm run bench:notify

import { fork } from 'node:child_process';
import { createServer } from 'node:http';
import path from 'node:path';
import { performance } from 'node:perf_hooks';
import { buildApp, sql } from '@kanal/server';
import {
  discardedLog,
  dropSessions,
  insertSessions,
  loadOptions,
  openFeedData,
  printTable,
  sample,
  startLoader,
} from './support/lib.mjs';

const opts = loadOptions(20);
const { connections, duration } = opts;
const DEVICE = 'bench:notify';

// The transports' fakes: they count what they are handed.
const handed = { push: 0 };
const expo = createServer((req, res) => {
  const chunks = [];
  req.on('data', (c) => chunks.push(c));
  req.on('end', () => {
    const messages = JSON.parse(Buffer.concat(chunks).toString('utf8'));
    handed.push += messages.length;
    res.writeHead(200, { 'content-type': 'application/json' });
    res.end(JSON.stringify({ data: messages.map((_, i) => ({ status: 'ok', id: `t${handed.push}-${i}` })) }));
  });
});
await new Promise((resolve) => expo.listen(0, '127.0.0.1', resolve));
const smtp = fork(path.join(import.meta.dirname, 'support', 'smtp-sink.mjs'));
const { port: smtpPort } = await new Promise((resolve) => smtp.once('message', resolve));
const mailCount = () =>
  new Promise((resolve) => {
    smtp.once('message', ({ accepted }) => resolve(accepted));
    smtp.send('count');
  });

Object.assign(process.env, {
  EXPO_PUSH_URL: `http://127.0.0.1:${expo.address().port}/expo`,
  SMTP_URL: `smtp://127.0.0.1:${smtpPort}`,
  JOB_POLL_MS: '200',
  PUBLIC_URL: 'https://kanal.bench',
});
const { mulberry32 } = await import('./generate-feed-data.mjs');
const bench = await openFeedData();
const { config, database, db, rows, tenantId } = bench;

// Every person of the tenant has a phone and takes every notice.
const setUp = performance.now();
await db.execute(sql`
  INSERT INTO push_device (tenant_id, user_id, kind, address, created_at)
  SELECT u.tenant_id, u.id, 'expo', 'ExponentPushToken[bench-' || u.id || ']', now()
  FROM app_user u WHERE u.tenant_id = ${tenantId}
  ON CONFLICT DO NOTHING`);
await db.execute(sql`DELETE FROM notification_opt_out WHERE tenant_id = ${tenantId}`);
const [sizes] = await rows(sql`
  SELECT count(*) FILTER (WHERE active)::int AS people, count(*) FILTER (WHERE active AND email IS NOT NULL)::int AS mailable,
    (SELECT count(*) FROM push_device WHERE tenant_id = ${tenantId})::int AS phones
  FROM app_user WHERE tenant_id = ${tenantId}`);
console.log(
  `tenant: ${sizes.people} active people, ${sizes.mailable} with an e-mail address, ${sizes.phones} phones (set up in ${Math.round(performance.now() - setUp)} ms)`,
);

const [admin] = await rows(
  sql`SELECT id FROM app_user WHERE tenant_id = ${tenantId} AND role = 'ADMIN' AND active ORDER BY id LIMIT 1`,
);
const readers = sample(
  (await rows(sql`SELECT id FROM app_user WHERE tenant_id = ${tenantId} AND active AND role = 'USER' ORDER BY id`)).map(
    (r) => r.id,
  ),
  opts.sessions ?? 2000,
  mulberry32(11),
);
const [adminToken] = await insertSessions(db, tenantId, [admin.id], `${DEVICE}:admin`);
const tokens = await insertSessions(db, tenantId, readers, DEVICE);

const app = await buildApp({ config, database, logStream: discardedLog, webRoot: '/nonexistent' });
await app.listen({ port: Number(process.env.PORT ?? 3971), host: '127.0.0.1' });
app.services.jobs.start(config.jobPollMs);
const base = `http://127.0.0.1:${app.server.address().port}`;
const loader = await startLoader();
const feed = { url: `${base}/api/mobile/content/list/new`, tokens, connections };

let itemId;
try {
  await loader.run({ ...feed, duration: 3 });
  const alone = { name: 'home feed alone', ...(await loader.run({ ...feed, duration })) };

  // The publication, as an admin makes it.
  const started = performance.now();
  const created = await fetch(`${base}/api/content`, {
    method: 'POST',
    headers: { 'content-type': 'application/json', authorization: `Bearer ${adminToken}` },
    body: JSON.stringify({
      type: 'INFORMATION',
      name: 'Obavijest svima (benchmark)',
      description: 'Mjerenje obavijesti.',
      audience: { everyone: true },
      publish: { mode: 'now' },
    }),
  });
  if (created.status !== 200) throw new Error(`publishing answered ${created.status}: ${await created.text()}`);
  itemId = (await created.json()).payload.id;
  const answered = performance.now() - started;

  // The feed's load during the delivery, and the milestones meanwhile.
  const during = loader.run({ ...feed, duration });
  const milestones = {};
  // The fan-out's statements as pg_stat_activity shows them, looked at every 50 ms until the notice is
  // sent: the longest age seen is a lower bound of the longest statement, within 50 ms.
  let longestStatement = 0;
  const watching = (async () => {
    while (milestones.fannedOut === undefined) {
      const [s] = await rows(sql`
        SELECT coalesce(max(extract(epoch FROM clock_timestamp() - query_start) * 1000), 0)::float AS ms
        FROM pg_stat_activity
        WHERE state = 'active' AND datname = current_database() AND query LIKE '%INSERT INTO notification %'`);
      longestStatement = Math.max(longestStatement, s.ms);
      await new Promise((resolve) => setTimeout(resolve, 50));
    }
  })();
  const progress = async () => {
    const [p] = await rows(sql`
      SELECT (SELECT count(*) FROM notification WHERE tenant_id = ${tenantId} AND content_id = ${itemId})::int AS notified,
        (SELECT count(*) FROM content_notice
          WHERE tenant_id = ${tenantId} AND content_id = ${itemId} AND status = 'sent')::int AS sent,
        (SELECT count(*) FROM notification_delivery d JOIN notification n ON n.tenant_id = d.tenant_id AND n.id = d.notification_id
          WHERE n.tenant_id = ${tenantId} AND n.content_id = ${itemId} AND d.state = 'queued')::int AS queued`);
    return p;
  };
  for (;;) {
    const p = await progress();
    const at = Math.round(performance.now() - started);
    if (p.sent > 0 && milestones.fannedOut === undefined) milestones.fannedOut = { at, notified: p.notified };
    if (p.sent > 0 && handed.push >= p.notified && milestones.pushed === undefined) milestones.pushed = { at };
    const mail = await mailCount();
    if (p.sent > 0 && p.queued === 0 && handed.push >= p.notified && mail >= sizes.mailable) {
      milestones.handed = { at, push: handed.push, mail };
      break;
    }
    if (at > 15 * 60_000) throw new Error(`not delivered after 15 minutes: ${JSON.stringify({ p, handed, mail })}`);
    await new Promise((resolve) => setTimeout(resolve, 250));
  }
  const loaded = { name: 'home feed during the delivery', ...(await during) };
  await watching;

  console.log(`\nPOST /api/content answered in ${Math.round(answered)} ms`);
  console.log(
    `in the bells: ${milestones.fannedOut.notified} people after ${(milestones.fannedOut.at / 1000).toFixed(1)} s`,
  );
  console.log(`the longest fan-out statement seen: ${Math.round(longestStatement)} ms (target: ≤ 500)`);
  console.log(`every push handed to Expo after ${(milestones.pushed.at / 1000).toFixed(1)} s`);
  const seconds = milestones.handed.at / 1000;
  console.log(
    `handed to the transports: ${milestones.handed.push} pushes and ${milestones.handed.mail} e-mails after ${seconds.toFixed(1)} s ` +
      `(${Math.round((milestones.handed.push + milestones.handed.mail) / seconds)} messages/s)`,
  );
  printTable([alone, loaded], alone);
  console.log(`feed p99 during the delivery ÷ alone: ${(loaded.p99 / alone.p99).toFixed(2)} (target: ≤ 2)`);
} finally {
  loader.stop();
  if (itemId) await db.execute(sql`DELETE FROM content WHERE tenant_id = ${tenantId} AND id = ${itemId}`);
  await db.execute(sql`DELETE FROM job WHERE tenant_id = ${tenantId} AND key LIKE ${`%:${tenantId}:${itemId ?? 0}`}`);
  await dropSessions(db, tenantId, DEVICE);
  await dropSessions(db, tenantId, `${DEVICE}:admin`);
  await app.close();
  await database.close();
  expo.close();
  smtp.kill();
}
