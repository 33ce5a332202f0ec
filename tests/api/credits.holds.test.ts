import { afterAll, beforeAll, beforeEach, describe, expect, it } from 'vitest';
import { APP_START_MS, createTestApp, type TestApp } from './harness';
import { cr, creditsOf, expectBooksBalance, org, user } from './helpers/credits';

let t: TestApp;
beforeAll(async () => {
  t = await createTestApp();
}, APP_START_MS);
afterAll(() => t.close());
beforeEach(() => t.reset());

describe('[CREDITS] reserve, settle and release', () => {
  it('settles the real cost, frees the rest, and answers the same when settled again', async () => {
    const credits = creditsOf(t);
    await credits.grant({ to: user('a'), amount: cr('10'), idempotencyKey: 'g' });
    const r = await credits.reserve({ payer: user('a'), upTo: cr('4'), idempotencyKey: 'r1' });
    expect(await credits.balanceOf(user('a'))).toMatchObject({
      balance: cr('10'),
      reserved: cr('4'),
      available: cr('6'),
    });
    // Held credits cannot be spent by anyone else meanwhile.
    await expect(
      credits.charge({ payer: user('a'), amount: cr('6.000000000001'), idempotencyKey: 'c' }),
    ).rejects.toMatchObject({
      code: 'UNIT_BALANCE_INSUFFICIENT',
    });
    const first = await credits.settle(r.id, cr('1.250375'));
    expect(first).toMatchObject({ charged: cr('1.250375'), freed: cr('2.749625') });
    expect(await credits.settle(r.id, cr('3'))).toEqual(first);
    expect(await credits.balanceOf(user('a'))).toMatchObject({ balance: cr('8.749625'), reserved: 0n });
    // A retried reserve with the same key is the same hold; another amount with it is a conflict.
    expect((await credits.reserve({ payer: user('a'), upTo: cr('4'), idempotencyKey: 'r1' })).id).toBe(r.id);
    await expect(
      credits.reserve({ payer: user('a'), upTo: cr('5'), idempotencyKey: 'r1' }),
    ).rejects.toMatchObject({ status: 409 });
    await expectBooksBalance(t);
  });

  it('charges at most what was held, nothing for 0, and refuses to settle a released hold', async () => {
    const credits = creditsOf(t);
    await credits.grant({ to: user('a'), amount: cr('10'), idempotencyKey: 'g' });
    const over = await credits.reserve({ payer: user('a'), upTo: cr('1'), idempotencyKey: 'r1' });
    expect((await credits.settle(over.id, cr('5'))).charged).toBe(cr('1'));
    const nothing = await credits.reserve({ payer: user('a'), upTo: cr('1'), idempotencyKey: 'r2' });
    expect(await credits.settle(nothing.id, 0n)).toMatchObject({
      charged: 0n,
      freed: cr('1'),
      transferId: null,
    });
    const dropped = await credits.reserve({ payer: user('a'), upTo: cr('2'), idempotencyKey: 'r3' });
    expect(await credits.release(dropped.id)).toEqual({ freed: cr('2') });
    expect(await credits.release(dropped.id)).toEqual({ freed: 0n });
    await expect(credits.settle(dropped.id, cr('1'))).rejects.toMatchObject({ status: 409 });
    await expect(credits.settle('0'.repeat(24), cr('1'))).rejects.toMatchObject({ status: 404 });
    expect((await credits.balanceOf(user('a'))).balance).toBe(cr('9'));
    await expectBooksBalance(t);
  });

  it('withReservation releases everything when the call fails', async () => {
    const credits = creditsOf(t);
    await credits.grant({ to: org('o'), amount: cr('3'), idempotencyKey: 'g' });
    await expect(
      credits.withReservation({ payer: org('o'), upTo: cr('2'), idempotencyKey: 'w1' }, async () => {
        throw new Error('the model failed');
      }),
    ).rejects.toThrow('the model failed');
    expect(await credits.balanceOf(org('o'))).toMatchObject({ balance: cr('3'), reserved: 0n });
    const ok = await credits.withReservation(
      { payer: org('o'), upTo: cr('2'), idempotencyKey: 'w2' },
      async (r) => ({
        result: r.amount,
        actual: cr('0.5'),
      }),
    );
    expect([ok.result, ok.charged]).toEqual([cr('2'), cr('0.5')]);
    await expect(
      credits.reserve({ payer: org('o'), upTo: cr('3'), idempotencyKey: 'w3' }),
    ).rejects.toMatchObject({
      code: 'ORG_UNIT_BALANCE_INSUFFICIENT',
    });
  });

  it('a hold left by a stopped server expires: the next spend frees it, a late settle still charges once', async () => {
    let clock = new Date('2031-03-01T10:00:00Z');
    const credits = creditsOf(t, { now: () => clock });
    await credits.grant({ to: user('a'), amount: cr('5'), idempotencyKey: 'g' });
    const stuck = await credits.reserve({
      payer: user('a'),
      upTo: cr('5'),
      idempotencyKey: 'stuck',
      holdForMs: 60_000,
    });
    await expect(
      credits.charge({ payer: user('a'), amount: cr('1'), idempotencyKey: 'early' }),
    ).rejects.toMatchObject({
      code: 'UNIT_BALANCE_INSUFFICIENT',
    });
    clock = new Date('2031-03-01T10:01:01Z');
    await credits.charge({ payer: user('a'), amount: cr('1'), idempotencyKey: 'late' });
    expect(await credits.balanceOf(user('a'))).toMatchObject({ balance: cr('4'), reserved: 0n });
    // The stream did finish after all: its cost is charged as an ordinary spend, once.
    expect((await credits.settle(stuck.id, cr('1.5'))).charged).toBe(cr('1.5'));
    expect((await credits.settle(stuck.id, cr('1.5'))).charged).toBe(cr('1.5'));
    expect((await credits.balanceOf(user('a'))).balance).toBe(cr('2.5'));
    // One that cannot be paid any more is not charged, and says by how much it fell short.
    const second = await credits.reserve({
      payer: user('a'),
      upTo: cr('2'),
      idempotencyKey: 's2',
      holdForMs: 1000,
    });
    clock = new Date('2031-03-01T10:02:00Z');
    await credits.charge({ payer: user('a'), amount: cr('2.5'), idempotencyKey: 'all' });
    expect(await credits.settle(second.id, cr('2'))).toMatchObject({ charged: 0n, shortfall: cr('2') });
    await expectBooksBalance(t);
  });

  it('a hold can carry another read in the same statement; refused, it is null and the read still comes', async () => {
    const credits = creditsOf(t);
    await credits.grant({ to: user('a'), amount: cr('2'), idempotencyKey: 'g' });
    const read = {
      name: 'test_wallet',
      source: 'select :who::text as who, 41 + 1 as answer',
      values: { who: 'a' },
    };
    const held = await credits.reserveAlong(
      { payer: user('a'), upTo: cr('1.5'), idempotencyKey: 'h1' },
      read,
    );
    expect(held.row).toEqual({ who: 'a', answer: 42 });
    expect(held.reservation).toMatchObject({ amount: cr('1.5'), replayed: false });
    expect((await credits.balanceOf(user('a'))).reserved).toBe(cr('1.5'));
    const refused = await credits.reserveAlong(
      { payer: user('a'), upTo: cr('1'), idempotencyKey: 'h2' },
      read,
    );
    expect(refused).toEqual({ reservation: null, row: { who: 'a', answer: 42 } });
    const none = { ...read, name: 'test_none', source: 'select 1 as one where false' };
    expect(
      (await credits.reserveAlong({ payer: user('a'), upTo: cr('0.5'), idempotencyKey: 'h3' }, none)).row,
    ).toBeNull();
    // One name, one read: another text under a name already used is refused.
    await expect(
      credits.reserveAlong(
        { payer: user('a'), upTo: cr('0.1'), idempotencyKey: 'h5' },
        { ...read, source: 'select 2 as two' },
      ),
    ).rejects.toThrow(/'test_wallet' names another read/);
    // The read's parameters must not be the hold's own.
    const clash = { ...read, name: 'test_clash', values: { key: 'x' }, source: 'select :key::text as k' };
    await expect(
      credits.reserveAlong({ payer: user('a'), upTo: cr('0.1'), idempotencyKey: 'h4' }, clash),
    ).rejects.toThrow(/:key is one of the hold's parameters/);
    await credits.settle(held.reservation?.id ?? '', cr('1'));
    expect(await credits.balanceOf(user('a'))).toMatchObject({ balance: cr('1'), reserved: cr('0.5') });
    await expectBooksBalance(t);
  });

  it('a refund gives a charge back once, and the books still balance', async () => {
    const credits = creditsOf(t);
    await credits.grant({ to: user('a'), amount: cr('3'), idempotencyKey: 'g' });
    const charge = { payer: user('a'), reference: 'task:t1', idempotencyKey: 'run-1' };
    await credits.charge({ ...charge, amount: cr('1.25') });
    await credits.charge({ ...charge, amount: cr('0.5'), idempotencyKey: 'run-2' });
    expect((await credits.balanceOf(user('a'))).balance).toBe(cr('1.25'));
    const refund = { payer: user('a'), amount: cr('1.25'), chargeKey: 'run-1', reference: 'task:t1' };
    const first = await credits.refund(refund);
    expect(first).toMatchObject({ replayed: false, toBalance: cr('2.5') });
    // A retried refund (the same charge) gives nothing more back.
    expect(await credits.refund(refund)).toMatchObject({ replayed: true, transferId: first.transferId });
    expect((await credits.balanceOf(user('a'))).balance).toBe(cr('2.5'));
    // What the wallet and the reference spent counts the refund back.
    expect((await credits.summaries([user('a')])).get('user:a')?.spent).toBe(cr('0.5'));
    expect((await credits.usageByReference('task:')).get('task:t1')).toBe(cr('0.5'));
    await expectBooksBalance(t);
  });

  it('transfers between wallets refuse what the sender cannot afford, and moves both ways at once', async () => {
    const credits = creditsOf(t);
    await credits.grant({ to: user('a'), amount: cr('50'), idempotencyKey: 'ga' });
    await credits.grant({ to: user('b'), amount: cr('50'), idempotencyKey: 'gb' });
    await expect(
      credits.transfer({ from: user('a'), to: user('b'), amount: cr('50.1'), idempotencyKey: 'x' }),
    ).rejects.toMatchObject({ code: 'UNIT_BALANCE_INSUFFICIENT' });
    await expect(
      credits.transfer({ from: user('a'), to: user('a'), amount: cr('1'), idempotencyKey: 'self' }),
    ).rejects.toMatchObject({
      status: 400,
    });
    // Opposite directions at the same time lock the two rows in opposite orders: deadlocks are retried.
    await Promise.all(
      Array.from({ length: 100 }, (_, i) =>
        i % 2
          ? credits.transfer({ from: user('a'), to: user('b'), amount: cr('0.5'), idempotencyKey: `ab${i}` })
          : credits.transfer({ from: user('b'), to: user('a'), amount: cr('0.5'), idempotencyKey: `ba${i}` }),
      ),
    );
    expect((await credits.balanceOf(user('a'))).balance).toBe(cr('50'));
    await expectBooksBalance(t);
  });
});
