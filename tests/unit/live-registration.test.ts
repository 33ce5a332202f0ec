import { describe, expect, it } from 'vitest';
import { z } from 'zod';
import { newId } from '../../src/shared/domain/ids';
import { liveRegistration, sessionOfRegistration } from '../../src/shared/domain/live/registration';

describe('[LIVE] the xAPI registration of a live lesson', () => {
  it('is a version-8 UUID, the same for the same session, and gives the session back', () => {
    const id = '65f1a2b3c4d5e6f708192a3b';
    const reg = liveRegistration(id);
    expect(reg).toBe('f10e1e65-f1a2-8b3c-a4d5-e6f708192a3b');
    expect(liveRegistration(id.toUpperCase())).toBe(reg);
    expect(z.string().uuid().safeParse(reg).success).toBe(true);
    expect(reg[14]).toBe('8');
    expect(sessionOfRegistration(reg)).toBe(id);
  });

  it('gives distinct sessions distinct registrations', () => {
    const ids = Array.from({ length: 500 }, () => newId());
    const regs = new Set(ids.map(liveRegistration));
    expect(regs.size).toBe(new Set(ids).size);
    for (const id of ids) expect(sessionOfRegistration(liveRegistration(id))).toBe(id);
  });

  it('refuses what is no session id, and reads no session from another registration', () => {
    expect(() => liveRegistration('not-an-id')).toThrow();
    expect(() => liveRegistration('65f1a2b3c4d5e6f708192a3')).toThrow();
    expect(sessionOfRegistration('0b7c6f0e-3f7a-4d8e-9a51-6a1f2b3c4d5e')).toBeNull();
  });
});
