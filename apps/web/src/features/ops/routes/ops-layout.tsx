import { mayUse } from '@playon/shared/ops';
import { Link, Navigate, Outlet, useLocation } from 'react-router';
import { NotFoundPage } from '../../../components/not-found-page';
import { LoadError } from '../../../components/ui/load-error';
import { ScreenSpinner } from '../../../components/ui/spinner';
import { ApiError } from '../../../lib/api-error';
import { useOperator } from '../api/get-operator';
import { EmailText } from '../components/email-text';
import { NotForYourRole } from '../components/not-for-your-role';
import { areaOfPath, OpsNav } from '../components/ops-nav';
import { SignOutButton } from '../components/sign-out-button';

/**
 * The operator console: a separate lazy part of the app, never loaded for a player. The
 * server decides who may see it; to a player (403) it is the 404 page, as for any unknown address.
 */
export function Component() {
  const operator = useOperator();
  const { pathname, search } = useLocation();
  if (operator.isPending) return <ScreenSpinner />;
  if (operator.isError) {
    if (operator.error instanceof ApiError && operator.error.status === 403) return <NotFoundPage />;
    // Nobody signed in: the console's own sign-in, back here after it.
    if (operator.error instanceof ApiError && operator.error.status === 401)
      return <Navigate to={`/ops/sign-in?redirect=${encodeURIComponent(pathname + search)}`} replace />;
    return (
      <main className="mx-auto max-w-md px-5 py-10">
        <LoadError onRetry={() => void operator.refetch()} text={operator.error.message} />
      </main>
    );
  }
  const me = operator.data;
  // An area the role may not use: a plain page saying so, not its form failing with "Try again".
  const area = areaOfPath(pathname);
  const allowed = area === undefined || mayUse(me.role, area);
  return (
    <div className="min-h-dvh">
      <header
        data-console-header
        className="flex h-14 items-center justify-between gap-3 border-b border-line px-4"
      >
        <p className="flex shrink-0 flex-col">
          <Link to="/ops" className="text-base font-bold whitespace-nowrap">
            PlayOn console
          </Link>
          {/* Every time the console shows or asks for is Nairobi's, whatever the laptop's zone. */}
          <span className="text-xs whitespace-nowrap text-muted">Times in Nairobi time (UTC+3)</span>
        </p>
        <div className="flex min-w-0 items-center gap-2">
          <p className="min-w-0 text-right text-sm text-muted">
            <EmailText truncate email={me.email} />
            <span className="font-medium text-text">{me.role}</span>
          </p>
          <SignOutButton />
        </div>
      </header>
      <div className="md:flex">
        <OpsNav role={me.role} />
        <main className="min-w-0 flex-1 px-4 py-5 md:px-8">
          {allowed ? <Outlet context={me} /> : <NotForYourRole role={me.role} area={area} />}
        </main>
      </div>
    </div>
  );
}
