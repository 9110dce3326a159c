import { describe, expect, it } from 'vitest';
import { testApp } from '../testing.js';
import { renderLegal } from './legal.js';

describe('the Terms of Service and Privacy Policy pages', () => {
  it('are real pages from legal/*.md, with the brand, and the notice at collection the footer links to', async () => {
    const t = await testApp({ config: { brandName: 'Pinwall' } });
    const terms = await t.app.request('/_/_/policy/terms-of-service/');
    expect(terms.status).toBe(200);
    expect(terms.headers.get('content-type')).toMatch(/^text\/html/);
    expect(terms.headers.get('content-security-policy')).toMatch(/default-src 'none'/);
    const termsHtml = await terms.text();
    expect(termsHtml).toContain('<h1 id="terms-of-service">Terms of Service</h1>');
    expect(termsHtml).toContain('<title>Terms of Service | Pinwall</title>');
    expect(termsHtml).not.toContain('{brand}');
    const privacy = await (await t.app.request('/_/_/policy/privacy-policy/')).text();
    expect(privacy).toContain('<h2 id="notice-at-collection">Notice at collection</h2>');
    expect(privacy).toContain('Pinwall');
  });

  it('answers an unknown policy with the envelope 404', async () => {
    const t = await testApp();
    const res = await t.app.request('/_/_/policy/cookies/');
    expect(res.status).toBe(404);
  });

  it('renders text only: markup in the source is escaped', () => {
    const { title, body } = renderLegal('# Hi <b>{brand}</b>\n\nA <script>x</script> line\nand more.\n\n- one\n- two & three', 'B&Co');
    expect(title).toBe('Hi <b>B&Co</b>');
    expect(body).toBe(
      '<h1 id="hi-b-b-co-b">Hi &#60;b&#62;B&#38;Co&#60;/b&#62;</h1>\n<p>A &#60;script&#62;x&#60;/script&#62; line and more.</p>\n<ul><li>one</li><li>two &#38; three</li></ul>',
    );
  });
});

describe("'Are you a business?'", () => {
  it('leads to a page, the business sign-up, not a 404', async () => {
    const t = await testApp();
    const res = await t.app.request('/business/create/?next=%2Fpin%2Fcreate%2Fbutton%2F');
    expect(res.status).toBe(200);
    expect(await res.text()).toContain('<div id="app"></div>');
  });
});
