import { describe, expect, it } from 'vitest';
import { testApp } from '../../testing.js';

/** Business members from the members page: invite by mail and accept, roles, removal, transfer. */
async function setup() {
  const t = await testApp();
  const ownerUser = await t.makeUser('bizowner');
  const owner = t.client();
  await owner.logIn(ownerUser.email, ownerUser.password);
  const advertiserId = (
    await owner.post('BusinessConvertResource', 'create', { business_name: 'Lemon Bakery', website_url: 'https://bakery.example/', country: 'US' })
  ).body.resource_response.data.advertiser_id as string;
  const helperUser = await t.makeUser('helper');
  const helper = t.client();
  await helper.logIn(helperUser.email, helperUser.password);
  /** The token of the last invite mailed to `to`, read from the dev outbox as the invitee reads their mail. */
  const tokenFor = async (to: string) => {
    const mail = await t.db.selectFrom('outbox').select('body').where('to_address', '=', to).orderBy('created_at', 'desc').executeTakeFirstOrThrow();
    return /\/advertiser\/invite\/\?token=([\w-]+)/.exec(mail.body)![1]!;
  };
  const invite = async (email = helperUser.email, role = 'ADMIN') => {
    const res = await owner.post('AdvertiserMemberInviteResource', 'create', { advertiser_id: advertiserId, email, role });
    expect(res.status).toBe(200);
    return tokenFor(email.toLowerCase());
  };
  return { t, ownerUser, owner, advertiserId, helperUser, helper, invite, tokenFor };
}
const err = (res: { body: { resource_response: { error?: { api_error_code: number } } } }) => res.body.resource_response.error?.api_error_code;

