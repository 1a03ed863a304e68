import fs from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import S3rver from 's3rver';

/**
 * A real S3-protocol server for the tests (s3rver: AWS's REST API over a local folder), with
 * the uploads' bucket and any `others`. `env` is what the app needs to use it (decision 041).
 */
export async function startS3Server(port: number, bucket = 'qbank', others: string[] = []) {
  const directory = fs.mkdtempSync(path.join(os.tmpdir(), 'qbank-s3-'));
  const server = new S3rver({
    port,
    address: '127.0.0.1',
    directory,
    silent: true,
    configureBuckets: [bucket, ...others].map((name) => ({ name, configs: [] })),
  });
  await server.run();
  return {
    env: {
      S3_ENDPOINT: `http://127.0.0.1:${port}`,
      S3_BUCKET: bucket,
      S3_REGION: 'us-east-1',
      // s3rver's fixed credentials.
      S3_ACCESS_KEY_ID: 'S3RVER',
      S3_SECRET_ACCESS_KEY: 'S3RVER',
    },
    close: async () => {
      await server.close();
      fs.rmSync(directory, { recursive: true, force: true });
    },
  };
}
