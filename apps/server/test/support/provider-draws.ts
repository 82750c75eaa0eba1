/**
 * The documented behaviours of the providers' sandboxes, one test phone or card each
 * (docs/mpesa-sandbox.md, docs/card-sandbox.md, docs/airtime-sandbox.md), drawn with a seeded PRNG so
 * a failing run is replayed from its seed. `waits` marks the behaviours whose payment is documented
 * to stay open for an operator rather than end.
 */

export interface Behaviour {
  name: string;
  /** The phone or card number; `fresh` draws an ordinary one of its own. */
  value: string | 'fresh';
  waits?: boolean;
}

/** mulberry32: small, fast, and the same sequence for the same seed on every machine. */
export function seededRandom(seed: number) {
  let state = seed >>> 0;
  const next = () => {
    state = (state + 0x6d2b79f5) >>> 0;
    let t = state;
    t = Math.imul(t ^ (t >>> 15), t | 1);
    t ^= t + Math.imul(t ^ (t >>> 7), t | 61);
    return ((t ^ (t >>> 14)) >>> 0) / 4294967296;
  };
  return {
    next,
    /** A whole number in [min, max]. */
    int: (min: number, max: number) => min + Math.floor(next() * (max - min + 1)),
    pick<T>(items: readonly T[]): T {
      const item = items[Math.floor(next() * items.length)];
      if (item === undefined) throw new Error('nothing to pick from');
      return item;
    },
    chance: (p: number) => next() < p,
  };
}
export type Random = ReturnType<typeof seededRandom>;

/** Who pays an STK Push (a top-up, a boost, a subscription by M-Pesa). */
export const STK_PHONES: Behaviour[] = [
  { name: 'paid', value: 'fresh' },
  { name: 'paid', value: 'fresh' },
  { name: 'paid', value: 'fresh' },
  { name: 'cancelled 1032', value: '254700000001' },
  { name: 'insufficient funds 1', value: '254700000002' },
  { name: 'wrong PIN 2001', value: '254700000003' },
  { name: 'unreachable 1037', value: '254700000004' },
  { name: 'rule limited 17', value: '254700000017' },
  { name: 'session open 1001', value: '254700001001' },
  { name: 'expired 1019', value: '254700001019' },
  { name: 'prompt not sent 1025', value: '254700001025' },
  { name: 'prompt not sent 9999', value: '254700009999' },
  { name: 'refused 500.001.1001 lock', value: '254700000011' },
  { name: 'refused 500.001.1001 merchant', value: '254700000012' },
  { name: 'refused 500.001.1001 credentials', value: '254700000013' },
  { name: 'refused 500.003.02 spike arrest', value: '254700000014' },
  { name: 'refused 500.003.03 quota', value: '254700000015' },
  { name: 'paid, callback lost', value: '254700000005' },
  { name: 'paid, callback twice', value: '254700000006' },
  { name: 'unreachable, callback lost', value: '254700000007' },
];

/** Who receives a B2C payment (a withdrawal, a refund by M-Pesa). */
export const B2C_PHONES: Behaviour[] = [
  { name: 'paid out', value: 'fresh' },
  { name: 'paid out', value: 'fresh' },
  { name: 'business short of funds', value: '254700000002' },
  { name: 'paid, answer lost', value: '254700000008' },
  { name: 'answer lost, queued until repeated', value: 'queued' },
  { name: 'queue timeout, never processed', value: '254700000009', waits: true },
];

/** The card paid with on the hosted checkout; `abandoned` never submits the form. */
export const CARDS: Behaviour[] = [
  { name: 'paid', value: '4242 4242 4242 4242' },
  { name: 'paid', value: '4242 4242 4242 4242' },
  { name: 'paid, its refunds fail', value: '4000 0000 0000 0077' },
  { name: 'paid, refund answers lost', value: '4000 0000 0000 0119' },
  { name: 'declined', value: '4000 0000 0000 0002' },
  { name: 'insufficient funds', value: '4000 0000 0000 9995' },
  { name: 'checkout abandoned', value: 'abandoned', waits: true },
];

/** The number charged for airtime. */
export const AIRTIME_PHONES: Behaviour[] = [
  { name: 'charged', value: 'fresh' },
  { name: 'charged', value: 'fresh' },
  { name: 'cancelled 1032', value: '254700000001' },
  { name: 'insufficient airtime 1', value: '254700000002' },
  { name: 'refused 2005', value: '254700000003' },
  { name: 'unreachable 1037', value: '254700000004' },
  { name: 'charged, result lost', value: '254700000005' },
  { name: 'charged, result twice', value: '254700000006' },
];

/** The number a behaviour is played with: an ordinary phone of its own, or the documented one. */
export function phoneOf(behaviour: Behaviour, random: Random): string {
  if (behaviour.value === 'fresh')
    return `07${random.pick(['11', '12', '22', '45'])}${String(random.int(0, 999_999)).padStart(6, '0')}`;
  if (behaviour.value === 'queued') return `2547000010${String(random.int(0, 99)).padStart(2, '0')}`;
  return behaviour.value;
}
