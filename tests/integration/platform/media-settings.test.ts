import { describe, expect, it } from 'vitest';
import { ConfigError, loadConfig } from '@gather/server/platform/config';

const DATA_DIR = '/tmp/gather-settings-check';

describe('MEDIA_STORAGE_URL', () => {
  it('is unset by default: media stay in the local folder', () => {
    const config = loadConfig({ DATA_DIR });
    expect(config.MEDIA_STORAGE_URL).toBeUndefined();
    expect(config.MEDIA_DIR).toBe(`${DATA_DIR}/media`);
    expect(config.MEDIA_SIGNED_URLS).toBe(false);
  });

  it('names the bucket, a folder in it, and how to reach an S3-compatible store', () => {
    const config = loadConfig({
      DATA_DIR,
      MEDIA_STORAGE_URL: 's3://gather-media/church?endpoint=http://127.0.0.1:9000&region=eu-west-2&forcePathStyle=true',
      MEDIA_SIGNED_URLS: 'true',
    });
    expect(config.MEDIA_STORAGE_URL).toEqual({
      bucket: 'gather-media',
      prefix: 'church/',
      region: 'eu-west-2',
      endpoint: 'http://127.0.0.1:9000',
      forcePathStyle: true,
    });
    expect(config.MEDIA_SIGNED_URLS).toBe(true);
  });

  it('stops the start with one line naming the setting and what is wrong', () => {
    for (const [value, why] of [
      ['gather-media', 'is not an address'],
      ['https://gather-media', 'must start with s3://'],
      ['s3://gather-media?endpoint=minio:9000', 'endpoint must be an http(s) address'],
      ['s3://gather-media?forcePathStyle=yes', 'forcePathStyle must be true or false'],
      ['s3://gather-media?bucket=x', 'does not understand bucket'],
    ]) {
      const attempt = () => loadConfig({ DATA_DIR, MEDIA_STORAGE_URL: value });
      expect(attempt, value).toThrow(ConfigError);
      expect(attempt, value).toThrow(`\n  MEDIA_STORAGE_URL: ${why} (e.g. s3://`);
      expect(() => attempt()).toThrow(/^[^\n]*\n[^\n]*$/);
    }
  });

  it('signs addresses only for an object store', () => {
    expect(() => loadConfig({ DATA_DIR, MEDIA_SIGNED_URLS: 'true' })).toThrow(
      'MEDIA_SIGNED_URLS: needs MEDIA_STORAGE_URL',
    );
  });
});
