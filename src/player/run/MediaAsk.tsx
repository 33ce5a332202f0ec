import { useEffect, useState } from 'react';
import { uploadMedia } from '../../shared/api/upload';
import type { TLearnerAnswer, TLearnerRequest } from '../../shared/domain/runtime';
import { PlainButton as Button } from '../../ui/PlainButton';
import { useTranslation } from '../i18n';
import { getAccessToken } from '../session';

type TMediaRequest = Extract<TLearnerRequest, { kind: 'media' }>;

/**
 * Image input (camera on a phone) and other media answers: the file goes to POST /api/s3/upload and
 * its URL becomes the answer (the runtime records it as the statement's evidence). Uploading needs an
 * account; a learner without one (a public link's visitor) may only skip.
 */
export function MediaAsk({
  request,
  busy,
  onAnswer,
}: {
  request: TMediaRequest;
  busy: boolean;
  onAnswer: (a: TLearnerAnswer) => void;
}) {
  const { t } = useTranslation('player');
  const [signedIn, setSignedIn] = useState<boolean | null>(null);
  const [progress, setProgress] = useState<number | null>(null);
  const [failed, setFailed] = useState(false);
  useEffect(() => {
    let live = true;
    getAccessToken().then((token) => live && setSignedIn(token !== null));
    return () => {
      live = false;
    };
  }, []);

  const send = async (file: File | undefined) => {
    if (!file) return;
    setFailed(false);
    setProgress(0);
    try {
      const { url } = await uploadMedia(file, 'player', setProgress);
      onAnswer({
        kind: 'media',
        url: new URL(url, location.origin).href,
        name: file.name,
        mediaType: file.type,
      });
    } catch {
      setFailed(true);
    } finally {
      setProgress(null);
    }
  };
  const skip = (
    <Button
      variant="secondary"
      disabled={busy || progress !== null}
      onClick={() => onAnswer({ kind: 'media', url: 'about:blank', name: 'skipped' })}
    >
      {t('run.skip')}
    </Button>
  );

  return (
    <div className="pl-form">
      <p>{request.prompt}</p>
      {signedIn === false && <p className="pl-muted">{t('run.mediaSignIn')}</p>}
      {signedIn && (
        <label className="pl-option">
          <span>{t(request.media === 'image' ? 'run.takePhoto' : 'run.chooseFile')}</span>
          <input
            type="file"
            accept={request.accept}
            capture={request.capture ? 'environment' : undefined}
            disabled={busy || progress !== null}
            onChange={(e) => send(e.currentTarget.files?.[0])}
          />
        </label>
      )}
      {progress !== null && <progress max={1} value={progress} aria-label={t('run.uploading')} />}
      {failed && <p role="alert">{t('run.uploadFailed')}</p>}
      {(signedIn === false || failed) && skip}
    </div>
  );
}
