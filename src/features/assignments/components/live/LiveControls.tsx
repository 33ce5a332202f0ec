import { useState } from 'react';
import { useTranslation } from 'react-i18next';
import type { TLiveAction, TLiveState } from '../../../../shared/contract/live';
import { Button } from '../../../../ui/Button';

/**
 * The teacher's buttons, big enough for a thumb on a tablet: back and next, reveal or hide the
 * results, close or reopen answers, let learners work ahead, end. One press at a time: a second tap
 * while the first is on its way does nothing (a double tap must not skip a step).
 */
export function LiveControls({ state, act }: { state: TLiveState; act: (a: TLiveAction) => Promise<void> }) {
  const { t } = useTranslation('assignment');
  const [busy, setBusy] = useState(false);
  const press = (action: TLiveAction) => async () => {
    if (busy) return;
    setBusy(true);
    try {
      await act(action);
    } catch {
      // The api client has told the teacher (toast); the screen keeps the state it had.
    } finally {
      setBusy(false);
    }
  };
  const last = state.step >= state.stepCount - 1;
  return (
    <div className="live__controls" role="toolbar" aria-label={t('live.controls')}>
      <Button variant="secondary" onClick={press('back')} disabled={busy || state.step === 0}>
        ← {t('live.back')}
      </Button>
      <Button variant="secondary" onClick={press(state.revealed ? 'hide' : 'reveal')} disabled={busy}>
        {state.revealed ? t('live.hide') : t('live.reveal')}
      </Button>
      <Button variant="secondary" onClick={press(state.answersOpen ? 'close' : 'open')} disabled={busy}>
        {state.answersOpen ? t('live.closeAnswers') : t('live.openAnswers')}
      </Button>
      <label className="live__ahead">
        <input
          type="checkbox"
          checked={state.workAhead}
          disabled={busy}
          onChange={(e) => void press(e.target.checked ? 'aheadOn' : 'aheadOff')()}
        />
        {t('live.workAhead')}
      </label>
      <Button onClick={press('next')} disabled={busy || last}>
        {t('live.next')} →
      </Button>
      <Button variant="danger" onClick={press('end')} disabled={busy}>
        {t('live.end')}
      </Button>
    </div>
  );
}
