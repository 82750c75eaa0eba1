import {
  BROADCAST_BODY_MAX,
  BROADCAST_TITLE_MAX,
  type Broadcast,
  type BroadcastAudience,
  type BroadcastRequest,
  BroadcastRequestSchema,
} from '@playon/shared/ops-community';
import { useQueryClient } from '@tanstack/react-query';
import { type FormEvent, useState } from 'react';
import { Button } from '../../../../components/ui/button';
import { Spinner } from '../../../../components/ui/spinner';
import { TextField } from '../../../../components/ui/text-field';
import { showToast } from '../../../../lib/toast';
import { opsKeys } from '../../api/query-keys';
import { formatWhen } from '../../components/format';
import { PagedList } from '../../components/paged-list';
import { useBroadcastCount } from '../api/get-broadcast-count';
import { useBroadcastTargets } from '../api/get-broadcast-targets';
import { broadcastsQuery } from '../api/get-broadcasts';
import { NotificationPreview } from '../components/notification-preview';
import { SendDialog } from '../components/send-dialog';

const audienceLabels: Record<BroadcastAudience, string> = {
  all: 'All players',
  tournament: "A tournament's players (those with a score)",
  game: "A game's players (those who played it)",
};

const selectClass = 'h-12 w-full rounded-xl border border-line bg-raised px-3 text-base';

/** Who the broadcast goes to, and how many players that is now. */
function useAudience() {
  const [audience, setAudience] = useState<BroadcastAudience>('all');
  const [targetId, setTargetId] = useState<number | undefined>();
  const targets = useBroadcastTargets();
  const query = {
    audience,
    ...(audience === 'tournament' ? { tournamentId: targetId } : {}),
    ...(audience === 'game' ? { gameId: targetId } : {}),
  };
  const count = useBroadcastCount(query, targetId);
  return { audience, setAudience, targetId, setTargetId, targets, count, query };
}

