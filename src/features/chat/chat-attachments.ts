import { proxy } from 'valtio';
import { chatApi } from './chat.api';

/** Images attached to the message being written: preview, upload progress, then their mediaId. */
export interface TAttachment {
  key: string;
  name: string;
  previewUrl: string;
  progress: number;
  mediaId?: string;
  error?: string;
}

export const attachments = proxy({ items: [] as TAttachment[] });

export const isUploading = (items: readonly TAttachment[]) => items.some((a) => !a.mediaId && !a.error);

export function attach(files: FileList | File[]): void {
  for (const file of Array.from(files)) {
    const item: TAttachment = {
      key: `${Date.now()}-${Math.random()}`,
      name: file.name,
      previewUrl: typeof URL.createObjectURL === 'function' ? URL.createObjectURL(file) : '',
      progress: 0,
    };
    attachments.items.push(item);
    const live = attachments.items[attachments.items.length - 1];
    chatApi
      .upload(file, (p) => {
        live.progress = p;
      })
      .then((mediaId) => {
        live.mediaId = mediaId;
        live.progress = 1;
      })
      .catch((error: Error) => {
        live.error = error.message;
      });
  }
}

export function detach(key: string): void {
  attachments.items = attachments.items.filter((a) => a.key !== key);
}

/** The uploaded ones, for sending; the list is emptied. */
export function takeAttachments(): Array<{ mediaId: string; url: string }> {
  const ready = attachments.items
    .filter((a) => a.mediaId)
    .map((a) => ({ mediaId: a.mediaId as string, url: a.previewUrl }));
  attachments.items = [];
  return ready;
}
