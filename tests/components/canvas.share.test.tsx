import { act, fireEvent, render, screen, waitFor } from '@testing-library/react';
import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest';
import { PaletteHelpLink, PanelHelpLink } from '../../src/features/canvas/components/BlockHelp';
import { PaletteEntry } from '../../src/features/canvas/components/PaletteEntry';
import { PreviewButton, ShareButton } from '../../src/features/canvas/components/ShareTools';
import { editor, session } from '../../src/features/canvas/store/canvas.store';
import { placeNode } from '../../src/features/canvas/store/edit.actions';
import { closeFlow, openFlow } from '../../src/features/canvas/store/load.actions';
import { nodeSpec } from '../../src/shared/domain/node-catalogue';
import { flow, flowId, muteFetch } from './canvas.fixtures';
import { type Call, stubApi } from './collections.fixtures';

let F = '';
let calls: Call[] = [];
let published = false;
let revision = 3;
const puts = () => calls.filter((c) => c.method === 'PUT');

beforeEach(async () => {
  F = flowId();
  published = false;
  revision = 3;
  calls = stubApi({
    [`GET flows/${F}`]: () => ({ body: { data: flow(F, { published, revision }) } }),
    [`PUT flows/${F}`]: ({ body }) => {
      const b = body as { published?: boolean };
      if (b.published !== undefined) published = b.published;
      revision += 1;
      return { body: { data: { ...flow(F), ...(body as object), published, revision } } };
    },
  });
  await openFlow(F);
});
afterEach(() => {
  closeFlow();
  vi.restoreAllMocks();
  muteFetch();
});

describe('[CANVAS] Preview and Share in the top bar', () => {
  it('Preview saves what is pending first, then sends the new tab to the flow-preview route', async () => {
    const tab = { opener: {} as unknown, location: { href: '' }, close: vi.fn() };
    const open = vi.spyOn(window, 'open').mockReturnValue(tab as unknown as Window);
    render(<PreviewButton />);
    act(() => {
      placeNode('textNode', { x: 600, y: 0 });
    });
    expect(editor.pending).toBeGreaterThan(0);
    fireEvent.click(screen.getByRole('button', { name: 'Preview' }));
    await waitFor(() => expect(tab.location.href).toBe(`/viewer/flow-preview/${F}`));
    expect(open).toHaveBeenCalledWith('', '_blank');
    // The save went before the tab was sent: the preview shows what the author sees.
    expect(puts()).toHaveLength(1);
    expect(editor.pending).toBe(0);
    expect(tab.opener).toBeNull();
  });

  it('Preview closes the tab and says why when the save is refused', async () => {
    calls = stubApi({
      [`GET flows/${F}`]: () => ({ body: { data: flow(F) } }),
      [`PUT flows/${F}`]: () => ({
        status: 400,
        body: { errorCode: 'VALIDATION_ERROR', message: 'nodes: broken link' },
      }),
    });
    const tab = { opener: {}, location: { href: '' }, close: vi.fn() };
    vi.spyOn(window, 'open').mockReturnValue(tab as unknown as Window);
    render(<PreviewButton />);
    act(() => {
      placeNode('textNode', { x: 600, y: 0 });
    });
    fireEvent.click(screen.getByRole('button', { name: 'Preview' }));
    await screen.findByRole('alert');
    expect(tab.close).toHaveBeenCalled();
    expect(tab.location.href).toBe('');
  });

  it('Share shows the viewer link, whether the flow is published, and publishes it', async () => {
    render(<ShareButton />);
    fireEvent.click(screen.getByRole('button', { name: 'Share' }));
    const link = (await screen.findByLabelText('Viewer link')) as HTMLInputElement;
    expect(link.value).toBe(`${window.location.origin}/viewer/flow/share/${F}`);
    expect((await screen.findByTestId('share-status')).textContent).toContain('Not published');
    fireEvent.click(screen.getByRole('button', { name: 'Publish' }));
    await waitFor(() => expect(screen.getByTestId('share-status').textContent).toContain('Published:'));
    const sent = puts().at(-1)?.body as { published: boolean; revision: number };
    expect(sent).toEqual({ published: true, revision: 3 });
    // The editor carries on from the revision the publish gave, so its next save is no conflict.
    expect(session.baseRevision).toBe(4);
    fireEvent.click(screen.getByRole('button', { name: 'Unpublish' }));
    await waitFor(() => expect(screen.getByTestId('share-status').textContent).toContain('Not published'));
    expect(published).toBe(false);
  });

  it('Copy puts the link on the clipboard', async () => {
    const writeText = vi.fn(async () => undefined);
    Object.defineProperty(navigator, 'clipboard', { value: { writeText }, configurable: true });
    render(<ShareButton />);
    fireEvent.click(screen.getByRole('button', { name: 'Share' }));
    fireEvent.click(await screen.findByRole('button', { name: 'Copy' }));
    await screen.findByRole('button', { name: 'Copied' });
    expect(writeText).toHaveBeenCalledWith(`${window.location.origin}/viewer/flow/share/${F}`);
  });
});

describe('[CANVAS] help links', () => {
  const spec = nodeSpec('displayNode');
  if (!spec) throw new Error('catalogue');

  it('the palette entry has a "?" link to its demo, outside the entry button so it never drags', () => {
    render(
      <ul>
        <PaletteEntry
          entry={{ spec, placeable: true }}
          onMove={() => {}}
          onDrop={() => {}}
          onTap={() => {}}
        />
      </ul>,
    );
    const help = screen.getByRole('link', { name: 'How “Display Text” works' });
    expect(help.getAttribute('href')).toBe('/viewer/flow/share/displayNode');
    expect(help.getAttribute('target')).toBe('_blank');
    expect(help.closest('button')).toBeNull();
    // Reached by Tab after the entry: a link, not hidden from the keyboard.
    expect(help.getAttribute('tabindex')).toBeNull();
  });

  it('the block panel says "How this block works" with the same link', () => {
    render(<PanelHelpLink spec={spec} />);
    const help = screen.getByRole('link', { name: /How this block works/ });
    expect(help.getAttribute('href')).toBe('/viewer/flow/share/displayNode');
  });

  it('every entry links to its own type', () => {
    const other = nodeSpec('inputNode');
    if (!other) throw new Error('catalogue');
    render(<PaletteHelpLink spec={other} name="Input" />);
    expect(screen.getByRole('link').getAttribute('href')).toBe('/viewer/flow/share/inputNode');
  });
});
