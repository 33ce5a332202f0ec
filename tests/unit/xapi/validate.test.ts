import fc from 'fast-check';
import { describe, expect, it } from 'vitest';
import {
  agentIfi,
  statementColumns,
  validateStatement,
  withFlowlearnContext,
  type XapiMajor,
} from '../../../src/shared/domain/xapi';

const base = () => ({
  actor: { mbox: 'mailto:ann@school.test', name: 'Ann' },
  verb: { id: 'http://adlnet.gov/expapi/verbs/answered', display: { 'en-GB': 'answered' } },
  object: { id: 'https://flowlearn.test/q/1', definition: { name: { 'en-GB': 'Question 1' } } },
});
const refuse = (s: unknown, pattern: RegExp, version: XapiMajor = '2.0') =>
  expect(() => validateStatement(s, { version })).toThrow(pattern);
const accept = (s: unknown, version: XapiMajor = '2.0') =>
  expect(() => validateStatement(s, { version })).not.toThrow();

describe('[LRS] statement validation', () => {
  it('accepts a minimal statement and the full set of properties', () => {
    accept(base());
    accept({
      ...base(),
      id: crypto.randomUUID(),
      result: {
        score: { scaled: 0.5, raw: 5, min: 0, max: 10 },
        success: true,
        completion: true,
        response: 'b',
        duration: 'PT2M',
      },
      context: {
        registration: crypto.randomUUID(),
        instructor: { account: { homePage: 'https://flowlearn.app', name: 'teacher' } },
        team: { objectType: 'Group', name: 'Team', member: [{ mbox: 'mailto:b@x.test' }] },
        contextActivities: {
          parent: { id: 'https://flowlearn.test/quiz' },
          grouping: [{ id: 'https://flowlearn.test/course' }],
        },
        revision: '2',
        platform: 'Flowlearn',
        language: 'en-GB',
        statement: { objectType: 'StatementRef', id: crypto.randomUUID() },
        extensions: { 'https://flowlearn.app/ext/any': { nested: [null, 1] } },
      },
      timestamp: '2026-11-24T10:00:00.123+07:00',
      attachments: [
        {
          usageType: 'http://adlnet.gov/expapi/attachments/signature',
          display: { en: 'Signature' },
          contentType: 'application/octet-stream',
          length: 10,
          sha2: 'a'.repeat(64),
        },
      ],
    });
  });

  it('names the property at fault', () => {
    refuse({ ...base(), actor: { name: 'No id' } }, /statement\.actor: an Agent must have exactly one/);
    refuse({ ...base(), actor: { mbox: 'mailto:a@b.c', openid: 'http://x.y/a' } }, /exactly one identifier/);
    refuse({ ...base(), actor: { mbox: 'ann@school.test' } }, /statement\.actor\.mbox/);
    refuse({ ...base(), verb: { id: 'answered' } }, /statement\.verb\.id: must be an absolute IRI/);
    refuse(
      { ...base(), verb: { id: 'http://x.y/v', display: { english: 1 } } },
      /statement\.verb\.display\.english/,
    );
    refuse({ ...base(), object: { id: 'not an iri' } }, /statement\.object\.id/);
    refuse({ ...base(), id: 'should fail' }, /statement\.id: must be a UUID/);
    refuse({ ...base(), timestamp: '2026-11-24T10:00:00-00:00' }, /statement\.timestamp/);
    refuse({ ...base(), extra: 1 }, /statement\.extra: is not a property/);
    refuse({ ...base(), result: { duration: '2 minutes' } }, /statement\.result\.duration/);
    refuse({ ...base(), result: { score: { scaled: 1.5 } } }, /scaled: must be between -1 and 1/);
    refuse({ ...base(), result: { score: { raw: 11, max: 10 } } }, /raw: must not be more than max/);
    refuse({ ...base(), result: { score: { min: 5, max: 5 } } }, /min: must be less than max/);
    refuse({ ...base(), context: { registration: 'x' } }, /context\.registration/);
    refuse({ ...base(), context: { language: 'english_gb' } }, /context\.language/);
    refuse({ ...base(), version: '0.95' }, /statement\.version/);
  });

  it('refuses null outside extensions, NUL characters and deep nesting', () => {
    refuse({ ...base(), result: { response: null } }, /result\.response: must not be null/);
    refuse({ ...base(), object: { id: 'https://x.y/\u0000' } }, /NUL/);
    let deep: unknown = 1;
    for (let i = 0; i < 100; i++) deep = { a: deep };
    refuse({ ...base(), context: { extensions: { 'https://x.y/e': deep } } }, /nested more than/);
  });

  it('groups: anonymous ones list members, members are Agents', () => {
    accept({ ...base(), actor: { objectType: 'Group', member: [{ mbox: 'mailto:a@b.c' }] } });
    accept({ ...base(), actor: { objectType: 'Group', mbox: 'mailto:team@b.c' } });
    refuse({ ...base(), actor: { objectType: 'Group' } }, /anonymous Group must list its members/);
    refuse(
      { ...base(), actor: { objectType: 'Group', member: [{ objectType: 'Group', mbox: 'mailto:g@b.c' }] } },
      /member\[0\]: a Group cannot be a member/,
    );
  });

  it('objects: statement references, sub-statements, agents; voiding needs a StatementRef', () => {
    accept({ ...base(), object: { objectType: 'StatementRef', id: crypto.randomUUID() } });
    accept({ ...base(), object: { objectType: 'SubStatement', ...base() } });
    accept({ ...base(), object: { objectType: 'Agent', mbox: 'mailto:b@b.c' } });
    refuse(
      { ...base(), object: { objectType: 'SubStatement', ...base(), id: crypto.randomUUID() } },
      /object\.id: is not a property/,
    );
    refuse(
      {
        ...base(),
        object: { objectType: 'SubStatement', ...base(), object: { objectType: 'SubStatement', ...base() } },
      },
      /cannot contain another SubStatement/,
    );
    refuse(
      { ...base(), verb: { id: 'http://adlnet.gov/expapi/verbs/voided' } },
      /voiding statement must have a StatementRef/,
    );
    refuse(
      { ...base(), object: { objectType: 'Agent', mbox: 'mailto:b@b.c' }, context: { platform: 'x' } },
      /platform: is allowed only when the object is an Activity/,
    );
  });

  it('interaction activities: components only for their interaction type, ids unique', () => {
    const q = (definition: object) => ({ ...base(), object: { id: 'https://x.y/q', definition } });
    accept(
      q({
        interactionType: 'choice',
        correctResponsesPattern: ['a'],
        choices: [{ id: 'a', description: { en: 'A' } }, { id: 'b' }],
      }),
    );
    accept(q({ interactionType: 'likert', scale: [{ id: '1' }] }));
    refuse(
      q({ interactionType: 'true-false', choices: [{ id: 'a' }] }),
      /choices: is not allowed for interactionType true-false/,
    );
    refuse(q({ interactionType: 'choice', choices: [{ id: 'a' }, { id: 'a' }] }), /"a" is used twice/);
    refuse(q({ interactionType: 'quiz' }), /interactionType: must be one of/);
    refuse(q({ correctResponsesPattern: ['a'] }), /needs an interactionType/);
  });

  it('xAPI 2.0 context agents and groups; refused under 1.0.x', () => {
    const context = {
      contextAgents: [
        { objectType: 'contextAgent', agent: { mbox: 'mailto:c@b.c' }, relevantTypes: ['https://x.y/t'] },
      ],
      contextGroups: [{ objectType: 'contextGroup', group: { objectType: 'Group', mbox: 'mailto:g@b.c' } }],
    };
    accept({ ...base(), context });
    refuse({ ...base(), context }, /contextAgents: is not a property/, '1.0');
    refuse(
      { ...base(), context: { contextAgents: [{ objectType: 'Agent', agent: { mbox: 'mailto:c@b.c' } }] } },
      /must be "contextAgent"/,
    );
    refuse(
      { ...base(), context: { contextAgents: [{ objectType: 'contextAgent', agent: { key: 'x' } }] } },
      /agent/,
    );
    refuse(
      {
        ...base(),
        context: {
          contextAgents: [{ objectType: 'contextAgent', agent: { mbox: 'mailto:c@b.c' }, relevantTypes: [] }],
        },
      },
      /relevantTypes: must be a non-empty/,
    );
    refuse(
      {
        ...base(),
        context: {
          contextAgents: [
            { objectType: 'contextAgent', agent: { mbox: 'mailto:c@b.c' }, relevantTypes: ['abc'] },
          ],
        },
      },
      /relevantTypes\[0\]/,
    );
  });

  it('random language maps: valid tags pass, an invalid key is named', () => {
    const tag = fc.constantFrom('en', 'en-GB', 'zh-CN', 'th-TH', 'ms-MY', 'de-CH-1996', 'x-klingon');
    fc.assert(
      fc.property(
        fc.dictionary(
          tag,
          fc.string({ maxLength: 20 }).filter((s) => !s.includes('\u0000')),
        ),
        (display) => {
          validateStatement({ ...base(), verb: { id: 'http://x.y/v', display } }, { version: '2.0' });
          return true;
        },
      ),
    );
    fc.assert(
      fc.property(
        fc.string({ minLength: 1, maxLength: 8 }).filter((k) => !/^[a-z]{1,8}(-[a-z0-9]{1,8})*$/i.test(k)),
        (key) => {
          expect(() =>
            validateStatement(
              { ...base(), verb: { id: 'http://x.y/v', display: { [key]: 'x' } } },
              { version: '2.0' },
            ),
          ).toThrow(/display/);
        },
      ),
    );
  });

  it('derives the indexed columns, Flowlearn extensions included', () => {
    const s = withFlowlearnContext(
      {
        ...base(),
        actor: { objectType: 'Group', mbox: 'mailto:team@b.c', member: [{ mbox: 'mailto:Ann@B.c' }] },
        context: {
          registration: 'AAAAAAAA-0000-4000-8000-000000000000',
          contextActivities: { parent: { id: 'https://x.y/p' } },
        },
      },
      { assignmentId: 'a1', flowId: 'f1' },
    );
    const cols = statementColumns(s);
    expect(cols).toMatchObject({
      verbId: 'http://adlnet.gov/expapi/verbs/answered',
      actorIfi: 'mbox:mailto:team@b.c',
      objectActivityId: 'https://flowlearn.test/q/1',
      registration: 'aaaaaaaa-0000-4000-8000-000000000000',
      assignmentId: 'a1',
      flowId: 'f1',
    });
    expect(cols.relatedActivities.sort()).toEqual(['https://flowlearn.test/q/1', 'https://x.y/p']);
    expect(cols.relatedAgents).toContain('mbox:mailto:ann@b.c');
    expect(agentIfi({ account: { homePage: 'https://a.b', name: 'n' } })).toBe('account:https://a.b|n');
  });
});
