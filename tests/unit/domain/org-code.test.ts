import { describe, expect, it } from 'vitest';
import { ORG_CODE_PATTERN } from '../../../src/shared/contract/orgs';
import { orgCodeStrength, randomOrgCode } from '../../../src/shared/domain/org-code';

describe('[ORGS] organisation codes', () => {
  it('makes valid, strong, distinct codes from any name', () => {
    const names = ['Demo School', '学校', 'Ünïcödé Académie de Paris', '-', 'A'];
    const codes = names.flatMap((n) => Array.from({ length: 50 }, () => randomOrgCode(n)));
    for (const c of codes) {
      expect(c).toMatch(ORG_CODE_PATTERN);
      expect(orgCodeStrength(c)).toBe('strong');
    }
    expect(new Set(codes).size).toBe(codes.length);
  });

  it('rates names and short codes weak, long random ones strong', () => {
    expect(orgCodeStrength('demo-school')).toBe('weak');
    expect(orgCodeStrength('zeta')).toBe('weak');
    expect(orgCodeStrength('school-2024')).toBe('weak');
    expect(orgCodeStrength('hill-valley-7q4x')).toBe('fair');
    expect(orgCodeStrength('k7m2q9xp4t8wz3')).toBe('strong');
  });
});
