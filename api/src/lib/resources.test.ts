import { describe, expect, it } from 'vitest';
import { testApp } from '../testing.js';

describe('the resource layer', () => {
  it('answers in the envelope', async () => {
    const t = await testApp();
    const res = await t.client().get('ViewerResource');
    expect(res.status).toBe(200);
    expect(res.body).toEqual({ resource_response: { data: { type: 'UNAUTH' } } });
  });

  it('answers an unknown resource with 404 in the envelope', async () => {
    const t = await testApp();
    const res = await t.client().get('NoSuchResource');
    expect(res.status).toBe(404);
    expect(res.body.resource_response.error).toMatchObject({ api_error_code: 30, http_status: 404, message_detail: 'Unknown resource NoSuchResource.' });
  });

  it('does not reach inherited properties through the resource name', async () => {
    const t = await testApp();
    expect((await t.client().get('constructor')).status).toBe(404);
    expect((await t.client().get('__proto__')).status).toBe(404);
  });

  it('refuses an action the resource does not have', async () => {
    const t = await testApp();
    const res = await t.client().post('ViewerResource', 'delete', {});
    expect(res.status).toBe(405);
    expect(res.body.resource_response.error?.message_detail).toBe('ViewerResource has no delete action.');
  });

  it('refuses data that is not JSON', async () => {
    const t = await testApp();
    const res = await t.client().send('/resource/ViewerResource/get/?data=%7Bnope');
    expect(res.status).toBe(400);
    expect(res.body.resource_response.error?.message_detail).toBe('The request is not valid JSON.');
  });

  it('asks for a log-in (401, api code 7) where one is needed', async () => {
    const t = await testApp();
    const res = await t.client().get('BoardPickerBoardsResource');
    expect(res.status).toBe(401);
    expect(res.body.resource_response.error).toMatchObject({ api_error_code: 7, http_status: 401 });
  });

  it('answers an unknown path with 404 in the envelope', async () => {
    const t = await testApp();
    const res = await t.client().send('/nothing/here');
    expect(res.status).toBe(404);
    expect(res.body.resource_response.error?.api_error_code).toBe(30);
  });
});
