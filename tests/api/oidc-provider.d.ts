// oidc-provider ships no types; the OIDC test uses a small part of it.
declare module 'oidc-provider';
