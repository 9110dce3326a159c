import { describe, expect, it } from 'vitest';
import { catalogue } from './errors.js';

describe('the error catalogue', () => {
  it('gives every error its own code', () => {
    const codes = Object.values(catalogue).map((entry) => entry.code);
    expect(new Set(codes).size).toBe(codes.length);
  });
});
