import { readFileSync } from 'node:fs';
import { join } from 'node:path';
import { render, screen, waitFor } from '@testing-library/react';
import { afterEach, beforeAll, describe, expect, it, vi } from 'vitest';
import { setTexts } from '../../src/player/i18n';
import MediaLibraryPage from '../../src/player/pages/MediaLibraryPage';
import { mediaLibraryHref, mediaLibrarySpace } from '../../src/shared/domain/media-library';
import { stubApi } from './collections.fixtures';

/** Chat's Library opens the viewer's media library of GET s3/images (spec 03 §2). */

const ORG = '0123456789abcdef01234567';
const image = (id: string, fileName: string) => ({
  _id: id,
  mediaId: id,
  url: `/api/s3/download/${id}`,
  originalUrl: `/api/s3/download/${id}`,
  compressedUrl: `/api/s3/download/${id}?variant=compressed`,
  fileName,
  contentType: 'image/png',
  size: 120,
  createdAt: '2026-11-27T09:00:00.000Z',
});

beforeAll(() => {
  const dir = join(__dirname, '..', '..', 'public', 'locales', 'en-GB', 'player.json');
  setTexts('en-GB', JSON.parse(readFileSync(dir, 'utf8')));
});
afterEach(() => vi.unstubAllGlobals());

describe('[CHAT] the viewer media library', () => {
  it("lists the user's images, each shown and downloadable through the signed-in download", async () => {
    const calls = stubApi({
      'GET s3/images': () => ({ body: { data: [image('a1', 'leaf.png'), image('b2', 'tree.png')] } }),
      'GET s3/download/a1': () => ({ body: {} }),
      'GET s3/download/b2': () => ({ body: {} }),
    });
    render(<MediaLibraryPage />);
    expect(await screen.findByRole('heading', { name: 'Media library' })).toBeTruthy();
    expect(await screen.findAllByTestId('library-image')).toHaveLength(2);
    expect(await screen.findByRole('link', { name: 'Download leaf.png' })).toBeTruthy();
    await waitFor(() => expect(screen.getAllByRole('img', { name: /\.png$/ })).toHaveLength(2));
    expect(calls[0].path).toBe('s3/images?limit=60');
    const downloads = calls.filter((c) => c.path.startsWith('s3/download/')).map((c) => c.path);
    expect(downloads.sort()).toEqual([
      's3/download/a1',
      's3/download/a1?variant=compressed',
      's3/download/b2',
      's3/download/b2?variant=compressed',
    ]);
  });

  it('says when there are none, and asks to sign in on a 401', async () => {
    stubApi({ 'GET s3/images': () => ({ body: { data: [] } }) });
    const { unmount } = render(<MediaLibraryPage />);
    expect((await screen.findByTestId('library-empty')).textContent).toContain('No images yet');
    unmount();
    stubApi({ 'GET s3/images': () => ({ status: 401, body: { message: 'Not authenticated' } }) });
    render(<MediaLibraryPage />);
    expect(await screen.findByRole('heading', { name: 'Sign in to continue' })).toBeTruthy();
  });

  it("chat's link carries its space; the viewer sends it only on the library page", () => {
    expect(mediaLibraryHref(null)).toBe('/viewer/media-library');
    expect(mediaLibraryHref(ORG)).toBe(`/viewer/media-library?org=${ORG}`);
    expect(mediaLibrarySpace('/viewer/media-library', `?org=${ORG}`)).toBe(ORG);
    expect(mediaLibrarySpace('/viewer/media-library', '?org=not-an-id')).toBeNull();
    expect(mediaLibrarySpace('/viewer/assignment/x', `?org=${ORG}`)).toBeNull();
  });
});
