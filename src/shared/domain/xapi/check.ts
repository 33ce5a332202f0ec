import { hasUnstorableText, isIri, isLanguageTag } from './formats';

/** A refused xAPI document: the message names the property (e.g. `statement.actor.mbox`). */
export class XapiValidationError extends Error {
  constructor(message: string) {
    super(message);
    this.name = 'XapiValidationError';
  }
}

export type Json = null | boolean | number | string | Json[] | { [key: string]: Json };
export type JsonObject = { [key: string]: Json };

/** Deeper than this is refused: nothing in xAPI nests so far, and parsers must not recurse forever. */
export const MAX_DEPTH = 64;

export function fail(path: string, message: string): never {
  throw new XapiValidationError(`${path}: ${message}`);
}

export function isObject(value: unknown): value is JsonObject {
  return typeof value === 'object' && value !== null && !Array.isArray(value);
}

export function object(value: unknown, path: string): JsonObject {
  if (!isObject(value)) fail(path, 'must be an object');
  return value;
}

export function string(value: unknown, path: string): string {
  if (typeof value !== 'string') fail(path, 'must be a string');
  return value;
}

export function iri(value: unknown, path: string): string {
  if (!isIri(value)) fail(path, 'must be an absolute IRI');
  return value;
}

export function bool(value: unknown, path: string): boolean {
  if (typeof value !== 'boolean') fail(path, 'must be true or false');
  return value;
}

export function num(value: unknown, path: string): number {
  if (typeof value !== 'number' || !Number.isFinite(value)) fail(path, 'must be a number');
  return value;
}

/** Only the listed properties (xAPI refuses extra properties outside extensions). */
export function allowOnly(obj: JsonObject, allowed: readonly string[], path: string): void {
  for (const key of Object.keys(obj)) {
    if (!allowed.includes(key)) fail(`${path}.${key}`, 'is not a property xAPI allows here');
  }
}

export function languageMap(value: unknown, path: string): void {
  const map = object(value, path);
  for (const [tag, text] of Object.entries(map)) {
    if (!isLanguageTag(tag)) fail(`${path}.${tag}`, 'the key must be an RFC 5646 language tag');
    string(text, `${path}.${tag}`);
  }
}

export function extensions(value: unknown, path: string): void {
  const map = object(value, path);
  for (const key of Object.keys(map)) {
    if (!isIri(key)) fail(`${path}.${key}`, 'an extension key must be an absolute IRI');
  }
}

/**
 * Walks the whole document once: refuses null outside extensions (xAPI has no null properties),
 * the NUL character and lone surrogates anywhere (PostgreSQL stores neither), and deep nesting.
 */
export function checkJsonTree(value: unknown, path: string, depth = 0, inExtension = false): void {
  if (depth > MAX_DEPTH) fail(path, `is nested more than ${MAX_DEPTH} levels deep`);
  if (value === null) {
    if (!inExtension) fail(path, 'must not be null');
    return;
  }
  if (typeof value === 'string') {
    if (hasUnstorableText(value)) fail(path, 'must not contain NUL or unpaired surrogate characters');
    return;
  }
  if (Array.isArray(value)) {
    for (const [i, v] of value.entries()) checkJsonTree(v, `${path}[${i}]`, depth + 1, inExtension);
    return;
  }
  if (typeof value === 'object') {
    for (const [k, v] of Object.entries(value)) {
      if (hasUnstorableText(k)) fail(path, 'a property name must not contain NUL characters');
      checkJsonTree(v, `${path}.${k}`, depth + 1, inExtension || k === 'extensions');
    }
  }
}
