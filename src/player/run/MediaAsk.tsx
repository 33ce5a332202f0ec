import { useEffect, useState } from 'react';
import { uploadMedia } from '../../shared/api/upload';
import type { TLearnerAnswer, TLearnerRequest } from '../../shared/domain/runtime';
import { PlainButton as Button } from '../../ui/PlainButton';
import { useTranslation } from '../i18n';
import { getAccessToken } from '../session';

type TMediaRequest = Extract<TLearnerRequest, { kind: 'media' }>;

/**
 * Image input (camera on a phone) and other media answers: a capture button opens the camera or the
 * files, the chosen photo is previewed, and Send uploads it to POST /api/s3/upload; its URL becomes the answer (the runtime records it as the statement's evidence). Uploading needs an
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

  // The chosen file waits here, shown, until the learner sends it: a wrong shot can be taken again.
  const [chosen, setChosen] = useState<File | null>(null);
  const preview = usePreviewUrl(chosen);

  const send = async (file: File) => {
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
  const image = request.media === 'image';
  const locked = busy || progress !== null;
  const skip = (
    <Button
      variant="secondary"
      disabled={locked}
      onClick={() => onAnswer({ kind: 'media', url: 'about:blank', name: 'skipped' })}
    >
      {t('run.skip')}
    </Button>
  );

  return (
    <div className="pl-form">
      <p>{request.prompt}</p>
      {signedIn === false && <p className="pl-muted">{t('run.mediaSignIn')}</p>}
      {signedIn && chosen && (
        <figure className="pl-capture__preview">
          {preview && chosen.type.startsWith('image/') ? (
            <img src={preview} alt={t('run.photoPreview')} />
          ) : (
            <figcaption>{chosen.name}</figcaption>
          )}
        </figure>
      )}
      {signedIn && chosen && (
        <Button busy={progress !== null} disabled={busy} onClick={() => void send(chosen)}>
          {t(image ? 'run.sendPhoto' : 'run.sendFile')}
        </Button>
      )}
      {signedIn && (
        // The input itself is hidden: its native look (a fixed-width "Choose file" box) overflowed a phone.
        <label
          className={`btn ${chosen ? 'btn--secondary' : 'btn--primary'} pl-capture${locked ? ' is-disabled' : ''}`}
        >
          <input
            type="file"
            className="pl-capture__input"
            accept={request.accept}
            capture={request.capture ? 'environment' : undefined}
            disabled={locked}
            onChange={(e) => {
              const file = e.currentTarget.files?.[0];
              e.currentTarget.value = '';
              if (file) {
                setFailed(false);
                setChosen(file);
              }
            }}
          />
          {t(
            chosen
              ? image
                ? 'run.otherPhoto'
                : 'run.chooseFile'
              : image
                ? 'run.takePhoto'
                : 'run.chooseFile',
          )}
        </label>
      )}
      {progress !== null && <progress max={1} value={progress} aria-label={t('run.uploading')} />}
      {failed && <p role="alert">{t('run.uploadFailed')}</p>}
      {(signedIn === false || failed) && skip}
    </div>
  );
}

/** An object URL for the chosen file's preview, revoked when the file changes or the step ends. */
function usePreviewUrl(file: File | null): string | null {
  const [url, setUrl] = useState<string | null>(null);
  useEffect(() => {
    if (!file || typeof URL.createObjectURL !== 'function') return setUrl(null);
    const next = URL.createObjectURL(file);
    setUrl(next);
    return () => URL.revokeObjectURL(next);
  }, [file]);
  return url;
}
