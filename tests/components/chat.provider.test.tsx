import { render, screen } from '@testing-library/react';
import { afterEach, describe, expect, it } from 'vitest';
import { chat } from '../../src/features/chat/chat.store';
import type { TChatMessage, TChatResponse } from '../../src/features/chat/chat.types';
import { pieceOf } from '../../src/features/chat/chat-sse';
import { ChatThread } from '../../src/features/chat/components/ChatThread';

const answer = (over: Partial<TChatResponse>): TChatResponse => ({
  modelId: 'gpt-5-mini',
  modelName: 'GPT-5 Mini',
  content: 'An answer',
  reasoningContent: '',
  isStreaming: false,
  cost: '0',
  ...over,
});
const group = (responses: TChatResponse[]): TChatMessage => ({
  id: 'm1',
  sender: 'multimodel_assistant',
  content: '',
  timestamp: new Date().toISOString(),
  media: [],
  responses,
});

afterEach(() => Object.assign(chat, { messages: [], activeId: null }));

describe('[CHAT] answers are labelled with who really answered', () => {
  it('reads the provider from the stream’s last event', () => {
    expect(pieceOf({ done: true, cost: '0', historyId: null, provider: 'offline' }).done?.provider).toBe(
      'offline',
    );
    expect(pieceOf({ done: true, cost: '1' }).done?.provider).toBeUndefined();
  });

  it('an answer of the offline demo says so, not the model that was asked', () => {
    Object.assign(chat, {
      messages: [
        group([
          answer({ provider: 'offline' }),
          answer({ modelId: 'o4-mini', modelName: 'o4-mini', provider: 'openai-compatible' }),
        ]),
      ],
    });
    render(<ChatThread />);
    expect(screen.getByRole('article', { name: 'Offline demo — no AI model' })).toBeTruthy();
    expect(screen.queryByRole('article', { name: 'GPT-5 Mini' })).toBeNull();
    expect(screen.getByRole('article', { name: 'o4-mini' })).toBeTruthy();
  });
});
