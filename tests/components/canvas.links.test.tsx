import { afterEach, beforeEach, describe, expect, it } from 'vitest';
import { graph } from '../../src/features/canvas/store/canvas.store';
import { connect, placeNode } from '../../src/features/canvas/store/edit.actions';
import { closeFlow, openFlow } from '../../src/features/canvas/store/load.actions';
import { setProfile } from '../../src/ui/profile';
import { flow, flowId, muteFetch } from './canvas.fixtures';
import { stubApi } from './collections.fixtures';

/**
 * The canvas applies the same link rules as the server, the user's part included: csv may reach a
 * Google Spreadsheet block that names no sheet only when the user's profile is linked (spec 01 §4).
 */
let F = '';
beforeEach(async () => {
  F = flowId();
  stubApi({ [`GET flows/${F}`]: () => ({ body: { data: flow(F, { nodes: [], edges: [] }) } }) });
  await openFlow(F);
});
afterEach(() => {
  closeFlow();
  setProfile(null);
  muteFetch();
});

function csvToSheet() {
  const rows = placeNode('csvBuilderNode', { x: 0, y: 0 });
  const sheet = placeNode('writeToGoogleSpreadsheetNode', { x: 400, y: 0 });
  return connect({ source: rows.id, sourceHandle: 'csv', target: sheet.id, targetHandle: 'csv' });
}

describe('[CANVAS] the spreadsheet link rule follows the user', () => {
  it('refuses csv into an unnamed sheet while the profile is not linked with Google', () => {
    const r = csvToSheet();
    expect(r.ok).toBe(false);
    expect(r.ok ? '' : r.code).toBe('spreadsheet-not-linked');
    expect(graph.get().edges).toHaveLength(0);
  });

  it('accepts it once the profile is linked, as the server does on save', () => {
    setProfile({ linkedWithGoogleSpreadSheet: true });
    expect(csvToSheet().ok).toBe(true);
    expect(graph.get().edges).toHaveLength(1);
  });
});
