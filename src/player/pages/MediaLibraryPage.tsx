import { useEffect, useState } from 'react';
import { api } from '../../shared/api/http';
import type { TMediaImage } from '../../shared/contract/media-library';
import { MEDIA_LIBRARY_LIMIT } from '../../shared/domain/media-library';
import { useTranslation } from '../i18n';
import { Problem } from './Problem';
import { useLoad } from './useLoad';

/** An image's bytes with the learner's token (an <img> cannot send it), as an object URL. */
function useImageUrl(path: string): string | null {
  const [url, setUrl] = useState<string | null>(null);
  useEffect(() => {
    let live = true;
    let made: string | null = null;
    (api.get(path, { quiet: true, responseType: 'blob' }) as Promise<Blob>).then(
      (blob) => {
        if (!live) return;
        made = URL.createObjectURL(blob);
        setUrl(made);
      },
      () => undefined,
    );
    return () => {
      live = false;
      if (made) URL.revokeObjectURL(made);
    };
  }, [path]);
  return url;
}

function ImageCard({ image }: { image: TMediaImage }) {
  const { t } = useTranslation('player');
  const preview = useImageUrl(image.compressedUrl);
  const original = useImageUrl(image.url);
  return (
    <li className="pl-card pl-library__item" data-testid="library-image">
      {preview ? (
        <img src={preview} alt={image.fileName} className="pl-library__img" />
      ) : (
        <div className="pl-library__img" role="img" aria-label={image.fileName} />
      )}
      <p className="pl-library__name">{image.fileName}</p>
      <p className="pl-muted">
        {new Date(image.createdAt).toLocaleString(document.documentElement.lang || undefined)}
      </p>
      {original && (
        <a href={original} download={image.fileName}>
          {t('library.download', { name: image.fileName })}
        </a>
      )}
    </li>
  );
}

/**
 * /viewer/media-library (spec 03 §2): the images the signed-in user uploaded (in chat and elsewhere) in
 * one space, newest first, to look at and download. Chat's Library link opens it in a new tab.
 */
export default function MediaLibraryPage() {
  const { t } = useTranslation('player');
  const { state, reload } = useLoad(
    () =>
      api.get('s3/images', { query: { limit: MEDIA_LIBRARY_LIMIT }, quiet: true }) as Promise<{
        data: TMediaImage[];
      }>,
    'library',
  );
  return (
    <section className="pl-page" aria-labelledby="library-title">
      <h1 id="library-title">{t('library.title')}</h1>
      {state.status === 'loading' && <p aria-busy="true">{t('library.loading')}</p>}
      {state.status === 'error' &&
        (state.code === 'forbidden' ? (
          <p className="pl-card" role="alert">
            {t('library.forbidden')}
          </p>
        ) : (
          <Problem state={state} onSignedIn={reload} />
        ))}
      {state.status === 'ok' &&
        (state.data.data.length === 0 ? (
          <p className="pl-card" data-testid="library-empty">
            {t('library.empty')}
          </p>
        ) : (
          <ul className="pl-library">
            {state.data.data.map((image) => (
              <ImageCard key={image._id} image={image} />
            ))}
          </ul>
        ))}
    </section>
  );
}
