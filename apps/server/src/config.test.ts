import { describe, expect, it } from 'vitest';
import { loadConfig } from './config';

describe('loadConfig', () => {
  it('applies the documented defaults', () => {
    const config = loadConfig({});
    expect(config.port).toBe(3000);
    expect(config.databaseUrl).toBeUndefined();
    expect(config.dataDir).toMatch(/data$/);
  });

  it('names the bad variable', () => {
    expect(() => loadConfig({ PORT: 'eighty' })).toThrow(/PORT/);
    expect(() => loadConfig({ DATABASE_URL: 'not a url' })).toThrow(/DATABASE_URL/);
  });

  it('reads the scale-out variables and checks the ones that go together', () => {
    const config = loadConfig({
      DATABASE_URL: 'postgres://db/qbank',
      WORKERS: 'auto',
      REDIS_URL: 'redis://redis:6379',
      S3_BUCKET: 'media',
      S3_ENDPOINT: 'http://minio:9000',
    });
    expect(config.workers).toBeGreaterThanOrEqual(1);
    expect(config.redisUrl).toBe('redis://redis:6379');
    expect(config.s3).toMatchObject({ bucket: 'media', region: 'us-east-1' });
    expect(loadConfig({}).s3).toBeUndefined();
    expect(loadConfig({ WORKERS: '' }).workers).toBe(1);
    expect(() => loadConfig({ WORKERS: '2' })).toThrow(/WORKERS: .*DATABASE_URL/);
    expect(() => loadConfig({ WORKERS: 'many' })).toThrow(/WORKERS/);
    expect(() => loadConfig({ S3_ENDPOINT: 'http://minio:9000' })).toThrow(/S3_BUCKET/);
    expect(() => loadConfig({ S3_BUCKET: 'b', S3_ACCESS_KEY_ID: 'id' })).toThrow(
      /S3_SECRET_ACCESS_KEY/,
    );
    expect(() => loadConfig({ REDIS_URL: 'not a url' })).toThrow(/REDIS_URL/);
  });
});
