import { genders } from '@playon/shared/profile';
import { z } from 'zod';

/** The Profile on the wire: what GET /api/auth/login, PUT /api/profile/{uid} and chat join/leave answer. */
export const ProfileSchema = z.object({
  id: z.string(),
  uid: z.string(),
  name: z.string().nullable(),
  username: z.string().nullable(),
  email: z.string().nullable(),
  dob: z.string().nullable(),
  gender: z.enum(genders).nullable(),
  phone: z.string().nullable(),
  profilePic: z.string().nullable(),
  countryId: z.number().nullable(),
  currencyId: z.number().nullable(),
  chatRooms: z.array(z.string()),
  referralCode: z.string(),
  createdAt: z.string(),
});
