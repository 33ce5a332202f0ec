import { act, fireEvent, render, screen, waitFor, within } from '@testing-library/react';
import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest';
import { Route, Router } from 'wouter';
import { memoryLocation } from 'wouter/memory-location';
import { chat } from '../../src/features/chat/chat.store';
import ChatPage from '../../src/features/chat/components/ChatPage';
import { Markdown } from '../../src/ui/Markdown';
import { SurfacesHost } from '../../src/ui/SurfacesHost';
import { setSpace } from '../../src/ui/space';
import { type Call, id, MODELS, session, stubChatApi } from './chat.fixtures';

const sessions = [
  session(1, 'Volcano questions', 2),
  session(2, '', 50, 'What is photosynthesis and why does it matter so much to plants?'),
  session(3, 'Old chat', 24 * 20),
];

function renderAt(path: string) {
  const { hook, navigate, history } = memoryLocation({ path, record: true });
  render(
    <Router hook={hook}>
      <Route path="/:orgCode/chat/:id?">
        <ChatPage />
      </Route>
      <SurfacesHost onPopupAction={() => {}} />
    </Router>,
  );
  return { navigate, history };
}

let calls: Call[];
const baseRoutes = {
  'GET chat-with-ai/history': (c: Call) =>
    c.path.includes('chatId=')
      ? { body: { chats: [{ ...sessions[0], histories: [] }] } }
      : { body: { chats: sessions } },
  'GET models': () => ({ body: { data: MODELS, defaultModel: 'gpt-5-mini' } }),
};

beforeEach(() => {
  setSpace({ orgId: 'personal', orgCode: 'personal' });
  Object.assign(chat, { activeId: null, messages: [], selected: ['gpt-5-mini'], sending: false, error: '' });
  localStorage.clear();
});
afterEach(() => vi.unstubAllGlobals());

describe('[CHAT] sidebar', () => {
  it('groups sessions under Today, Previous 7 Days and Previous 30 Days, with the title fallback', async () => {
    calls = stubChatApi(baseRoutes);
    renderAt('/personal/chat');
    await screen.findByText('Volcano questions');
    const groups = screen.getAllByRole('heading', { level: 2 }).map((h) => h.textContent);
    expect(groups).toEqual(['Today', 'Previous 7 Days', 'Previous 30 Days']);
    expect(screen.getByText(/^What is photosynthesis and why does it matter so much/)).toBeTruthy();
    expect(screen.getByRole('heading', { name: 'Start a conversation' })).toBeTruthy();
    // Chats are listed: the empty page does not claim there is no history.
    expect(screen.queryByText('No chat history yet.')).toBeNull();
  });

  it('searches titles, renames inline (Enter saves, Escape cancels) and deletes with the fallbacks', async () => {
    calls = stubChatApi({
      ...baseRoutes,
      [`PUT chat-with-ai/${id(1)}`]: (c) => ({ body: { chat: { ...sessions[0], title: c.body?.title } } }),
      [`DELETE chat-with-ai/${id(3)}`]: () => ({ status: 500, body: { message: 'nope' } }),
      'DELETE chat-with-ai': () => ({ body: { message: 'Chat deleted' } }),
    });
    renderAt('/personal/chat');
    await screen.findByText('Volcano questions');
    fireEvent.click(screen.getAllByRole('button', { name: 'Search chat' })[0]);
    // Search chat puts the caret in its box.
    expect(document.activeElement).toBe(screen.getByRole('searchbox', { name: 'Search chat' }));
    fireEvent.change(screen.getByRole('searchbox', { name: 'Search chat' }), { target: { value: 'volc' } });
    expect(screen.queryByText('Old chat')).toBeNull();
    fireEvent.change(screen.getByRole('searchbox', { name: 'Search chat' }), { target: { value: '' } });

    const edit = async (title: string) => {
      fireEvent.click(screen.getByRole('button', { name: `Options for ${title}` }));
      fireEvent.click(await screen.findByRole('menuitem', { name: 'Edit title' }));
      return screen.getByRole('textbox', { name: 'Edit title' });
    };
    let box = await edit('Volcano questions');
    fireEvent.change(box, { target: { value: 'Ignored' } });
    fireEvent.keyDown(box, { key: 'Escape' });
    expect(screen.getByText('Volcano questions')).toBeTruthy();
    expect(calls.some((c) => c.method === 'PUT')).toBe(false);
    box = await edit('Volcano questions');
    fireEvent.change(box, { target: { value: 'Lava facts' } });
    fireEvent.keyDown(box, { key: 'Enter' });
    await screen.findByText('Lava facts');
    expect(calls.find((c) => c.method === 'PUT')?.body).toEqual({ title: 'Lava facts' });

    // Delete asks first, naming the chat: Cancel keeps it, Delete removes it.
    const askToDelete = async () => {
      fireEvent.click(screen.getByRole('button', { name: 'Options for Old chat' }));
      fireEvent.click(await screen.findByRole('menuitem', { name: 'Delete' }));
      return screen.findByRole('alertdialog', { name: 'Delete this chat?' });
    };
    let ask = await askToDelete();
    expect(ask.textContent).toContain('“Old chat” and all its answers will be deleted');
    fireEvent.click(within(ask).getByRole('button', { name: 'Cancel' }));
    await waitFor(() => expect(screen.queryByRole('alertdialog')).toBeNull());
    expect(calls.some((c) => c.method === 'DELETE')).toBe(false);
    ask = await askToDelete();
    fireEvent.click(within(ask).getByRole('button', { name: 'Delete' }));
    await waitFor(() => expect(screen.queryByText('Old chat')).toBeNull());
    expect(calls.filter((c) => c.method === 'DELETE').map((c) => c.path)).toEqual([
      `chat-with-ai/${id(3)}`,
      `chat-with-ai?chatId=${id(3)}`,
    ]);
  });

  it('shows Failed to fetch in red when the list cannot load and nothing is cached', async () => {
    stubChatApi({ ...baseRoutes, 'GET chat-with-ai/history': () => ({ status: 500, body: {} }) });
    renderAt('/personal/chat');
    expect((await screen.findByRole('alert')).textContent).toBe('Failed to fetch');
  });
});

