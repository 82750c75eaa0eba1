import { identityErrorMessage } from '@playon/shared/identity-errors';
import { useEffect, useRef, useState } from 'react';
import { useLocation, useNavigate, useSearchParams } from 'react-router';
import { Icon } from '../../../components/ui/icon';
import { Logo } from '../../../components/ui/logo';
import { ScreenSpinner } from '../../../components/ui/spinner';
import {
  getIdentityUser,
  type SocialProvider,
  signInWithEmail,
  signUpWithEmail,
  startSocialSignIn,
} from '../../../lib/auth-client';
import { forgetRenderedAhead, isRenderedAhead } from '../../../lib/rendered-ahead';
import { safeRedirectPath } from '../../../lib/safe-redirect';
import { preloadScreen } from '../../../lib/screen-preload';
import type { SessionUser } from '../../../lib/session-store';
import { toast } from '../../../lib/toast';
import { useTranslation } from '../../../lib/translation';
import { CredentialsForm } from '../components/credentials-form';
import { identityText } from '../components/identity-text';
import { SocialButtons } from '../components/social-buttons';
import { useFinishLogin } from '../components/use-finish-login';

type Status = 'checking' | 'idle' | 'busy';

/** /login and /register: one screen, the path says which side of the toggle is set. */
export function Component() {
  const { t } = useTranslation();
  const navigate = useNavigate();
  const { pathname, state } = useLocation();
  const [params, setParams] = useSearchParams();
  const isRegister = pathname === '/register';
  const finishLogin = useFinishLogin(!isRegister);
  // The toggle swaps /login and /register: the auth state is already known then.
  const isToggled = (state as { toggled?: boolean } | null)?.toggled === true;
  // Rendered ahead and sent by the server (it saw no session), the form shows at once; the check still runs.
  const [status, setStatus] = useState<Status>(isToggled || isRenderedAhead(pathname) ? 'idle' : 'checking');
  const hasChecked = useRef(isToggled);
  // Where a login leads is known: its code loads while the player types and the server answers.
  const nextPath = safeRedirectPath(params.get('redirect')) ?? (isRegister ? '/referral' : '/dashboard');
  const prepareNext = () => preloadScreen(nextPath);

  // Coming back from a social sign-in (or opening a new tab): the session cookie may already be set.
  useEffect(() => {
    forgetRenderedAhead();
    if (hasChecked.current) return;
    hasChecked.current = true;
    const errorCode = params.get('error');
    if (errorCode) {
      toast.error(identityText(identityErrorMessage({ code: errorCode })));
      setParams(
        (current) => {
          current.delete('error');
          return current;
        },
        { replace: true },
      );
    }
    getIdentityUser()
      .catch(() => null)
      .then((user) => (user ? finishLogin(user) : false))
      .then((isDone) => {
        if (!isDone) setStatus('idle');
      });
  }, [params, setParams, finishLogin]);

  async function signIn(action: () => Promise<{ user: SessionUser }>) {
    setStatus('busy');
    prepareNext();
    try {
      const { user } = await action();
      if (await finishLogin(user)) return;
    } catch (error) {
      toast.error(error instanceof Error ? identityText(error.message) : t('common.genericError'));
    }
    setStatus('idle');
  }

  async function socialSignIn(provider: SocialProvider) {
    setStatus('busy');
    const search = new URLSearchParams(params);
    search.delete('error');
    const query = search.toString();
    try {
      await startSocialSignIn(provider, `${pathname}${query ? `?${query}` : ''}`);
    } catch (error) {
      toast.error(error instanceof Error ? identityText(error.message) : t('common.genericError'));
      setStatus('idle');
    }
  }

  function toggle() {
    const search = new URLSearchParams(params);
    search.delete('error');
    navigate(
      { pathname: isRegister ? '/login' : '/register', search: search.toString() },
      {
        replace: true,
        state: { toggled: true },
      },
    );
  }

  if (status === 'checking') return <ScreenSpinner label={t('auth.checking')} />;

  return (
    <main onFocus={prepareNext} className="mx-auto flex min-h-dvh max-w-md flex-col px-5 pb-8">
      <div className="-ml-2 flex h-14 items-center">
        <button
          type="button"
          aria-label={t('common.back')}
          onClick={() => navigate('/')}
          className="tap flex items-center justify-center rounded-lg"
        >
          <Icon name="back" />
        </button>
      </div>
      <Logo size="sm" />
      <h1 className="mt-6 text-3xl font-extrabold">
        {isRegister ? t('auth.titleRegister') : t('auth.titleLogin')}
      </h1>
      <p className="mt-1 mb-6 text-muted">
        {isRegister ? t('auth.subtitleRegister') : t('auth.subtitleLogin')}
      </p>
      <SocialButtons onSelect={socialSignIn} disabled={status === 'busy'} />
      <div className="my-5 flex items-center gap-3 text-xs tracking-wider text-muted uppercase">
        <span className="h-px flex-1 bg-line" />
        {t('auth.or')}
        <span className="h-px flex-1 bg-line" />
      </div>
      <CredentialsForm
        key={isRegister ? 'register' : 'login'}
        isRegister={isRegister}
        isBusy={status === 'busy'}
        onSubmit={(email, password) =>
          signIn(() => (isRegister ? signUpWithEmail(email, password) : signInWithEmail(email, password)))
        }
      />
      <p className="mt-6 flex items-center justify-center gap-1 text-sm text-muted">
        {isRegister ? t('auth.haveAccount') : t('auth.noAccount')}
        <button type="button" onClick={toggle} className="tap px-1 font-semibold text-accent">
          {isRegister ? t('auth.logIn') : t('auth.signUp')}
        </button>
      </p>
    </main>
  );
}
