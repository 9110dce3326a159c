import sharp from 'sharp';
import { describe, expect, it } from 'vitest';
import { testApp } from '../testing.js';
import { normaliseWebsite, usernameProblem } from './rules.js';

/** Profile settings: name, username with its old address redirecting, avatar, about, website. */
async function setup() {
  const t = await testApp();
  const user = await t.makeUser('maria');
  const me = t.client();
  await me.logIn(user.email, user.password);
  const board = await t.makeBoard(user.id, 'Lemon cakes');
  return { t, user, me, board };
}
const code = (res: { body: { resource_response: { error?: { api_error_code: number } } } }) => res.body.resource_response.error?.api_error_code;
const page = (t: Awaited<ReturnType<typeof testApp>>, path: string) => t.app.request(path, { headers: { accept: 'text/html' } });

describe('profile settings', () => {
  it('changes name, username, about and website; the old profile and board addresses redirect to the new ones', async () => {
    const { t, me } = await setup();
    const res = await me.post('UserSettingsResource', 'update', {
      first_name: ' Maria ',
      last_name: 'Lopez',
      username: 'Maria_Bakes',
      about: 'I bake.',
      website_url: 'instagram.com/mariabakes',
    });
    expect(res.body.resource_response.data).toEqual({
      username: 'maria_bakes',
      first_name: 'Maria',
      last_name: 'Lopez',
      about: 'I bake.',
      website_url: 'https://instagram.com/mariabakes',
      image_medium_url: null,
    });
    // The website is what the Instagram claim reads.
    expect((await me.send('/v3/users/settings')).body.resource_response.data.listed_website_url).toBe('https://instagram.com/mariabakes');
    expect((await me.get('UserResource', { username: 'maria_bakes' })).body.resource_response.data.full_name).toBe('Maria Lopez');
    const old = await page(t, '/maria/');
    expect(old.status).toBe(302);
    expect(old.headers.get('location')).toBe('/maria_bakes/');
    expect((await page(t, '/maria/lemon-cakes/?x=1')).headers.get('location')).toBe('/maria_bakes/lemon-cakes/?x=1');
    expect((await page(t, '/maria_bakes/')).status).toBe(200);
  });

  it('frees an old name for someone else, who then gets the address', async () => {
    const { t, me } = await setup();
    await me.post('UserSettingsResource', 'update', { first_name: 'Maria', username: 'maria2' });
    const other = await t.makeUser('otto');
    const otto = t.client();
    await otto.logIn(other.email, other.password);
    expect((await otto.post('UserSettingsResource', 'update', { first_name: 'Otto', username: 'maria' })).status).toBe(200);
    expect((await page(t, '/maria/')).status).toBe(200);
    expect(code(await me.post('UserSettingsResource', 'update', { first_name: 'Maria', username: 'maria' }))).toBe(331);
  });

  it('refuses a bad username, a reserved one, a website that is not http(s), and an empty name, writing nothing', async () => {
    const { t, me, user } = await setup();
    expect(code(await me.post('UserSettingsResource', 'update', { first_name: 'M', username: 'ab' }))).toBe(330);
    expect(code(await me.post('UserSettingsResource', 'update', { first_name: 'M', username: 'settings' }))).toBe(330);
    expect(code(await me.post('UserSettingsResource', 'update', { first_name: 'M', username: 'maria', website_url: 'javascript:alert(1)' }))).toBe(332);
    expect((await me.post('UserSettingsResource', 'update', { first_name: ' ', username: 'maria' })).status).toBe(400);
    const row = await t.db.selectFrom('users').select(['username', 'first_name', 'listed_website_url']).where('id', '=', user.id).executeTakeFirstOrThrow();
    expect(row).toEqual({ username: 'maria', first_name: 'maria', listed_website_url: null });
  });

  it('takes an avatar through the image pipeline, and refuses bytes that are not an image', async () => {
    const { me } = await setup();
    const png = await sharp({ create: { width: 300, height: 300, channels: 3, background: '#cc8844' } })
      .png()
      .toBuffer();
    const res = await me.post('UserAvatarResource', 'create', { image_base64: png.toString('base64') });
    expect(res.body.resource_response.data.image_medium_url).toMatch(/\/media\/\d+\/236x\.jpg$/);
    expect((await me.post('UserAvatarResource', 'create', { image_base64: Buffer.from('<svg onload=alert(1)>').toString('base64') })).status).toBe(400);
    expect((await me.post('UserAvatarResource', 'delete', {})).body.resource_response.data.image_medium_url).toBeNull();
  });

  it('a replaced or removed avatar leaves no bytes behind', async () => {
    const { t, me } = await setup();
    const avatar = async (background: string) =>
      (
        await me.post('UserAvatarResource', 'create', {
          image_base64: (
            await sharp({ create: { width: 300, height: 300, channels: 3, background } })
              .png()
              .toBuffer()
          ).toString('base64'),
        })
      ).body.resource_response.data.image_medium_url as string;
    const status = async (url: string) => (await t.app.request(new URL(url).pathname)).status;
    const first = await avatar('#cc8844');
    const second = await avatar('#4488cc');
    await t.runJobs();
    expect([await status(first), await status(second)]).toEqual([404, 200]);
    await me.post('UserAvatarResource', 'delete', {});
    await t.runJobs();
    expect(await status(second)).toBe(404);
    expect(await t.db.selectFrom('images').select('id').execute()).toEqual([]);
  });

  it('asks a visitor to log in', async () => {
    const { t } = await setup();
    expect((await t.client().get('UserSettingsResource')).status).toBe(401);
  });
});

