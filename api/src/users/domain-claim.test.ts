import { createServer, type Server } from 'node:http';
import type { AddressInfo } from 'node:net';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { imageFixtures } from '../images/fixtures.js';
import { testApp } from '../testing.js';
import { domainProofOutcome, siteDomain } from './rules.js';

const fixtures = await imageFixtures();
type Res = { status: number; body: { resource_response: { data?: any; error?: { api_error_code: number; message: string; http_status: number } } } };
const err = (res: Res) => res.body.resource_response.error;
const data = (res: Res) => res.body.resource_response.data;

describe('who holds a domain after a proof', () => {
  it('the claimant, unless another holder’s tag is still on the site', () => {
    expect(domainProofOutcome({ claimantTagFound: false, holder: null })).toBe('not_proved');
    expect(domainProofOutcome({ claimantTagFound: true, holder: null })).toBe('proved');
    expect(domainProofOutcome({ claimantTagFound: true, holder: { isClaimant: true, holderTagFound: true } })).toBe('proved');
    expect(domainProofOutcome({ claimantTagFound: true, holder: { isClaimant: false, holderTagFound: true } })).toBe('held_elsewhere');
    expect(domainProofOutcome({ claimantTagFound: true, holder: { isClaimant: false, holderTagFound: false } })).toBe('taken_over');
    expect(domainProofOutcome({ claimantTagFound: false, holder: { isClaimant: false, holderTagFound: false } })).toBe('not_proved');
  });

  it('names a site by its host without www, with a port only when it is not the default', () => {
    expect(siteDomain('https://www.Kitchen.example/tart')).toBe('kitchen.example');
    expect(siteDomain('https://kitchen.example:443/')).toBe('kitchen.example');
    expect(siteDomain('http://127.0.0.1:8788/page')).toBe('127.0.0.1:8788');
    expect(siteDomain('not a url')).toBeNull();
    expect(siteDomain(null)).toBeNull();
  });
});

