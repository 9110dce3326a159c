// @vitest-environment happy-dom
import { cleanup, fireEvent, render, screen } from '@testing-library/preact';
import { useState } from 'react';
import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest';
import { openGates } from '../../../api/src/pins/rules/gates';
import { PRODUCT_TAG_MESSAGES, PRODUCT_TAGS_MAX } from '../../../api/src/pins/rules/product-tags';
import { english } from './messages';
import PinBuilder from './PinBuilder';
import { ProductTags, type ProductTagDraft } from './ProductTags';

let seen: ProductTagDraft[] = [];
function Harness({ start = [] }: { start?: ProductTagDraft[] }) {
  const [tags, setTags] = useState<ProductTagDraft[]>(start);
  seen = tags;
  return <ProductTags tags={tags} onChange={setTags} disabled={false} />;
}

const type = (label: string, value: string) => fireEvent.input(screen.getByLabelText(label), { target: { value } });
const add = (url: string, title: string, price = '') => {
  type('Product link', url);
  type('Product title', title);
  type('Price (optional)', price);
  fireEvent.click(screen.getByRole('button', { name: 'Add product' }));
};

afterEach(() => {
  cleanup();
  vi.unstubAllGlobals();
});

describe('the Tag products control', () => {
  it('adds products to a list and removes them', () => {
    render(<Harness />);
    add('https://shop.example/lamp', 'Brass lamp', '€89');
    add(' https://shop.example/shade ', 'Linen shade');
    expect(seen).toEqual([
      { url: 'https://shop.example/lamp', title: 'Brass lamp', price: '€89' },
      { url: 'https://shop.example/shade', title: 'Linen shade' },
    ]);
    expect(screen.getByRole('list', { name: 'Tag products' }).textContent).toContain('Brass lamp · €89 · shop.example');
    fireEvent.click(screen.getByRole('button', { name: 'Remove Brass lamp' }));
    expect(seen.map((tag) => tag.title)).toEqual(['Linen shade']);
  });

  it("refuses what the server would, in the rule's words, and keeps the list as it was", () => {
    render(<Harness start={[{ url: 'https://shop.example/lamp', title: 'Brass lamp' }]} />);
    const cases: [string, string, string][] = [
      ['http://shop.example/a', 'A', PRODUCT_TAG_MESSAGES.notHttps],
      ['javascript:alert(1)', 'A', PRODUCT_TAG_MESSAGES.notHttps],
      ['https://shop.example@evil.example/', 'A', PRODUCT_TAG_MESSAGES.credentials],
      ['https://203.0.113.7/lamp', 'A', PRODUCT_TAG_MESSAGES.misleading],
      ['https://shop.example/b', '   ', 'Give the product a title.'],
      ['https://SHOP.example/lamp#top', 'Again', PRODUCT_TAG_MESSAGES.duplicate],
    ];
    for (const [url, title, message] of cases) {
      add(url, title);
      expect(screen.getByRole('alert').textContent).toBe(message);
    }
    expect(seen).toHaveLength(1);
  });

  it(`stops at ${PRODUCT_TAGS_MAX} products`, () => {
    render(<Harness start={Array.from({ length: PRODUCT_TAGS_MAX }, (_, i) => ({ url: `https://shop.example/${i}`, title: `P${i}` }))} />);
    expect(screen.queryByRole('button', { name: 'Add product' })).toBeNull();
    expect(screen.getByText(english.productsFull.replace('{{max}}', String(PRODUCT_TAGS_MAX)))).toBeTruthy();
  });
});

describe('the builder offers the control where the shop_the_pin gate is open', () => {
  const builderWith = (isPartner: boolean) =>
    vi.stubGlobal(
      'fetch',
      vi.fn(async (input: string) => {
        const url = new URL(input, 'http://localhost:8787');
        const answer = (data: unknown) => new Response(JSON.stringify({ resource_response: { data } }), { headers: { 'content-type': 'application/json' } });
        if (url.pathname === '/resource/ViewerResource/get/')
          return answer({ type: 'AUTH', user: { id: '1', username: 'shop', first_name: 'Shop', full_name: 'Shop', image_medium_url: null, pin_count: 0 } });
        if (url.pathname === '/resource/PinBuilderResource/get/') {
          const viewer = { isAuth: true, isPartner, video_upload_allowed: false };
          return answer({ viewer, scenario: 'default', groups: [], gates: openGates({ viewer, scenario: 'default', groups: new Set() }) });
        }
        if (url.pathname === '/resource/BoardPickerBoardsResource/get/') return answer({ all_boards: [], boards_shortlist: [], bookmark: '-end-' });
        return answer(null);
      }),
    );
  beforeEach(() => vi.unstubAllGlobals());

  it('a business account gets Tag products', async () => {
    builderWith(true);
    render(<PinBuilder search="" />);
    expect(await screen.findByRole('group', { name: 'Tag products' })).toBeTruthy();
  });

  it('a personal account does not', async () => {
    builderWith(false);
    render(<PinBuilder search="" />);
    await screen.findByLabelText('Alt text');
    expect(screen.queryByRole('group', { name: 'Tag products' })).toBeNull();
    expect(screen.queryByLabelText('Product link')).toBeNull();
  });
});
