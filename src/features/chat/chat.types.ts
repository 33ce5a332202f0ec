/** A chat message as the screen shows it (spec 03 §3). */
export interface TChatResponse {
  modelId: string;
  modelName: string;
  content: string;
  reasoningContent: string;
  isStreaming: boolean;
  /** Credits the answer cost (exact decimal text), once known. */
  cost?: string;
  /** The provider that really answered, once known ('offline' is the embedded demo, no model). */
  provider?: string;
  error?: string;
}

export interface TChatMessage {
  id: string;
  sender: 'user' | 'ai' | 'multimodel_assistant';
  content: string;
  timestamp: string;
  media: Array<{ url: string; mediaId: string }>;
  model?: string;
  reasoningContent?: string;
  responses: TChatResponse[];
}

export interface TSessionItem {
  chatId: string;
  title: string;
  lastMessage: string;
  timestamp: string;
}

/** The server's id of its embedded offline AI (src/server/adapters/ai/offline.ts). */
export const OFFLINE_PROVIDER = 'offline';
