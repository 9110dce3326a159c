// @vitest-environment happy-dom
import { afterEach, describe, expect, it, vi } from 'vitest';
import { saveMessage } from './messages';
import { waitForResult } from './popup';

const PRODUCT = 'http://localhost:8787';

/** A stand-in popup window: only its identity and `closed` matter to the SDK. */
const fakePopup = () => ({ closed: false }) as unknown as Window & { closed: boolean };

function post(data: unknown, origin: string, source: unknown) {
  window.dispatchEvent(new MessageEvent('message', { data, origin, source: source as Window }));
}

afterEach(() => vi.useRealTimers());

describe('waitForResult', () => {
  it('takes the result from our origin and our popup', async () => {
    const popup = fakePopup();
    const result = waitForResult(popup, PRODUCT, 'g1');
    post(saveMessage({ guid: 'g1', status: 'success', board: { id: '1', name: 'Recipes' } }), PRODUCT, popup);
    await expect(result).resolves.toMatchObject({ guid: 'g1', status: 'success', board: { name: 'Recipes' } });
  });

  it('ignores forged messages: another origin, another window, another guid, another shape', async () => {
    vi.useFakeTimers();
    const popup = fakePopup();
    let outcome: unknown;
    void waitForResult(popup, PRODUCT, 'g1').then((value) => (outcome = value));
    post(saveMessage({ guid: 'g1', status: 'success' }), 'http://127.0.0.1:8788', popup);
    post(saveMessage({ guid: 'g1', status: 'success' }), PRODUCT, fakePopup());
    post(saveMessage({ guid: 'other', status: 'success' }), PRODUCT, popup);
    post({ corkboard: 1, type: 'save', payload: { guid: 'g1', status: 'hacked' } }, PRODUCT, popup);
    await vi.advanceTimersByTimeAsync(1000);
    expect(outcome).toBeUndefined();
    popup.closed = true;
    await vi.advanceTimersByTimeAsync(1000);
    expect(outcome).toEqual({ guid: 'g1', status: 'unknown' });
  });

  it('calls a closed or blocked popup "unknown", not an error', async () => {
    await expect(waitForResult(null, PRODUCT, 'g')).resolves.toEqual({ guid: 'g', status: 'unknown' });
  });
});

describe('waitForResult: the last result wins', () => {
  it('an error then a success (Psst!, then another board) resolves once, with the success', async () => {
    vi.useFakeTimers();
    const popup = fakePopup();
    const outcomes: unknown[] = [];
    void waitForResult(popup, PRODUCT, 'g1').then((value) => outcomes.push(value));
    post(saveMessage({ guid: 'g1', status: 'error', error: { code: 50, message: 'Psst!' } }), PRODUCT, popup);
    await vi.advanceTimersByTimeAsync(1000);
    expect(outcomes).toEqual([]);
    post(saveMessage({ guid: 'g1', status: 'success', pin: { id: '9', url: 'http://x/pin/9/' } }), PRODUCT, popup);
    await vi.advanceTimersByTimeAsync(0);
    popup.closed = true;
    await vi.advanceTimersByTimeAsync(1000);
    expect(outcomes).toEqual([{ guid: 'g1', status: 'success', pin: { id: '9', url: 'http://x/pin/9/' } }]);
  });

  it('an error the user gives up on is reported when the popup closes', async () => {
    vi.useFakeTimers();
    const popup = fakePopup();
    let outcome: unknown;
    void waitForResult(popup, PRODUCT, 'g1').then((value) => (outcome = value));
    post(saveMessage({ guid: 'g1', status: 'error', error: { code: 50, message: 'Psst!' } }), PRODUCT, popup);
    await vi.advanceTimersByTimeAsync(1000);
    expect(outcome).toBeUndefined();
    popup.closed = true;
    await vi.advanceTimersByTimeAsync(1000);
    expect(outcome).toMatchObject({ guid: 'g1', status: 'error', error: { message: 'Psst!' } });
  });
});
