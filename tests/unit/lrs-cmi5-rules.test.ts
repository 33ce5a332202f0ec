import { describe, expect, it } from 'vitest';
import { CMI5 } from '../../src/server/lrs/cmi5';
import { type Cmi5History, cmi5Refusal } from '../../src/server/lrs/cmi5-rules';

const AU = 'https://packages.flowlearn.test/cmi5/hello/au1';
const none: Cmi5History = { sessionEnded: null, sessionVerbs: new Set(), registrationVerbs: new Set() };
const say = (verb: string, scaled?: number, object = AU) => ({
  verb: { id: verb },
  object: { objectType: 'Activity', id: object },
  ...(scaled === undefined ? {} : { result: { score: { scaled } } }),
});

describe('cmi5Refusal', () => {
  it('refuses any statement once the session ended, naming how it ended', () => {
    const other = say('http://adlnet.gov/expapi/verbs/experienced', undefined, `${AU}/q1`);
    expect(cmi5Refusal([other], { ...none, sessionEnded: 'terminated' }, { auId: AU })).toMatch(
      /^statement 0: .*terminated/,
    );
    expect(cmi5Refusal([other], { ...none, sessionEnded: 'abandoned' }, { auId: AU })).toMatch(/abandoned/);
    // Within one batch: whatever follows the AU's "terminated".
    expect(cmi5Refusal([say(CMI5.terminated), other], none, { auId: AU })).toMatch(
      /^statement 1: .*terminated/,
    );
    expect(cmi5Refusal([other, say(CMI5.terminated)], none, { auId: AU })).toBeNull();
  });

  it('holds passed and failed to masteryScore, and judges no score without one', () => {
    const unit = { auId: AU, masteryScore: 0.7 };
    expect(cmi5Refusal([say(CMI5.passed, 0.69)], none, unit)).toMatch(/below the AU's masteryScore 0.7/);
    expect(cmi5Refusal([say(CMI5.passed, 0.7)], none, unit)).toBeNull();
    expect(cmi5Refusal([say(CMI5.failed, 0.7)], none, unit)).toMatch(/at or above the AU's masteryScore/);
    expect(cmi5Refusal([say(CMI5.failed, 0.69)], none, unit)).toBeNull();
    expect(cmi5Refusal([say(CMI5.passed)], none, unit)).toBeNull();
    expect(cmi5Refusal([say(CMI5.passed, 0.1)], none, { auId: AU })).toBeNull();
    // A score on an activity inside the AU is "cmi5 allowed": not judged.
    expect(cmi5Refusal([say(CMI5.passed, 0.1, `${AU}/q1`)], none, unit)).toBeNull();
  });

  it('keeps the ordering rules of a session and of a registration', () => {
    const unit = { auId: AU };
    const inSession = {
      ...none,
      sessionVerbs: new Set([CMI5.failed]),
      registrationVerbs: new Set([CMI5.failed]),
    };
    expect(cmi5Refusal([say(CMI5.passed)], inSession, unit)).toMatch(/one "passed" or "failed"/);
    expect(cmi5Refusal([say(CMI5.failed)], inSession, unit)).toMatch(/already said in this cmi5 session/);
    // A later session may fail again, and pass.
    const earlier = { ...none, registrationVerbs: new Set([CMI5.failed]) };
    expect(cmi5Refusal([say(CMI5.failed)], earlier, unit)).toBeNull();
    expect(cmi5Refusal([say(CMI5.passed)], earlier, unit)).toBeNull();
    const passedBefore = { ...none, registrationVerbs: new Set([CMI5.passed, CMI5.completed]) };
    expect(cmi5Refusal([say(CMI5.passed)], passedBefore, unit)).toMatch(
      /already said "passed" in this registration/,
    );
    expect(cmi5Refusal([say(CMI5.completed)], passedBefore, unit)).toMatch(/"completed"/);
    expect(cmi5Refusal([say(CMI5.failed)], passedBefore, unit)).toMatch(/cannot follow "passed"/);
    // Within one batch the first counts for the second.
    expect(cmi5Refusal([say(CMI5.completed), say(CMI5.completed)], none, unit)).toMatch(/^statement 1:/);
  });
});
