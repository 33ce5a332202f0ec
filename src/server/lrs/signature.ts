import { compactVerify, decodeProtectedHeader, importX509 } from 'jose';
import { isObject, type JsonObject } from '../../shared/domain/xapi';
import { badRequest } from '../http/errors';
import { sameStatement } from './statement-compare';

const ALGORITHMS = ['RS256', 'RS384', 'RS512'];

/**
 * Checks a signed statement (Data §2.6): the signature attachment holds a JWS in compact
 * serialisation signed with RS256, RS384 or RS512, whose payload is the statement as it was before
 * the signature was attached. With an X.509 certificate in the header (x5c), the signature itself
 * is verified with it; without one, only the payload can be checked.
 */
export async function checkSignature(statement: JsonObject, jws: Uint8Array, path: string): Promise<void> {
  const token = new TextDecoder().decode(jws).trim();
  const parts = token.split('.');
  if (parts.length !== 3) throw badRequest(`${path}: the signature is not a JWS in compact serialisation`);
  let header: ReturnType<typeof decodeProtectedHeader>;
  let payload: unknown;
  try {
    header = decodeProtectedHeader(token);
    payload = JSON.parse(Buffer.from(parts[1], 'base64url').toString('utf8'));
  } catch {
    throw badRequest(`${path}: the signature's header or payload is not valid JSON`);
  }
  if (!header.alg || !ALGORITHMS.includes(header.alg))
    throw badRequest(`${path}: the signature must use RS256, RS384 or RS512`);
  if (!isObject(payload) || !sameStatement(statement, payload, ['attachments']))
    throw badRequest(`${path}: the signed payload does not match the statement`);
  const chain = header.x5c;
  if (Array.isArray(chain) && chain.length > 0) {
    try {
      const pem = `-----BEGIN CERTIFICATE-----\n${chain[0]}\n-----END CERTIFICATE-----`;
      await compactVerify(token, await importX509(pem, header.alg));
    } catch {
      throw badRequest(`${path}: the signature does not verify with the certificate in its header`);
    }
  }
}
