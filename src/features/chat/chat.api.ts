import { z } from 'zod';
import { api, requestStream } from '../../shared/api/http';
import { uploadMedia } from '../../shared/api/upload';
import { type TChatRequest, ZChatHistory, ZChatListResponse, ZChatSession } from '../../shared/contract/chat';
import { ZModelListResponse } from '../../shared/contract/models';
import { readStream } from './chat-sse';

const ZChatOne = z.object({ chat: ZChatSession });

/** The only IO of the chat. Errors are quiet: the sidebar shows its own red messages (spec 03 §8). */
export const chatApi = {
  list: (keyword?: string) =>
    api.get('chat-with-ai/history', { query: { keyword }, schema: ZChatListResponse, quiet: true }),
  one: (chatId: string) =>
    api.get('chat-with-ai/history', { query: { chatId }, schema: ZChatListResponse, quiet: true }),
  create: (title: string, orgId: string | null) =>
    api.post('chat-with-ai/chat', { title, orgId }, { schema: ZChatOne, quiet: true }),
  rename: (chatId: string, title: string) =>
    api.put(`chat-with-ai/${chatId}`, { title }, { schema: ZChatOne, quiet: true }),
  /** DELETE chat-with-ai/{id}; on failure ?chatId={id}, then ?_id={id} (spec 03 §7). */
  async remove(chatId: string): Promise<void> {
    try {
      await api.delete(`chat-with-ai/${chatId}`, { quiet: true });
    } catch {
      try {
        await api.delete('chat-with-ai', { query: { chatId }, quiet: true });
      } catch {
        await api.delete('chat-with-ai', { query: { _id: chatId }, quiet: true });
      }
    }
  },
  saveUserMessage: (chatId: string, content: string, mediaIds: string[] = []) =>
    api.post(
      'chat-with-ai/history',
      { histories: [{ chatId, role: 'user', content, mediaIds }] },
      { schema: z.object({ histories: z.array(ZChatHistory) }), quiet: true },
    ),
  models: () => api.get('models', { query: { nodeType: 'chat' }, schema: ZModelListResponse, quiet: true }),
  /** Uploads an image (form media + path) reporting progress 0..1; resolves with its mediaId. */
  upload: async (file: File, onProgress: (p: number) => void): Promise<string> =>
    (await uploadMedia(file, 'chat', onProgress)).mediaId,
  /** An uploaded file's bytes (previews of past messages). */
  media: (mediaId: string) =>
    api.get(`s3/download/${mediaId}`, { responseType: 'blob', quiet: true }) as Promise<Blob>,
  /** One model's streamed answer; credit errors go through the app's error catalogue (dialogs). */
  async *answer(body: Partial<TChatRequest> & { query: string }, signal: AbortSignal) {
    const res = await requestStream('chat-with-ai', body, { signal });
    if (!res.body) return;
    yield* readStream(res.body);
  },
};
