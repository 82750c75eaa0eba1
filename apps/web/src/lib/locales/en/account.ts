import { APP_VERSION } from '@playon/shared/format';
import { messages } from '@playon/shared/messages';

/** English texts of the dashboard, the account and profile screens, the language and the accessibility page. */
export const enAccount = {
  dashboard: {
    greeting: 'Hi, {{name}}',
    greetingFallback: 'Hi there',
    subtitle: 'Ready to play?',
    recentlyPlayed: 'Recently played',
    recentlyPlayedEmpty: "You don't have recently played games at the moment.",
    featured: 'Featured Games',
    featuredEmpty: 'There are no featured games at the moment.',
    allGames: 'All games',
    events: 'Events',
    eventDot: 'Show event {{number}}',
    logout: 'Logout',
    loggingOut: 'Logging out',
    version: `Version ${APP_VERSION}`,
  },
  account: {
    challenges: 'Challenges',
    title: 'Account',
    noName: 'Could not fetch name',
    view: 'View',
    settings: 'Settings',
    currency: 'Currency',
    country: 'Country',
    changePassword: 'Change password',
    legal: 'Legal',
    terms: 'Terms of Service',
    privacy: 'Privacy Policy',
    language: 'Language',
  },
  language: {
    title: 'Language',
    names: { en: 'English', sw: 'Kiswahili' },
    choose: 'Choose your language',
    saved: 'Language updated',
  },
  profile: {
    title: 'Profile',
    changePicture: 'Change profile picture',
    uploading: 'Uploading picture',
    edit: 'Edit {{field}}',
    chooseGender: 'Choose your gender',
    deleteTitle: 'Delete my account',
    deleteBody:
      'Deleting your account permanently removes your wallet, its balance and all your personal details. They cannot be recovered. To delete your account, contact PlayOn support.',
    loadFailed: 'We could not load your profile. Check your connection and try again.',
    // The product's labels, as profileFieldLabels in @playon/shared/profile (not imported: zod schemas).
    fields: {
      name: 'Name',
      username: 'Username',
      email: 'Email',
      dob: 'Date of birth',
      gender: 'Gender',
      phone: 'Phone Number',
    },
    enter: {
      name: 'Enter your name',
      username: 'Enter your username',
      email: 'Enter your email',
      dob: 'Enter your date of birth',
      gender: 'Enter your gender',
      phone: 'Enter your phone number',
    },
    notSet: messages.notSet,
    updated: {
      name: messages.fieldUpdated('Name'),
      username: messages.fieldUpdated('Username'),
      email: messages.fieldUpdated('Email'),
      dob: messages.fieldUpdated('Date of birth'),
      gender: messages.fieldUpdated('Gender'),
      phone: messages.fieldUpdated('Phone Number'),
    },
    pictureUpdated: messages.uploadSuccessful,
    // The values themselves show in English (docs/product.md, "Profile screen").
    genders: { MALE: 'MALE', FEMALE: 'FEMALE', OTHER: 'OTHER' },
  },
  picker: {
    countryTitle: 'Country',
    currencyTitle: 'Currency',
    searchCountry: 'Search countries',
    searchCurrency: 'Search currencies',
    current: 'Current: {{name}}',
    none: 'Not set',
    updated: { country: messages.pickerUpdated('country'), currency: messages.pickerUpdated('currency') },
    empty: messages.emptyPicker,
  },
  accessibility: {
    title: 'Accessibility',
    intro:
      'PlayOn is for every player, including players who use a screen reader, a keyboard, large text or less motion. We aim to meet the Web Content Accessibility Guidelines (WCAG) 2.2 at level AA, in English and in Kiswahili.',
    supportTitle: 'What works for you',
    supportScreenReader:
      'Screen readers such as TalkBack: every button, field and list has a name, and messages such as a payment’s result are read out without moving you from where you are.',
    supportKeyboard:
      'A keyboard: every screen can be used with Tab, Enter and Escape. Windows that open over a screen keep the focus inside and give it back when they close.',
    supportText:
      'Large text: the app follows your phone’s text size, up to twice the usual, without cutting words or scrolling sideways.',
    supportMotion:
      'Less motion: when your phone asks for it, the dashboard’s events stand still and nothing slides. The events also have a pause button.',
    supportColour:
      'Colour is never the only sign: money in and out of your wallet carries a + or −, and every status is written in words.',
    supportLanguage: 'Your language: choose English or Kiswahili on the welcome screen or in Account.',
    limitsTitle: 'Known limits',
    limitsGames:
      'The games are drawn pictures: a screen reader hears their score and their pause button, not what happens on the board.',
    limitsVideos:
      'Playon TV plays videos in YouTube’s own player, with the captions and controls YouTube gives.',
    limitsCard: 'Card payments finish on the card provider’s page, which PlayOn does not make.',
    reportTitle: 'Tell us about a problem',
    report:
      'If anything is hard to use, tell us through Feedback in Account: say which screen and what happened. We read every message.',
    reportLink: 'Send feedback',
  },
} as const;
