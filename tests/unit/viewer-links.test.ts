import { describe, expect, it } from 'vitest';
import { cleanProvider, previewLink, shareLink, viewerLink } from '../../src/shared/domain/viewer-links';

describe('viewer links (spec 01 §2 "Flow links")', () => {
  it('are /viewer{path}, with the provider query parameter when there is one', () => {
    expect(viewerLink('flow/share/abc')).toBe('/viewer/flow/share/abc');
    expect(viewerLink('/join', 'acme-lms')).toBe('/viewer/join?provider=acme-lms');
    expect(shareLink('displayNode')).toBe('/viewer/flow/share/displayNode');
    expect(previewLink('0123456789abcdef01234567', 'moodle.school')).toBe(
      '/viewer/flow-preview/0123456789abcdef01234567?provider=moodle.school',
    );
  });

  it('drop a provider that is not a plain name instead of passing it on', () => {
    expect(cleanProvider('acme_1.x-y')).toBe('acme_1.x-y');
    for (const bad of ['', '<script>', 'a b', 'x'.repeat(65), null, undefined])
      expect(cleanProvider(bad)).toBeNull();
    expect(viewerLink('/join', '"><img>')).toBe('/viewer/join');
  });
});
