import { identityErrorTexts } from '@playon/shared/identity-errors';
import { messages } from '@playon/shared/messages';

/** English texts of the words every screen shares: buttons, form messages, notices, navigation, the shell and its menus. */
export const enCommon = {
  common: {
    back: 'Back',
    close: 'Close',
    moreActions: 'More actions',
    cancel: 'Cancel',
    okay: 'Okay',
    continue: 'Continue',
    retry: 'Try again',
    show: 'Show',
    hide: 'Hide',
    loadFailed: 'We could not load this. Check your connection and try again.',
    genericError: messages.genericError,
  },
  /**
   * The shared schemas' messages a form shows before sending (form-text.ts finds them by their
   * English text); form-text.test.ts checks that each is one the schemas give.
   */
  forms: {
    enterEmail: 'Please enter your email.',
    validEmail: 'Please enter a valid email.',
    passwordTooShort: messages.passwordTooShort,
    passwordTooLong: 'The password must be 128 characters or fewer.',
    enterName: 'Please enter your name.',
    nameTooLong: 'A name has at most 80 characters.',
    enterUsername: 'Please enter a username.',
    usernameRule: 'A username has 3 to 20 letters, digits, dots or underscores.',
    enterPhone: 'Please enter your phone number.',
    validPhone: 'Please enter a valid phone number.',
    enterGender: 'Please enter your gender.',
    genderRule: 'Allowed gender entries: MALE,FEMALE,OTHER',
    enterDob: 'Please enter your date of birth.',
    validDob: 'Please enter a valid date of birth.',
    underEighteen: messages.underEighteen,
    enterFriend: "Please enter your friend's username.",
    enterEmailShort: 'Enter your email',
    invalidEmailShort: 'Invalid email address',
    enterSubject: 'Please enter a subject.',
    enterMessage: 'Please enter a message.',
  },
  /**
   * Feature modules' messages (@playon/shared/tournaments, games, chat, upload, users, support) that
   * screens show: written out here because those modules hold zod schemas every screen would
   * download; notices.test.ts holds each word for word to its module.
   */
  notices: {
    airtimeBronzeOnly:
      'Payment using Safaricom airtime is limited to the bronze package. Please choose another method.',
    anonymous: 'anonymous',
    tournamentNoDescription: 'Could not fetch description',
    noLeaderboard: 'No leaderboard data',
    hallOfFameEmpty: "There's nothing here. Maybe check back later?",
    tvError: "Sorry, it seems we're having trouble connecting to the server. Please try again later.",
    gameFetchFailed: 'We could not fetch this game from the server.',
    uploadFailed: 'Could not upload media',
    leftRoom: 'You left {{name}}.',
    notAnImage: 'Please choose an image (JPEG, PNG, WebP or GIF).',
    fileTooLarge: 'File size cannot exceed {{mb}}MB',
    userNotFound: 'User not found',
    cannotBoostSelf: 'You cannot boost yourself. Top up your own wallet instead.',
  },
  /** The identity errors (docs/product.md, "Identity errors"), by code. */
  identity: identityErrorTexts,
  /** The product's messages a screen shows itself (the server translates its own). */
  product: {
    required: messages.required,
    passwordsDoNotMatch: messages.passwordsDoNotMatch,
    passwordUpdated: messages.passwordUpdated,
    reauthFailed: messages.reauthFailed,
    passwordChangeNotAllowed: messages.passwordChangeNotAllowed,
    enterEmailForReset: messages.enterEmailForReset,
    notLoggedIn: messages.notLoggedIn,
    // The API client's own timeout (lib/api-fetch.ts TIMEOUT_MESSAGE; a test holds them equal).
    requestTimedOut: 'The request timed out. Check your connection and try again.',
  },
  nav: {
    home: 'Home',
    notifications: 'Notifications',
    unread: '(new)',
    account: 'Account',
    menu: 'Menu',
    closeMenu: 'Close menu',
  },
  notFound: {
    title: messages.notFound,
    body: 'Oops! It looks like you took the wrong turn.',
    home: 'Home',
  },
  sideMenu: { playonTv: 'Playon TV', contactUs: 'Contact us' },
  a11y: {
    skipToContent: 'Skip to main content',
    dismiss: 'Dismiss',
    keypad: 'Keypad',
    pauseEvents: 'Pause the events',
    playEvents: 'Play the events',
  },
  offline: {
    title: 'Connection Lost',
    body: 'PlayOn cannot reach the internet. Check your data or Wi-Fi; we will take you back once you are online.',
    nowOffline: 'You are now offline',
    backOnline: 'You are back online',
  },
  install: {
    title: 'Install PlayOn on your phone',
    install: 'Install',
    dismiss: 'Not now',
  },
} as const;
