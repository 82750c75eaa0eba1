import { type FormEvent, useState } from 'react';
import { useNavigate, useSearchParams } from 'react-router';
import { Button } from '../../../components/ui/button';
import { TextField } from '../../../components/ui/text-field';
import { signInWithEmail } from '../../../lib/auth-client';
import { fetchLoginProfile, tokenForLogin } from '../../../lib/auth-token';
import { safeRedirectPath } from '../../../lib/safe-redirect';
import { clearSession, storeUser } from '../../../lib/session-store';

/** Where a console sign-in goes: the console address asked for, else the dashboard. */
const consolePath = (asked: string | null) => {
  const path = safeRedirectPath(asked);
  return path === '/ops' || path?.startsWith('/ops/') ? path : '/ops';
};

/**
 * /ops/sign-in: the console's own sign-in, for operators (e-mail and password; no social sign-in,
 * no sign-up). A player who signs in here gets the console's 404, as anywhere under /ops.
 */
export function Component() {
  const navigate = useNavigate();
  const [params] = useSearchParams();
  const [email, setEmail] = useState('');
  const [password, setPassword] = useState('');
  const [busy, setBusy] = useState(false);
  const [error, setError] = useState<string | null>(null);
  const [fieldErrors, setFieldErrors] = useState<{ email?: string; password?: string }>({});

  async function submit(event: FormEvent) {
    event.preventDefault();
    const missing = {
      ...(email.trim() ? {} : { email: 'Enter your e-mail.' }),
      ...(password ? {} : { password: 'Enter your password.' }),
    };
    setFieldErrors(missing);
    setError(null);
    if (missing.email || missing.password) return;
    setBusy(true);
    try {
      const { user } = await signInWithEmail(email.trim(), password);
      storeUser(user);
      // The session's first check, as the player's login makes it (it keeps the profile for the app).
      await fetchLoginProfile(await tokenForLogin());
      navigate(consolePath(params.get('redirect')), { replace: true });
    } catch (failure) {
      clearSession();
      setError(failure instanceof Error ? failure.message : 'Something happened. Try again.');
      setBusy(false);
    }
  }

  return (
    <main className="mx-auto flex min-h-dvh max-w-sm flex-col justify-center gap-6 px-5 py-10">
      <div>
        <p className="text-sm font-medium text-muted">PlayOn</p>
        <h1 className="text-2xl font-bold">Operator console</h1>
        <p className="mt-1 text-muted">Sign in with your operator account.</p>
      </div>
      <form noValidate onSubmit={submit} className="flex flex-col gap-4">
        <TextField
          label="E-mail"
          type="email"
          autoComplete="username"
          value={email}
          error={fieldErrors.email}
          onChange={(event) => setEmail(event.target.value)}
        />
        <TextField
          label="Password"
          type="password"
          autoComplete="current-password"
          value={password}
          error={fieldErrors.password}
          onChange={(event) => setPassword(event.target.value)}
        />
        {error ? (
          <p role="alert" className="text-sm text-danger">
            {error}
          </p>
        ) : null}
        <Button type="submit" isBusy={busy}>
          Sign in
        </Button>
      </form>
      <p className="text-sm text-muted">
        No operator account? An admin gives you a role; a player's account signs in on the PlayOn app.
      </p>
    </main>
  );
}
