import { describe, expect, it } from 'vitest';
import { loginPathFor } from '../../src/app/Guard';
import { isLearnerAppPath, keepQuery, nextFromSearch } from '../../src/features/auth/auth.paths';

describe('[AUTH] sign-in addresses', () => {
  it('strips the word editor from next and defaults to /', () => {
    expect(nextFromSearch('?next=/editor/personal/projects/1/flows/2')).toBe('/personal/projects/1/flows/2');
    expect(nextFromSearch('?next=editor/demo-school/explore')).toBe('/demo-school/explore');
    expect(nextFromSearch('?next=/editorial/x')).toBe('/editorial/x');
    expect(nextFromSearch('')).toBe('/');
  });

  it('never leaves the app through next', () => {
    expect(nextFromSearch('?next=//evil.example/x')).toBe('/');
    expect(nextFromSearch('?next=/\\evil.example')).toBe('/');
    expect(nextFromSearch('?next=https://evil.example')).toBe('/https://evil.example');
  });

  it('keeps the query string on the sign-up and org links', () => {
    expect(keepQuery('/signup', 'next=%2Fa')).toBe('/signup?next=%2Fa');
    expect(keepQuery('/org-login', '')).toBe('/org-login');
  });

  it('sends a visitor to /login with next = the page asked for, its space included', () => {
    expect(loginPathFor('/demo/projects/p/flows/f', 'demo')).toBe(
      `/login?next=${encodeURIComponent('/demo/projects/p/flows/f')}`,
    );
    // Signed out, the remembered space is personal: the path's own space must win.
    expect(loginPathFor('/demo-school/assignment', 'personal')).toBe(
      `/login?next=${encodeURIComponent('/demo-school/assignment')}`,
    );
    expect(loginPathFor('/', 'demo')).toBe(`/login?next=${encodeURIComponent('/demo/explore')}`);
  });

  it('tells the learner app apart from editor paths', () => {
    expect(isLearnerAppPath('/viewer/assignments/join-assignment/ABC')).toBe(true);
    expect(isLearnerAppPath('/viewer')).toBe(true);
    expect(isLearnerAppPath('/viewer?x=1')).toBe(true);
    expect(isLearnerAppPath('/viewers/x')).toBe(false);
    expect(isLearnerAppPath('/personal/explore')).toBe(false);
    expect(nextFromSearch('?next=/viewer/assignments/join-assignment/ABC')).toBe(
      '/viewer/assignments/join-assignment/ABC',
    );
  });
});
