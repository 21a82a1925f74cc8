import { createHash, timingSafeEqual } from 'node:crypto';
import type { FastifyInstance } from 'fastify';
import fp from 'fastify-plugin';
import { Counter, collectDefaultMetrics, Gauge, Histogram, Registry } from 'prom-client';
import type { Database } from '../db/client.js';
import { AppError, notFound } from '../lib/app-error.js';

/** What the metrics read of the rest of the app at each scrape; each table's owner answers for it. */
export type MetricsSources = {
  connections: Database['connections'];
  replica: Database['reads']['replica'];
  jobs: () => Promise<{ queue: string; waiting: number; due: number; oldestDueSeconds: number }[]>;
  deliveries: () => Promise<{ channel: string; queued: number; due: number; oldestDueSeconds: number }[]>;
};

/** Seconds: from a cached read (a few ms) to an export or an import that runs for minutes. */
const DURATION_BUCKETS = [0.005, 0.01, 0.025, 0.05, 0.1, 0.25, 0.5, 1, 2.5, 5, 10, 30, 120];

const digest = (value: string) => createHash('sha256').update(value).digest();

/**
 * `GET /metrics` in Prometheus' text format, for an operator's scraper (docs/adr/0058-operating-several-processes.md):
 * off (404) unless METRICS_TOKEN is set, and then only with it as a bearer token. Each process answers for
 * itself (its requests, its pool); the queue and delivery figures are the database's, the same from any.
 */
export const metricsPlugin = fp(
  async (app: FastifyInstance, { token, sources }: { token: string | undefined; sources: MetricsSources }) => {
    const registry = new Registry();
    collectDefaultMetrics({ register: registry });

    const requests = new Counter({
      name: 'kanal_http_requests_total',
      help: 'Requests answered, by route pattern and status',
      labelNames: ['method', 'route', 'status'] as const,
      registers: [registry],
    });
    const durations = new Histogram({
      name: 'kanal_http_request_duration_seconds',
      help: 'Time from a request to its answer, by route pattern',
      labelNames: ['method', 'route'] as const,
      buckets: DURATION_BUCKETS,
      registers: [registry],
    });
    app.addHook('onResponse', async (req, reply) => {
      // The pattern, not the URL: one series per route, whatever the ids. Unmatched paths share one.
      const route = req.routeOptions.url ?? 'unmatched';
      requests.inc({ method: req.method, route, status: String(reply.statusCode) });
      durations.observe({ method: req.method, route }, reply.elapsedTime / 1000);
    });

    new Gauge({
      name: 'kanal_db_connections',
      help: 'Database connections of this process: open, busy (in use), max (the pool size), waiting (operations queued for one)',
      labelNames: ['state'] as const,
      registers: [registry],
      collect() {
        for (const [state, n] of Object.entries(sources.connections())) this.set({ state }, n);
      },
    });
    // Only with a replica: its lag, and where the heavy reads went (ADR 0061).
    if (sources.replica()) {
      new Gauge({
        name: 'kanal_replica_in_step',
        help: 'Whether the replica serves the heavy reads now (0: away, behind the bound, or not a standby)',
        registers: [registry],
        collect() {
          this.set(sources.replica()?.state === 'in step' ? 1 : 0);
        },
      });
      new Gauge({
        name: 'kanal_replica_lag_seconds',
        help: "At the replica's last check: how long it took to replay the primary's position, or, behind, how old its last replayed transaction was",
        registers: [registry],
        collect() {
          this.reset();
          const lag = sources.replica()?.lagSeconds;
          if (lag !== undefined) this.set(lag);
        },
      });
      new Counter({
        name: 'kanal_heavy_reads_total',
        help: 'Statistics, export and audit-log reads served since the start, by the server that answered',
        labelNames: ['server'] as const,
        registers: [registry],
        collect() {
          this.reset();
          for (const [server, n] of Object.entries(sources.replica()?.served ?? {})) this.inc({ server }, n);
        },
      });
    }
    const databaseUp = new Gauge({
      name: 'kanal_database_up',
      help: 'Whether the database answered this scrape (the queue and delivery figures are missing when not)',
      registers: [registry],
    });
    const jobs = new Gauge({
      name: 'kanal_jobs',
      help: 'Background jobs waiting, and due (waiting with their time come), by queue',
      labelNames: ['queue', 'state'] as const,
      registers: [registry],
    });
    const oldestJob = new Gauge({
      name: 'kanal_jobs_oldest_due_seconds',
      help: 'How long the oldest due job of each queue has waited past its time',
      labelNames: ['queue'] as const,
      registers: [registry],
    });
    const deliveries = new Gauge({
      name: 'kanal_deliveries',
      help: 'Notice deliveries queued, and due (queued with their time come), by channel',
      labelNames: ['channel', 'state'] as const,
      registers: [registry],
    });
    const oldestDelivery = new Gauge({
      name: 'kanal_deliveries_oldest_due_seconds',
      help: 'How long the oldest due delivery of each channel has waited past its time',
      labelNames: ['channel'] as const,
      registers: [registry],
    });

    /** The database's figures, read afresh: a queue that emptied since the last scrape shows no series. */
    async function readBacklog() {
      for (const gauge of [jobs, oldestJob, deliveries, oldestDelivery]) gauge.reset();
      try {
        const [queues, channels] = await Promise.all([sources.jobs(), sources.deliveries()]);
        for (const q of queues) {
          jobs.set({ queue: q.queue, state: 'waiting' }, q.waiting);
          jobs.set({ queue: q.queue, state: 'due' }, q.due);
          oldestJob.set({ queue: q.queue }, q.oldestDueSeconds);
        }
        for (const c of channels) {
          deliveries.set({ channel: c.channel, state: 'queued' }, c.queued);
          deliveries.set({ channel: c.channel, state: 'due' }, c.due);
          oldestDelivery.set({ channel: c.channel }, c.oldestDueSeconds);
        }
        databaseUp.set(1);
      } catch (err) {
        app.log.warn({ err }, 'metrics: the database did not answer');
        databaseUp.set(0);
      }
    }

    const expected = token === undefined ? undefined : digest(`Bearer ${token}`);
    app.get('/metrics', async (req, reply) => {
      if (expected === undefined) throw notFound();
      // Compared as digests, in constant time: the answer's timing says nothing of the token.
      if (!timingSafeEqual(digest(req.headers.authorization ?? ''), expected)) throw new AppError('Unauthorized');
      await readBacklog();
      return reply.type(registry.contentType).send(await registry.metrics());
    });
  },
);
