import { describe, expect, it } from 'vitest';
import { chatGroup, chatTitle, groupChats } from '../../../src/shared/domain/chat-grouping';

const now = new Date('2026-06-10T12:00:00Z');
const hoursAgo = (h: number): Date => new Date(now.getTime() - h * 3_600_000);

describe('chatGroup', () => {
  it('buckets at 24 and 168 hours', () => {
    expect(chatGroup(hoursAgo(0), now)).toBe('today');
    expect(chatGroup(hoursAgo(23.99), now)).toBe('today');
    expect(chatGroup(hoursAgo(24), now)).toBe('previous7Days');
    expect(chatGroup(hoursAgo(167.9), now)).toBe('previous7Days');
    expect(chatGroup(hoursAgo(168), now)).toBe('previous30Days');
    expect(chatGroup(hoursAgo(24 * 400), now)).toBe('previous30Days');
  });

  it('accepts strings and numbers; future is today, invalid is oldest', () => {
    expect(chatGroup(hoursAgo(2).toISOString(), now)).toBe('today');
    expect(chatGroup(hoursAgo(48).getTime(), now)).toBe('previous7Days');
    expect(chatGroup(hoursAgo(-5), now)).toBe('today');
    expect(chatGroup('not a date', now)).toBe('previous30Days');
  });
});

describe('groupChats', () => {
  it('groups and orders each group newest first', () => {
    const chats = [
      { id: 'old', at: hoursAgo(300) },
      { id: 't2', at: hoursAgo(5) },
      { id: 'w1', at: hoursAgo(30) },
      { id: 't1', at: hoursAgo(1) },
      { id: 'bad', at: 'x' },
      { id: 'older', at: hoursAgo(600).toISOString() },
      { id: 'w2', at: hoursAgo(100) },
    ];
    const groups = groupChats(chats, (c) => c.at, now);
    expect(groups.today.map((c) => c.id)).toEqual(['t1', 't2']);
    expect(groups.previous7Days.map((c) => c.id)).toEqual(['w1', 'w2']);
    expect(groups.previous30Days.map((c) => c.id)).toEqual(['old', 'older', 'bad']);
  });

  it('returns empty groups for no chats', () => {
    expect(groupChats([], () => 0, now)).toEqual({ today: [], previous7Days: [], previous30Days: [] });
  });
});

describe('chatTitle', () => {
  it('prefers the title', () => {
    expect(chatTitle({ title: 'Plan', lastMessage: 'hello' })).toBe('Plan');
  });

  it('falls back to the first 60 characters of the last message', () => {
    const long = `${'x'.repeat(59)}yz`;
    expect(chatTitle({ title: '  ', lastMessage: long })).toBe(`${'x'.repeat(59)}y`);
    expect(chatTitle({ title: null, lastMessage: 'short' })).toBe('short');
  });

  it('never splits an emoji at the 60-character cut', () => {
    const msg = `${'a'.repeat(59)}😀😀`;
    expect(chatTitle({ lastMessage: msg })).toBe(`${'a'.repeat(59)}😀`);
  });

  it('falls back to Untitled', () => {
    expect(chatTitle({})).toBe('Untitled');
    expect(chatTitle({ title: '', lastMessage: '   ' })).toBe('Untitled');
  });
});
