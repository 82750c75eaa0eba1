/** A fresh installation's daily packages (docs/product.md, "Subscription package"), 24 hours each. */
export interface PackageSeed {
  name: 'Bronze' | 'Silver' | 'Gold' | 'Platinum';
  description: string;
  /** In Kiswahili (docs/glossary.md); the name is the same in both languages. */
  descriptionSw: string;
  amountCents: bigint;
  popular: boolean;
}

export const packageSeeds: readonly PackageSeed[] = [
  {
    name: 'Bronze',
    description: 'Play every premium game for a day. The only plan you can pay for with Safaricom airtime.',
    descriptionSw:
      'Cheza kila mchezo wa kulipia kwa siku moja. Kifurushi pekee unachoweza kulipia kwa salio la simu (airtime) la Safaricom.',
    amountCents: 10_00n,
    popular: false,
  },
  {
    name: 'Silver',
    description: 'Play every premium game for a day and enter the daily tournaments.',
    descriptionSw: 'Cheza kila mchezo wa kulipia kwa siku moja na ushiriki mashindano ya kila siku.',
    amountCents: 20_00n,
    popular: false,
  },
  {
    name: 'Gold',
    description: 'Everything in Silver, plus bigger tournament prizes and no ads for a day.',
    descriptionSw:
      'Kila kitu cha Silver, pamoja na zawadi kubwa za mashindano na bila matangazo kwa siku moja.',
    amountCents: 50_00n,
    popular: true,
  },
  {
    name: 'Platinum',
    description: 'Everything in Gold, plus the top prize pools and early access to new games for a day.',
    descriptionSw:
      'Kila kitu cha Gold, pamoja na zawadi kuu za mashindano na kucheza michezo mipya kabla ya wengine kwa siku moja.',
    amountCents: 100_00n,
    popular: false,
  },
];
