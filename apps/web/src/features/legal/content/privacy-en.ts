import type { LegalText } from './legal-text';

/** The privacy policy in English, word for word what the page has always shown. */
export const privacy: LegalText = {
  updated: 'Last Update: 26 July 2019',
  sections: [
    {
      title: 'Who we are',
      paragraphs: [
        'PlayOn (“PlayOn”, “we”, “us”) runs an online gaming service for players in Kenya. Through the PlayOn app you can play games, join tournaments, hold a wallet in Kenyan shillings, buy daily subscriptions, chat with other players and receive notifications.',
        'This policy explains what personal information we collect when you use PlayOn, why we collect it, who we share it with and the choices you have. We are the data controller for the personal information described here.',
      ],
    },
    {
      title: 'Information we collect',
      paragraphs: [
        [
          { strong: 'Sign-in details.' },
          ' When you sign in with Google, Facebook, or an email address and password, we receive an account identifier and your email address from the sign-in provider, and, where you allow it, your name and profile picture. We never see your Google or Facebook password.',
        ],
        [
          { strong: 'Profile details.' },
          ' Your name, username, email address, date of birth, gender, phone number, profile picture, country and currency, and any referral code you enter.',
        ],
        [
          { strong: 'Payments.' },
          ' Top-ups, withdrawals, boosts and subscriptions you make, with their amounts, fees, dates and status, and the M-Pesa phone number you pay from or withdraw to. Card payments are handled by our card processor: we do not store your full card number.',
        ],
        [
          { strong: 'Game play.' },
          ' The games and tournaments you play, your scores, rankings and the prizes you win.',
        ],
        [
          { strong: 'Chat.' },
          ' The chat rooms you join and the messages, images and files you send in them.',
        ],
        [
          { strong: 'Device and usage.' },
          ' Your device and browser type, IP address, the pages you open, error reports, the campaign link that brought you to PlayOn, and, if you allow notifications, a push token that lets us send notifications to your device.',
        ],
        [
          { strong: 'Messages to us.' },
          ' The email address, subject and message you send through Contact us.',
        ],
      ],
    },
    {
      title: 'How we use your information',
      paragraphs: [
        'We use your information to create and run your account, confirm that you are old enough to play, process top-ups, withdrawals, boosts and subscriptions, keep your wallet balance and transaction history, run tournaments and leaderboards, award prizes, deliver chat messages and send you notifications.',
        'We also use it to answer your questions, detect and prevent fraud, cheating and abuse, keep the service secure, fix problems, understand how PlayOn is used so we can improve it, and meet our legal, tax and accounting obligations.',
      ],
    },
    {
      title: 'Legal basis for processing',
      paragraphs: [
        'We process your personal information in line with the Kenya Data Protection Act, 2019. We rely on the following grounds:',
        [
          { strong: 'Contract:' },
          ' to provide the account, wallet, subscriptions, tournaments and chat you signed up for. ',
          { strong: 'Legal obligation:' },
          ' to keep payment and tax records and to respond to lawful requests from authorities. ',
          { strong: 'Legitimate interests:' },
          ' to keep PlayOn secure, stop fraud and cheating, and improve the service, where this does not override your rights. ',
          { strong: 'Consent:' },
          ' for push notifications and any marketing messages. You can withdraw your consent at any time.',
        ],
      ],
    },
    {
      title: 'Sharing your information',
      paragraphs: [
        'We do not sell your personal information, and we do not share it with anyone for their own advertising.',
        'We share only what is needed with: payment providers, such as Safaricom for M-Pesa payments, payouts and airtime billing, and our card processors, to complete your payments; identity providers such as Google and Facebook, to sign you in; and service providers that host our servers, store data and deliver push notifications and email for us, under contracts that require them to protect it.',
        'Other players can see your username, profile picture, scores and rankings on leaderboards and in the Hall of fame, and the messages you send in chat rooms. We may also disclose information when the law requires it, to protect players or PlayOn from fraud or harm, or to a new owner if PlayOn is sold or merged, who must keep to this policy.',
      ],
    },
    {
      title: 'How long we keep your information',
      paragraphs: [
        'We keep your account and profile details for as long as your account is open. Payment and wallet records are kept for as long as Kenyan tax and financial record-keeping laws require, even after you close your account. Chat messages, scores and device information are kept for as long as they are needed to run the service, and are then deleted or made anonymous.',
      ],
    },
    {
      title: 'How we protect your information',
      paragraphs: [
        'We protect your information with encrypted connections, access controls that limit who in our team can see it, and regular reviews of our systems. No service can be perfectly secure, so please keep your password private and tell us at once if you think someone else has used your account.',
      ],
    },
    {
      title: 'Players must be 18 or older',
      paragraphs: [
        'You must be 18 years of age or older to use PlayOn. We ask for your date of birth to check this. We do not knowingly collect information from anyone under 18. If we learn that a player is under 18, we will close the account and delete their information, except where the law requires us to keep it.',
      ],
    },
    {
      title: 'Cookies and local storage',
      paragraphs: [
        'PlayOn uses cookies and your browser’s local and session storage to keep you signed in, remember your profile and settings during a visit, remember the campaign link that brought you to us, and let the app work when your connection drops. We do not use them to track you across other websites. If you clear them or block them, you may be signed out and some features may not work.',
      ],
    },
    {
      title: 'Push notifications',
      paragraphs: [
        'If you allow notifications, we store a push token for your device and use it to tell you about tournaments, results, payments, subscriptions and chat activity. You can turn notifications off at any time in your browser or device settings. We delete push tokens that are no longer valid.',
      ],
    },
    {
      title: 'Your rights',
      paragraphs: [
        'Under the Kenya Data Protection Act, 2019 you have the right to be told how your information is used, to access it, to correct information that is wrong or incomplete, to object to some uses of it, and to ask us to delete it. You can update most profile details yourself in the app. For anything else, contact us and we will respond within the time the law allows.',
        'Deleting your account is permanent. Your wallet balance and your personal details will be lost and cannot be recovered, so withdraw any balance first. We may keep records that the law requires us to keep.',
        'If you are unhappy with how we handle your information, please contact us first. You can also complain to the Office of the Data Protection Commissioner.',
      ],
    },
    {
      title: 'Requests for a link to your data',
      paragraphs: [
        'You can ask us for a copy of the personal information we hold about you. We will first check that the request comes from you, then prepare a download link and send it to the email address on your account. Preparing the link can take 2-3 weeks, so please allow for this wait before contacting us again about the same request.',
      ],
    },
    {
      title: 'Changes to this policy',
      paragraphs: [
        'We may update this policy when our service or the law changes. We will change the “Last Update” date at the top, and if the changes are significant we will tell you in the app or by email before they take effect. Continuing to use PlayOn after that means you accept the updated policy.',
      ],
    },
    {
      title: 'Contact us',
      paragraphs: [
        'For any question or request about your privacy, write to us at the support email address shown on the Contact us page in the app, or send us a message through the Contact us form. Please use the email address linked to your PlayOn account so that we can find your details.',
      ],
    },
  ],
};
