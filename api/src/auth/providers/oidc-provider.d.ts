// oidc-provider ships no types; the dev provider (devProvider.ts) is the only code that imports it.
declare module 'oidc-provider';