describe('[CHAT] models and sending', () => {
  it('starts with GPT-5 Mini, allows two models at most, and never removes the last one', async () => {
    stubChatApi(baseRoutes);
    renderAt('/personal/chat');
    const pills = await screen.findByRole('group', { name: 'Models' });
    await within(pills).findByText('GPT-5 Mini');
    expect(within(pills).queryByRole('button', { name: /Remove/ })).toBeNull();
    fireEvent.change(within(pills).getByRole('combobox', { name: 'Add model' }), {
      target: { value: 'o4-mini' },
    });
    await waitFor(() => expect(within(pills).queryByRole('combobox')).toBeNull());
    expect(within(pills).getByText('o4-mini')).toBeTruthy();
    fireEvent.click(within(pills).getByRole('button', { name: 'Remove GPT-5 Mini' }));
    await waitFor(() => expect(within(pills).queryByRole('button', { name: /Remove/ })).toBeNull());
    expect([...pills.querySelectorAll('.chat-pill')].map((p) => p.textContent)).toEqual(['o4-mini']);
  });

  it('Enter sends to both models, which stream side by side with reasoning, copy and cost', async () => {
    const NEW = id(99);
    const answer = (who: string, cost: string) => [
      JSON.stringify({ reasoningContent: `${who} thinks` }),
      JSON.stringify({ content: `**${who}**` }),
      JSON.stringify({ choices: [{ delta: { content: ' says hi' } }] }),
      JSON.stringify({ done: true, cost, historyId: null, stopped: false }),
      '[DONE]',
    ];
    calls = stubChatApi({
      ...baseRoutes,
      'POST chat-with-ai/chat': () => ({
        status: 201,
        body: { chat: { ...sessions[0], chatId: NEW, _id: NEW, id: NEW } },
      }),
      'POST chat-with-ai/history': () => ({
        status: 201,
        body: {
          histories: [
            {
              _id: id(100),
              id: id(100),
              chatId: NEW,
              parentHistoryId: null,
              role: 'user',
              content: 'Hello',
              model: null,
              modelIdx: null,
              mediaIds: [],
              reasoningContent: '',
              cost: '0',
              createdAt: new Date().toISOString(),
            },
          ],
        },
      }),
      [`PUT chat-with-ai/${NEW}`]: (c) => ({ body: { chat: { ...sessions[0], title: c.body?.title } } }),
      'POST chat-with-ai': (c) => ({
        sse: c.body?.modelIdx === 0 ? answer('Alpha', '0.0012') : answer('Beta', '0.5'),
      }),
    });
    const { history } = renderAt('/personal/chat');
    const pills = await screen.findByRole('group', { name: 'Models' });
    await within(pills).findByText('GPT-5 Mini');
    fireEvent.change(within(pills).getByRole('combobox', { name: 'Add model' }), {
      target: { value: 'o4-mini' },
    });
    await waitFor(() => expect(within(pills).queryByRole('combobox')).toBeNull());
    const box = screen.getByRole('textbox', { name: 'Message' });
    const send = screen.getByRole('button', { name: 'Send' }) as HTMLButtonElement;
    expect(send.disabled).toBe(true);
    fireEvent.change(box, { target: { value: 'Hello' } });
    expect(send.disabled).toBe(false);
    fireEvent.keyDown(box, { key: 'Enter', shiftKey: true });
    expect(calls.some((c) => c.path === 'chat-with-ai/chat')).toBe(false);
    fireEvent.keyDown(box, { key: 'Enter' });

    const alpha = await screen.findByRole('article', { name: 'GPT-5 Mini' });
    const beta = await screen.findByRole('article', { name: 'o4-mini' });
    await waitFor(() => expect(within(alpha).getByText('0.0012 credits')).toBeTruthy());
    await waitFor(() => expect(within(beta).getByText('0.5 credits')).toBeTruthy());
    expect(within(alpha).getByText('Alpha').tagName).toBe('STRONG');
    expect(alpha.textContent).toContain('Alpha says hi');
    expect(beta.textContent).toContain('Beta says hi');
    expect(within(alpha).getByText('Reasoning').closest('details')?.open).toBe(false);
    expect(within(alpha).getByText('Alpha thinks')).toBeTruthy();
    expect(history.at(-1)).toBe(`/personal/chat/${NEW}`);

    const posts = calls.filter((c) => c.path === 'chat-with-ai').map((c) => c.body);
    expect(posts).toEqual([
      expect.objectContaining({ chatId: NEW, model: 'gpt-5-mini', modelIdx: 0, parentHistoryId: id(100) }),
      expect.objectContaining({ chatId: NEW, model: 'o4-mini', modelIdx: 1, parentHistoryId: id(100) }),
    ]);
    // Two models: the title is the first 50 characters of the first message.
    expect(calls.find((c) => c.method === 'PUT')?.body).toEqual({ title: 'Hello' });

    vi.stubGlobal('navigator', { ...navigator, clipboard: { writeText: vi.fn(async () => {}) } });
    fireEvent.click(within(alpha).getByRole('button', { name: 'Copy' }));
    expect(within(alpha).getByRole('button', { name: 'Copied' })).toBeTruthy();
    await waitFor(() => expect(within(alpha).getByRole('button', { name: 'Copy' })).toBeTruthy(), {
      timeout: 2500,
    });
    // Kept for offline reading.
    expect(
      localStorage.getItem(`flowlearn:chat-messages:${NEW}`),
      localStorage.getItem(`flowlearn:chat-messages:${NEW}`) ?? '',
    ).toContain('**Beta** says hi');
  });

  it('opens a past chat offline from local storage, read-only', async () => {
    localStorage.setItem(
      `flowlearn:chat-messages:${id(1)}`,
      JSON.stringify([
        { id: 'u', sender: 'user', content: 'Cached question', timestamp: '', media: [], responses: [] },
      ]),
    );
    localStorage.setItem('flowlearn:chat-sessions:personal', JSON.stringify([sessions[0]]));
    vi.stubGlobal(
      'fetch',
      vi.fn(async () => Promise.reject(new TypeError('Failed to fetch'))),
    );
    const onLine = vi.spyOn(navigator, 'onLine', 'get').mockReturnValue(false);
    renderAt(`/personal/chat/${id(1)}`);
    await screen.findByText('Cached question');
    expect(screen.getByText('Volcano questions')).toBeTruthy();
    expect((screen.getByRole('textbox', { name: 'Message' }) as HTMLTextAreaElement).disabled).toBe(true);
    expect(screen.getByRole('status').textContent).toContain('You are offline');
    onLine.mockRestore();
  });
});

describe('[CHAT] markdown', () => {
  it('renders markdown as elements and never runs HTML or javascript links', async () => {
    const { container } = render(
      <Markdown
        text={
          '# Title\n\n<img src=x onerror="alert(1)">\n\n[bad](javascript:alert(1)) [ok](https://example.com)\n\n```js\nconst a = 1;\n```'
        }
      />,
    );
    expect(container.querySelector('img')).toBeNull();
    expect(container.textContent).toContain('<img src=x onerror="alert(1)">');
    const links = container.querySelectorAll('a');
    expect(links).toHaveLength(1);
    expect(links[0].getAttribute('href')).toBe('https://example.com');
    expect(container.querySelector('.md-tok--keyword')?.textContent).toBe('const');
    await act(async () => {});
  });
});
