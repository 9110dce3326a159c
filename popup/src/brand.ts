import { DEFAULT_BRAND, withBrand } from '../../api/src/lib/rules/brand';

/** The product's name (BRAND_NAME), which the server writes into the shell's <meta name="brand">; read once. */
export const BRAND = (typeof document !== 'undefined' && document.querySelector<HTMLMetaElement>('meta[name="brand"]')?.content) || DEFAULT_BRAND;

/** Shared copy that names the product as `{brand}`, with the name filled in. */
export const branded = (text: string): string => withBrand(text, BRAND);
