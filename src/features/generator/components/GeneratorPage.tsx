import { type FormEvent, useEffect, useState } from 'react';
import { useTranslation } from 'react-i18next';
import { useSnapshot } from 'valtio';
import { useLocation } from 'wouter';
import { Button } from '../../../ui/Button';
import { spacePath } from '../../../ui/space';
import { generate, generator, reset, stop } from '../generator.store';
import { GeneratorMessages } from './GeneratorMessages';
import '../generator.css';

/** /{orgCode}/ai-flow-generator (spec 03 §2): a prompt becomes a flow in a new collection, opened on the canvas. */
export default function GeneratorPage() {
  const { t, i18n } = useTranslation('generator');
  // Spec 03 §9: the generated names carry the local date, written as the person's language writes it.
  const run = (prompt: string) =>
    generate(prompt, { localDate: new Date().toLocaleDateString(i18n.language) });
  const snap = useSnapshot(generator);
  const [, navigate] = useLocation();
  const [draft, setDraft] = useState('');
  const busy = snap.view === 'generating' || snap.view === 'creating-flow';

  useEffect(() => {
    if (snap.view === 'completed' && snap.created) {
      navigate(spacePath(`/projects/${snap.created.projectId}/flows/${snap.created.flowId}`));
    }
  }, [snap.view, snap.created, navigate]);

  const submit = (e: FormEvent) => {
    e.preventDefault();
    if (!draft.trim() || busy) return;
    void run(draft);
    setDraft('');
  };
  const waiting = snap.view === 'generating' && !snap.messages.some((m) => m.status);

  return (
    <div className="gen-screen" data-view={snap.view}>
      <header className="gen-head">
        <h1>{t('title')}</h1>
        <div className="gen-actions">
          {snap.view === 'generating' && (
            <Button variant="danger" size="sm" onClick={stop}>
              {t('stop')}
            </Button>
          )}
          {snap.messages.length > 0 && snap.view !== 'creating-flow' && (
            <Button variant="ghost" size="sm" onClick={reset}>
              {t('reset')}
            </Button>
          )}
        </div>
      </header>
      {snap.messages.length === 0 && <p className="gen-intro">{t('intro')}</p>}
      <GeneratorMessages messages={snap.messages} running={busy} />
      {waiting && <p className="gen-note">{t('starting')}</p>}
      {snap.view === 'creating-flow' && (
        <p className="gen-note" role="status">
          <span className="spinner spinner--inline" aria-hidden="true" /> {t('creating')}
        </p>
      )}
      {snap.view === 'completed' && (
        <p className="gen-note" role="status">
          {t('completed')}
        </p>
      )}
      {snap.ended && (
        <div className="gen-ended" role="alert">
          <p>
            {t(`ended.${snap.ended}`)}
            {snap.ended === 'no-flow' && snap.reason && (
              <span className="gen-ended__reason"> {snap.reason}</span>
            )}
          </p>
          <Button variant="secondary" size="sm" needsConnection onClick={() => void run(snap.prompt)}>
            {t('retry')}
          </Button>
        </div>
      )}
      {snap.view === 'initial' && (
        <form className="gen-form" onSubmit={submit}>
          <label htmlFor="gen-prompt">{t('inputLabel')}</label>
          <textarea
            id="gen-prompt"
            value={draft}
            rows={3}
            maxLength={4000}
            placeholder={t('placeholder')}
            onChange={(e) => setDraft(e.target.value)}
            onKeyDown={(e) => {
              if (e.key === 'Enter' && !e.shiftKey) submit(e);
            }}
          />
          <Button type="submit" needsConnection disabled={!draft.trim()}>
            {t('generate')}
          </Button>
        </form>
      )}
    </div>
  );
}
