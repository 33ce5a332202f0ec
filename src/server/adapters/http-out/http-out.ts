import type { TEnv } from '../../env';
import { parseAllowList } from './address-policy';
import {
  guardedFetch,
  type THttpOutPolicy,
  type THttpOutRequest,
  type THttpOutResponse,
} from './guarded-fetch';

/** The server's outbound HTTP for blocks, with the operator's limits from env (see guarded-fetch.ts). */
export interface HttpOut {
  fetch(request: THttpOutRequest): Promise<THttpOutResponse>;
}

export function policyFromEnv(env: TEnv): THttpOutPolicy {
  return {
    allow: parseAllowList(env.HTTP_OUT_ALLOW),
    maxBytes: env.HTTP_OUT_MAX_BYTES,
    timeoutMs: env.HTTP_OUT_TIMEOUT_MS,
  };
}

export function createHttpOut(env: TEnv): HttpOut {
  const policy = policyFromEnv(env);
  return { fetch: (request) => guardedFetch(request, policy) };
}
