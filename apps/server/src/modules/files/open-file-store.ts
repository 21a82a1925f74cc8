import type { Config } from '../../config.js';
import { diskFileStore, type FileStore } from './file-store.js';

/**
 * The store the configuration names: a bucket when FILES_S3_BUCKET is set, else FILES_DIR. The S3 client is
 * loaded only then, so a server on its own disk never loads the AWS SDK.
 */
export async function openFileStore(config: Pick<Config, 'filesDir' | 'filesS3'>): Promise<FileStore> {
  if (!config.filesS3) return diskFileStore(config.filesDir);
  const { s3FileStore } = await import('./s3-file-store.js');
  return s3FileStore(config.filesS3);
}
