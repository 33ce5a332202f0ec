import { fireEvent, render, screen } from '@testing-library/react';
import { afterEach, beforeAll, beforeEach, describe, expect, it, vi } from 'vitest';
import { Route, Router } from 'wouter';
import { memoryLocation } from 'wouter/memory-location';
import { setupApiClient } from '../../src/app/api-client';
import GeneratorPage from '../../src/features/generator/components/GeneratorPage';
import { reset } from '../../src/features/generator/generator.store';
import { ErrorCode } from '../../src/shared/contract/errors';
import { SurfacesHost } from '../../src/ui/SurfacesHost';
import { setSpace } from '../../src/ui/space';
import { closePopup } from '../../src/ui/surfaces';
import { stubChatApi } from './chat.fixtures';

/**
 * A credit error of the generator shows the app's credit dialogs (spec 03 §8), as every other screen
 * does, whether the request is refused before the stream or the wallet runs dry during it.
 */
const stages = [
  JSON.stringify({ type: 'status_changed', status: 'standards_extraction' }),
  JSON.stringify({ type: 'llm_stream', content: 'Reading the prompt' }),
  JSON.stringify({ type: 'status_changed', status: 'thought_process' }),
];

function renderPage() {
  const { hook } = memoryLocation({ path: '/personal/ai-flow-generator' });
  render(
    <>
      <Router hook={hook}>
        <Route path="/:orgCode/ai-flow-generator">
          <GeneratorPage />
        </Route>
      </Router>
      <SurfacesHost onPopupAction={() => {}} />
    </>,
  );
}
const ask = (text: string) => {
  fireEvent.change(screen.getByRole('textbox', { name: 'What should the flow teach?' }), {
    target: { value: text },
  });
  fireEvent.click(screen.getByRole('button', { name: 'Generate' }));
};

beforeAll(() => setupApiClient());
beforeEach(() => {
  setSpace({ orgId: 'personal', orgCode: 'personal' });
  reset();
  closePopup();
});
afterEach(() => {
  reset();
  closePopup();
  vi.unstubAllGlobals();
});

describe('[GENERATOR] credit errors', () => {
  /** The stream's stages, then a credit error instead of the flow. */
  const runsDry = (errorCode: string, message: string) =>
    stubChatApi({
      'POST v1/flows/generate': () => ({
        sse: [...stages, JSON.stringify({ type: 'error', message, errorCode }), '[DONE]'],
      }),
    });

  it('a wallet that runs dry during the stream shows the Out of Credits dialog and offers Retry', async () => {
    runsDry(ErrorCode.UNIT_BALANCE_INSUFFICIENT, 'Insufficient balance');
    renderPage();
    ask('a lesson on tides');
    const dialog = await screen.findByRole('alertdialog', { name: 'Out of Credits' }, { timeout: 5000 });
    expect(dialog.textContent).toContain("You've reached your credit limit");
    await screen.findByText(/Generation ended without a flow/);
    expect(screen.getByRole('button', { name: 'Retry' })).toBeTruthy();
  }, 15_000);

  it("an organisation's empty wallet during the stream shows the organisation's dialog", async () => {
    setSpace({ orgId: 'org1', orgCode: 'school' });
    runsDry(ErrorCode.ORG_UNIT_BALANCE_INSUFFICIENT, 'Not enough unit');
    renderPage();
    ask('a lesson on tides');
    const dialog = await screen.findByRole('alertdialog', { name: 'Out of Credits' }, { timeout: 5000 });
    expect(dialog.textContent).toContain("Your organisation's credit balance has been depleted.");
  }, 15_000);

  it('a request refused for credits before the stream shows the same dialog', async () => {
    stubChatApi({
      'POST v1/flows/generate': () => ({
        status: 402,
        body: { message: 'Insufficient balance', errorCode: ErrorCode.UNIT_BALANCE_INSUFFICIENT },
      }),
    });
    renderPage();
    ask('a lesson on tides');
    await screen.findByRole('alertdialog', { name: 'Out of Credits' }, { timeout: 5000 });
    await screen.findByText(/Generation ended without a flow/);
  }, 15_000);

  it('any other error in the stream stays the quiet text, without a dialog', async () => {
    stubChatApi({
      'POST v1/flows/generate': () => ({
        sse: [...stages, JSON.stringify({ type: 'error', message: 'The model did not answer.' }), '[DONE]'],
      }),
    });
    renderPage();
    ask('a lesson on tides');
    await screen.findByText(/The model did not answer\./, undefined, { timeout: 5000 });
    expect(screen.queryByRole('alertdialog')).toBeNull();
  }, 15_000);
});
