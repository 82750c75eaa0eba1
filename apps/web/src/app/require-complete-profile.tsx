import { messages, messagesSw } from '@playon/shared/messages';
import { isProfileComplete } from '@playon/shared/profile-complete';
import { type LoaderFunctionArgs, Outlet, redirect } from 'react-router';
import { usePushSetup } from '../features/notifications/components/use-push-setup';
import { ensureProfileLoaded } from '../lib/ensure-profile';
import { currentLanguage } from '../lib/language';
import { readProfile } from '../lib/session-store';
import { toast } from '../lib/toast';
import { useSessionUser } from '../lib/use-session';
import { ensureSignedIn } from './require-auth';

/**
 * Guarded screens need a complete profile. Profile, referral, the pickers and the legal pages sit
 * outside this layout, so they stay reachable while the profile is incomplete.
 */
export async function loader({ request }: LoaderFunctionArgs) {
  // Runs alongside the parent guard: a visitor who is not signed in goes to /login, not to /profile.
  // The session and the profile (token, then login check) are asked at once, not one after the other
  //; the session's answer decides first, as when they were asked in turn.
  const [signedIn, profileLoaded] = await Promise.allSettled([
    ensureSignedIn(request),
    ensureProfileLoaded(request),
  ]);
  if (signedIn.status === 'rejected') throw signedIn.reason;
  if (profileLoaded.status === 'rejected') throw profileLoaded.reason;
  const profile = readProfile();
  if (profile && isProfileComplete(profile)) return null;
  toast.info(currentLanguage() === 'sw' ? messagesSw.profileIncomplete : messages.profileIncomplete);
  throw redirect('/profile');
}

/** Push setup waits for a complete profile (docs/product.md, "Push setup"). */
export function Component() {
  const user = useSessionUser();
  usePushSetup(user?.id);
  return <Outlet />;
}
