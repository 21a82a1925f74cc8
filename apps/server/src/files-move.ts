// `npm run files:move`: copies the uploaded files of FILES_DIR into the bucket FILES_S3_BUCKET names (README,
// "Files on S3"). Run it where the server's environment is. It can run while the server still uses the disk,
// and again after an interruption or after the servers stopped: each run copies only what the bucket lacks.
import { configOr, type Fail, failing } from './command-line.js';
import { diskFileStore } from './modules/files/file-store.js';
import { moveFiles } from './modules/files/move-files.js';
import { s3FileStore } from './modules/files/s3-file-store.js';

const fail: Fail = failing('files:move');
const config = configOr(fail);

if (!config.filesS3) fail('set FILES_S3_BUCKET (and FILES_S3_ENDPOINT outside AWS) to the bucket to copy into');

const started = Date.now();
let reported = started;
const done = await moveFiles(diskFileStore(config.filesDir), s3FileStore(config.filesS3), (sofar) => {
  if (Date.now() - reported < 5_000) return;
  reported = Date.now();
  process.stdout.write(`${sofar.copied} copied, ${sofar.skipped} already there…\n`);
}).catch((error: unknown) => {
  const why = error instanceof Error && error.cause instanceof Error ? error.cause : (error as Error);
  return fail(`stopped: ${why.message}; run it again to go on`);
});
const seconds = ((Date.now() - started) / 1000).toFixed(1);
process.stdout.write(
  `${done.copied} files copied (${(done.bytes / 1024 / 1024).toFixed(1)} MB), ${done.skipped} already in ` +
    `${config.filesS3.bucket}, in ${seconds} s. Set FILES_S3_BUCKET for the servers to use it.\n`,
);
