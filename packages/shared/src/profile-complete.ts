// Apart from profile.ts, which holds the profile's zod schemas: the guard before every signed-in screen
// needs this rule alone, and must not bring the validation library to the first screen.

/** The fields a profile must have before guarded screens open (docs/product.md, "Complete profile"). */
export const requiredProfileFields = ['name', 'username', 'email', 'dob', 'gender', 'phone'] as const;

export function isProfileComplete(
  profile: {
    [field in (typeof requiredProfileFields)[number]]: string | null;
  },
): boolean {
  return requiredProfileFields.every((field) => Boolean(profile[field]));
}
