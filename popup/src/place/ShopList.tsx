import type { ProductTagData } from '../../../api/src/pins/contract';
import { t } from '../pages/messages';

/**
 * A pin's "Shop" list: the products its business tagged (the builder's shop-the-pin), each a link straight to the
 * product. Not through /offsite/: that page follows only the pin's own link (a product link there "can't be
 * opened"). The links are the business's, not ours: nofollow and ugc, and the shop gets no handle on this page.
 */
export function ShopList({ tags }: { tags: readonly ProductTagData[] | undefined }) {
  if (!tags?.length) return null;
  return (
    <section class="pin-shop" aria-labelledby="pin-shop-heading">
      <h2 id="pin-shop-heading">{t('shop')}</h2>
      <ul class="product-tag-list">
        {tags.map((tag) => (
          <li key={tag.url}>
            <a class="product-title" href={tag.url} rel="noopener nofollow ugc" target="_blank">
              {tag.title}
            </a>
            {tag.price && <span class="product-price"> · {tag.price}</span>}
          </li>
        ))}
      </ul>
    </section>
  );
}
