import type { LegalText } from './legal-text';

/** The terms of service in English, word for word what the page has always shown. */
export const terms: LegalText = {
  sections: [
    {
      title: 'Acceptance of these terms',
      paragraphs: [
        'These terms are an agreement between you and PlayOn (“PlayOn”, “we”, “us”) and apply whenever you use the PlayOn app: its games, tournaments, wallet, subscriptions, chat rooms and notifications. By creating an account or using PlayOn you accept these terms and our Privacy Policy. If you do not accept them, please do not use PlayOn.',
      ],
    },
    {
      title: 'Eligibility',
      paragraphs: [
        'You must be 18 years of age or older to use PlayOn, and you must live in Kenya. By using PlayOn you confirm that you meet both conditions. We may ask you to prove your age or identity, and we will close accounts that do not meet these conditions.',
      ],
    },
    {
      title: 'Your account and its security',
      paragraphs: [
        'You may hold one account only. You sign in with Google, Facebook, or an email address and password, and you must complete your profile with true and current details: your name, username, email address, date of birth, gender and phone number.',
        'Keep your password and sign-in details private. You are responsible for everything done through your account. If you think someone else has used it, change your password and contact us at once. Do not sell, lend or transfer your account to anyone else.',
      ],
    },
    {
      title: 'Your wallet',
      paragraphs: [
        'Your wallet holds a balance in Kenyan shillings (kes). It is not a bank account and does not earn interest. You can top it up with M-Pesa or a card, and use it to buy subscriptions and to boost a friend.',
        'You can withdraw your balance to an M-Pesa number. A withdrawal fee may apply: it is shown on the review screen, together with the total, before you confirm. A withdrawal is complete when M-Pesa confirms the payout. If a payout fails, the amount is returned to your wallet.',
        'A boost sends money from you to another player’s wallet. Check your friend’s username before you confirm: boosts are final and cannot be reversed or refunded.',
        'If a payment is taken but your wallet is not updated, contact us with the M-Pesa or card reference and we will look into it. We may hold or reverse any balance that came from a payment error, fraud or a breach of these terms.',
      ],
    },
    {
      title: 'Subscriptions',
      paragraphs: [
        'Subscriptions are daily packages, offered in Bronze, Silver, Gold and Platinum tiers, each priced per day in kes. A subscription is valid for 24 hours from the moment it starts. If you buy a package you still hold, it is extended by another 24 hours. A different package does not extend or replace the one you hold: it starts when you pay and runs alongside it for its own 24 hours.',
        'You can pay for a subscription with M-Pesa, a card or your wallet. Paying with Safaricom airtime is available for the Bronze package only; the price is deducted directly from your Safaricom airtime. Subscriptions do not renew on their own, and a subscription cannot be cancelled or refunded once it has started, except where the law requires it.',
      ],
    },
    {
      title: 'Tournaments and prizes',
      paragraphs: [
        'Each tournament shows its period, its rules and its prizes. Play fairly: do not use bots, scripts, cheats or other people to play for you, do not exploit bugs, and do not change, decompile or tamper with a game or the scores it sends. Scores from a tampered game, or obtained by any of these means, are void, and we may remove them from leaderboards.',
        'Prizes are awarded as subscriptions, based on the final leaderboard when the tournament ends. Prizes cannot be exchanged for cash or transferred to another player. We may check results before awarding a prize, and withhold a prize won in breach of these terms.',
      ],
    },
    {
      title: 'Chat conduct',
      paragraphs: [
        'Be respectful in chat rooms. Do not post messages, images or files that are abusive, threatening, hateful, sexually explicit, illegal or misleading; do not harass other players, send spam or advertising, share other people’s personal details, or pretend to be someone else.',
        'You are responsible for what you post. We may remove messages and limit or close the accounts of players who break these rules.',
      ],
    },
    {
      title: 'Intellectual property',
      paragraphs: [
        'PlayOn, its name, logo, app and content, and the games offered in it belong to PlayOn or to our licensors. We give you a personal, non-transferable right to use them for playing on PlayOn. You may not copy, sell, modify or redistribute them.',
        'You keep ownership of the messages and pictures you post, and you allow us to store and show them to other players as part of the service.',
      ],
    },
    {
      title: 'Suspension and termination',
      paragraphs: [
        'You can stop using PlayOn at any time and ask us to delete your account. Deleting your account is permanent: your wallet balance and personal details will be lost, so withdraw any balance first.',
        'We may suspend or close your account if you break these terms, cheat, commit fraud, or if the law requires it. Where the law allows, we may hold any balance linked to fraud or cheating while we investigate.',
      ],
    },
    {
      title: 'Limitation of liability',
      paragraphs: [
        'We work to keep PlayOn available and accurate, but we provide it “as is” and cannot promise that it will always be free of errors or interruptions, for example when a mobile network or payment provider is down.',
        'As far as the law allows, PlayOn is not liable for indirect or consequential losses, and our total liability to you is limited to the amount you paid to PlayOn in the 30 days before the claim. Nothing in these terms limits any right you have under Kenyan consumer protection law.',
      ],
    },
    {
      title: 'Governing law',
      paragraphs: [
        'These terms are governed by the laws of Kenya. If a dispute arises, please contact us first so that we can try to resolve it. Any dispute that we cannot resolve together will be decided by the courts of Kenya.',
      ],
    },
    {
      title: 'Changes to these terms',
      paragraphs: [
        'We may update these terms when our service or the law changes. If the changes are significant, we will tell you in the app or by email before they take effect. Continuing to use PlayOn after that means you accept the updated terms.',
      ],
    },
    {
      title: 'Contact us',
      paragraphs: [
        'For any question about these terms, write to us at the support email address shown on the Contact us page in the app, or send us a message through the Contact us form.',
      ],
    },
  ],
};
