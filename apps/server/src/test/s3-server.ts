import { mkdtemp, rm } from 'node:fs/promises';
import { tmpdir } from 'node:os';
import path from 'node:path';
import { CreateBucketCommand, S3Client } from '@aws-sdk/client-s3';
import S3rver from 's3rver';

/** s3rver's fixed credentials: it checks the signature, so a client must sign with these. */
export const S3RVER_CREDENTIALS = { accessKeyId: 'S3RVER', secretAccessKey: 'S3RVER' };

/** What a test needs to reach the S3 server: where it listens and the requests it has seen. */
export type TestS3 = { endpoint: string };

/**
 * A real S3 protocol server on loopback (a new one, or one started again on `existing`'s buckets) (s3rver: the S3 REST API over a directory), for the file store's
 * tests. It records each request's method and query, so a test can see an abort it cannot list (s3rver
 * answers 405 to AbortMultipartUpload and does not list multipart uploads).
 */
export async function startS3Server(port = 0, existing?: string) {
  const directory = existing ?? (await mkdtemp(path.join(tmpdir(), 'kanal-s3-')));
  const requests: string[] = [];
  const server = new S3rver({ address: '127.0.0.1', port, silent: true, directory });
  // First of its middleware, so every request is seen, whichever of s3rver's own answers it.
  server.middleware.unshift(async (ctx, next) => {
    requests.push(`${ctx.method} ${ctx.url}`);
    await next();
  });
  const address = await server.run();
  const endpoint = `http://127.0.0.1:${address.port}`;
  let closed = false;
  return {
    endpoint,
    port: address.port,
    /** Where it keeps the buckets: a server started again on it (same port) has them all. */
    directory,
    requests,
    async close() {
      if (closed) return;
      closed = true;
      await server.close();
    },
    async removeDirectory() {
      await rm(directory, { recursive: true, force: true });
    },
  };
}

/** A bucket of its own for one test app, on the run's S3 server. */
export async function createTestBucket(endpoint: string, name: string) {
  const client = new S3Client({ endpoint, region: 'us-east-1', forcePathStyle: true, credentials: S3RVER_CREDENTIALS });
  await client.send(new CreateBucketCommand({ Bucket: name }));
  client.destroy();
}
