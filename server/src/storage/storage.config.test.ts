import { describe, expect, it } from 'vitest';
import { parseConfig } from '../config.js';
import { s3SettingsOf } from './storage.config.js';

const s3 = {
  FILE_STORE: 's3',
  S3_ENDPOINT: 'https://s3.eu-west-1.amazonaws.com',
  S3_BUCKET: 'acme-proofs',
  S3_ACCESS_KEY_ID: 'AKIAEXAMPLE',
  S3_SECRET_ACCESS_KEY: 'a-very-secret-key',
};

function configError(env: Record<string, string>): string {
  try {
    parseConfig(env);
  } catch (error) {
    return (error as Error).message;
  }
  throw new Error('the configuration was accepted');
}

describe('file store configuration', () => {
  it('keeps files in the database unless told otherwise, and needs no S3 setting for it', () => {
    const config = parseConfig({});
    expect(config.FILE_STORE).toBe('database');
    expect(config.S3_BUCKET).toBeUndefined();
  });

  it('reads the S3 settings, with a region, virtual-host addressing and no prefix by default', () => {
    expect(s3SettingsOf(parseConfig(s3))).toEqual({
      endpoint: 'https://s3.eu-west-1.amazonaws.com',
      bucket: 'acme-proofs',
      region: 'us-east-1',
      accessKeyId: 'AKIAEXAMPLE',
      secretAccessKey: 'a-very-secret-key',
      forcePathStyle: false,
      keyPrefix: '',
      timeoutMs: 10_000,
    });
    const custom = parseConfig({
      ...s3,
      S3_ENDPOINT: 'http://minio:9000',
      S3_REGION: 'eu-central-1',
      S3_FORCE_PATH_STYLE: 'true',
      S3_KEY_PREFIX: 'signalroom/proofs/',
      S3_TIMEOUT_MS: '3000',
    });
    expect(s3SettingsOf(custom)).toMatchObject({
      endpoint: 'http://minio:9000',
      region: 'eu-central-1',
      forcePathStyle: true,
      keyPrefix: 'signalroom/proofs/',
      timeoutMs: 3000,
    });
  });

  it('names every missing S3 setting on its own line when FILE_STORE=s3', () => {
    const message = configError({ FILE_STORE: 's3', S3_BUCKET: 'acme-proofs' });
    expect(message.split('\n')).toEqual([
      'Invalid configuration:',
      '  S3_ENDPOINT: required when FILE_STORE=s3',
      '  S3_ACCESS_KEY_ID: required when FILE_STORE=s3',
      '  S3_SECRET_ACCESS_KEY: required when FILE_STORE=s3',
    ]);
  });

  it('lists S3 problems together with the rest of the configuration’s', () => {
    const message = configError({ PORT: 'eighty', FILE_STORE: 's3', S3_BUCKET: 'Acme_Proofs' });
    for (const key of ['PORT', 'S3_BUCKET', 'S3_ENDPOINT', 'S3_ACCESS_KEY_ID', 'S3_SECRET_ACCESS_KEY']) {
      expect(message).toContain(`  ${key}:`);
    }
  });

  it('refuses a store it does not know, a non-HTTP endpoint and a prefix that is not a safe key part', () => {
    expect(configError({ FILE_STORE: 'disk' })).toMatch(/FILE_STORE/);
    expect(configError({ ...s3, S3_ENDPOINT: 'ftp://files.acme.com' })).toMatch(/S3_ENDPOINT/);
    expect(configError({ ...s3, S3_KEY_PREFIX: '/proofs' })).toMatch(/S3_KEY_PREFIX: must not start with a slash/);
    expect(configError({ ...s3, S3_KEY_PREFIX: 'proofs?x' })).toMatch(/S3_KEY_PREFIX/);
    expect(configError({ ...s3, S3_FORCE_PATH_STYLE: 'maybe' })).toMatch(/S3_FORCE_PATH_STYLE/);
  });

  it('never puts the secret key in a configuration error', () => {
    const message = configError({ ...s3, S3_ENDPOINT: 'not a url', S3_TIMEOUT_MS: '5' });
    expect(message).toMatch(/S3_ENDPOINT/);
    expect(message).toMatch(/S3_TIMEOUT_MS/);
    expect(message).not.toContain(s3.S3_SECRET_ACCESS_KEY);
  });
});
