import { readFileSync } from 'node:fs';
import { join } from 'node:path';
import { fireEvent, render, screen, waitFor, within } from '@testing-library/react';
import i18n from 'i18next';
import { afterEach, beforeAll, describe, expect, it, vi } from 'vitest';
import LrsPage from '../../src/features/lrs/components/LrsPage';
import { lrs } from '../../src/features/lrs/lrs.store';
import { retention } from '../../src/features/lrs/retention.store';
import { retentionCutoff } from '../../src/shared/domain/lrs-retention';
import { SurfacesHost } from '../../src/ui/SurfacesHost';
import { setSpace } from '../../src/ui/space';
import { hideToast, surfaces } from '../../src/ui/surfaces';
import { type Call, stubApi } from './stub-api';

beforeAll(() => {
  const texts = readFileSync(join(__dirname, '..', '..', 'public', 'locales', 'en-GB', 'lrs.json'), 'utf8');
  i18n.addResourceBundle('en-GB', 'lrs', JSON.parse(texts));
});
afterEach(() => {
  vi.unstubAllGlobals();
  // As on a fresh start: the screen's stores outlive a render.
  lrs.status = 'loading';
  retention.status = 'loading';
  hideToast();
  surfaces.dialogs.splice(0);
});

const credentials = () => ({ body: { data: [], endpoint: 'https://flowlearn.test/xapi/' } });

/** The LRS screen of an organisation whose retention starts at `months`; the PUTs are answered as the server does. */
function renderPage(months: number | null, over: Parameters<typeof stubApi>[0] = {}) {
  let saved = months;
  const calls = stubApi({
    'GET lrs/credentials': credentials,
    'GET lrs/retention': () => ({ body: { months: saved } }),
    'PUT lrs/retention': (c: Call) => {
      saved = (c.body?.months as number | null) ?? null;
      return { body: { months: saved } };
    },
    ...over,
  });
  setSpace({ orgId: 'org1', orgCode: 'school' });
  render(
    <>
      <LrsPage />
      <SurfacesHost onPopupAction={() => {}} />
    </>,
  );
  return calls;
}

const card = () => screen.findByTestId('lrs-retention');
const puts = (calls: Call[]) => calls.filter((c) => c.method === 'PUT').map((c) => c.body);
const longDate = (months: number) =>
  retentionCutoff(new Date(), months).toLocaleDateString('en-GB', { dateStyle: 'long' });

