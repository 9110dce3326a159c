import { useState } from 'react';
import {
  PRODUCT_PRICE_MAX,
  PRODUCT_TAG_MESSAGES,
  PRODUCT_TAGS_MAX,
  PRODUCT_TITLE_MAX,
  PRODUCT_URL_MAX,
  productKey,
  productUrlProblem,
} from '../../../api/src/pins/rules/product-tags';
import { formatNumber } from '../i18n';
import { t } from './messages';

/** A product as PinResource create takes it (product_tags). */
export interface ProductTagDraft {
  url: string;
  title: string;
  price?: string;
}

/** The rule's refusal (pins/rules/product-tags.ts, which the server gives too) in the reader's language. */
function urlRefusal(problem: string): string {
  if (problem === PRODUCT_TAG_MESSAGES.credentials) return t('productLinkCredentials');
  if (problem === PRODUCT_TAG_MESSAGES.misleading) return t('productLinkMisleading');
  return t('productLinkHttps');
}

/** The host a product link opens, as the list shows it beside the product. */
function hostOf(url: string): string {
  try {
    return new URL(url).hostname;
  } catch {
    return url;
  }
}

/**
 * The pin builder's "Tag products" control (the shop_the_pin gate, business accounts): up to PRODUCT_TAGS_MAX
 * products, each an https link, a title and a price as text, checked here by the server's own rule before
 * they are added; the list shows them in order, each with its way out. Not a form: the builder around it is not one.
 */
export function ProductTags({ tags, onChange, disabled }: { tags: ProductTagDraft[]; onChange: (tags: ProductTagDraft[]) => void; disabled: boolean }) {
  const [url, setUrl] = useState('');
  const [title, setTitle] = useState('');
  const [price, setPrice] = useState('');
  const [error, setError] = useState<string | null>(null);
  const full = tags.length >= PRODUCT_TAGS_MAX;
  const max = formatNumber(PRODUCT_TAGS_MAX);

  const add = () => {
    const link = url.trim();
    const name = title.trim();
    const problem = productUrlProblem(link);
    if (full) return setError(t('productsFull', { max }));
    if (problem) return setError(urlRefusal(problem));
    if (!name) return setError(t('productTitleMissing'));
    if (tags.some((tag) => productKey(tag.url) === productKey(link))) return setError(t('productDuplicate'));
    setError(null);
    onChange([...tags, { url: link, title: name, ...(price.trim() ? { price: price.trim() } : {}) }]);
    setUrl('');
    setTitle('');
    setPrice('');
  };

  return (
    <fieldset class="product-tags" disabled={disabled}>
      <legend>{t('tagProducts')}</legend>
      <p class="hint">{t('tagProductsHint', { max })}</p>
      {tags.length > 0 && (
        <ul class="product-tag-list" aria-label={t('tagProducts')}>
          {tags.map((tag) => (
            <li key={tag.url}>
              <span class="product-title">{tag.title}</span>
              {tag.price && <span class="product-price"> · {tag.price}</span>}
              <span class="meta"> · {hostOf(tag.url)}</span>{' '}
              <button type="button" class="link" onClick={() => onChange(tags.filter((other) => other !== tag))}>
                {t('removeProduct', { title: tag.title })}
              </button>
            </li>
          ))}
        </ul>
      )}
      {!full && (
        <>
          <label>
            {t('productLink')}
            <input type="url" value={url} maxLength={PRODUCT_URL_MAX} placeholder="https://" onInput={(e) => setUrl(e.currentTarget.value)} />
          </label>
          <label>
            {t('productTitle')}
            <input type="text" value={title} maxLength={PRODUCT_TITLE_MAX} onInput={(e) => setTitle(e.currentTarget.value)} />
          </label>
          <label>
            {t('productPrice')}
            <input type="text" value={price} maxLength={PRODUCT_PRICE_MAX} onInput={(e) => setPrice(e.currentTarget.value)} />
          </label>
          <button type="button" class="secondary" onClick={add}>
            {t('addProduct')}
          </button>
        </>
      )}
      {full && <p class="hint">{t('productsFull', { max })}</p>}
      {error && (
        <p class="error" role="alert">
          {error}
        </p>
      )}
    </fieldset>
  );
}
