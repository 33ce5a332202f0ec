import { allowOnly, fail, type JsonObject, object, string } from './check';
import { isIri, isMbox, isSha1Hex } from './formats';

const IFI_KEYS = ['mbox', 'mbox_sha1sum', 'openid', 'account'] as const;

function checkIfi(obj: JsonObject, path: string): number {
  const present = IFI_KEYS.filter((k) => obj[k] !== undefined);
  if (present.length > 1) fail(path, `must have exactly one identifier, found ${present.join(', ')}`);
  if (obj.mbox !== undefined && !isMbox(obj.mbox))
    fail(`${path}.mbox`, 'must be "mailto:" and an e-mail address');
  if (obj.mbox_sha1sum !== undefined && !isSha1Hex(obj.mbox_sha1sum))
    fail(`${path}.mbox_sha1sum`, 'must be a SHA-1 in hex');
  if (obj.openid !== undefined && !isIri(obj.openid)) fail(`${path}.openid`, 'must be an absolute IRI');
  if (obj.account !== undefined) {
    const account = object(obj.account, `${path}.account`);
    allowOnly(account, ['homePage', 'name'], `${path}.account`);
    if (!isIri(account.homePage)) fail(`${path}.account.homePage`, 'must be an absolute IRL');
    string(account.name, `${path}.account.name`);
  }
  return present.length;
}

export function checkAgent(value: unknown, path: string): JsonObject {
  const agent = object(value, path);
  allowOnly(agent, ['objectType', 'name', ...IFI_KEYS], path);
  if (agent.objectType !== undefined && agent.objectType !== 'Agent')
    fail(`${path}.objectType`, 'must be "Agent"');
  if (agent.name !== undefined) string(agent.name, `${path}.name`);
  if (checkIfi(agent, path) !== 1)
    fail(path, 'an Agent must have exactly one of mbox, mbox_sha1sum, openid, account');
  return agent;
}

export function checkGroup(value: unknown, path: string): JsonObject {
  const group = object(value, path);
  allowOnly(group, ['objectType', 'name', 'member', ...IFI_KEYS], path);
  if (group.objectType !== 'Group') fail(`${path}.objectType`, 'must be "Group"');
  if (group.name !== undefined) string(group.name, `${path}.name`);
  const identified = checkIfi(group, path) === 1;
  if (group.member !== undefined) {
    if (!Array.isArray(group.member)) fail(`${path}.member`, 'must be an array of Agents');
    group.member.forEach((m, i) => {
      if ((m as JsonObject | null)?.objectType === 'Group')
        fail(`${path}.member[${i}]`, 'a Group cannot be a member');
      checkAgent(m, `${path}.member[${i}]`);
    });
  }
  if (!identified && (!Array.isArray(group.member) || group.member.length === 0))
    fail(`${path}.member`, 'an anonymous Group must list its members');
  return group;
}

/** An Agent or a Group (the actor, the instructor, an authority). */
export function checkActor(value: unknown, path: string): JsonObject {
  const obj = object(value, path);
  return obj.objectType === 'Group' ? checkGroup(obj, path) : checkAgent(obj, path);
}

/**
 * The authority (Data §2.4.9): an Agent, or a Group only as OAuth's pair — an anonymous Group of
 * exactly two Agents, the consumer and the user. Any other Group vouches for no one in particular.
 */
export function checkAuthority(value: unknown, path: string): JsonObject {
  const obj = object(value, path);
  if (obj.objectType !== 'Group') return checkAgent(obj, path);
  checkGroup(obj, path);
  if (IFI_KEYS.some((k) => obj[k] !== undefined))
    fail(path, 'a Group authority must be anonymous (no mbox, mbox_sha1sum, openid or account)');
  const members = obj.member as unknown[];
  if (members.length !== 2)
    fail(`${path}.member`, `a Group authority must have exactly two Agents, found ${members.length}`);
  return obj;
}

/**
 * The identifier of an Agent or identified Group as one comparable string ('mbox:mailto:a@b',
 * 'account:<homePage>|<name>'…); null for an anonymous Group. Agents and identified Groups are
 * the same person when their identifiers are equal (Data §2.4.2.1).
 */
export function agentIfi(value: unknown): string | null {
  if (typeof value !== 'object' || value === null) return null;
  const a = value as JsonObject;
  if (typeof a.mbox === 'string') return `mbox:${a.mbox.toLowerCase()}`;
  if (typeof a.mbox_sha1sum === 'string') return `sha1:${a.mbox_sha1sum.toLowerCase()}`;
  if (typeof a.openid === 'string') return `openid:${a.openid}`;
  const account = a.account as JsonObject | undefined;
  if (account && typeof account.homePage === 'string' && typeof account.name === 'string')
    return `account:${account.homePage}|${account.name}`;
  return null;
}

/** Only the identifier of an Agent or Group, as `format=ids` answers it. */
export function agentIdsOnly(value: JsonObject): JsonObject {
  const out: JsonObject = {};
  if (value.objectType) out.objectType = value.objectType;
  for (const k of IFI_KEYS) if (value[k] !== undefined) out[k] = value[k];
  if (value.objectType === 'Group' && agentIfi(value) === null && Array.isArray(value.member)) {
    out.member = value.member.map((m) => agentIdsOnly(m as JsonObject));
  }
  return out;
}
