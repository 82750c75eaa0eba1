import {
  type OperatorLookup,
  type OperatorRole,
  operatorRoleDescriptions,
  operatorRoles,
  type Role,
} from '@playon/shared/ops';
import { useQueryClient } from '@tanstack/react-query';
import { type FormEvent, useState } from 'react';
import { Button } from '../../../components/ui/button';
import { EmptyState } from '../../../components/ui/empty-state';
import { LoadError } from '../../../components/ui/load-error';
import { Skeleton } from '../../../components/ui/skeleton';
import { TextField } from '../../../components/ui/text-field';
import { showToast } from '../../../lib/toast';
import { useOperators } from '../api/get-operators';
import { lookupOperator } from '../api/lookup-operator';
import { opsKeys } from '../api/query-keys';
import { setOperatorRole } from '../api/set-operator-role';
import { ConfirmWithReason } from '../components/confirm-with-reason';
import { EmailText } from '../components/email-text';
import { formatWhen } from '../components/format';

interface Pending {
  email: string;
  role: Role;
  /** Who the e-mail is, looked up before the reason is asked; null: nobody (an invitation). */
  account: OperatorLookup['account'];
}

/** What giving the role will do, said before the reason is asked. */
function effectOf({ email, role, account }: Pending): string {
  if (role === 'player') return `${email} will be a player only, at their next request.`;
  if (!account)
    return `No account has ${email}: PlayOn makes one and mails an invitation to choose a password. They will be ${role}.`;
  const who = account.name ? `${account.name} (${email})` : email;
  return account.role === role
    ? `${who} is ${role} already.`
    : `${who} will be ${role}, at their next request.`;
}

/** Admins: who the operators are and when they last signed in; invite or give a role, or take one back. */
export function Component() {
  const queryClient = useQueryClient();
  const operators = useOperators();
  const [email, setEmail] = useState('');
  const [emailError, setEmailError] = useState<string | undefined>();
  const [role, setRole] = useState<OperatorRole>('support');
  const [checking, setChecking] = useState(false);
  const [pending, setPending] = useState<Pending | null>(null);

  async function save(reason: string) {
    if (!pending) return;
    const { message } = await setOperatorRole({
      email: pending.email,
      role: pending.role,
      reason,
      ...(pending.account ? {} : { invite: true }),
    });
    showToast(message, 'success');
    setEmail('');
    await queryClient.invalidateQueries({ queryKey: opsKeys.all() });
  }

  // The e-mail is checked first: a typo shows here, before any reason is typed.
  async function give(event: FormEvent) {
    event.preventDefault();
    setChecking(true);
    setEmailError(undefined);
    try {
      const found = await lookupOperator(email.trim());
      setPending({ email: found.email, role, account: found.account });
    } catch (error) {
      setEmailError(error instanceof Error ? error.message : String(error));
    } finally {
      setChecking(false);
    }
  }

  return (
    <section className="flex max-w-3xl flex-col gap-6">
      <h1 className="text-xl font-bold">Operators</h1>
      <form
        onSubmit={give}
        noValidate
        className="flex flex-wrap items-end gap-3 rounded-xl bg-surface p-4 ring-1 ring-line"
      >
        <TextField
          label="E-mail of the person"
          type="email"
          required
          value={email}
          error={emailError}
          onChange={(event) => setEmail(event.target.value)}
          className="min-w-0 flex-1 basis-64"
        />
        <label>
          <span className="mb-1.5 block text-sm font-medium text-muted">Role</span>
          <select
            value={role}
            onChange={(event) => setRole(event.target.value as OperatorRole)}
            aria-describedby="role-description"
            className="h-12 rounded-xl border border-line bg-raised px-3 text-base"
          >
            {operatorRoles.map((option) => (
              <option key={option} value={option}>
                {option}
              </option>
            ))}
          </select>
        </label>
        <Button type="submit" disabled={checking}>
          {checking ? 'Checking…' : 'Give the role'}
        </Button>
        <p id="role-description" className="basis-full text-sm text-muted">
          {operatorRoleDescriptions[role]} Someone without an account is invited by e-mail.
        </p>
      </form>
      <details className="rounded-xl bg-surface p-4 ring-1 ring-line">
        <summary className="cursor-pointer font-medium">What each role may do</summary>
        <dl className="mt-3 grid gap-2 text-sm">
          {operatorRoles.map((option) => (
            <div key={option}>
              <dt className="font-medium">{option}</dt>
              <dd className="text-muted">{operatorRoleDescriptions[option]}</dd>
            </div>
          ))}
        </dl>
      </details>
      {operators.isError ? (
        <LoadError onRetry={() => void operators.refetch()} text={operators.error.message} />
      ) : !operators.data ? (
        <Skeleton className="h-32 w-full rounded-xl" />
      ) : operators.data.length === 0 ? (
        <EmptyState icon="user" text="No operators yet." />
      ) : (
        <ul className="divide-y divide-line rounded-xl ring-1 ring-line">
          {operators.data.map((operator) => (
            <li key={operator.uid} className="flex flex-wrap items-center justify-between gap-3 px-4 py-3">
              <span className="min-w-0">
                <EmailText className="block font-medium" email={operator.email} />
                <span className="text-sm text-muted">
                  {operator.role} ·{' '}
                  {operator.lastSignInAt
                    ? `last signed in ${formatWhen(operator.lastSignInAt)} (Nairobi)`
                    : 'never signed in to the console'}
                </span>
              </span>
              <Button
                variant="secondary"
                className="h-10"
                onClick={() =>
                  setPending({
                    email: operator.email,
                    role: 'player',
                    account: { uid: operator.uid, name: operator.name, role: operator.role },
                  })
                }
              >
                Take the role back
              </Button>
            </li>
          ))}
        </ul>
      )}
      {pending ? (
        <ConfirmWithReason
          title={
            pending.role === 'player' ? 'Take the role back' : pending.account ? 'Give the role' : 'Invite'
          }
          effect={effectOf(pending)}
          confirmLabel={pending.account || pending.role === 'player' ? 'Confirm' : 'Send the invitation'}
          onConfirm={save}
          onClose={() => setPending(null)}
        />
      ) : null}
    </section>
  );
}
