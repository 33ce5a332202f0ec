import { useEffect } from 'react';
import { useLocation } from 'wouter';
import { cleanProvider, PROVIDER_PARAM } from '../shared/domain/viewer-links';

const KEY = 'flowlearn-viewer-provider';

/** The provider this visit came with: the address's, else the one kept earlier in this tab. */
export function currentProvider(search = window.location.search): string | null {
  const fromUrl = cleanProvider(new URLSearchParams(search).get(PROVIDER_PARAM));
  try {
    if (fromUrl) sessionStorage.setItem(KEY, fromUrl);
    return fromUrl ?? cleanProvider(sessionStorage.getItem(KEY));
  } catch {
    return fromUrl;
  }
}

/**
 * Viewer links may carry `?provider=` (spec 01 §2). The spec does not say what reads it, so the player
 * keeps it as it came: on every page of the visit the address shows it again (the player's own links
 * and redirects drop query strings), so a link copied or shared from any page still carries it.
 */
export function useKeepProvider(): void {
  const [path] = useLocation();
  useEffect(() => keepProviderOn(path), [path]);
}

/** Puts the visit's provider back on the address of `path` once the browser shows that page. */
export function keepProviderOn(path: string): void {
  const provider = currentProvider();
  const url = new URL(window.location.href);
  if (!provider || url.pathname !== path || url.searchParams.get(PROVIDER_PARAM) === provider) return;
  url.searchParams.set(PROVIDER_PARAM, provider);
  window.history.replaceState(window.history.state, '', url);
}
