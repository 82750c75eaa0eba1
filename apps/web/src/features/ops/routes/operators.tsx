import { type OperatorRole, operatorRoles, type Role } from '@playon/shared/ops';
import { useQueryClient } from '@tanstack/react-query';
import { type FormEvent, useState } from 'react';
import { Button } from '../../../components/ui/button';
import { EmptyState } from '../../../components/ui/empty-state';
import { LoadError } from '../../../components/ui/load-error';
import { Skeleton } from '../../../components/ui/skeleton';
import { TextField } from '../../../components/ui/text-field';
import { showToast } from '../../../lib/toast';
import { useOperators } from '../api/get-operators';
import { opsKeys } from '../api/query-keys';
import { setOperatorRole } from '../api/set-operator-role';
import { ConfirmWithReason } from '../components/confirm-with-reason';

/** Admins: who the operators are; give a role to an e-mail, or take one back. */
export function Component() {
  const queryClient = useQueryClient();
  const operators = useOperators();
  const [email, setEmail] = useState('');
  const [role, setRole] = useState<OperatorRole>('support');
  const [pending, setPending] = useState<{ email: string; role: Role } | null>(null);

  async function save(reason: string) {
    if (!pending) return;
    const { message } = await setOperatorRole({ ...pending, reason });
    showToast(message, 'success');
    setEmail('');
    await queryClient.invalidateQueries({ queryKey: opsKeys.all() });
  }

  function give(event: FormEvent) {
    event.preventDefault();
    setPending({ email: email.trim(), role });
  }

  return (
    <section className="flex max-w-3xl flex-col gap-6">
      <h1 className="text-xl font-bold">Operators</h1>
      <form
        onSubmit={give}
        className="flex flex-wrap items-end gap-3 rounded-xl bg-surface p-4 ring-1 ring-line"
      >
        <TextField
          label="E-mail of the account"
          type="email"
          required
          value={email}
          onChange={(event) => setEmail(event.target.value)}
          className="min-w-0 flex-1 basis-64"
        />
        <label>
          <span className="mb-1.5 block text-sm font-medium text-muted">Role</span>
          <select
            value={role}
            onChange={(event) => setRole(event.target.value as OperatorRole)}
            className="h-12 rounded-xl border border-line bg-raised px-3 text-base"
          >
            {operatorRoles.map((option) => (
              <option key={option} value={option}>
                {option}
              </option>
            ))}
          </select>
        </label>
        <Button type="submit">Give the role</Button>
      </form>
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
              <span>
                <span className="block font-medium">{operator.email}</span>
                <span className="text-sm text-muted">{operator.role}</span>
              </span>
              <Button
                variant="secondary"
                className="h-10"
                onClick={() => setPending({ email: operator.email, role: 'player' })}
              >
                Take the role back
              </Button>
            </li>
          ))}
        </ul>
      )}
      {pending ? (
        <ConfirmWithReason
          title={pending.role === 'player' ? 'Take the role back' : 'Give the role'}
          effect={
            pending.role === 'player'
              ? `${pending.email} will be a player only, at their next request.`
              : `${pending.email} will be ${pending.role}, at their next request.`
          }
          confirmLabel="Confirm"
          onConfirm={save}
          onClose={() => setPending(null)}
        />
      ) : null}
    </section>
  );
}
