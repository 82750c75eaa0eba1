/** Player-facing texts from the product spec, written once for the web app and the server. */
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
  rateLimited: 'We have blocked all requests from this device due to unusual activity. Try again later.',
  internal: 'Something happened.',
  emptyPicker: "Oops, there's nothing here.",
} as const;
