// @vitest-environment happy-dom
import { cleanup, render, screen } from '@testing-library/preact';
import { afterEach, describe, expect, it } from 'vitest';
import { ShopList } from './ShopList';

afterEach(cleanup);

describe("a pin's Shop list", () => {
  it('lists each product with its price, each link opening the product as user content', () => {
    render(
      <ShopList
        tags={[
          { url: 'https://shop.example/lamp?c=brass&x=1', title: 'Brass lamp', price: '€89' },
          { url: 'https://shop.example/shade', title: 'Linen shade', price: null },
        ]}
      />,
    );
    expect(screen.getByRole('heading', { name: 'Shop' })).toBeTruthy();
    const lamp = screen.getByRole('link', { name: 'Brass lamp' });
    expect(lamp.getAttribute('href')).toBe('https://shop.example/lamp?c=brass&x=1');
    expect(lamp.getAttribute('rel')).toBe('noopener nofollow ugc');
    expect(lamp.getAttribute('target')).toBe('_blank');
    expect(screen.getAllByRole('listitem').map((item) => item.textContent)).toEqual(['Brass lamp · €89', 'Linen shade']);
  });

  it('shows nothing for a pin without products (or a feed pin, which carries none)', () => {
    const { container } = render(
      <>
        <ShopList tags={[]} />
        <ShopList tags={undefined} />
      </>,
    );
    expect(container.innerHTML).toBe('');
  });
});
