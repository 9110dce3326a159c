import type { ProductTagData } from '../../../api/src/pins/contract';
import { t } from '../pages/messages';

/**
 * A pin's "Shop" list: the products its business tagged (the builder's shop-the-pin), each a link that opens
 * through the link check (/offsite/) as the pin's own link does, so a host on the block list is stopped there
 * whenever it was listed. The links are the business's, not ours: nofollow and ugc, and no opener for the shop.
 */
export function ShopList({ tags }: { tags: readonly ProductTagData[] | undefined }) {
  if (!tags?.length) return null;
  return (
    <section class="pin-shop" aria-labelledby="pin-shop-heading">
      <h2 id="pin-shop-heading">{t('shop')}</h2>
      <ul class="product-tag-list">
        {tags.map((tag) => (
          <li key={tag.url}>
            <a class="product-title" href={`/offsite/?url=${encodeURIComponent(tag.url)}`} rel="noopener nofollow ugc" target="_blank">
              {tag.title}
            </a>
            {tag.price && <span class="product-price"> · {tag.price}</span>}
          </li>
        ))}
      </ul>
    </section>
  );
}
