import { fireEvent, render, screen } from '@testing-library/react';
import { describe, expect, it } from 'vitest';
import { Router } from 'wouter';
import { memoryLocation } from 'wouter/memory-location';
import { LanguageMenu } from '../../src/features/orgs';
import { setSpace } from '../../src/ui/space';

describe('[NAVBAR] how to get more languages', () => {
  it('ends the language menu with "More languages…", which opens the space’s default-language setting', async () => {
    setSpace({ orgId: 'personal', orgCode: 'personal' });
    const { hook, history } = memoryLocation({ path: '/personal/explore', record: true });
    render(
      <Router hook={hook}>
        <LanguageMenu />
      </Router>,
    );
    fireEvent.click(screen.getByRole('button', { name: /Language/ }));
    // Spec 01 §9: en-GB and en-US always; the rest only when a space's default uses them.
    expect(screen.getByText('English (US)')).toBeTruthy();
    expect(screen.queryByText('ไทย')).toBeNull();
    fireEvent.click(screen.getByRole('menuitem', { name: 'More languages…' }));
    expect(history.at(-1)).toBe('/personal/settings');
  });
});
