export const NOW = Date.now();
export const hoursAgo = (h: number) => new Date(NOW - h * 3600_000).toISOString();
export const id = (n: number) => n.toString(16).padStart(24, '0');

export const session = (n: number, title: string, ageHours: number, lastMessage = '') => ({
  _id: id(n),
  id: id(n),
  chatId: id(n),
  title,
  lastMessage,
  orgId: null,
  model: null,
  createdAt: hoursAgo(ageHours),
  updatedAt: hoursAgo(ageHours),
  timestamp: hoursAgo(ageHours),
});

export const MODELS = ['gpt-5-mini:GPT-5 Mini', 'o4-mini:o4-mini', 'gpt-4o:GPT-4o'].map((s) => {
  const [code, name] = s.split(':');
  return {
    name,
    code,
    disabled: false,
    providerModel: code,
    provider: 'openai',
    price: 1,
    unit: 'tokens1k',
    added: false,
  };
});

export { type Call, stubApi as stubChatApi } from './stub-api';
