import { useCallback } from 'react';
import { useNavigate, useSearchParams } from 'react-router';
import { errorText } from '../../../lib/api-error';
import { fetchLoginProfile, tokenForLogin } from '../../../lib/auth-token';
import { safeRedirectPath } from '../../../lib/safe-redirect';
import { clearSession, type SessionUser, storeUser } from '../../../lib/session-store';
import { toast } from '../../../lib/toast';
import translator from '../../../lib/translation';

/**
 * Finishing a login (docs/product.md, "Welcome and login"): store the user, run the login check,
 * store the profile on 200 or 201, toast 'You have been logged in.' and go where the player was
 * going, else the dashboard for an existing account, else the referral page. Resolves false when
 * the login check failed.
 */
export function useFinishLogin(isExistingAccount: boolean): (user: SessionUser) => Promise<boolean> {
  const navigate = useNavigate();
  const [params] = useSearchParams();
  const redirectTo = safeRedirectPath(params.get('redirect'));

  return useCallback(
    async (user: SessionUser) => {
      storeUser(user);
      try {
        await fetchLoginProfile(await tokenForLogin());
      } catch (error) {
        clearSession();
        toast.error(errorText(error, translator.t('common.genericError')));
        return false;
      }
      toast.success(translator.t('auth.loggedIn'));
      navigate(redirectTo ?? (isExistingAccount ? '/dashboard' : '/referral'), { replace: true });
      return true;
    },
    [navigate, redirectTo, isExistingAccount],
  );
}
