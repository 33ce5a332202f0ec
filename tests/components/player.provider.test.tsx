import { act, render } from '@testing-library/react';
import { afterEach, describe, expect, it } from 'vitest';
import { navigate } from 'wouter/use-browser-location';
import { currentProvider, useKeepProvider } from '../../src/player/provider';

function Keeper() {
  useKeepProvider();
  return null;
}

afterEach(() => {
  sessionStorage.clear();
  window.history.replaceState(null, '', '/');
});

describe('[PLAYER] the provider parameter of viewer links', () => {
  it('stays on the address as the player moves from page to page', () => {
    window.history.replaceState(null, '', '/viewer/flow/share/displayNode?provider=acme-lms');
    render(<Keeper />);
    expect(currentProvider()).toBe('acme-lms');
    act(() => navigate('/viewer/join'));
    expect(window.location.pathname).toBe('/viewer/join');
    expect(new URLSearchParams(window.location.search).get('provider')).toBe('acme-lms');
  });

  it('adds nothing when the visit came without one, and ignores one that is not a plain name', () => {
    window.history.replaceState(null, '', '/viewer/join?provider=%3Cb%3E');
    render(<Keeper />);
    act(() => navigate('/viewer/assignment/0123456789abcdef01234567'));
    expect(window.location.search).toBe('');
  });
});
