/**
 * The product's name (BRAND_NAME, default 'Corkboard'). Copy shared by the API and the popup (the error
 * catalogue, the auth messages) is static, so it names the product as `{brand}`; the name is filled in
 * where the copy is shown: `fail` for API errors, the popup's `branded` for its own messages.
 */
export const DEFAULT_BRAND = 'Corkboard';

export const withBrand = (text: string, brand: string): string => text.replaceAll('{brand}', brand);
