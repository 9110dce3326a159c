import { describe, expect, it } from 'vitest';
import { setup, err } from './testing.js';

describe('paid partnerships', () => {
  it('the pinner names the sponsor (status 2), the sponsor approves (0, named) or rejects (2), the pinner removes it (3)', async () => {
    const { t, owner, pin, stranger, other } = await setup();
    // The sponsor: a business owned by the stranger's account (username 'other…').
    const sponsorId = (await stranger.post('BusinessConvertResource', 'create', { business_name: 'Sunny Co', country: 'US' })).body.resource_response.data
      .advertiser_id;
    const username = (await t.db.selectFrom('users').select('username').where('id', '=', other.id).executeTakeFirstOrThrow()).username;
    expect(err(await stranger.post('PinSponsorshipResource', 'create', { pin_id: pin, sponsor_username: username }))?.http_status).toBe(403);
    expect(err(await owner.post('PinSponsorshipResource', 'create', { pin_id: pin, sponsor_username: 'nobody_here' }))?.api_error_code).toBe(189);
    expect(err(await owner.post('PinSponsorshipResource', 'create', { pin_id: pin, sponsor_username: '' }))?.http_status).toBe(400);
    expect(err(await owner.post('PinSponsorshipResource', 'delete', { pin_id: pin }))?.api_error_code).toBe(190);

    const requested = (await owner.post('PinSponsorshipResource', 'create', { pin_id: pin, sponsor_username: `@${username}` })).body.resource_response.data;
    expect(requested).toMatchObject({ state: 'requested', sponsorshipStatus: 2, sponsorName: 'Sunny Co', sponsorUsername: username });
    const visitor = t.client();
    expect((await visitor.get('PinAdLabelsResource', { pin_id: pin })).body.resource_response.data.sponsorship).toMatchObject({ sponsorshipStatus: 2 });

    // Only the named sponsor decides.
    expect((await stranger.get('AdvertiserSponsorshipsResource', { advertiser_id: sponsorId })).body.resource_response.data).toEqual([
      expect.objectContaining({ pin_id: pin, state: 'requested' }),
    ]);
    expect(
      err(await owner.post('AdvertiserSponsorshipsResource', 'update', { advertiser_id: sponsorId, pin_id: pin, decision: 'approve' }))?.api_error_code,
    ).toBe(180);
    expect(
      err(await stranger.post('AdvertiserSponsorshipsResource', 'update', { advertiser_id: sponsorId, pin_id: pin, decision: 'maybe' }))?.http_status,
    ).toBe(400);
    expect(
      (await stranger.post('AdvertiserSponsorshipsResource', 'update', { advertiser_id: sponsorId, pin_id: pin, decision: 'approve' })).body.resource_response
        .data,
    ).toMatchObject({ state: 'approved', sponsorshipStatus: 0 });
    expect((await visitor.get('PinAdLabelsResource', { pin_id: pin })).body.resource_response.data.sponsorship).toMatchObject({
      sponsorshipStatus: 0,
      sponsorName: 'Sunny Co',
    });
    expect(
      (await stranger.post('AdvertiserSponsorshipsResource', 'update', { advertiser_id: sponsorId, pin_id: pin, decision: 'reject' })).body.resource_response
        .data,
    ).toMatchObject({ state: 'rejected', sponsorshipStatus: 2 });

    expect((await owner.post('PinSponsorshipResource', 'delete', { pin_id: pin })).body.resource_response.data).toMatchObject({
      state: 'removed',
      sponsorshipStatus: 3,
    });
    expect(
      err(await stranger.post('AdvertiserSponsorshipsResource', 'update', { advertiser_id: sponsorId, pin_id: pin, decision: 'approve' }))?.api_error_code,
    ).toBe(190);
    expect((await stranger.get('AdvertiserSponsorshipsResource', { advertiser_id: sponsorId })).body.resource_response.data).toEqual([]);
    expect(err(await visitor.get('PinAdLabelsResource', { pin_id: '999' }))?.api_error_code).toBe(50);
  });

  it('shows the sponsor only requests on pins anyone may see: a pin on (or moved to) a secret board stays the board’s', async () => {
    const { t, owner, pin, stranger, other, pinner } = await setup();
    const sponsorId = (await stranger.post('BusinessConvertResource', 'create', { business_name: 'Sunny Co', country: 'US' })).body.resource_response.data
      .advertiser_id;
    const username = (await t.db.selectFrom('users').select('username').where('id', '=', other.id).executeTakeFirstOrThrow()).username;
    const hidden = await t.makeBoard(pinner.id, 'Surprise', 'secret');
    const secretPin = (
      await owner.post('PinResource', 'create', {
        board_id: hidden,
        link: 'https://bakery.example/secret',
        color: '#aabbcc',
        method: 'button',
        title: 'Secret recipe',
      })
    ).body.resource_response.data.id as string;
    await owner.post('PinSponsorshipResource', 'create', { pin_id: secretPin, sponsor_username: username });
    await owner.post('PinSponsorshipResource', 'create', { pin_id: pin, sponsor_username: username });
    const listed = async () =>
      ((await stranger.get('AdvertiserSponsorshipsResource', { advertiser_id: sponsorId })).body.resource_response.data as Array<{ pin_id: string }>).map(
        (r) => r.pin_id,
      );
    expect(await listed()).toEqual([pin]);
    await t.db
      .updateTable('boards')
      .set({ privacy: 'secret' })
      .where('id', '=', (await t.db.selectFrom('pins').select('board_id').where('id', '=', pin).executeTakeFirstOrThrow()).board_id)
      .execute();
    expect(await listed()).toEqual([]);
    expect(
      err(await stranger.post('AdvertiserSponsorshipsResource', 'update', { advertiser_id: sponsorId, pin_id: secretPin, decision: 'approve' }))
        ?.api_error_code,
    ).toBe(190);
  });
});
