import { describe, expect, it } from 'vitest';
import { imageMessage, imageRequest, isImageMessage, isImageRequest, isSaveMessage, saveMessage } from './messages';

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

describe('the image hand-over messages', () => {
  it('builds and recognises a request and its answer, and nothing else', () => {
    expect(isImageRequest(imageRequest('g1'))).toBe(true);
    expect(isImageMessage(imageMessage('g1', 'data:image/png;base64,AAAA'))).toBe(true);
    expect(isImageMessage(imageMessage('g1', null))).toBe(true);
    // Bytes come only as a data: URL: never a URL the popup would hand to the server.
    expect(isImageMessage(imageMessage('g1', 'https://intranet.example/x.png'))).toBe(false);
    expect(isImageRequest(imageMessage('g1', null))).toBe(false);
    expect(isImageMessage(imageRequest('g1'))).toBe(false);
    expect(isImageRequest({ corkboard: 1, type: 'image_request', payload: {} })).toBe(false);
    expect(isImageMessage({ corkboard: 2, type: 'image', payload: { guid: 'g', data: null } })).toBe(false);
    expect(isSaveMessage(imageRequest('g1'))).toBe(false);
  });
});
