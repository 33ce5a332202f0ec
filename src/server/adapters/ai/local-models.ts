import { badRequest } from '../../http/errors';
import type { AiProvider } from './ai';
import { createOpenAiCompatibleProvider } from './openai-compatible';

/**
 * Local model servers for the Local AI Model block (localLLMConnectorNode): Ollama, llama.cpp server,
 * LM Studio — each an OpenAI-compatible API, so one more provider of the same kind, at the address the
 * author set on the block. The server posts only to hosts the administrator allows (LOCAL_AI_HOSTS):
 * by default the usual local ports of Ollama (11434) and LM Studio (1234), so a flow cannot turn the
 * server against other addresses of its network.
 */
const providers = new Map<string, AiProvider>();
const KEPT = 32;

/** The `host:port` of an http(s) address (the scheme's port when it names none), or null. */
function hostOf(baseUrl: string): string | null {
  try {
    const u = new URL(baseUrl);
    if (u.protocol !== 'http:' && u.protocol !== 'https:') return null;
    return `${u.hostname}:${u.port || (u.protocol === 'https:' ? '443' : '80')}`;
  } catch {
    return null;
  }
}

/** The provider for a block's local model server, or a 400 that says what to change. */
export function localModelProvider(
  baseUrl: string,
  model: string | undefined,
  allowedHosts: string,
): AiProvider {
  const host = hostOf(baseUrl);
  if (!host) throw badRequest('baseUrl: the local model server needs an http:// or https:// address');
  const allowed = allowedHosts.split(',').map((h) => h.trim().toLowerCase());
  if (!allowed.includes(host.toLowerCase()))
    throw badRequest(
      `baseUrl: ${host} is not among the local model servers this server may use (LOCAL_AI_HOSTS)`,
    );
  if (!model) throw badRequest('model: name the local model on the block (e.g. llama3.2)');
  const key = `${baseUrl}\n${model}`;
  let provider = providers.get(key);
  if (!provider) {
    provider = createOpenAiCompatibleProvider({ baseURL: baseUrl, model });
    if (providers.size >= KEPT) providers.delete(providers.keys().next().value as string);
    providers.set(key, provider);
  }
  return provider;
}

/** A saved flow's Local AI Model block of this id: its server address (data.baseUrl), or a 400. */
export function localModelOfFlow(
  nodes: ReadonlyArray<unknown>,
  nodeId: string,
  model: string | undefined,
  allowedHosts: string,
): AiProvider {
  const node = nodes.find((n) => (n as { id?: unknown } | null)?.id === nodeId) as
    | { type?: unknown; data?: Record<string, unknown> }
    | undefined;
  if (node?.type !== 'localLLMConnectorNode') throw badRequest('nodeId: no Local AI Model block of this id');
  const baseUrl = typeof node.data?.baseUrl === 'string' ? node.data.baseUrl.trim() : '';
  return localModelProvider(baseUrl, model, allowedHosts);
}
