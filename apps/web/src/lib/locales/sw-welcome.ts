import type { enWelcome } from './en-welcome.ts';
import type { Texts } from './shape.ts';

/** Kiswahili texts of the welcome page and its onboarding, loaded only when Kiswahili is chosen. */
export const swWelcome = {
  tagline: 'Cheza michezo. Shiriki mashindano. Shinda.',
  intro: 'Vifurushi vya kila siku, michezo ya bure na pochi ya shilingi, vyote kwa simu yako.',
  getStarted: 'Anza',
  haveAccount: 'Nina akaunti tayari',
  next: 'Endelea',
  finish: 'Endelea',
  skip: 'Ruka',
  language: 'Lugha',
  goToSlide: 'Nenda kwenye slaidi ya {{n}}',
  slides: [
    {
      title: 'Nunua kifurushi, ucheze siku nzima',
      body: 'Chagua Bronze, Silver, Gold au Platinum na ucheze michezo bila kikomo kwa saa 24. Lipa kwa M-Pesa, kadi, pochi yako au salio la simu (airtime).',
    },
    {
      title: 'Michezo ya bure, wakati wowote',
      body: 'Cheza michezo ya bure wakati wowote upendao, na ushiriki mashindano ili upande juu kwenye msimamo.',
    },
    {
      title: 'Ifanye iwe yako',
      body: 'Jaza wasifu wako kwa jina, jina la mtumiaji na nambari ya simu ili marafiki wakupate na zawadi zikufikie.',
    },
  ],
} as const satisfies Texts<typeof enWelcome>;
