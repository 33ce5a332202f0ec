import { useEffect, useId, useState } from 'react';
import { useTranslation } from 'react-i18next';
import { useSnapshot } from 'valtio';
import { previewLink, shareLink } from '../../../shared/domain/viewer-links';
import { Button } from '../../../ui/Button';
import { Dialog } from '../../../ui/Dialog';
import { editor } from '../store/canvas.store';
import { finishEditing } from '../store/edit.actions';
import { readPublished, saveForOthers, setPublished } from '../store/publish.actions';
import { ToolButton } from './ToolButton';

/** The `provider` the editor was opened with travels on to the viewer links it makes (spec 01 §2). */
const providerHere = () =>
  typeof window === 'undefined' ? null : new URLSearchParams(window.location.search).get('provider');

/**
 * Preview: saves what is pending, then opens the flow in the player in a new tab, run as a learner
 * would with nothing recorded. The tab is opened on the click (a popup blocker allows that) and sent
 * to the preview once the save is done; a save that fails closes it and says why.
 */
export function PreviewButton() {
  const { t } = useTranslation();
  const { status } = useSnapshot(editor);
  const [problem, setProblem] = useState(false);
  const open = async () => {
    setProblem(false);
    finishEditing();
    const tab = window.open('', '_blank');
    if (!(await saveForOthers())) {
      tab?.close();
      setProblem(true);
      return;
    }
    const url = previewLink(editor.flowId, providerHere());
    if (tab) {
      tab.opener = null;
      tab.location.href = url;
    } else window.location.assign(url);
  };
  return (
    <>
      <ToolButton
        glyph="▶"
        label={t('flowShare.preview')}
        title={t('flowShare.previewHint')}
        disabled={status !== 'ready'}
        data-testid="preview-flow"
        onClick={() => void open()}
      />
      {problem && (
        <span className="field__error" role="alert">
          {t('flowShare.saveFirst')}
        </span>
      )}
    </>
  );
}

/** Share: the flow's viewer link with Copy, whether it is published, and Publish / Unpublish. */
export function ShareButton() {
  const { t } = useTranslation();
  const { status } = useSnapshot(editor);
  const [open, setOpen] = useState(false);
  return (
    <>
      <ToolButton
        glyph="⇪"
        label={t('flowShare.share')}
        disabled={status !== 'ready'}
        aria-haspopup="dialog"
        data-testid="share-flow"
        onClick={() => setOpen(true)}
      />
      {open && <ShareDialog onClose={() => setOpen(false)} />}
    </>
  );
}

type TState = { kind: 'loading' } | { kind: 'ready'; published: boolean } | { kind: 'failed' };

export function ShareDialog({ onClose }: { onClose: () => void }) {
  const { t } = useTranslation();
  const id = useId();
  const [state, setState] = useState<TState>({ kind: 'loading' });
  const [busy, setBusy] = useState(false);
  const [copied, setCopied] = useState<boolean | null>(null);
  const link = `${window.location.origin}${shareLink(editor.flowId, providerHere())}`;
  useEffect(() => {
    readPublished().then(
      (published) => setState({ kind: 'ready', published }),
      () => setState({ kind: 'failed' }),
    );
  }, []);
  const toggle = async (published: boolean) => {
    setBusy(true);
    try {
      setState({ kind: 'ready', published: await setPublished(published) });
    } catch {
      setState({ kind: 'failed' });
    } finally {
      setBusy(false);
    }
  };
  const copy = async () => {
    try {
      await navigator.clipboard.writeText(link);
      setCopied(true);
    } catch {
      setCopied(false);
    }
  };
  return (
    <Dialog
      title={t('flowShare.title')}
      onClose={onClose}
      footer={
        <Button variant="secondary" onClick={onClose}>
          {t('flowShare.close')}
        </Button>
      }
    >
      <div className="field">
        <label htmlFor={id}>{t('flowShare.link')}</label>
        <div className="flow-share__row">
          <input id={id} className="input" value={link} readOnly onFocus={(e) => e.currentTarget.select()} />
          <Button variant="secondary" size="sm" onClick={() => void copy()}>
            {copied ? t('flowShare.copied') : t('flowShare.copy')}
          </Button>
        </div>
        {copied === false && <span className="field__error">{t('flowShare.copyFailed')}</span>}
      </div>
      {state.kind === 'loading' && <p className="muted">{t('flowShare.loading')}</p>}
      {state.kind === 'failed' && (
        <p className="field__error" role="alert">
          {t('flowShare.failed')}
        </p>
      )}
      {state.kind === 'ready' && (
        <div className="flow-share__status">
          <p role="status" data-testid="share-status">
            {state.published ? t('flowShare.published') : t('flowShare.notPublished')}
          </p>
          <Button
            size="sm"
            variant={state.published ? 'secondary' : 'primary'}
            busy={busy}
            needsConnection
            onClick={() => void toggle(!state.published)}
          >
            {state.published ? t('flowShare.unpublish') : t('flowShare.publish')}
          </Button>
        </div>
      )}
    </Dialog>
  );
}
