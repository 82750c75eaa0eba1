// Apart from profile.ts, which holds the profile's zod schemas: the web app's English texts show
// these labels, and must not bring the validation library to the first screen.

/** Labels used by the profile rows, the 'Edit {field}' dialog and '{field} was updated successfully.' */
export const profileFieldLabels = {
  name: 'Name',
  username: 'Username',
  email: 'Email',
  dob: 'Date of birth',
  gender: 'Gender',
  phone: 'Phone Number',
  countryId: 'Country',
  currencyId: 'Currency',
} as const;
