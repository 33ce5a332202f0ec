import { fireEvent, render, screen, waitFor } from '@testing-library/react';
import { afterEach, describe, expect, it, vi } from 'vitest';
import { Router } from 'wouter';
import { memoryLocation } from 'wouter/memory-location';
import ApiKeysPage from '../../src/features/api-keys/components/ApiKeysPage';
import type { TApiKey } from '../../src/shared/contract/api-keys';
import { setSpace } from '../../src/ui/space';
import { stubApi } from './collections.fixtures';

afterEach(() => vi.unstubAllGlobals());

const key = (name: string): TApiKey => ({
  _id: '0123456789abcdef01234567',
  id: '0123456789abcdef01234567',
  name,
  display: 'flk_AbCd…wXyZ',
  orgId: null,
  ownerId: 'u1',
  balance: 5,
  used: 0,
  lastUsedAt: null,
  createdAt: '2026-11-27T09:00:00.000Z',
  updatedAt: '2026-11-27T09:00:00.000Z',
});

/** The API keys page over a stub server that keeps the key's name as the PUT sets it. */
function renderPage() {
  setSpace({ orgId: 'personal', orgCode: 'personal' });
  let current = key('Grading bot');
  const calls = stubApi({
    'GET api-keys': () => ({ body: { apiKeys: [current], total: 1 } }),
    'PUT api-keys/0123456789abcdef01234567': (call) => {
      current = key(String(call.body?.name));
      return { body: { data: current, message: 'API key updated successfully.' } };
    },
  });
  const { hook } = memoryLocation({ path: '/personal/api-key-management' });
  render(
    <Router hook={hook}>
      <ApiKeysPage />
    </Router>,
  );
  return calls;
}

describe('[API-KEYS] renaming a key from the list', () => {
  it('opens on the name, saves with Enter, sends PUT api-keys/{id} and shows the new name', async () => {
    const calls = renderPage();
    fireEvent.click(await screen.findByRole('button', { name: 'Rename Grading bot' }));
    const input = screen.getByRole('textbox', { name: 'Name' }) as HTMLInputElement;
    await waitFor(() => expect(document.activeElement).toBe(input));
    expect(input.value).toBe('Grading bot');
    const save = screen.getByRole('button', { name: 'Save name' }) as HTMLButtonElement;
    expect(save.disabled).toBe(true);
    fireEvent.change(input, { target: { value: '  Grader  ' } });
    expect(save.disabled).toBe(false);
    fireEvent.keyDown(input, { key: 'Enter' });
    expect(await screen.findByRole('link', { name: 'Grader' })).toBeTruthy();
    expect(calls.filter((c) => c.method === 'PUT')).toEqual([
      { method: 'PUT', path: 'api-keys/0123456789abcdef01234567', body: { name: 'Grader' } },
    ]);
    expect(screen.queryByRole('dialog')).toBeNull();
  });

  it('Escape closes without saving, and a blank name cannot be saved', async () => {
    const calls = renderPage();
    fireEvent.click(await screen.findByRole('button', { name: 'Rename Grading bot' }));
    const input = screen.getByRole('textbox', { name: 'Name' });
    fireEvent.change(input, { target: { value: '   ' } });
    expect((screen.getByRole('button', { name: 'Save name' }) as HTMLButtonElement).disabled).toBe(true);
    fireEvent.keyDown(input, { key: 'Enter' });
    fireEvent.keyDown(screen.getByRole('dialog'), { key: 'Escape' });
    await waitFor(() => expect(screen.queryByRole('dialog')).toBeNull());
    expect(calls.some((c) => c.method === 'PUT')).toBe(false);
    expect(screen.getByRole('link', { name: 'Grading bot' })).toBeTruthy();
  });
});
