import { Hono } from 'hono';
import { describe, expect, it } from 'vitest';
import { testApp } from '../testing.js';
import { signUpWithEmail } from '../auth/safety-helpers.js';
import { USERNAME } from '../users/rules.js';
import { ownPathsOf } from './own-paths.js';
import { firstSegmentOf, ownFirstSegments } from './rules/own-paths.js';

const code = (res: { body: any }) => res.body.resource_response.error?.api_error_code;

describe('the product’s own first path segments, read from the route table', () => {
  it('takes each route’s literal first segment, never a parameter or a wildcard', () => {
    expect(
      ['/v3/pins/:id/', '/resource/*', '/:username{[a-z0-9_]{3,30}}/', '/*', '/', '/Manifest.webmanifest', '/pin/:id{[0-9]+}/'].map(firstSegmentOf),
    ).toEqual(['v3', 'resource', null, null, null, 'manifest.webmanifest', 'pin']);
  });

  it('reserves a route added to the table by itself, with no list to keep', () => {
    const app = new Hono();
    app.get('/pins/', (c) => c.text(''));
    const ownPaths = ownPathsOf({ routes: () => app.routes });
    expect(ownPaths().has('feeds')).toBe(false);
    app.get('/feeds/:username/rss/', (c) => c.text(''));
    app.route(
      '/share-target',
      new Hono().post('/', (c) => c.text('')),
    );
    expect(ownPaths()).toEqual(ownFirstSegments(['/pins/', '/feeds/', '/share-target/']));
  });

  it('walks the app’s route table: every first segment that could be a username is refused as one', async () => {
    const t = await testApp();
    const segments = [...ownFirstSegments(t.app.routes.map((r) => r.path))].filter((s) => USERNAME.test(s));
    // The API's prefixes and the pages' are all there (a sample the table must hold, not the list itself).
    expect(segments).toEqual(
      expect.arrayContaining(['resource', 'ads', 'media', 'oauth', 'dev', 'notifications', 'settings', 'pin', 'board', 'business', 'offsite', 'contact']),
    );
    const user = await t.makeUser('maria');
    const me = t.client();
    await me.logIn(user.email, user.password);
    for (const segment of segments) {
      const res = await me.post('UserSettingsResource', 'update', { first_name: 'Maria', username: segment });
      expect(code(res), segment).toBe(330);
      expect(JSON.stringify(res.body)).toContain('one of our own addresses');
    }
    expect((await t.db.selectFrom('users').select('username').where('id', '=', user.id).executeTakeFirstOrThrow()).username).toBe('maria');
  });

  it('a sign-up never makes one of our paths a username from the email’s local part (provider sign-ups name users the same way)', async () => {
    const t = await testApp();
    for (const local of ['resource', 'oauth', 'notifications']) {
      const res = await signUpWithEmail(t, `${local}@example.com`);
      expect(res.status).toBe(200);
      const row = await t.db.selectFrom('users').select('username').where('email', '=', `${local}@example.com`).executeTakeFirstOrThrow();
      expect(row.username).toBe(`${local}1`);
    }
  });
});
