import { messages } from '@playon/shared/messages';
import { isProfileComplete } from '@playon/shared/profile';
import { Outlet, redirect } from 'react-router';
import { getAccessToken } from '../lib/auth-token';
import { readProfile } from '../lib/session-store';
import { toast } from '../lib/toast';

/**
 * Guarded screens need a complete profile. Profile, referral, the pickers and the legal pages sit
 * outside this layout, so they stay reachable while the profile is incomplete.
 */
export async function loader() {
  // The session rule re-fetches a missing profile together with a fresh token.
  if (!readProfile()) await getAccessToken();
  const profile = readProfile();
  if (profile && isProfileComplete(profile)) return null;
  toast.info(messages.profileIncomplete);
  throw redirect('/profile');
}

export const Component = Outlet;
