import { afterEach, beforeEach, describe, expect, it } from 'vitest';
import { graph } from '../../src/features/canvas/store/canvas.store';
import { connect, placeNode, reconnect } from '../../src/features/canvas/store/edit.actions';
import { undo } from '../../src/features/canvas/store/history.actions';
import { closeFlow } from '../../src/features/canvas/store/load.actions';
import { setProfile } from '../../src/ui/profile';
import { flowId, muteFetch, openEmptyFlow } from './canvas.fixtures';

/**
 * The canvas applies the same link rules as the server, the user's part included: csv may reach a
 * Google Spreadsheet block that names no sheet only when the user's profile is linked (spec 01 §4).
 */
let F = '';
beforeEach(async () => {
  F = flowId();
  await openEmptyFlow(F);
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

describe('[CANVAS] moving one end of a link', () => {
  function startToDisplay() {
    const start = placeNode('beginNode', { x: 0, y: 0 });
    const first = placeNode('displayNode', { x: 400, y: 0 });
    const second = placeNode('displayNode', { x: 400, y: 300 });
    const text = placeNode('textNode', { x: 0, y: 300 });
    expect(connect({ source: start.id, sourceHandle: 'out', target: first.id, targetHandle: 'in' }).ok).toBe(
      true,
    );
    return { start, first, second, text, link: graph.get().edges[0] };
  }

  it('moves the end to another block: the old link takes no slot while it is replaced', () => {
    const { start, second, link } = startToDisplay();
    // Start has one outgoing statement link: as a new link this would be refused, as a move it is not.
    const r = reconnect(link, {
      source: start.id,
      sourceHandle: 'out',
      target: second.id,
      targetHandle: 'in',
    });
    expect(r.ok).toBe(true);
    const edges = graph.get().edges;
    expect(edges).toHaveLength(1);
    expect(edges[0].target).toBe(second.id);
    undo();
    expect(graph.get().edges[0].target).not.toBe(second.id);
  });

  it('refuses a move the rules refuse and keeps the link as it was', () => {
    const { text, first, link } = startToDisplay();
    const r = reconnect(link, {
      source: text.id,
      sourceHandle: 'text',
      target: first.id,
      targetHandle: 'in',
    });
    expect(r.ok).toBe(false);
    expect(graph.get().edges).toEqual([link]);
  });
});