describe('username and website rules', () => {
  it.each([
    ['ok_name', null],
    ['ab', 'invalid'],
    ['UPPER', 'invalid'],
    ['has-dash', 'invalid'],
    ['login', 'reserved'],
    ['a'.repeat(31), 'invalid'],
  ])('%s: %s', (name, problem) => {
    expect(usernameProblem(name)).toBe(problem);
  });
  it.each([
    ['', null],
    ['example.com', 'https://example.com/'],
    ['http://a.example/x', 'http://a.example/x'],
    ['ftp://a.example', undefined],
    ['javascript:alert(1)', undefined],
    ['localhost', undefined],
    ['https://u:p@a.example', undefined],
  ])('%s', (text, stored) => {
    expect(normaliseWebsite(text)).toBe(stored);
  });
});

describe('not-found pages', () => {
  it.each(['/no/such/page/here/', '/pin/create/teleport/', '/settings/nothing/', '/_/_/policy/nothing/'])(
    '%s is the app’s not-found page with 404 for a browser',
    async (path) => {
      const { t } = await setup();
      const res = await page(t, path);
      expect(res.status).toBe(404);
      expect(res.headers.get('content-type')).toMatch(/^text\/html/);
      expect(await res.text()).toContain('<meta name="not-found" content="404">');
    },
  );

  it('keeps the JSON envelope for the API, whoever asks', async () => {
    const { t } = await setup();
    for (const path of ['/v3/nothing/', '/resource/NoSuchResource/get/', '/media/nothing']) {
      const res = await page(t, path);
      expect(res.status).toBe(404);
      expect((await res.json()).resource_response.error.http_status).toBe(404);
    }
  });

  it.each(['/reporting/campaigns/', '/ads/create/', '/report-center/', '/quick-promote/', '/settings/claim/', '/settings/profile/', '/contact/'])(
    '%s is a page',
    async (path) => {
      const { t } = await setup();
      const res = await page(t, path);
      expect(res.status).toBe(200);
      expect(await res.text()).not.toContain('not-found');
    },
  );

  it('opens Facebook’s window at /connect/facebook/, which starts the provider flow', async () => {
    const { t } = await setup();
    expect((await page(t, '/connect/facebook/?mode=login')).headers.get('location')).toBe('/oauth/facebook/start/?mode=login');
  });

  it('sends the Florida footer’s link to the security settings, where the delete control is', async () => {
    const { t } = await setup();
    expect((await page(t, '/settings/account-management/')).headers.get('location')).toBe('/settings/security/');
  });
});
