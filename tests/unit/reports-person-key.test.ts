import { describe, expect, it } from 'vitest';
import { cellsByPerson, ownAccountIfi, participantAliases } from '../../src/server/reports/person-key';
import type { SlimStatement } from '../../src/server/reports/reports.repo';

const ORIGIN = 'https://learn.school.test';
const PIA = 'mbox:mailto:pia@school.test';
const cell = (actor: string, timestamp: string, objectId = 'o1', verbId = 'v1'): SlimStatement => ({
  objectId,
  verbId,
  actor,
  timestamp,
  statement: { result: { score: { raw: Number(timestamp.slice(8, 10)) } } },
});

describe('reports person key', () => {
  const aliases = participantAliases([{ userId: 'u-pia', ifi: PIA }], ORIGIN);

  it('maps only an account of our origin named by a participant id', () => {
    expect(aliases.get(ownAccountIfi(ORIGIN, 'u-pia'))).toBe(PIA);
    expect(aliases.has('account:https://other-lms.example|u-pia')).toBe(false);
    expect(aliases.has(ownAccountIfi(ORIGIN, 'guest-7'))).toBe(false);
    expect(participantAliases([{ userId: 'u-pia', ifi: PIA }], undefined).size).toBe(0);
  });

  it('merges a person’s mbox and account cells newest first, capped, and leaves others alone', () => {
    const account = ownAccountIfi(ORIGIN, 'u-pia');
    const guest = ownAccountIfi(ORIGIN, 'guest-7');
    const cells = [
      cell(account, '2026-11-23T00:00:00.000Z'),
      cell(account, '2026-11-21T00:00:00.000Z'),
      cell(guest, '2026-11-25T00:00:00.000Z'),
      cell(PIA, '2026-11-22T00:00:00.000Z'),
      cell(PIA, '2026-11-20T00:00:00.000Z'),
      cell(account, '2026-11-24T00:00:00.000Z', 'o2'),
    ];
    const out = cellsByPerson(cells, aliases, 3);
    const pia = out
      .filter((c) => c.objectId === 'o1' && c.actor === PIA)
      .map((c) => c.timestamp.slice(8, 10));
    expect(pia).toEqual(['23', '22', '21']);
    expect(out.filter((c) => c.actor === guest)).toHaveLength(1);
    expect(out.find((c) => c.objectId === 'o2')?.actor).toBe(PIA);
    expect(out.some((c) => c.actor === account)).toBe(false);
  });

  it('returns the cells as they are when no actor is aliased', () => {
    const cells = [cell(PIA, '2026-11-22T00:00:00.000Z')];
    expect(cellsByPerson(cells, aliases, 3)).toBe(cells);
  });
});
