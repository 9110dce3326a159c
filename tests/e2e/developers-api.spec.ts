import AxeBuilder from '@axe-core/playwright';
import { expect, test } from '@playwright/test';
import { PRODUCT } from './origins';

// Issue 26: the API reference renders /openapi.json with Swagger UI from our own origin, under its CSP.
test('the API reference page renders the OpenAPI document, axe clean, nothing from another origin', async ({ page }) => {
  const foreign: string[] = [];
  const refused: string[] = [];
  page.on(
    'request',
    (request) => void (new URL(request.url()).origin !== new URL(PRODUCT).origin && !request.url().startsWith('data:') && foreign.push(request.url())),
  );
  page.on('console', (message) => void (message.type() === 'error' && /Content Security Policy/i.test(message.text()) && refused.push(message.text())));
  await page.goto(`${PRODUCT}/developers/api/`);
  await expect(page.getByRole('heading', { level: 1, name: /API reference/ })).toBeVisible();
  // Swagger UI has read the document: an operation of the resource registry is listed.
  await expect(page.getByRole('button', { name: 'GET /health GET /health' })).toBeVisible();
  expect(foreign).toEqual([]);
  expect(refused).toEqual([]);
  expect(
    (await new AxeBuilder({ page }).analyze()).violations.map(
      (v) =>
        `${v.id}: ${v.nodes
          .map((n) => n.target.join(' '))
          .slice(0, 3)
          .join(', ')}`,
    ),
  ).toEqual([]);
});
