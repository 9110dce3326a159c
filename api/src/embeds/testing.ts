import { expect } from 'vitest';
import { newId } from '../lib/ids.js';
import { testApp, type Answer } from '../testing.js';

/**
 * The embeds' tests' world: olga's public board with two pins, a secret, an archived and a protected
 * (an advertiser's) board with one pin each, their images ingested.
 */
const data = (res: Answer) => res.body.resource_response.data;

export async function world() {
  const t = await testApp();
  const olga = await t.makeUser('olga');
  const browser = t.client();
  await browser.logIn(olga.email, olga.password);
  const open = await t.makeBoard(olga.id, 'Lake days');
  const secret = await t.makeBoard(olga.id, 'Secret plans', 'secret');
  const archived = await t.makeBoard(olga.id, 'Old stuff');
  const pinOn = async (board: string, n: string) => {
    const res = await browser.post('PinResource', 'create', {
      board_id: board,
      image_url: t.images.url(n),
      link: `https://news.example/${n}`,
      description: `About ${n}`,
    });
    expect(res.status).toBe(200);
    return data(res).id as string;
  };
  const pins = {
    open: await pinOn(open, 'lake'),
    open2: await pinOn(open, 'lamp'),
    secret: await pinOn(secret, 'hidden'),
    archived: await pinOn(archived, 'old'),
  };
  await t.runJobs();
  await t.db.updateTable('boards').set({ archived_at: t.clock.now() }).where('id', '=', archived).execute();
  // A protected board (an advertiser's): only its members see it.
  const brand = await t.makeUser('brand');
  const advertiser = newId();
  await t.db.insertInto('advertisers').values({ id: advertiser, owner_user_id: brand.id, name: 'Brand', created_at: 1 }).execute();
  await t.db.insertInto('advertiser_members').values({ advertiser_id: advertiser, user_id: olga.id, permissions: '["OWNER"]' }).execute();
  const made = await browser.post('BoardResource', 'create', { name: 'Campaign', advertiser_id: advertiser });
  expect(data(made).privacy).toBe('protected');
  const protectedPin = await pinOn(data(made).id, 'promo');
  await t.runJobs();
  return { t, olga, browser, pins: { ...pins, protected: protectedPin } };
}
