/** Player-facing texts (docs/product.md), written once for the web app and the server. */
export const messages = {
  genericError: 'Something happened.',
  notLoggedIn: 'You are not logged in',
  loggedIn: 'You have been logged in.',
  operationUnderway:
    'Another update operation is currently underway. Kindly wait a few seconds before pressing the button again.',
  profileIncomplete: 'You need to update your profile details to proceed',
  fieldUpdated: (field: string) => `${field} was updated successfully.`,
  pickerUpdated: (type: 'country' | 'currency') => `Your ${type} was updated successfully.`,
  uploadSuccessful: 'Upload successful.',
  passwordResetSent: 'Password reset email has been sent successfully.',
  passwordUpdated: 'Password has been updated successfully.',
  passwordChangeNotAllowed:
    'Your sign-in method does not allow you to change your password. Try to use the reset password link at the bottom of this page.',
  reauthFailed:
    'Could not re-authenticate you. If this error persists, Try to use the reset password link at the bottom of this page.',
  enterEmailForReset: 'Please enter your email',
  passwordsDoNotMatch: 'The new passwords do not match.',
  passwordTooShort: 'The password must be 6 characters long or more.',
  notSet: 'Not set. Click to set.',
  required: 'Required',
  underEighteen: 'You must be 18 or older to use PlayOn.',
  referral: {
    applied: 'Referral code applied. Welcome to PlayOn!',
    unknown: 'That referral code does not exist.',
    own: 'You cannot use your own referral code.',
    alreadyReferred: 'You have already used a referral code.',
    empty: 'Please enter a referral code.',
  },
  notFound: 'Page Not Found',
  routeNotFound: 'The requested resource was not found.',
  forbidden: 'You may only change your own profile.',
  usernameTaken: 'This username is already taken.',
  unknownCountry: 'Please choose a country from the list.',
  unknownCurrency: 'Please choose a currency from the list.',
  rateLimited: 'We have blocked all requests from this device due to unusual activity. Try again later.',
  /** The identity endpoints' limits (docs/operations.md): many players share one mobile network address. */
  pause: {
    signIn: 'Too many sign-in attempts. Please wait a few minutes, then try again.',
    signUp: 'Too many new accounts from your network just now. Please wait a minute, then try again.',
    passwordReset: 'Too many password reset emails asked for. Please wait a while, then try again.',
  },
  internal: 'Something happened.',
  /** An instance shedding load (ADR 0052): nothing was done, so trying again is safe. */
  overloaded: 'PlayOn is very busy right now. Please try again in a few seconds.',
  emptyPicker: "Oops, there's nothing here.",
} as const;

/** A catalogue of texts shaped like `T`: the same keys, each text in another language. */
export type Translation<T> = {
  readonly [K in keyof T]: T[K] extends string
    ? string
    : T[K] extends (...args: infer A) => string
      ? (...args: A) => string
      : Translation<T[K]>;
};

/** `messages` in Kiswahili (docs/glossary.md): the same keys, so neither language can miss one. */
export const messagesSw: Translation<typeof messages> = {
  genericError: 'Kuna hitilafu.',
  notLoggedIn: 'Hujaingia kwenye akaunti yako',
  loggedIn: 'Umeingia.',
  operationUnderway:
    'Kuna badiliko lingine linaloendelea. Tafadhali subiri sekunde chache kabla ya kubonyeza kitufe tena.',
  profileIncomplete: 'Unahitaji kujaza maelezo ya wasifu wako ili kuendelea',
  /** `field` is the field's Kiswahili name in lower case: 'jina', 'nambari ya simu'. */
  fieldUpdated: (field: string) => `Umebadilisha ${field}.`,
  pickerUpdated: (type: 'country' | 'currency') =>
    type === 'country' ? 'Umebadilisha nchi yako.' : 'Umebadilisha sarafu yako.',
  uploadSuccessful: 'Faili imepakiwa.',
  passwordResetSent: 'Tumekutumia barua pepe ya kuweka nenosiri jipya.',
  passwordUpdated: 'Nenosiri limebadilishwa.',
  passwordChangeNotAllowed:
    'Njia unayotumia kuingia haikuruhusu kubadilisha nenosiri. Tumia kiungo cha kuweka nenosiri jipya kilicho chini ya ukurasa huu.',
  reauthFailed:
    'Hatukuweza kukuthibitisha tena. Hitilafu hii ikiendelea, tumia kiungo cha kuweka nenosiri jipya kilicho chini ya ukurasa huu.',
  enterEmailForReset: 'Tafadhali weka barua pepe yako',
  passwordsDoNotMatch: 'Manenosiri mapya hayalingani.',
  passwordTooShort: 'Nenosiri lazima liwe na herufi 6 au zaidi.',
  notSet: 'Haijawekwa. Bonyeza ili uweke.',
  required: 'Inahitajika',
  underEighteen: 'Lazima uwe na miaka 18 au zaidi ili kutumia PlayOn.',
  referral: {
    applied: 'Nambari ya mwaliko imekubaliwa. Karibu PlayOn!',
    unknown: 'Nambari hiyo ya mwaliko haipo.',
    own: 'Huwezi kutumia nambari yako mwenyewe ya mwaliko.',
    alreadyReferred: 'Tayari umetumia nambari ya mwaliko.',
    empty: 'Tafadhali weka nambari ya mwaliko.',
  },
  notFound: 'Ukurasa haupatikani',
  routeNotFound: 'Ulichoomba hakipatikani.',
  forbidden: 'Unaweza kubadilisha wasifu wako pekee.',
  usernameTaken: 'Jina hili la mtumiaji tayari limechukuliwa.',
  unknownCountry: 'Tafadhali chagua nchi kutoka kwenye orodha.',
  unknownCurrency: 'Tafadhali chagua sarafu kutoka kwenye orodha.',
  rateLimited:
    'Tumezuia maombi yote kutoka kwenye kifaa hiki kwa sababu ya shughuli zisizo za kawaida. Jaribu tena baadaye.',
  pause: {
    signIn: 'Majaribio mengi mno ya kuingia. Tafadhali subiri dakika chache, kisha ujaribu tena.',
    signUp:
      'Akaunti nyingi mno mpya zimefunguliwa kutoka kwenye mtandao wako sasa hivi. Tafadhali subiri dakika moja, kisha ujaribu tena.',
    passwordReset:
      'Barua pepe nyingi mno za kuweka nenosiri jipya zimeombwa. Tafadhali subiri kwa muda, kisha ujaribu tena.',
  },
  internal: 'Kuna hitilafu.',
  overloaded: 'PlayOn ina shughuli nyingi sana sasa hivi. Tafadhali jaribu tena baada ya sekunde chache.',
  emptyPicker: 'Lo, hakuna kitu hapa.',
};
