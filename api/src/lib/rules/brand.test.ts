import { describe, expect, it } from 'vitest';
import { testApp } from '../../testing.js';
import { outboxMessages, v3Post } from '../../auth/safety-helpers.js';

/** BRAND_NAME: the product's name wherever the copy names it, 'Corkboard' by default. */
describe('BRAND_NAME', () => {
  it('names the product in API errors, caught ones and refused ones alike', async () => {
    const t = await testApp({ config: { brandName: 'Pinwall' } });
    const refused = await t.client().send('/resource/UserSessionResource/create/', {
      method: 'POST',
      headers: { 'content-type': 'application/json' },
      body: JSON.stringify({ options: { username_or_email: 'a@example.com', password: 'x' } }),
    });
    expect(refused.body.resource_response.error?.message).toBe('This request did not come from Pinwall and was refused.');
    const birthday = Math.floor((t.clock.now() - 12 * 365.25 * 24 * 3600 * 1000) / 1000);
    const underage = await t
      .client()
      .post('UserRegisterResource', 'create', { type: 'email', email: 'kid@fastmail.com', password: 'Plum-Orchard-42', birthday });
    expect(underage.body.resource_response.error?.message).toBe('Sorry, you’re not eligible to sign up for Pinwall right now.');
    expect(JSON.stringify(underage.body)).not.toContain('{brand}');
  });

  it('writes the name, escaped, into the popup shell and the mails', async () => {
    const t = await testApp({ config: { brandName: 'Pins & <Co>' } });
    const shell = await t.app.request('/pin/create/button/');
    const html = await shell.text();
    expect(html).toContain('<meta name="brand" content="Pins &#38; &#60;Co&#62;">');
    expect(html).toContain('<title>Pins &#38; &#60;Co&#62;</title>');
    const user = await t.makeUser('ada');
    await v3Post(t, '/v3/users/forgot_password/', { username_or_email: user.email });
    const [mail] = await outboxMessages(t);
    expect(mail?.subject).toBe('Reset your Pins & <Co> password');
    expect(mail?.body).not.toContain('{brand}');
  });

  it('is Corkboard by default', async () => {
    const t = await testApp();
    expect(await (await t.app.request('/pin/create/button/')).text()).toContain('<meta name="brand" content="Corkboard">');
  });
});
