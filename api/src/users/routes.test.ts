import { describe, expect, it } from 'vitest';
import { imageFixtures } from '../images/fixtures.js';
import { testApp } from '../testing.js';
import { isAdult, promotionOffered } from './promotion.js';

const fixtures = await imageFixtures();
const NOW = Date.UTC(2026, 10, 21);

describe('the save-success context (PinCreateSuccessResource)', () => {
  async function saved(link: string) {
    const t = await testApp();
    const viewer = await t.makeUser('viewer');
    const browser = t.client();
    await browser.logIn(viewer.email, viewer.password);
    const board = await t.makeBoard(viewer.id, 'Recipes');
    const pin = (await browser.post('PinResource', 'create', { board_id: board, image_url: fixtures.url('tart'), link, method: 'button' })).body
      .resource_response.data.id;
    return { t, viewer, browser, pin };
  }

  it('shows the creator card of the link’s official user, until the viewer follows them', async () => {
    const { t, viewer, browser, pin } = await saved('https://www.kitchen.example/tart');
    const creator = await t.makeUser('kitchen');
    await t.db.updateTable('users').set({ verified_domain: 'kitchen.example' }).where('id', '=', creator.id).execute();
    const card = (await browser.get('PinCreateSuccessResource', { pin_id: pin })).body.resource_response.data;
    expect(card.official_user).toMatchObject({ id: creator.id, username: 'kitchen' });
    await t.db.insertInto('follows').values({ follower_id: viewer.id, followee_id: creator.id, created_at: 1 }).execute();
    expect((await browser.get('PinCreateSuccessResource', { pin_id: pin })).body.resource_response.data.official_user).toBeNull();
  });

  it('never shows the viewer their own card', async () => {
    const { t, viewer, browser, pin } = await saved('https://mine.example/');
    await t.db.updateTable('users').set({ verified_domain: 'mine.example' }).where('id', '=', viewer.id).execute();
    expect((await browser.get('PinCreateSuccessResource', { pin_id: pin })).body.resource_response.data.official_user).toBeNull();
  });

  it('reads the Instagram upsell’s settings from GET /v3/users/settings', async () => {
    const { t, viewer, browser } = await saved('https://a.example/');
    await t.db.updateTable('users').set({ listed_website_url: 'https://instagram.com/me', connected_to_instagram: 0 }).where('id', '=', viewer.id).execute();
    expect((await browser.send('/v3/users/settings')).body.resource_response.data).toEqual({
      connected_to_instagram: false,
      listed_website_url: 'https://instagram.com/me',
    });
    expect((await t.client().send('/v3/users/settings')).status).toBe(401);
  });
});

describe('promotion is offered', () => {
  const adult = Date.UTC(1990, 0, 1);
  const base = { signedIn: true, isPartner: false, quickPromoteByPinner: true, birthdayMs: adult, siteType: null, nowMs: NOW };
  it('to a signed-in adult pinner when quick promote by pinners is allowed', () => {
    expect(promotionOffered(base)).toBe(true);
  });
  it.each([
    ['signed out', { signedIn: false }],
    ['a partner', { isPartner: true }],
    ['not allowed', { quickPromoteByPinner: false }],
    ['no birthday', { birthdayMs: null }],
    ['under 18', { birthdayMs: Date.UTC(2010, 0, 1) }],
    ['site type 3', { siteType: 3 }],
  ])('not when %s', (_name, change) => {
    expect(promotionOffered({ ...base, ...change })).toBe(false);
  });
  it('counts 18 years to the day', () => {
    expect(isAdult(Date.UTC(2008, 10, 21), NOW)).toBe(true);
    expect(isAdult(Date.UTC(2008, 10, 22), NOW)).toBe(false);
  });
});