describe('business members', () => {
  it('invites by email with a role; the invitee accepts once from the mailed link and is listed', async () => {
    const { owner, advertiserId, helperUser, helper, invite } = await setup();
    const token = await invite(helperUser.email.toUpperCase(), 'ADMIN');
    const pending = (await owner.get('AdvertiserMembersResource', { advertiser_id: advertiserId })).body.resource_response.data;
    expect(pending).toMatchObject({
      owner: { username: 'bizowner' },
      members: [],
      invites: [{ email: helperUser.email, role: 'ADMIN' }],
      can_manage: true,
      is_owner: true,
    });
    const accepted = await helper.post('AdvertiserMemberInviteAcceptResource', 'create', { token });
    expect(accepted.body.resource_response.data).toEqual({ advertiser_id: advertiserId, name: 'Lemon Bakery' });
    expect(err(await helper.post('AdvertiserMemberInviteAcceptResource', 'create', { token }))).toBe(335);
    const listed = (await owner.get('AdvertiserMembersResource', { advertiser_id: advertiserId })).body.resource_response.data;
    expect(listed.members).toEqual([expect.objectContaining({ username: 'helper', role: 'ADMIN', is_me: false })]);
    expect(listed.invites).toEqual([]);
  });

  it('refuses an invite opened by another account, an expired one, and an address already acting for the business', async () => {
    const { t, owner, advertiserId, helperUser, invite, ownerUser } = await setup();
    const token = await invite();
    const otherUser = await t.makeUser('other');
    const other = t.client();
    await other.logIn(otherUser.email, otherUser.password);
    expect(err(await other.post('AdvertiserMemberInviteAcceptResource', 'create', { token }))).toBe(336);
    t.clock.advance(8 * 24 * 3600 * 1000);
    const helper = t.client();
    await helper.logIn(helperUser.email, helperUser.password);
    expect(err(await helper.post('AdvertiserMemberInviteAcceptResource', 'create', { token }))).toBe(335);
    expect(err(await owner.post('AdvertiserMemberInviteResource', 'create', { advertiser_id: advertiserId, email: ownerUser.email, role: 'ADMIN' }))).toBe(337);
    expect((await owner.post('AdvertiserMemberInviteResource', 'create', { advertiser_id: advertiserId, email: 'not an email', role: 'ADMIN' })).status).toBe(
      400,
    );
    expect((await owner.post('AdvertiserMemberInviteResource', 'create', { advertiser_id: advertiserId, email: 'a@example.com', role: 'GOD' })).status).toBe(
      400,
    );
  });

  it('changes a role, removes a member, and keeps the owner’s place; a stranger meets the business as missing', async () => {
    const { t, owner, advertiserId, helper, invite, ownerUser, helperUser } = await setup();
    await helper.post('AdvertiserMemberInviteAcceptResource', 'create', { token: await invite() });
    // An ADMIN without two-factor must pass it first.
    expect(err(await helper.get('AdvertiserMembersResource', { advertiser_id: advertiserId }))).toBe(
      (await import('../../lib/errors.js')).catalogue.profile_needs_mfa.code,
    );
    expect(
      (await owner.post('AdvertiserMemberResource', 'update', { advertiser_id: advertiserId, user_id: helperUser.id, role: 'OWNER' })).body.resource_response
        .data,
    ).toEqual({ user_id: helperUser.id, role: 'OWNER' });
    // With OWNER the member sees the list, and may not remove the owner.
    expect((await helper.get('AdvertiserMembersResource', { advertiser_id: advertiserId })).body.resource_response.data.members).toEqual([
      expect.objectContaining({ role: 'OWNER', is_me: true }),
    ]);
    expect(err(await helper.post('AdvertiserMemberResource', 'delete', { advertiser_id: advertiserId, user_id: ownerUser.id }))).toBe(340);
    expect(err(await owner.post('AdvertiserMemberResource', 'update', { advertiser_id: advertiserId, user_id: ownerUser.id, role: 'ADMIN' }))).toBe(340);
    const strangerUser = await t.makeUser('stranger');
    const stranger = t.client();
    await stranger.logIn(strangerUser.email, strangerUser.password);
    expect((await stranger.get('AdvertiserMembersResource', { advertiser_id: advertiserId })).status).toBe(404);
    expect((await stranger.post('AdvertiserMemberResource', 'delete', { advertiser_id: advertiserId, user_id: helperUser.id })).status).toBe(404);
    expect(
      (await owner.post('AdvertiserMemberResource', 'delete', { advertiser_id: advertiserId, user_id: helperUser.id })).body.resource_response.data,
    ).toEqual({ user_id: helperUser.id, removed: true });
    expect(err(await owner.post('AdvertiserMemberResource', 'delete', { advertiser_id: advertiserId, user_id: helperUser.id }))).toBe(334);
    expect((await helper.get('AdvertiserMembersResource', { advertiser_id: advertiserId })).status).toBe(404);
  });

  it('hands the business to a member; the old owner stays on as ADMIN', async () => {
    const { owner, advertiserId, helper, invite, ownerUser, helperUser } = await setup();
    expect(err(await owner.post('AdvertiserOwnerResource', 'update', { advertiser_id: advertiserId, user_id: ownerUser.id }))).toBe(339);
    await helper.post('AdvertiserMemberInviteAcceptResource', 'create', { token: await invite() });
    expect((await owner.post('AdvertiserOwnerResource', 'update', { advertiser_id: advertiserId, user_id: helperUser.id })).status).toBe(200);
    const list = (await helper.get('AdvertiserMembersResource', { advertiser_id: advertiserId })).body.resource_response.data;
    expect(list).toMatchObject({ owner: { username: 'helper' }, is_owner: true, members: [expect.objectContaining({ username: 'bizowner', role: 'ADMIN' })] });
    // The old owner is now a member like any other: transferring again is not theirs to do.
    expect((await owner.post('AdvertiserOwnerResource', 'update', { advertiser_id: advertiserId, user_id: helperUser.id })).status).toBe(403);
  });
});

