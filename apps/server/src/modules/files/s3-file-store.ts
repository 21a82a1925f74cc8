import type { Readable } from 'node:stream';
import {
  DeleteObjectCommand,
  GetObjectCommand,
  HeadObjectCommand,
  ListObjectsV2Command,
  S3Client,
  S3ServiceException,
} from '@aws-sdk/client-s3';
import { Upload } from '@aws-sdk/lib-storage';
import { AppError, notFound } from '../../lib/app-error.js';
import { countedBytes, type FileStore, storageUnavailable } from './file-store.js';

export type S3Options = {
  bucket: string;
  /** Unset: AWS itself; MinIO, Ceph, R2 or a test's server otherwise. */
  endpoint: string | undefined;
  region: string;
  /** `bucket` in the path rather than the host name: what MinIO and most servers outside AWS expect. */
  forcePathStyle: boolean;
  /** Unset: the SDK's own chain (AWS_ACCESS_KEY_ID and AWS_SECRET_ACCESS_KEY, a profile, an instance role). */
  credentials?: { accessKeyId: string; secretAccessKey: string };
};

/**
 * A part of a multipart upload, held in memory while it is sent: S3's smallest. Two in flight at most, so an
 * upload of any size holds about 10 MB (the disk store holds a chunk).
 */
const PART_BYTES = 5 * 1024 * 1024;
const PARTS_IN_FLIGHT = 2;

/** The service said the key is not there (GetObject's NoSuchKey, HeadObject's bare 404). */
const missing = (error: unknown) =>
  error instanceof S3ServiceException && (error.name === 'NoSuchKey' || error.$metadata.httpStatusCode === 404);

/**
 * What the product says of a failed call: a missing key is 404; a refused request is the operator's to fix
 * (a wrong bucket or key) and stays a 500 with its cause in the log; anything else (the service away, its
 * 5xx, a cut connection) is a 503 the client may retry.
 */
function failure(error: unknown): unknown {
  if (error instanceof AppError) return error;
  if (missing(error)) return notFound();
  const status = error instanceof S3ServiceException ? error.$metadata.httpStatusCode : undefined;
  if (status !== undefined && status < 500) return error;
  return storageUnavailable(error);
}

/**
 * File bytes in an S3-compatible bucket (FILES_S3_BUCKET), under the same keys as on disk
 * (docs/adr/0059-files-on-s3.md). An upload streams through a multipart upload: the object appears only
 * when its last part is in, and a failed or too large one is aborted, leaving no object behind.
 */
export function s3FileStore(options: S3Options): FileStore {
  const client = new S3Client({
    region: options.region,
    forcePathStyle: options.forcePathStyle,
    ...(options.endpoint ? { endpoint: options.endpoint } : {}),
    ...(options.credentials ? { credentials: options.credentials } : {}),
    // A service that does not answer is a 503 within seconds, not a request held for ever; a part in flight
    // may stall that long between its packets before it counts as lost.
    requestHandler: { connectionTimeout: 5_000, requestTimeout: 30_000 },
    // Checksums only where S3 requires them: the newer default (a CRC trailer on every upload) is refused
    // by many S3-compatible servers, and TLS already guards the bytes on the way.
    requestChecksumCalculation: 'WHEN_REQUIRED',
    responseChecksumValidation: 'WHEN_REQUIRED',
  });
  const Bucket = options.bucket;

  return {
    async put(key, bytes, maxBytes = Number.POSITIVE_INFINITY) {
      const body = countedBytes(bytes, maxBytes);
      const upload = new Upload({
        client,
        params: { Bucket, Key: key, Body: body.stream },
        partSize: PART_BYTES,
        queueSize: PARTS_IN_FLIGHT,
      });
      try {
        await upload.done();
        return body.size();
      } catch (error) {
        // The source's own error (413, a cut upload) says more than the abort's or a part's that followed it.
        throw body.error() ?? failure(error);
      }
    },
    async open(key, range) {
      try {
        const answer = await client.send(
          new GetObjectCommand({ Bucket, Key: key, ...(range ? { Range: `bytes=${range.start}-${range.end}` } : {}) }),
        );
        return answer.Body as Readable;
      } catch (error) {
        throw failure(error);
      }
    },
    async remove(key) {
      try {
        await client.send(new DeleteObjectCommand({ Bucket, Key: key }));
      } catch (error) {
        if (!missing(error)) throw failure(error);
      }
    },
    async exists(key) {
      try {
        await client.send(new HeadObjectCommand({ Bucket, Key: key }));
        return true;
      } catch (error) {
        if (missing(error)) return false;
        throw failure(error);
      }
    },
    async *keys(prefix) {
      let ContinuationToken: string | undefined;
      do {
        const page = await client
          .send(new ListObjectsV2Command({ Bucket, Prefix: prefix, ContinuationToken }))
          .catch((error: unknown) => {
            throw failure(error);
          });
        for (const object of page.Contents ?? []) if (object.Key) yield object.Key;
        ContinuationToken = page.IsTruncated ? page.NextContinuationToken : undefined;
      } while (ContinuationToken);
    },
  };
}
