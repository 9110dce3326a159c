import { describe, expect, it } from 'vitest';
import { isSaveMessage, saveMessage } from './messages';

const good = saveMessage({ guid: 'g1', status: 'success', pin: { id: '1', url: 'http://localhost:8787/pin/1/' }, board: { id: '2', name: 'Recipes' } });

describe('isSaveMessage', () => {
  it('accepts the wrapped save message', () => {
    expect(isSaveMessage(good)).toBe(true);
    expect(isSaveMessage(saveMessage({ guid: 'g', status: 'error', error: { code: 3, message: 'No' } }))).toBe(true);
    expect(isSaveMessage(saveMessage({ guid: 'g', status: 'success', board: { id: '2' } }))).toBe(true);
  });

  it.each([
    null,
    'corkboard',
    { ...good, corkboard: 2 },
    { ...good, corkboard: '1' },
    { ...good, type: 'other' },
    { ...good, payload: null },
    { ...good, payload: { ...good.payload, guid: 7 } },
    { ...good, payload: { ...good.payload, status: 'unknown' } },
    { ...good, payload: { ...good.payload, pin: { id: 1 } } },
    { ...good, payload: { ...good.payload, board: { id: '2', name: 5 } } },
    { ...good, payload: { ...good.payload, error: { code: '7', message: 'x' } } },
  ])('rejects %j', (data) => {
    expect(isSaveMessage(data)).toBe(false);
  });
});