/** Invites and memberships are asked again when they are used, not only when they were made. */
describe('business member invites re-checked when accepted', () => {
  it('a removed OWNER member’s invite to a second address of theirs admits nobody', async () => {
    const { t, owner, advertiserId, helperUser, helper, invite, tokenFor } = await setup();
    await helper.post('AdvertiserMemberInviteAcceptResource', 'create', { token: await invite(helperUser.email, 'OWNER') });
    // The OWNER member invites another address of their own, as OWNER, and is then removed.
    const second = await t.makeUser('helpertwo');
    expect((await helper.post('AdvertiserMemberInviteResource', 'create', { advertiser_id: advertiserId, email: second.email, role: 'OWNER' })).status).toBe(
      200,
    );
    const token = await tokenFor(second.email);
    expect((await owner.post('AdvertiserMemberResource', 'delete', { advertiser_id: advertiserId, user_id: helperUser.id })).status).toBe(200);
    const secondClient = t.client();
    await secondClient.logIn(second.email, second.password);
    expect(err(await secondClient.post('AdvertiserMemberInviteAcceptResource', 'create', { token }))).toBe(335);
    expect(await t.db.selectFrom('advertiser_members').select('user_id').where('advertiser_id', '=', advertiserId).execute()).toEqual([]);
    expect((await secondClient.get('AdvertiserMembersResource', { advertiser_id: advertiserId })).status).toBe(404);
  });

  it('an invite sent by a member since demoted or suspended admits nobody, even if its row is still there', async () => {
    const { t, owner, advertiserId, helperUser, helper, invite, tokenFor } = await setup();
    await helper.post('AdvertiserMemberInviteAcceptResource', 'create', { token: await invite(helperUser.email, 'OWNER') });
    const second = await t.makeUser('helpertwo');
    await helper.post('AdvertiserMemberInviteResource', 'create', { advertiser_id: advertiserId, email: second.email, role: 'ADMIN' });
    const token = await tokenFor(second.email);
    // The inviter's account is suspended by an operator: the invite they sent is not theirs to honour any more.
    await t.db.updateTable('users').set({ state: 'suspended' }).where('id', '=', helperUser.id).execute();
    const secondClient = t.client();
    await secondClient.logIn(second.email, second.password);
    expect(err(await secondClient.post('AdvertiserMemberInviteAcceptResource', 'create', { token }))).toBe(335);
    // Active again but demoted to ADMIN: the invite's row was dropped with the role, and its sender could not send it now.
    await t.db.updateTable('users').set({ state: 'active' }).where('id', '=', helperUser.id).execute();
    expect((await owner.post('AdvertiserMemberResource', 'update', { advertiser_id: advertiserId, user_id: helperUser.id, role: 'ADMIN' })).status).toBe(200);
    expect(await t.db.selectFrom('advertiser_member_invites').select('email').where('advertiser_id', '=', advertiserId).execute()).toEqual([]);
    expect(err(await secondClient.post('AdvertiserMemberInviteAcceptResource', 'create', { token }))).toBe(335);
  });

  it('a suspended owner’s pending invite admits nobody, and its members read nothing of the business', async () => {
    const { t, ownerUser, advertiserId, helperUser, helper, invite } = await setup();
    const token = await invite(helperUser.email, 'OWNER');
    const memberUser = await t.makeUser('earlier');
    const member = t.client();
    await member.logIn(memberUser.email, memberUser.password);
    // A member who joined before the suspension.
    await member.post('AdvertiserMemberInviteAcceptResource', 'create', { token: await invite(memberUser.email, 'OWNER') });
    expect((await member.get('AdvertiserCampaignsResource', { advertiser_id: advertiserId })).status).toBe(200);
    expect((await member.send('/vx/business_access/profiles/')).body.resource_response.data).toEqual([expect.objectContaining({ id: advertiserId })]);
    await t.db.updateTable('users').set({ state: 'suspended' }).where('id', '=', ownerUser.id).execute();
    // Gone from the member's profile switcher, owner's name and all.
    expect((await member.send('/vx/business_access/profiles/')).body.resource_response.data).toEqual([]);
    expect(err(await helper.post('AdvertiserMemberInviteAcceptResource', 'create', { token }))).toBe(335);
    expect(await t.db.selectFrom('advertiser_members').select('user_id').where('user_id', '=', helperUser.id).execute()).toEqual([]);
    // The member who joined before: the campaigns, the members list and the owner's name are gone with the owner.
    for (const resource of ['AdvertiserCampaignsResource', 'AdvertiserMembersResource', 'AdvertiserResource']) {
      const res = await member.get(resource, { advertiser_id: advertiserId });
      expect(res.status).toBe(404);
      expect(JSON.stringify(res.body)).not.toContain('bizowner');
    }
  });
});
