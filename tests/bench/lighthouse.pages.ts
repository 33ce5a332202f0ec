import type { E2EServer } from '../e2e/server';
import { oneQuestionQuiz } from '../fixtures/flows/graph';

/** A page Lighthouse opens, the score it must reach and whether it opens with a session. */
export interface LighthousePage {
  name: string;
  path: string;
  minScore: number;
  signedIn: boolean;
}

/** A cookie as the browser context takes it. */
export interface SessionCookie {
  name: string;
  value: string;
  domain: string;
  path: string;
  httpOnly: boolean;
  sameSite: 'Strict' | 'Lax' | 'None';
}

const DEMO = { email: 'demo@flowlearn.local', password: 'flowlearn-demo' };
const EDITOR_MIN = 95;
const VIEWER_MIN = 98;

// biome-ignore lint/suspicious/noExplicitAny: the bench reads answers of several shapes
type Json = Record<string, any>;

async function call(server: E2EServer, method: string, path: string, body: unknown, token?: string) {
  const res = await fetch(server.url(`/api/${path}`), {
    method,
    headers: { 'Content-Type': 'application/json', ...(token ? { Authorization: `Bearer ${token}` } : {}) },
    body: JSON.stringify(body),
  });
  if (!res.ok) throw new Error(`${method} ${path}: ${res.status} ${await res.text()}`);
  return { json: (await res.json()) as Json, cookies: res.headers.getSetCookie() };
}

/** Parses `name=value; Path=…; HttpOnly; SameSite=…` as the server sent it. */
function toCookie(header: string, domain: string): SessionCookie {
  const [pair, ...attrs] = header.split(';').map((s) => s.trim());
  const at = pair.indexOf('=');
  const attr = (key: string) =>
    attrs.find((a) => a.toLowerCase().startsWith(`${key}=`))?.slice(key.length + 1) ?? undefined;
  const sameSite = (attr('samesite') ?? 'Lax') as SessionCookie['sameSite'];
  return {
    name: pair.slice(0, at),
    value: pair.slice(at + 1),
    domain,
    path: attr('path') ?? '/',
    httpOnly: attrs.some((a) => a.toLowerCase() === 'httponly'),
    sameSite,
  };
}

/**
 * The cookies a real sign-in leaves in the browser: a new sign-in per run, since every refresh
 * rotates the token and an old one replayed would end the session.
 */
export async function signInCookies(server: E2EServer): Promise<SessionCookie[]> {
  const { cookies } = await call(server, 'POST', 'auth/login', DEMO);
  return cookies.map((c) => toCookie(c, '127.0.0.1')).filter((c) => c.value !== '');
}

/**
 * Makes what a learner opens first (a published flow's share page, a public assignment's flow)
 * and returns every page the bench measures.
 */
export async function seedPages(server: E2EServer): Promise<LighthousePage[]> {
  const { json: session } = await call(server, 'POST', 'auth/login', DEMO);
  const token = session.accessToken as string;
  const lesson = oneQuestionQuiz({
    label: 'Quiz',
    question: 'Bench question?',
    options: ['Yes', 'No'],
    answer: 'Yes',
  });
  const flow = (await call(server, 'POST', 'flows', { name: 'Lighthouse flow', ...lesson }, token)).json.data;
  const flowId = flow._id as string;
  await call(server, 'PUT', `flows/${flowId}`, { published: true, revision: flow.revision }, token);
  const assignment = await call(
    server,
    'POST',
    'assignment',
    { name: 'Lighthouse', flowIds: [flowId], unitUsageOption: 'PAY_BY_ME' },
    token,
  );
  const link = await call(server, 'POST', `assignment/${assignment.json.data._id}/access-link`, {}, token);
  const code = link.json.code as string;
  return [
    { name: '/editor signed out (sign-in)', path: '/editor', minScore: EDITOR_MIN, signedIn: false },
    { name: '/editor/explore signed in', path: '/editor/explore', minScore: EDITOR_MIN, signedIn: true },
    { name: '/viewer/join', path: '/viewer/join', minScore: VIEWER_MIN, signedIn: false },
    {
      name: '/viewer share page',
      path: `/viewer/flow/share/${flowId}`,
      minScore: VIEWER_MIN,
      signedIn: false,
    },
    {
      name: '/viewer flow run start',
      path: `/viewer/public-assignment/${code}/flow/${flowId}`,
      minScore: VIEWER_MIN,
      signedIn: false,
    },
  ];
}
