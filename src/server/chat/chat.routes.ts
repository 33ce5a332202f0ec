import { Hono } from 'hono';
import {
  ZChatListQuery,
  ZChatRequest,
  ZCreateChatRequest,
  ZRenameChatRequest,
  ZSaveHistoryRequest,
} from '../../shared/contract/chat';
import { isId } from '../../shared/domain/ids';
import { abortedWith } from '../http/abort';
import { requireAuth } from '../http/auth';
import type { AppDeps, AppEnv } from '../http/context';
import { badRequest } from '../http/errors';
import { orgScope } from '../http/org-scope';
import { jsonBody, query } from '../http/validate';
import { callerOf } from '../tools/caller';
import { answerResponse } from './answer-response';
import { createChatService } from './chat.service';
import { createChatAnswerService } from './chat-answer.service';

const chatIdOf = (value: string | undefined, field: string): string => {
  if (!value || !isId(value)) throw badRequest(`${field}: must be an id of 24 hexadecimal characters`);
  return value;
};

/** The AI chat (spec 03 §7). Every route: a signed-in user; sessions are only ever the caller's own. */
export function chatRoutes(deps: AppDeps) {
  const chats = createChatService(deps);
  const answers = createChatAnswerService(deps);
  const auth = requireAuth(deps);
  const scope = orgScope(deps);

  return (
    new Hono<AppEnv>()
      .get('/chat-with-ai/history', auth, scope, async (c) =>
        c.json(await chats.list(callerOf(c), query(c, ZChatListQuery))),
      )
      .post('/chat-with-ai/history', auth, scope, async (c) => {
        const body = await jsonBody(c, ZSaveHistoryRequest);
        return c.json({ histories: await chats.saveHistories(callerOf(c), body) }, 201);
      })
      .post('/chat-with-ai/chat', auth, scope, async (c) => {
        const body = await jsonBody(c, ZCreateChatRequest);
        return c.json({ chat: await chats.create(callerOf(c), body) }, 201);
      })
      .put('/chat-with-ai/:chatId', auth, scope, async (c) => {
        const chatId = chatIdOf(c.req.param('chatId'), 'chatId');
        const { title } = await jsonBody(c, ZRenameChatRequest);
        return c.json({ chat: await chats.rename(callerOf(c), chatId, title) });
      })
      .delete('/chat-with-ai/:chatId', auth, scope, async (c) => {
        await chats.remove(callerOf(c), chatIdOf(c.req.param('chatId'), 'chatId'));
        return c.json({ message: 'Chat deleted' });
      })
      // The spec's fallbacks: DELETE chat-with-ai?chatId={id}, then ?_id={id}.
      .delete('/chat-with-ai', auth, scope, async (c) => {
        const id = c.req.query('chatId') ?? c.req.query('_id');
        await chats.remove(callerOf(c), chatIdOf(id, c.req.query('chatId') ? 'chatId' : '_id'));
        return c.json({ message: 'Chat deleted' });
      })
      .post('/chat-with-ai', auth, scope, async (c) => {
        const body = await jsonBody(c, ZChatRequest);
        const streamed = body.stream ?? (c.req.header('accept') ?? '').includes('text/event-stream');
        const clientGone = abortedWith(c.req.raw.signal);
        const signal = clientGone.signal;
        const answer = await answers.prepare(callerOf(c), body, signal);
        return answerResponse(
          c,
          answer,
          streamed,
          () => clientGone.abort(),
          (out) => ({
            ...out,
            choices: [{ message: { role: 'assistant', content: out.content } }],
          }),
        );
      })
  );
}