describe('[LRS] retention on the LRS screen', () => {
  it('shows the saved value and the date the next sweep deletes from', async () => {
    renderPage(24);
    const c = await card();
    expect((await within(c).findByTestId('lrs-retention-current')).textContent).toBe(
      'Now: records are deleted 24 months after they were stored.',
    );
    expect(within(c).getByLabelText('Months')).toHaveProperty('value', '24');
    expect(within(c).getByTestId('lrs-retention-date').textContent).toContain(longDate(24));
    expect(within(c).getByRole('note').textContent).toContain('Deleting cannot be undone.');
    // Nothing changed yet: nothing to save.
    expect(within(c).getByRole('button', { name: 'Save' })).toHaveProperty('disabled', true);
    // The date follows what is typed, before anything is saved.
    fireEvent.change(within(c).getByLabelText('Months'), { target: { value: '6' } });
    expect(within(c).getByTestId('lrs-retention-date').textContent).toContain(longDate(6));
  });

  it('asks before shortening; cancelling saves nothing, confirming saves', async () => {
    const calls = renderPage(24);
    const c = await card();
    fireEvent.change(await within(c).findByLabelText('Months'), { target: { value: '12' } });
    fireEvent.click(within(c).getByRole('button', { name: 'Save' }));
    const dialog = await screen.findByRole('alertdialog');
    expect(dialog.textContent).toContain('Delete records older than 12 months?');
    expect(dialog.textContent).toContain(longDate(12));
    fireEvent.click(within(dialog).getByRole('button', { name: 'Cancel' }));
    await waitFor(() => expect(screen.queryByRole('alertdialog')).toBeNull());
    expect(puts(calls)).toEqual([]);

    fireEvent.click(within(c).getByRole('button', { name: 'Save' }));
    fireEvent.click(
      within(await screen.findByRole('alertdialog')).getByRole('button', { name: 'Delete old records' }),
    );
    await waitFor(() => expect(puts(calls)).toEqual([{ months: 12 }]));
    await waitFor(() =>
      expect(within(c).getByTestId('lrs-retention-current').textContent).toBe(
        'Now: records are deleted 12 months after they were stored.',
      ),
    );
  });

  it('keeping longer or for ever saves without asking; turning it on asks', async () => {
    const calls = renderPage(12);
    const c = await card();
    fireEvent.change(await within(c).findByLabelText('Months'), { target: { value: '36' } });
    fireEvent.click(within(c).getByRole('button', { name: 'Save' }));
    await waitFor(() => expect(puts(calls)).toEqual([{ months: 36 }]));
    expect(screen.queryByRole('alertdialog')).toBeNull();

    fireEvent.click(within(c).getByRole('radio', { name: /For ever/ }));
    expect(within(c).queryByLabelText('Months')).toBeNull();
    fireEvent.click(within(c).getByRole('button', { name: 'Save' }));
    await waitFor(() => expect(puts(calls)).toEqual([{ months: 36 }, { months: null }]));
    expect(screen.queryByRole('alertdialog')).toBeNull();
    await waitFor(() =>
      expect(within(c).getByTestId('lrs-retention-current').textContent).toBe(
        'Now: everything is kept for ever.',
      ),
    );

    fireEvent.click(within(c).getByRole('radio', { name: /For a number of months/ }));
    fireEvent.click(within(c).getByRole('button', { name: 'Save' }));
    expect((await screen.findByRole('alertdialog')).textContent).toContain('older than 36 months');
  });

  it('refuses a number of months the server would refuse, and shows a refusal it sends', async () => {
    const calls = renderPage(null, {
      'PUT lrs/retention': () => ({ status: 400, body: { message: 'months: must be at most 1200 months' } }),
    });
    const c = await card();
    fireEvent.click(await within(c).findByRole('radio', { name: /For a number of months/ }));
    for (const value of ['0', '1201', '1.5', 'ten']) {
      fireEvent.change(within(c).getByLabelText('Months'), { target: { value } });
      expect(within(c).getByRole('alert').textContent, value).toBe(
        'Enter a whole number of months from 1 to 1200.',
      );
      expect(within(c).getByRole('button', { name: 'Save' })).toHaveProperty('disabled', true);
    }
    fireEvent.change(within(c).getByLabelText('Months'), { target: { value: '3' } });
    fireEvent.click(within(c).getByRole('button', { name: 'Save' }));
    fireEvent.click(
      within(await screen.findByRole('alertdialog')).getByRole('button', { name: 'Delete old records' }),
    );
    expect((await within(c).findByRole('alert')).textContent).toBe('months: must be at most 1200 months');
    expect(puts(calls)).toEqual([{ months: 3 }]);
    expect(within(c).getByTestId('lrs-retention-current').textContent).toBe(
      'Now: everything is kept for ever.',
    );
  });

  it('says when the setting cannot be loaded and tries again', async () => {
    let fail = true;
    renderPage(6, {
      'GET lrs/retention': () =>
        fail ? { status: 500, body: { message: 'down' } } : { body: { months: 6 } },
    });
    const c = await card();
    expect((await within(c).findByRole('alert')).textContent).toContain(
      'The retention setting could not be loaded.',
    );
    fail = false;
    fireEvent.click(within(c).getByRole('button', { name: 'Try again' }));
    expect((await within(c).findByTestId('lrs-retention-current')).textContent).toContain('6 months');
  });

  it('is not shown, nor asked for, to someone who may not manage the LRS', async () => {
    const calls = renderPage(24, {
      'GET lrs/credentials': () => ({ status: 403, body: { message: 'Only admins' } }),
    });
    expect(await screen.findByText('Only admins manage this')).toBeTruthy();
    expect(screen.queryByTestId('lrs-retention')).toBeNull();
    expect(calls.some((c) => c.path.startsWith('lrs/retention'))).toBe(false);
  });
});
