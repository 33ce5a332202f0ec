/** A chat message as the screen shows it (spec 03 §3). */
export interface TChatResponse {
  modelId: string;
  modelName: string;
  content: string;
  reasoningContent: string;
  isStreaming: boolean;
  /** Credits the answer cost (exact decimal text), once known. */
  cost?: string;
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