/** Broadcast a notification: who, what (previewed as players see it), counted, then confirmed. */
export function Component() {
  const queryClient = useQueryClient();
  const who = useAudience();
  const [title, setTitle] = useState('');
  const [body, setBody] = useState('');
  const [url, setUrl] = useState('');
  const [errors, setErrors] = useState<Record<string, string>>({});
  const [pending, setPending] = useState<BroadcastRequest | null>(null);

  function review(event: FormEvent) {
    event.preventDefault();
    const parsed = BroadcastRequestSchema.safeParse({
      ...who.query,
      title,
      body,
      ...(url.trim() ? { url: url.trim() } : {}),
      expectedRecipients: who.count.data?.recipients ?? 0,
    });
    if (!parsed.success) {
      const fields: Record<string, string> = {};
      for (const issue of parsed.error.issues) fields[issue.path.map(String).join('.')] ??= issue.message;
      setErrors(fields);
      return;
    }
    setErrors({});
    if (!who.count.data || who.count.data.recipients === 0) {
      setErrors({ audience: 'Nobody would receive it: this audience has no players.' });
      return;
    }
    setPending(parsed.data);
  }

  const targetList =
    who.audience === 'tournament'
      ? (who.targets.data?.tournaments ?? []).map((item) => ({
          id: item.id,
          label: `${item.name} (${item.status})`,
        }))
      : (who.targets.data?.games ?? []).map((item) => ({ id: item.id, label: item.name }));

  return (
    <div className="flex flex-col gap-6">
      <form
        onSubmit={review}
        className="grid grid-cols-1 gap-5 rounded-xl bg-surface p-4 ring-1 ring-line lg:grid-cols-[minmax(0,1fr)_22rem]"
      >
        <div className="flex min-w-0 flex-col gap-4">
          <h2 className="text-lg font-bold">New broadcast</h2>
          <label>
            <span className="mb-1.5 block text-sm font-medium text-muted">To</span>
            <select
              value={who.audience}
              onChange={(event) => {
                who.setAudience(event.target.value as BroadcastAudience);
                who.setTargetId(undefined);
              }}
              className={selectClass}
            >
              {(Object.keys(audienceLabels) as BroadcastAudience[]).map((option) => (
                <option key={option} value={option}>
                  {audienceLabels[option]}
                </option>
              ))}
            </select>
          </label>
          {who.audience === 'all' ? null : (
            <label>
              <span className="mb-1.5 block text-sm font-medium text-muted">
                {who.audience === 'tournament' ? 'Tournament' : 'Game'}
              </span>
              <select
                value={who.targetId ?? ''}
                onChange={(event) =>
                  who.setTargetId(event.target.value ? Number(event.target.value) : undefined)
                }
                aria-invalid={errors.tournamentId || errors.gameId ? true : undefined}
                className={selectClass}
              >
                <option value="">Choose…</option>
                {targetList.map((item) => (
                  <option key={item.id} value={item.id}>
                    {item.label}
                  </option>
                ))}
              </select>
              {errors.tournamentId || errors.gameId ? (
                <p role="alert" className="mt-1.5 text-sm text-danger">
                  {errors.tournamentId ?? errors.gameId}
                </p>
              ) : null}
            </label>
          )}
          <p aria-live="polite" className="flex min-h-6 items-center gap-2 text-sm">
            {who.count.isFetching ? (
              <>
                <Spinner size={16} label="" /> Counting the players…
              </>
            ) : who.count.isError ? (
              <span className="text-danger">{who.count.error.message}</span>
            ) : who.count.data ? (
              <span>
                Will reach <strong>{who.count.data.recipients.toLocaleString('en-GB')}</strong> players (
                {who.count.data.audienceLabel})
              </span>
            ) : (
              <span className="text-muted">Choose who receives it to count them.</span>
            )}
          </p>
          {errors.audience ? (
            <p role="alert" className="text-sm text-danger">
              {errors.audience}
            </p>
          ) : null}
          <TextField
            label={`Title (${title.length}/${BROADCAST_TITLE_MAX})`}
            value={title}
            maxLength={BROADCAST_TITLE_MAX}
            error={errors.title}
            onChange={(event) => setTitle(event.target.value)}
          />
          <label>
            <span className="mb-1.5 block text-sm font-medium text-muted">
              Message ({body.length}/{BROADCAST_BODY_MAX})
            </span>
            <textarea
              value={body}
              onChange={(event) => setBody(event.target.value)}
              rows={3}
              maxLength={BROADCAST_BODY_MAX}
              aria-invalid={errors.body ? true : undefined}
              className="w-full rounded-xl border border-line bg-raised px-4 py-3 text-base focus:border-brand focus:outline-none"
            />
            {errors.body ? (
              <p role="alert" className="mt-1.5 text-sm text-danger">
                {errors.body}
              </p>
            ) : null}
          </label>
          <TextField
            label="Opens (optional, a page of the app such as /tournaments)"
            value={url}
            error={errors.url}
            placeholder="/tournaments"
            onChange={(event) => setUrl(event.target.value)}
          />
          <div className="flex justify-end">
            <Button type="submit">Review and send</Button>
          </div>
        </div>
        <NotificationPreview title={title} body={body} />
      </form>

      <section className="flex flex-col gap-3">
        <h2 className="text-lg font-bold">Sent</h2>
        <PagedList<Broadcast>
          query={broadcastsQuery}
          rowKey={(item) => String(item.id)}
          searchLabel="Search by title, message, audience or operator"
          emptyText="No broadcast sent yet."
          columns={[
            { header: 'Sent', cell: (item) => formatWhen(item.createdAt) },
            { header: 'To', cell: (item) => item.audienceLabel },
            {
              header: 'Notification',
              cell: (item) => (
                <>
                  <span className="block font-medium break-words">{item.title}</span>
                  <span className="text-xs break-words text-muted">{item.body}</span>
                </>
              ),
            },
            {
              header: 'Players',
              cell: (item) =>
                item.recipientsWritten === null
                  ? `Sending to ${item.recipientsCounted.toLocaleString('en-GB')}…`
                  : item.recipientsWritten.toLocaleString('en-GB'),
            },
            { header: 'By', cell: (item) => <span className="break-all">{item.byEmail}</span> },
          ]}
        />
      </section>

      {pending ? (
        <SendDialog
          request={pending}
          audienceLabel={who.count.data?.audienceLabel ?? ''}
          onSent={(message) => {
            showToast(message, 'success');
            setTitle('');
            setBody('');
            setUrl('');
            void queryClient.invalidateQueries({ queryKey: opsKeys.community.broadcasts() });
            // The job writes the notifications a moment later: the list shows how many then.
            setTimeout(
              () => void queryClient.invalidateQueries({ queryKey: opsKeys.community.broadcasts() }),
              3000,
            );
          }}
          onClose={() => setPending(null)}
        />
      ) : null}
    </div>
  );
}
