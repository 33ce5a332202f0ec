import { describe, expect, it } from 'vitest';
import { FLOW_SORT_OPTIONS, sortFlows } from '../../../src/shared/domain/flow-sort';

type F = { id: string; name?: string | null; updatedAt?: string | Date | null };

const flows: F[] = [
  { id: 'a', name: 'Flow 10', updatedAt: '2026-01-02T00:00:00Z' },
  { id: 'b', name: '  ', updatedAt: null },
  { id: 'c', name: 'flow 2', updatedAt: new Date('2026-03-01T00:00:00Z') },
  { id: 'd', name: null, updatedAt: 'not a date' },
  { id: 'e', name: ' Alpha ', updatedAt: '2025-12-31T23:59:59Z' },
];

const ids = (xs: F[]): string[] => xs.map((x) => x.id);

describe('sortFlows', () => {
  it("'ascending' (Latest Updated) puts the newest first and undated last", () => {
    expect(ids(sortFlows(flows, 'ascending'))).toEqual(['c', 'a', 'e', 'b', 'd']);
  });

  it("'descending' (Earliest Updated) puts the oldest first and undated still last", () => {
    expect(ids(sortFlows(flows, 'descending'))).toEqual(['e', 'a', 'c', 'b', 'd']);
  });

  it('A-Z sorts trimmed names naturally with empty names last', () => {
    expect(ids(sortFlows(flows, 'A-Z'))).toEqual(['e', 'c', 'a', 'b', 'd']);
  });

  it('Z-A reverses names but still keeps empty names last', () => {
    expect(ids(sortFlows(flows, 'Z-A'))).toEqual(['a', 'c', 'e', 'b', 'd']);
  });

  it("'default' keeps input order in a new array", () => {
    const out = sortFlows(flows, 'default');
    expect(ids(out)).toEqual(['a', 'b', 'c', 'd', 'e']);
    expect(out).not.toBe(flows);
  });

  it('keeps input order for equal dates and does not mutate the input', () => {
    const same: F[] = [
      { id: 'x', updatedAt: '2026-01-01T00:00:00Z' },
      { id: 'y', updatedAt: '2026-01-01T00:00:00.000Z' },
    ];
    expect(ids(sortFlows(same, 'ascending'))).toEqual(['x', 'y']);
    expect(ids(sortFlows(same, 'descending'))).toEqual(['x', 'y']);
    sortFlows(flows, 'A-Z');
    expect(ids(flows)).toEqual(['a', 'b', 'c', 'd', 'e']);
  });

  it('handles an empty list', () => {
    expect(sortFlows([], 'A-Z')).toEqual([]);
  });
});

describe('FLOW_SORT_OPTIONS', () => {
  it('lists the spec labels in order', () => {
    expect(FLOW_SORT_OPTIONS).toEqual([
      { value: 'default', label: 'Default' },
      { value: 'ascending', label: 'Latest Updated' },
      { value: 'descending', label: 'Earliest Updated' },
      { value: 'A-Z', label: 'A-Z' },
      { value: 'Z-A', label: 'Z-A' },
    ]);
  });
});
