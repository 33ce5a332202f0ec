import { apiUrl, authHeaders } from './http';

/** What POST /api/s3/upload answers (src/server/chat/media.routes.ts): the media id and its URL. */
export interface TUploaded {
  mediaId: string;
  url: string;
}

/**
 * Uploads one file to the media route (form fields `media` and `path`) with the configured token,
 * reporting progress 0..1. Plain XHR (fetch has no upload progress), no dependencies: the learner
 * player's entry uses it too.
 */
export async function uploadMedia(
  file: File,
  path: string,
  onProgress: (p: number) => void = () => undefined,
): Promise<TUploaded> {
  const headers = await authHeaders();
  return new Promise((resolve, reject) => {
    const xhr = new XMLHttpRequest();
    xhr.open('POST', apiUrl('s3/upload'));
    for (const [k, v] of Object.entries(headers)) xhr.setRequestHeader(k, v);
    xhr.upload.onprogress = (e) => e.lengthComputable && onProgress(e.loaded / e.total);
    xhr.onload = () => {
      let body: { mediaId?: string; url?: string; message?: string } = {};
      try {
        body = JSON.parse(xhr.responseText || '{}');
      } catch {
        // An HTML error page: the status says enough.
      }
      if (xhr.status < 300 && body.mediaId)
        resolve({ mediaId: body.mediaId, url: body.url ?? `/api/s3/download/${body.mediaId}` });
      else reject(new Error(body.message || `Upload failed ${xhr.status}`));
    };
    xhr.onerror = () => reject(new Error('Upload failed'));
    const form = new FormData();
    form.set('media', file);
    form.set('path', path);
    xhr.send(form);
  });
}
