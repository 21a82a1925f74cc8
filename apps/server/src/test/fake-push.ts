import { createDecipheriv, createECDH, createPublicKey, hkdfSync, randomBytes, verify } from 'node:crypto';
import { createServer, type Server } from 'node:http';
import type { AddressInfo } from 'node:net';

/** A request the fake push services received. */
export type PushRequest = { path: string; headers: Record<string, string | string[] | undefined>; body: Buffer };

const b64url = (bytes: Buffer) => bytes.toString('base64url');

/**
 * The push services this machine cannot reach, as one local HTTP server: a browser's push service (any
 * path; `/gone/…` answers 410 as for an expired subscription) and the Expo push API (`/expo`; a token
 * with "Gone" in it answers DeviceNotRegistered at once, one with "Unregistered" in its receipt later, at
 * `/getReceipts`). It records every request as it arrives. `hold()` keeps every answer back until the
 * function it returns is called (a service that does not answer); while `down` is set it answers 503.
 * `port`: a fixed one (the journeys name it in the server's WEB_PUSH_SERVICES), otherwise any free one.
 */
export async function startFakePush({ answerAfterMs = 0, port = 0 }: { answerAfterMs?: number; port?: number } = {}) {
  const received: PushRequest[] = [];
  /** The phone each Expo ticket was for. */
  const tickets = new Map<string, string>();
  const state: { held?: Promise<void>; down: boolean } = { down: false };
  const server: Server = createServer((req, res) => {
    const chunks: Buffer[] = [];
    req.on('data', (chunk: Buffer) => chunks.push(chunk));
    req.on('end', async () => {
      const request = { path: req.url ?? '', headers: req.headers, body: Buffer.concat(chunks) };
      received.push(request);
      // A push service over a network: the answer takes a while (the multi-process suite kills mid-send).
      if (answerAfterMs) await new Promise((resolve) => setTimeout(resolve, answerAfterMs));
      await state.held;
      if (state.down) {
        res.writeHead(503);
        res.end();
        return;
      }
      const notRegistered = { status: 'error', message: 'not registered', details: { error: 'DeviceNotRegistered' } };
      if (request.path === '/expo') {
        const messages = JSON.parse(request.body.toString('utf8')) as { to: string }[];
        res.writeHead(200, { 'content-type': 'application/json' });
        res.end(
          JSON.stringify({
            data: messages.map((m, i) => {
              if (m.to.includes('Gone')) return notRegistered;
              const id = `ticket-${received.length}-${i}`;
              tickets.set(id, m.to);
              return { status: 'ok', id };
            }),
          }),
        );
        return;
      }
      if (request.path === '/getReceipts') {
        const { ids } = JSON.parse(request.body.toString('utf8')) as { ids: string[] };
        const known = ids.filter((id) => tickets.has(id));
        res.writeHead(200, { 'content-type': 'application/json' });
        res.end(
          JSON.stringify({
            data: Object.fromEntries(
              known.map((id) => [id, tickets.get(id)?.includes('Unregistered') ? notRegistered : { status: 'ok' }]),
            ),
          }),
        );
        return;
      }
      res.writeHead(request.path.startsWith('/gone/') ? 410 : 201);
      res.end();
    });
  });
  await new Promise<void>((resolve) => server.listen(port, '127.0.0.1', resolve));
  const url = `http://127.0.0.1:${(server.address() as AddressInfo).port}`;
  return {
    url,
    received,
    /** The web pushes sent to one subscription's endpoint path. */
    to: (path: string) => received.filter((r) => r.path === path),
    expo: () => received.filter((r) => r.path === '/expo'),
    /** The tickets asked about at /getReceipts, in order. */
    receiptsAskedFor: () =>
      received
        .filter((r) => r.path === '/getReceipts')
        .flatMap((r) => (JSON.parse(r.body.toString('utf8')) as { ids: string[] }).ids),
    /** Keeps every answer from now on back until the returned function is called. */
    hold(): () => void {
      let release = () => {};
      state.held = new Promise<void>((resolve) => {
        release = resolve;
      });
      return () => {
        state.held = undefined;
        release();
      };
    },
    /** Answers 503 to everything while set, as a service that is down. */
    setDown(down: boolean) {
      state.down = down;
    },
    close: () => new Promise<void>((resolve) => server.close(() => resolve())),
  };
}

/** A browser's push subscription at `endpoint`: its keys, as PushSubscription.toJSON() gives them, and how it decrypts. */
export function browserSubscription(endpoint: string) {
  const ecdh = createECDH('prime256v1');
  const publicKey = ecdh.generateKeys();
  const auth = randomBytes(16);
  return {
    body: { endpoint, keys: { p256dh: b64url(publicKey), auth: b64url(auth) } },
    /** A push body (RFC 8188 aes128gcm, keyed as RFC 8291 says) as the browser reads it. */
    decrypt(body: Buffer): unknown {
      const salt = body.subarray(0, 16);
      const idLength = body.readUInt8(20);
      const serverKey = body.subarray(21, 21 + idLength);
      const cipherText = body.subarray(21 + idLength);
      const secret = ecdh.computeSecret(serverKey);
      const keyInfo = Buffer.concat([Buffer.from('WebPush: info\0'), publicKey, serverKey]);
      const ikm = Buffer.from(hkdfSync('sha256', secret, auth, keyInfo, 32));
      const cek = Buffer.from(hkdfSync('sha256', ikm, salt, Buffer.from('Content-Encoding: aes128gcm\0'), 16));
      const nonce = Buffer.from(hkdfSync('sha256', ikm, salt, Buffer.from('Content-Encoding: nonce\0'), 12));
      const decipher = createDecipheriv('aes-128-gcm', cek, nonce);
      decipher.setAuthTag(cipherText.subarray(-16));
      const padded = Buffer.concat([decipher.update(cipherText.subarray(0, -16)), decipher.final()]);
      // The last record ends with the delimiter 2, then padding zeros.
      return JSON.parse(padded.subarray(0, padded.lastIndexOf(2)).toString('utf8'));
    },
  };
}

/**
 * The claims of a request's VAPID authorization (RFC 8292), once its ES256 signature checks out against
 * the key it names; throws when it does not.
 */
export function verifiedVapid(request: PushRequest): {
  key: string;
  claims: { aud: string; exp: number; sub: string };
} {
  const header = String(request.headers.authorization ?? '');
  const match = header.match(/^vapid t=([\w-]+\.[\w-]+\.[\w-]+), k=([\w-]+)$/);
  if (!match?.[1] || !match[2]) throw new Error(`not a VAPID authorization: ${header}`);
  const [head, payload, signature] = match[1].split('.') as [string, string, string];
  const point = Buffer.from(match[2], 'base64url');
  const key = createPublicKey({
    key: { kty: 'EC', crv: 'P-256', x: b64url(point.subarray(1, 33)), y: b64url(point.subarray(33, 65)) },
    format: 'jwk',
  });
  const signed = verify(
    'sha256',
    Buffer.from(`${head}.${payload}`),
    { key, dsaEncoding: 'ieee-p1363' },
    Buffer.from(signature, 'base64url'),
  );
  if (!signed) throw new Error('the VAPID signature does not verify');
  return { key: match[2], claims: JSON.parse(Buffer.from(payload, 'base64url').toString('utf8')) };
}
