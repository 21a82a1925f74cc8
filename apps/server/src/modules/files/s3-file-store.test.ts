import { randomBytes } from 'node:crypto';
import { Readable } from 'node:stream';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { makeTenant, makeUser, pngBytes, signIn } from '../../test/factories.js';
import { createTestBucket, S3RVER_CREDENTIALS, startS3Server } from '../../test/s3-server.js';
import { createTestApp, type TestApp } from '../../test/test-app.js';

// The S3 store against a real S3 protocol server of this file's own, which it stops and starts again:
// multipart uploads, their abort, and what a client sees while the service is away. The rest of the files
// suite runs on S3 too (npm run test:server:s3).

const BUCKET = 'kanal-s3-store-test';
let s3: Awaited<ReturnType<typeof startS3Server>>;
let t: TestApp;
let token: string;
let tenantId: number;

beforeAll(async () => {
  s3 = await startS3Server();
  await createTestBucket(s3.endpoint, BUCKET);
  t = await createTestApp({
    env: {
      FILES_S3_BUCKET: BUCKET,
      FILES_S3_ENDPOINT: s3.endpoint,
      FILES_S3_FORCE_PATH_STYLE: 'true',
      AWS_ACCESS_KEY_ID: S3RVER_CREDENTIALS.accessKeyId,
      AWS_SECRET_ACCESS_KEY: S3RVER_CREDENTIALS.secretAccessKey,
    },
  });
  ({ id: tenantId } = await makeTenant(t.db));
  const creator = await makeUser(t.db, { tenantId, role: 'CREATOR' });
  token = await signIn(t, creator.email ?? '');
});
afterAll(async () => {
  await t.close();
  await s3.close();
  await s3.removeDirectory();
});

/** A multipart/form-data body of one file, in 64 KB pieces, with a hook between two of them. */
async function formPieces(name: string, bytes: Uint8Array, between?: { at: number; run: () => Promise<void> }) {
  const form = new FormData();
  form.append('file', new Blob([bytes]), name);
  const request = new Request('http://kanal.test', { method: 'POST', body: form });
  const body = Buffer.from(await request.arrayBuffer());
  async function* pieces() {
    for (let offset = 0; offset < body.byteLength; offset += 65_536) {
      if (between && offset === between.at) await between.run();
      yield body.subarray(offset, offset + 65_536);
    }
  }
  return { contentType: request.headers.get('content-type') ?? '', pieces: Readable.from(pieces()) };
}

async function uploadInPieces(name: string, bytes: Uint8Array, between?: { at: number; run: () => Promise<void> }) {
  const { contentType, pieces } = await formPieces(name, bytes, between);
  return t.app.inject({
    method: 'POST',
    url: '/api/files',
    headers: { authorization: `Bearer ${token}`, 'content-type': contentType },
    payload: pieces,
  });
}

const keysOf = async () => {
  const keys: string[] = [];
  for await (const key of t.fileStore.keys(`${tenantId}/`)) keys.push(key);
  return keys;
};

describe('files on S3', () => {
  it('sends a file larger than a part as a multipart upload and serves it whole and by range', async () => {
    const bytes = Buffer.concat([pngBytes(), randomBytes(12 * 1024 * 1024)]);
    const res = await uploadInPieces('velika.png', bytes);
    expect(res.statusCode).toBe(200);
    const { id, size } = res.json().payload;
    expect(size).toBe(bytes.byteLength);
    expect(s3.requests.filter((r) => r.startsWith('PUT') && r.includes('partNumber=')).length).toBe(3);

    const whole = await t.app.inject({ url: `/api/files/${id}`, headers: { authorization: `Bearer ${token}` } });
    expect(whole.statusCode).toBe(200);
    expect(whole.rawPayload.equals(bytes)).toBe(true);
    const seek = await t.app.inject({
      url: `/api/files/${id}`,
      headers: { authorization: `Bearer ${token}`, range: 'bytes=6000000-6000099' },
    });
    expect(seek.statusCode).toBe(206);
    expect(seek.rawPayload.equals(bytes.subarray(6_000_000, 6_000_100))).toBe(true);
  });

  it('aborts the multipart upload of a file over the limit: no object, no row', async () => {
    const before = new Set(await keysOf());
    s3.requests.length = 0;
    async function* elevenMegabytes() {
      for (let i = 0; i < 11; i++) yield randomBytes(1024 * 1024);
    }
    const put = t.fileStore.put(`${tenantId}/too-big`, elevenMegabytes(), 10 * 1024 * 1024);
    await expect(put).rejects.toMatchObject({ code: 'PayloadTooLarge' });
    // Its first part had gone up: the upload was begun, and then aborted.
    expect(s3.requests.some((r) => r.startsWith('PUT') && r.includes('partNumber=1'))).toBe(true);
    expect(s3.requests.some((r) => r.startsWith('DELETE') && r.includes('uploadId='))).toBe(true);
    expect(await t.fileStore.exists(`${tenantId}/too-big`)).toBe(false);
    expect((await keysOf()).filter((k) => !before.has(k))).toEqual([]);
  });

  it('answers 503 while the service is away, mid-upload too, keeping nothing; and works again once it is back', async () => {
    const stored = await t.app.services.files.save(tenantId, 'prije.png', 'image/png', pngBytes());
    const before = new Set(await keysOf());
    const bytes = Buffer.concat([pngBytes(), randomBytes(8 * 1024 * 1024)]);
    s3.requests.length = 0;
    const firstPartSent = () => s3.requests.some((r) => r.startsWith('PUT') && r.includes('partNumber=1'));
    // The service goes away once the first part has reached it: the upload is under way.
    const cut = await uploadInPieces('prekinuta.png', bytes, {
      at: 6 * 1024 * 1024,
      run: async () => {
        while (!firstPartSent()) await new Promise((again) => setTimeout(again, 20));
        await s3.close();
      },
    });
    expect(cut.statusCode).toBe(503);
    expect(cut.json().code).toBe('ServiceUnavailable');
    expect(cut.headers['retry-after']).toBe('5');

    const read = await t.app.inject({ url: `/api/files/${stored.id}`, headers: { authorization: `Bearer ${token}` } });
    expect(read.statusCode).toBe(503);
    expect(read.json().code).toBe('ServiceUnavailable');

    s3 = await startS3Server(s3.port, s3.directory);
    expect((await keysOf()).filter((k) => !before.has(k))).toEqual([]);
    const again = await t.app.inject({ url: `/api/files/${stored.id}`, headers: { authorization: `Bearer ${token}` } });
    expect(again.statusCode).toBe(200);
    expect((await uploadInPieces('nakon.png', bytes)).statusCode).toBe(200);
  });
});
