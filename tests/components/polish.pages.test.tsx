import { render, screen, waitFor } from '@testing-library/react';
import { afterEach, describe, expect, it, vi } from 'vitest';
import { Route, Router, Switch } from 'wouter';
import { memoryLocation } from 'wouter/memory-location';
import ErrorPage from '../../src/app/pages/ErrorPage';
import RedirectPage from '../../src/features/auth/components/RedirectPage';
import { stubApi } from './collections.fixtures';

afterEach(() => vi.unstubAllGlobals());

function renderAt(path: string) {
  const memory = memoryLocation({ path, record: true });
  render(
    <Router hook={memory.hook}>
      <Switch>
        <Route path="/redirect" component={RedirectPage} />
        <Route path="/error" component={ErrorPage} />
      </Switch>
    </Router>,
  );
  return memory;
}

describe('[AUTH] no dead ends', () => {
  it('/redirect without OIDC shows the error page with a way back to sign-in', async () => {
    const assign = vi.fn();
    vi.stubGlobal('location', { ...window.location, assign });
    stubApi({ 'GET auth/config': () => ({ body: { oidcEnabled: false, oidcProviderName: '' } }) });
    const memory = renderAt('/redirect?next=/personal/explore');
    await screen.findByRole('heading', { name: 'Sign-in with an identity provider is not set up' });
    expect(memory.history?.at(-1)).toBe('/error?reason=oidc-off');
    expect(screen.getByRole('link', { name: 'Back to sign-in' }).getAttribute('href')).toBe('/login');
    expect(screen.getByRole('link', { name: 'Go to the start page' })).toBeTruthy();
    expect(assign).not.toHaveBeenCalled();
  });

  it('/redirect with OIDC hands over to the provider', async () => {
    const assign = vi.fn();
    vi.stubGlobal('location', { ...window.location, assign });
    stubApi({ 'GET auth/config': () => ({ body: { oidcEnabled: true, oidcProviderName: 'Google' } }) });
    renderAt('/redirect?next=/personal/explore');
    await waitFor(() => expect(assign).toHaveBeenCalled());
    expect(String(assign.mock.calls[0]?.[0])).toContain('/api/auth/oidc/start?next=%2Fpersonal%2Fexplore');
  });

  it('an unknown reason gets the general error text', async () => {
    renderAt('/error?reason=whatever');
    expect(await screen.findByRole('heading', { name: 'Something went wrong' })).toBeTruthy();
  });
});
