import { describe, expect, it } from 'vitest';
import { testApp } from '../testing.js';
import { signUpWithEmail } from '../auth/safety-helpers.js';
import { quickPromoteBody } from '../advertisers/campaigns/service.js';
import { fitUserText, TEXT_MESSAGES } from './rules/text.js';

/** Every name a person shows to others is held to one text rule (lib/text.ts): no control or direction characters. */
const OVERRIDE = 'Evil\u202Egpj.exe';
const CONTROL = 'Bell\u0007Name';
const refusal = (res: { status: number; body: any }) => ({
  status: res.status,
  code: res.body.resource_response.error?.api_error_code,
  text: JSON.stringify(res.body.resource_response.error),
});

describe('names shown to others refuse control characters and bidi overrides, with a clear error and nothing written', () => {
  it('a person’s first and last name in the profile settings, and at sign-up', async () => {
    const t = await testApp();
    const user = await t.makeUser('maria');
    const me = t.client();
    await me.logIn(user.email, user.password);
    for (const [first_name, last_name, message] of [
      [OVERRIDE, '', TEXT_MESSAGES.directionControl],
      ['Maria', OVERRIDE, TEXT_MESSAGES.directionControl],
      [CONTROL, '', TEXT_MESSAGES.controlCharacter],
    ] as const) {
      const r = refusal(await me.post('UserSettingsResource', 'update', { first_name, last_name, username: 'maria' }));
      expect(r).toMatchObject({ status: 400, code: 1 });
      expect(r.text).toContain(message);
    }
    expect(await t.db.selectFrom('users').select(['first_name', 'last_name']).where('id', '=', user.id).executeTakeFirstOrThrow()).toEqual({
      first_name: 'maria',
      last_name: '',
    });
    const signUp = refusal(
      await t.client().post('UserRegisterResource', 'create', {
        type: 'email',
        email: 'new@example.com',
        password: 'Plum-Orchard-42',
        birthday: Math.floor((t.clock.now() - 30 * 365.25 * 86_400_000) / 1000),
        first_name: OVERRIDE,
      }),
    );
    expect(signUp).toMatchObject({ status: 400, code: 1 });
    expect(await t.db.selectFrom('users').select('id').where('email', '=', 'new@example.com').executeTakeFirst()).toBeUndefined();
    expect((await signUpWithEmail(t, 'fine@example.com')).status).toBe(200);
  });

  it('a business’s name, when converting and in its business profile', async () => {
    const t = await testApp();
    const user = await t.makeUser('bakery');
    const owner = t.client();
    await owner.logIn(user.email, user.password);
    const r = refusal(await owner.post('BusinessConvertResource', 'create', { business_name: OVERRIDE, website_url: null, country: 'US' }));
    expect(r).toMatchObject({ status: 400, code: 1 });
    expect(r.text).toContain(TEXT_MESSAGES.directionControl);
    expect(await t.db.selectFrom('advertisers').select('id').execute()).toEqual([]);
    const advertiserId = (await owner.post('BusinessConvertResource', 'create', { business_name: 'Lemon Bakery', website_url: null, country: 'US' })).body
      .resource_response.data.advertiser_id;
    const profile = await owner.post('AdvertiserBusinessProfileResource', 'create', {
      advertiser_id: advertiserId,
      business_name: CONTROL,
      address_line: '1 Main St',
      city: 'Springfield',
      postal_code: '12345',
      country: 'US',
    });
    expect(refusal(profile)).toMatchObject({ status: 400, code: 1 });
    expect(await t.db.selectFrom('business_profiles').select('advertiser_id').execute()).toEqual([]);
  });

  it('a board’s and a section’s name', async () => {
    const t = await testApp();
    const user = await t.makeUser('olga');
    const me = t.client();
    await me.logIn(user.email, user.password);
    expect(refusal(await me.post('BoardResource', 'create', { name: OVERRIDE }))).toMatchObject({ status: 400, code: 1 });
    const board = (await me.post('BoardResource', 'create', { name: 'Herbs' })).body.resource_response.data.id;
    expect(refusal(await me.post('BoardSectionResource', 'create', { board_id: board, name: `Basil${'\u2066'}` }))).toMatchObject({ status: 400, code: 1 });
    expect(await t.db.selectFrom('board_sections').select('id').execute()).toEqual([]);
  });

  it('a campaign’s name (read by the business’s members)', () => {
    const parsed = quickPromoteBody.safeParse({ budget_in_micro_currency: 1_000_000, campaign_name: OVERRIDE, destination_url: 'https://bakery.example/' });
    expect(parsed.success).toBe(false);
    expect(JSON.stringify(parsed.error?.issues)).toContain(TEXT_MESSAGES.directionControl);
  });
});

describe('names from elsewhere (a provider’s claims, an imported file) are fitted to the same rule', () => {
  it('drops what a form would refuse, and a name of invisible characters only', () => {
    expect(fitUserText(OVERRIDE, 64)).toBe('Evilgpj.exe');
    expect(fitUserText('A\u2067li\u2069\u0000ce', 64)).toBe('Alice');
    expect(fitUserText('\u200B\u200B', 64)).toBe('');
    expect(fitUserText('line\r\nbreak', 64)).toBe('line break');
    expect(fitUserText('keep\r\nlines\u202D', 64, true)).toBe('keep\nlines');
    expect(fitUserText('😀'.repeat(3), 2)).toBe('😀😀');
    expect(fitUserText(null, 10)).toBe('');
  });
});
