import { describe, expect, it } from 'vitest';
import { testApp } from '../../testing.js';
import { hashtagsOf, typedHashtag } from './hashtags.js';

describe('hashtags', () => {
  it('are # and characters other than punctuation or whitespace, folded and distinct', () => {
    expect(hashtagsOf('Summer #Tarts and #tarts, #lemon-curd #été! # #')).toEqual(['tarts', 'lemon', 'été']);
    expect(typedHashtag('Best #lem')).toBe('lem');
    expect(typedHashtag('#')).toBe('');
    expect(typedHashtag('no tag')).toBeNull();
    expect(typedHashtag('a#b')).toBeNull();
  });
});

describe('GET /v3/search/autocomplete/', () => {
  const ask = async (t: Awaited<ReturnType<typeof testApp>>, query: string) => {
    const res = await t.client().send(`/v3/search/autocomplete/?${query}`);
    return { status: res.status, data: res.body.resource_response.data, code: res.body.resource_response.error?.api_error_code };
  };

  it('answers at most 5 tags starting with the query, most used first, counted on public boards only', async () => {
    const t = await testApp();
    const owner = await t.makeUser('hana');
    const browser = t.client();
    await browser.logIn(owner.email, owner.password);
    const pub = await t.makeBoard(owner.id, 'Baking');
    const secret = await t.makeBoard(owner.id, 'Hidden', 'secret');
    const save = (board: string, description: string) =>
      browser.post('PinResource', 'create', { board_id: board, link: `https://example.com/${Math.random()}`, color: '#336699', description });
    await save(pub, '#tarts #tartlets #tea');
    await save(pub, 'More #Tarts');
    for (const tag of ['tartan', 'tartar', 'tartine', 'tartiflette']) await save(pub, `#${tag}`);
    await save(secret, '#tartsecret #tartsecret2');
    const res = await ask(t, `q=${encodeURIComponent('#tart')}&show_pin_count=true`);
    expect(res.status).toBe(200);
    expect(res.data).toHaveLength(5);
    expect(res.data[0]).toEqual({ query: '#tarts', pin_count: 2 });
    expect(res.data.map((i: { query: string }) => i.query)).not.toContain('#tartsecret');
    expect((await ask(t, 'q=tea&show_pin_count=false')).data).toEqual([{ query: '#tea' }]);

    // Editing a description moves its tags; deleting the pin takes them away.
    const pin = (await save(pub, '#scones')).body.resource_response.data.id;
    await browser.post('PinResource', 'update', { id: pin, description: '#crumpets' });
    expect((await ask(t, 'q=scon')).data).toEqual([]);
    expect((await ask(t, 'q=crum')).data).toEqual([{ query: '#crumpets', pin_count: 1 }]);
    await browser.post('PinResource', 'delete', { id: pin });
    expect((await ask(t, 'q=crum')).data).toEqual([]);
  });

  it('answers nothing for no tag, and 400 for bad input', async () => {
    const t = await testApp();
    expect((await ask(t, 'q=')).data).toEqual([]);
    expect((await ask(t, 'q=%23')).data).toEqual([]);
    expect((await ask(t, 'q=a%20b')).data).toEqual([]);
    expect((await ask(t, `q=${'a'.repeat(101)}`)).code).toBe(1);
    expect((await ask(t, 'q=a&show_pin_count=maybe')).code).toBe(1);
  });
});
