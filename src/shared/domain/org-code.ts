/**
 * Organisation codes are the join code and the second path segment (/{orgCode}/…). A code made from
 * the name alone (`demo-school`) let anyone join any organisation, so a made code carries a random
 * part: 12 characters from 31 that cannot be confused (no 0/o, 1/l/i), about 59 bits.
 * Browser and server both use this (the strength hint shows while an admin types a code).
 */
const ALPHABET = 'abcdefghjkmnpqrstuvwxyz23456789';
export const ORG_CODE_RANDOM_LENGTH = 12;
const PREFIX_MAX = 12;

function randomPart(): string {
  for (;;) {
    const bytes = globalThis.crypto.getRandomValues(new Uint8Array(ORG_CODE_RANDOM_LENGTH * 2));
    // rejection sampling keeps every character equally likely (248 = 8 × 31)
    const chars = [...bytes].filter((b) => b < 248).map((b) => ALPHABET[b % ALPHABET.length]);
    if (chars.length < ORG_CODE_RANDOM_LENGTH) continue;
    const part = chars.slice(0, ORG_CODE_RANDOM_LENGTH).join('');
    // a letter and a digit in it, so the strength estimate below always rates it strong
    if (/[a-z]/.test(part) && /\d/.test(part)) return part;
  }
}

/** `demo-school` → `demo-school-k7m2q9xp4t8w`: readable prefix from the name, random tail. */
export function randomOrgCode(name: string): string {
  const prefix = name
    .normalize('NFKD')
    .replace(/[\u0300-\u036f]/g, '')
    .toLowerCase()
    .replace(/[^a-z0-9]+/g, '-')
    .replace(/^-+/, '')
    .slice(0, PREFIX_MAX)
    .replace(/-+$/, '');
  return `${prefix || 'org'}-${randomPart()}`;
}

export type TOrgCodeStrength = 'weak' | 'fair' | 'strong';

/**
 * A rough guess of how many tries a guesser needs, in bits: a part of letters only counts as a word
 * (a few bits a letter), digits as digits, a mix of both as random. Under 40 bits is weak, under 56 fair.
 */
export function orgCodeBits(code: string): number {
  return code
    .toLowerCase()
    .split('-')
    .filter(Boolean)
    .reduce((bits, part) => {
      if (/^\d+$/.test(part)) return bits + part.length * Math.log2(10);
      if (/^[a-z]+$/.test(part)) return bits + 10 + part.length;
      return bits + part.length * Math.log2(36);
    }, 0);
}

export function orgCodeStrength(code: string): TOrgCodeStrength {
  const bits = orgCodeBits(code);
  return bits < 40 ? 'weak' : bits < 56 ? 'fair' : 'strong';
}
