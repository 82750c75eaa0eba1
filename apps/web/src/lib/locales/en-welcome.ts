/**
 * English texts of the welcome page and its onboarding. The welcome screen reads them directly:
 * The translator is not loaded on `/`, which must stay within 100 KB of JavaScript (see main.tsx).
 */
export const enWelcome = {
  tagline: 'Play games. Join tournaments. Win.',
  intro: 'Daily plans, free games and a wallet in shillings, made for your phone.',
  getStarted: 'Get Started',
  haveAccount: 'I already have an account',
  next: 'Next',
  finish: 'Continue',
  skip: 'Skip',
  language: 'Language',
  goToSlide: 'Go to slide {{n}}',
  slides: [
    {
      title: 'Subscribe for a day of play',
      body: 'Pick Bronze, Silver, Gold or Platinum and play limitless games for 24 hours. Pay with M-Pesa, card, your wallet or airtime.',
    },
    {
      title: 'Free games, any time',
      body: 'Jump into free games whenever you like, and take part in tournaments to climb the leaderboard.',
    },
    {
      title: 'Make it yours',
      body: 'Set up your profile with your name, username and phone so friends can find you and prizes reach you.',
    },
  ],
} as const;
