import type { TestApp } from '../testing.js';

/** A signed-in person of the import and export tests: their browser, an import upload, and the page's status. */
export async function transferPerson(t: TestApp, name?: string) {
  const user = await t.makeUser(name);
  const browser = t.client();
  await browser.logIn(user.email, user.password);
  const upload = (body: Uint8Array | Buffer) =>
    browser.send('/v3/imports/', {
      method: 'POST',
      headers: { origin: t.deps.config.publicOrigin, 'content-type': 'application/octet-stream' },
      body: new Uint8Array(body),
    });
  const status = async () => (await browser.get('ImportExportResource')).body.resource_response.data;
  return { user, browser, upload, status };
}
