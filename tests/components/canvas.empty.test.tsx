import { act, fireEvent, render, screen } from '@testing-library/react';
import { afterEach, beforeEach, describe, expect, it } from 'vitest';
import { EmptyCanvasHint } from '../../src/features/canvas/components/EmptyCanvasHint';
import { editor } from '../../src/features/canvas/store/canvas.store';
import { placeNode } from '../../src/features/canvas/store/edit.actions';
import { closeFlow } from '../../src/features/canvas/store/load.actions';
import { flowId, muteFetch, openEmptyFlow } from './canvas.fixtures';

/** A new flow opens on an empty canvas that says where blocks come from, until the first block. */
let F = '';
beforeEach(async () => {
  F = flowId();
  await openEmptyFlow(F);
});
afterEach(() => {
  closeFlow();
  muteFetch();
});

describe('[CANVAS] the empty canvas', () => {
  it('explains how to add a block, opens the block list on request and goes with the first block', () => {
    render(<EmptyCanvasHint />);
    const hint = screen.getByTestId('empty-canvas');
    expect(hint.textContent).toContain('This flow is empty');
    fireEvent.click(screen.getByRole('button', { name: 'Show blocks' }));
    expect(editor.drawer).toBe('palette');
    act(() => {
      placeNode('displayNode', { x: 0, y: 0 });
    });
    expect(screen.queryByTestId('empty-canvas')).toBeNull();
  });
});
