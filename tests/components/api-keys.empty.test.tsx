import { render, screen } from '@testing-library/react';
import { afterEach, describe, expect, it, vi } from 'vitest';
import { Route, Router } from 'wouter';
import { memoryLocation } from 'wouter/memory-location';
import ApiKeyActivityPage from '../../src/features/api-keys/components/ApiKeyActivityPage';
import { LedgerRow } from '../../src/features/credits/components/LedgerRow';
import { setSpace } from '../../src/ui/space';
import { stubApi } from './collections.fixtures';

afterEach(() => vi.unstubAllGlobals());

describe('[API-KEYS] pages that had nothing to say', () => {
  it('the activity page without any key says so and leads to making one', async () => {
    setSpace({ orgId: 'personal', orgCode: 'personal' });
    stubApi({ 'GET api-keys': () => ({ body: { apiKeys: [], total: 0 } }) });
    const { hook } = memoryLocation({ path: '/personal/automation/api-keys/activity' });
    render(
      <Router hook={hook}>
        <Route path="/:orgCode/automation/api-keys/activity">
          <ApiKeyActivityPage />
        </Route>
      </Router>,
    );
    const empty = await screen.findByTestId('activity-no-keys');
    expect(empty.textContent).toContain('There are no API keys in this space yet');
    expect(screen.getByRole('link', { name: 'New API key' }).getAttribute('href')).toBe(
      '/personal/api-key-management',
    );
  });

  it('credit history names a topped-up key instead of showing apiKey:<id>', () => {
    const entry = {
      _id: 't1',
      amount: -5,
      balanceAfter: 45,
      reason: 'topUp',
      reference: 'apiKey:0123456789abcdef01234567',
      createdAt: '2026-11-27T09:00:00.000Z',
    };
    const { container, rerender } = render(<LedgerRow entry={{ ...entry, apiKeyName: 'Grading bot' }} />);
    expect(container.textContent).toContain('API key “Grading bot”');
    expect(container.textContent).not.toContain('apiKey:');
    // A reference the server could not name stays as it is (nothing is made up).
    rerender(<LedgerRow entry={entry} />);
    expect(container.textContent).toContain('apiKey:0123456789abcdef01234567');
  });
});
