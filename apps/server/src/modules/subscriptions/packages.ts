/** The four daily packages a fresh installation offers (spec: Bronze, Silver, Gold, Platinum, 24 hours each). */
export interface PackageSeed {
  name: 'Bronze' | 'Silver' | 'Gold' | 'Platinum';
  description: string;
  amountCents: bigint;
  popular: boolean;
}

export const packageSeeds: readonly PackageSeed[] = [
  {
    name: 'Bronze',
    description: 'Play every premium game for a day. The only plan you can pay for with Safaricom airtime.',
    amountCents: 10_00n,
    popular: false,
  },
  {
    name: 'Silver',
    description: 'Play every premium game for a day and enter the daily tournaments.',
    amountCents: 20_00n,
    popular: false,
  },
  {
    name: 'Gold',
    description: 'Everything in Silver, plus bigger tournament prizes and no ads for a day.',
    amountCents: 50_00n,
    popular: true,
  },
  {
    name: 'Platinum',
    description: 'Everything in Gold, plus the top prize pools and early access to new games for a day.',
    amountCents: 100_00n,
    popular: false,
  },
];
