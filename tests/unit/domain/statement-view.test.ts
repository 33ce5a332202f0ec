import { describe, expect, it } from 'vitest';
import {
  actorName,
  evidenceOf,
  initials,
  objectName,
  scoreOf,
  scoreText,
  verbName,
} from '../../../src/shared/domain/statement-view';

describe('[REPORTS] reading a statement for the reports', () => {
  it('evidence: the extension ending in evidence (text, description or id), else the response', () => {
    const ctx = (v: unknown) => ({ context: { extensions: { 'https://x.test/ext/Evidence': v } } });
    expect(evidenceOf(ctx('plain'))).toBe('plain');
    expect(evidenceOf(ctx({ description: 'described', id: 'id-1' }))).toBe('described');
    expect(evidenceOf(ctx({ id: 'id-1' }))).toBe('id-1');
    expect(evidenceOf({ result: { response: 'answer' } })).toBe('answer');
    expect(evidenceOf({ context: { extensions: { 'https://x.test/other': 'no' } } })).toBeNull();
  });

  it('names, verbs, objects and scores with their fallbacks', () => {
    expect(actorName({ actor: { mbox: 'mailto:ann@x.test' } })).toBe('ann@x.test');
    expect(actorName({ actor: { account: { homePage: 'h', name: 'acc' } } })).toBe('acc');
    expect(actorName({})).toBe('Unknown User');
    expect(verbName({ verb: { id: 'http://adlnet.gov/expapi/verbs/answered' } })).toBe('answered');
    expect(verbName({ verb: { id: 'v', display: { 'th-TH': 'ตอบ', 'en-US': 'answered' } } }, 'th-TH')).toBe(
      'ตอบ',
    );
    expect(objectName({ object: { id: 'https://a.test/q1' } })).toBe('https://a.test/q1');
    expect(scoreText(scoreOf({ result: { score: { raw: 3, max: 6 } } }))).toBe('3/6');
    expect(scoreText(scoreOf({ result: { score: { raw: 3, max: 0 } } }))).toBe('-');
    expect(scoreText(scoreOf({}))).toBe('-');
    expect(initials('Ann Marie Lee')).toBe('AL');
    expect(initials('bob@x.test')).toBe('BO');
  });
});
