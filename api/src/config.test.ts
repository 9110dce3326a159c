import { describe, expect, it } from 'vitest';
import { loadConfig } from './config.js';

describe('loadConfig', () => {
  it('has working defaults', () => {
    const config = loadConfig({});
    expect(config).toMatchObject({
      env: 'development',
      port: 8787,
      examplesPort: 8788,
      publicOrigin: 'http://localhost:8787',
      examplesOrigin: 'http://127.0.0.1:8788',
      databaseUrl: undefined,
      secureCookies: false,
      outboundAllow: ['http://127.0.0.1:8788'],
    });
  });

  it('keeps media in MEDIA_DIR unless MEDIA_STORE names a bucket', () => {
    expect(loadConfig({}).mediaStore).toEqual({ kind: 'local' });
    const config = loadConfig({
      MEDIA_STORE: 's3://corkboard-media/prod/media/',
      MEDIA_S3_ENDPOINT: 'http://127.0.0.1:9000',
      MEDIA_PUBLIC_URL: 'https://cdn.example.com/m/',
    });
    expect(config.mediaStore).toEqual({ kind: 's3', bucket: 'corkboard-media', prefix: 'prod/media' });
    expect(config.mediaS3).toMatchObject({ endpoint: 'http://127.0.0.1:9000', region: 'us-east-1', forcePathStyle: true });
    expect(config.mediaPublicUrl).toBe('https://cdn.example.com/m');
    expect(loadConfig({ MEDIA_STORE: 's3://bucket' }).mediaStore).toEqual({ kind: 's3', bucket: 'bucket', prefix: '' });
    expect(loadConfig({ MEDIA_STORE: 's3://bucket' }).mediaS3.forcePathStyle).toBe(false);
    expect(() => loadConfig({ MEDIA_STORE: 'ftp://x' })).toThrow(/MEDIA_STORE/);
    expect(() => loadConfig({ MEDIA_STORE: 's3://bucket', MEDIA_S3_ACCESS_KEY_ID: 'only-one' })).toThrow(/go together/);
  });

  it('follows the ports into the origins', () => {
    const config = loadConfig({ PORT: '9000', EXAMPLES_PORT: '9001' });
    expect(config.publicOrigin).toBe('http://localhost:9000');
    expect(config.examplesOrigin).toBe('http://127.0.0.1:9001');
  });

  it('sets Secure cookies for a public origin that is not loopback', () => {
    const config = loadConfig({ PUBLIC_ORIGIN: 'https://pins.example.com/', NODE_ENV: 'production' });
    expect(config.publicOrigin).toBe('https://pins.example.com');
    expect(config.secureCookies).toBe(true);
    expect(config.outboundAllow).toEqual([]);
  });

  it('names what is wrong', () => {
    expect(() => loadConfig({ PORT: 'eighty' })).toThrow(/PORT/);
    expect(() => loadConfig({ PUBLIC_ORIGIN: 'not a url' })).toThrow(/PUBLIC_ORIGIN/);
  });

  it('reads feature flags', () => {
    expect(loadConfig({ FLAGS: 'kr_privacy_consent, web_google_disabled' }).flags.has('kr_privacy_consent')).toBe(true);
  });

  it('bounds the API requests in flight per process: 16 unless MAX_IN_FLIGHT says otherwise', () => {
    expect(loadConfig({}).maxInFlight).toBe(16);
    expect(loadConfig({ MAX_IN_FLIGHT: '200' }).maxInFlight).toBe(200);
    expect(() => loadConfig({ MAX_IN_FLIGHT: '0' })).toThrow(/MAX_IN_FLIGHT/);
  });

  it('lets 256 API requests wait for a turn, for 500 ms while many wait, unless MAX_QUEUED and MAX_QUEUE_WAIT_MS say otherwise', () => {
    expect(loadConfig({}).maxQueued).toBe(256);
    expect(loadConfig({ MAX_QUEUED: '0' }).maxQueued).toBe(0);
    expect(() => loadConfig({ MAX_QUEUED: '-1' })).toThrow(/MAX_QUEUED/);
    expect(loadConfig({}).maxQueueWaitMs).toBe(500);
    expect(loadConfig({ MAX_QUEUE_WAIT_MS: '2000' }).maxQueueWaitMs).toBe(2000);
  });
});

describe('docs/configuration.md', () => {
  it('is the table of what config.ts reads now (npm run docs:config writes it)', async () => {
    const { configurationDoc, configurationOnDisk } = await import('./configuration.js');
    expect(configurationOnDisk()).toBe(configurationDoc());
  });
});
