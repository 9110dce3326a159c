import { describe, expect, it } from 'vitest';
import { dependencyOf, fromDependency, storeFullError } from './dependencies.js';
import { ApiError } from './errors.js';

const coded = (message: string, code: string, extra: Record<string, unknown> = {}) => Object.assign(new Error(message), { code, ...extra });

describe('the dependency an error names', () => {
  it.each([
    ['a refused connection', coded('connect ECONNREFUSED 127.0.0.1:5432', 'ECONNREFUSED'), 'network'],
    ['the bucket answering 503', Object.assign(new Error('Service Unavailable'), { name: 'ServiceUnavailable', $metadata: { httpStatusCode: 503 } }), 'bucket'],
    ['the bucket unreachable', coded('connect ECONNREFUSED', 'ECONNREFUSED', { $metadata: {} }), 'bucket'],
    ['a full disk', coded('ENOSPC: no space left on device', 'ENOSPC'), 'disk'],
    ['a quota reached', coded('EDQUOT: disk quota exceeded', 'EDQUOT'), 'disk'],
    ['Postgres shutting down', coded('terminating connection due to administrator command', '57P01'), 'database'],
    ['a Postgres connection cut', new Error('Connection terminated unexpectedly'), 'database'],
    ['a hung Redis', new Error('Command timed out'), 'redis'],
    ['a cause down the chain', new Error('write failed', { cause: coded('read ECONNRESET', 'ECONNRESET') }), 'network'],
  ])('%s', (_name, error, named) => {
    expect(dependencyOf(error)).toBe(named);
  });

  it.each([
    ['the bucket refusing a key (4xx)', Object.assign(new Error('Access Denied'), { name: 'AccessDenied', $metadata: { httpStatusCode: 403 } })],
    ['another site down (an outbound fetch)', new ApiError('outbound_failed', 'Could not reach example.com (ECONNREFUSED).')],
    ['a bad file', new ApiError('image_invalid')],
    ['a bug', new TypeError("Cannot read properties of undefined (reading 'id')")],
  ])('none for %s', (_name, error) => {
    expect(dependencyOf(error)).toBeNull();
  });

  it('takes the name of the store a connection error came from, but a full disk stays the disk', () => {
    expect(dependencyOf(fromDependency(coded('connect ECONNREFUSED', 'ECONNREFUSED'), 'bucket'))).toBe('bucket');
    expect(dependencyOf(fromDependency(coded('ENOSPC', 'ENOSPC'), 'bucket'))).toBe('disk');
    expect(dependencyOf(fromDependency(new TypeError('a bug'), 'bucket'))).toBeNull();
  });

  it('answers a full disk 507 with Retry-After, and nothing else', () => {
    expect(storeFullError(coded('ENOSPC', 'ENOSPC'))).toMatchObject({ status: 507, errorName: 'media_store_full', data: { retry_after_seconds: 60 } });
    expect(storeFullError(coded('connect ECONNREFUSED', 'ECONNREFUSED'))).toBeUndefined();
  });
});