describe('a person’s official domain (UserDomainClaimResource)', () => {
  let server: Server;
  let origin = '';
  /** The site's home page as its owner last edited it. */
  let home = '<html><head><title>Kitchen</title></head></html>';
  beforeAll(async () => {
    server = createServer((req, res) => (req.url === '/' ? res.writeHead(200, { 'content-type': 'text/html' }).end(home) : res.writeHead(404).end()));
    await new Promise<void>((resolve) => server.listen(0, '127.0.0.1', resolve));
    origin = `http://127.0.0.1:${(server.address() as AddressInfo).port}`;
  });
  afterAll(() => new Promise<void>((resolve) => server.close(() => resolve())));

  async function setup() {
    const t = await testApp({ config: { outboundAllow: [fixtures.origin] } });
    t.deps.config.outboundAllow.push(origin);
    const person = async (name: string) => {
      const user = await t.makeUser(name);
      const client = t.client();
      await client.logIn(user.email, user.password);
      const website = (url: string) => client.post('UserSettingsResource', 'update', { first_name: name, username: name, website_url: url });
      return { user, client, website };
    };
    return { t, person };
  }
  const held = (t: Awaited<ReturnType<typeof testApp>>, id: string) =>
    t.db
      .selectFrom('users')
      .select('verified_domain')
      .where('id', '=', id)
      .executeTakeFirstOrThrow()
      .then((r) => r.verified_domain);

  it('proved by the tag on the home page, the account is the domain’s official one: the creator card and its profile say so; un-claiming lets it go', async () => {
    const { t, person } = await setup();
    const ana = await person('ana');
    const domain = new URL(origin).host;
    // No website yet, then no claim yet: each a clear refusal.
    expect(err(await ana.client.post('UserDomainClaimResource', 'create', {}))).toMatchObject({ api_error_code: 2180, http_status: 400 });
    await ana.website(`${origin}/about`);
    expect(err(await ana.client.post('UserDomainClaimResource', 'update', {}))).toMatchObject({ api_error_code: 2181 });
    const claim = data(await ana.client.post('UserDomainClaimResource', 'create', {}));
    expect(claim).toMatchObject({
      website_url: `${origin}/about`,
      domain,
      verified_domain: null,
      meta_tag: expect.stringMatching(/^<meta name="corkboard-site-verification" content="[^"]+">$/),
    });
    // The tag is not on the site yet: refused, nothing held.
    expect(err(await ana.client.post('UserDomainClaimResource', 'update', {}))).toMatchObject({
      api_error_code: 2182,
      message: "We couldn't find your verification tag on your website.",
    });
    expect(await held(t, ana.user.id)).toBeNull();
    home = `<html><head>${claim.meta_tag}</head></html>`;
    expect(data(await ana.client.post('UserDomainClaimResource', 'update', {}))).toEqual({
      website_url: `${origin}/about`,
      domain,
      verified_domain: domain,
      meta_tag: null,
    });
    expect(await held(t, ana.user.id)).toBe(domain);
    expect(data(await t.client().get('UserResource', { username: 'ana' })).official_domain).toBe(domain);

    // Someone saves a pin linking to the site: the success screen's creator card names Ana.
    const ben = await person('ben');
    const board = await t.makeBoard(ben.user.id, 'Recipes');
    const pin = data(
      await ben.client.post('PinResource', 'create', { board_id: board, image_url: fixtures.url('tart'), link: `${origin}/tart`, method: 'button' }),
    ).id;
    expect(data(await ben.client.get('PinCreateSuccessResource', { pin_id: pin })).official_user).toMatchObject({
      id: ana.user.id,
      domain,
      is_verified_identity: true,
    });

    expect(data(await ana.client.post('UserDomainClaimResource', 'delete', {}))).toMatchObject({ verified_domain: null, meta_tag: null });
    expect(data(await ben.client.get('PinCreateSuccessResource', { pin_id: pin })).official_user).toBeNull();
    expect(data(await t.client().get('UserResource', { username: 'ana' })).official_domain).toBeNull();
  });

  it('one domain, one account: a second proof is refused while the holder’s tag is on the site, and takes the domain once it is gone', async () => {
    const { t, person } = await setup();
    const ana = await person('ana');
    const cy = await person('cyd');
    await ana.website(`${origin}/`);
    await cy.website(`${origin}/`);
    const anaTag = data(await ana.client.post('UserDomainClaimResource', 'create', {})).meta_tag;
    home = `<html><head>${anaTag}</head></html>`;
    await ana.client.post('UserDomainClaimResource', 'update', {});
    const cyTag = data(await cy.client.post('UserDomainClaimResource', 'create', {})).meta_tag;
    home = `<html><head>${anaTag}${cyTag}</head></html>`;
    expect(err(await cy.client.post('UserDomainClaimResource', 'update', {}))).toMatchObject({ api_error_code: 2183, http_status: 409 });
    expect(await held(t, ana.user.id)).toBe(new URL(origin).host);
    // The site's owner took Ana's tag down: the site now vouches for Cyd alone.
    home = `<html><head>${cyTag}</head></html>`;
    expect(data(await cy.client.post('UserDomainClaimResource', 'update', {})).verified_domain).toBe(new URL(origin).host);
    expect(await held(t, ana.user.id)).toBeNull();
    expect(data(await ana.client.get('UserDomainClaimResource', {}))).toMatchObject({ verified_domain: null });
    // Ana is told, in her notifications, which domain went and not to whom; Cyd, who took it, is told nothing.
    const told = data(await ana.client.get('NotificationsResource', {})).notifications;
    expect(told).toEqual([expect.objectContaining({ kind: 'domain_taken', note: new URL(origin).host, actor: expect.objectContaining({ id: ana.user.id }) })]);
    expect(data(await cy.client.get('NotificationsResource', {})).notifications).toEqual([]);
  });

  it('a website on another domain lets the official domain go; a site that does not answer is a clear refusal', async () => {
    const { t, person } = await setup();
    const ana = await person('ana');
    await ana.website(`${origin}/`);
    const tag = data(await ana.client.post('UserDomainClaimResource', 'create', {})).meta_tag;
    home = `<html><head>${tag}</head></html>`;
    await ana.client.post('UserDomainClaimResource', 'update', {});
    // A site where nothing listens (port 1), allowed like the demo site so the refusal is about the reading itself.
    t.deps.config.outboundAllow.push('http://127.0.0.1:1');
    await ana.website('http://127.0.0.1:1/');
    expect(await held(t, ana.user.id)).toBeNull();
    expect(data(await ana.client.get('UserDomainClaimResource', {}))).toMatchObject({ domain: '127.0.0.1:1', verified_domain: null, meta_tag: null });
    await ana.client.post('UserDomainClaimResource', 'create', {});
    const res = await ana.client.post('UserDomainClaimResource', 'update', {});
    expect(res.status).toBe(400);
    expect(err(res)).toMatchObject({ api_error_code: 2182, message_detail: expect.stringContaining("We couldn't read http://127.0.0.1:1/") });
    // Visitors have no claim to read or make.
    expect((await t.client().get('UserDomainClaimResource', {})).status).toBe(401);
    expect((await t.client().post('UserDomainClaimResource', 'create', {})).status).toBe(401);
  });
});
