import { mayUse, type Operator } from '@playon/shared/ops';
import { useQueryClient } from '@tanstack/react-query';
import { useState } from 'react';
import { Link, useOutletContext, useParams } from 'react-router';
import { Button } from '../../../../components/ui/button';
import { LoadError } from '../../../../components/ui/load-error';
import { Skeleton } from '../../../../components/ui/skeleton';
import { showToast } from '../../../../lib/toast';
import { opsKeys } from '../../api/query-keys';
import { formatWhen } from '../../components/format';
import { closeFeedback } from '../api/close-feedback';
import { useFeedback } from '../api/get-feedback';
import { reopenFeedback } from '../api/reopen-feedback';
import { AnswerForm } from '../components/answer-form';
import { PlayerContextCard } from '../components/player-context';
import { StatusBadge } from '../components/status-badge';

/** A feedback message: what the player wrote, the answers mailed, and the player beside it. */
export function Component() {
  const { id = '' } = useParams();
  const operator = useOutletContext<Operator | undefined>();
  const queryClient = useQueryClient();
  const message = useFeedback(id);
  const [busy, setBusy] = useState(false);

  async function refresh() {
    await queryClient.invalidateQueries({ queryKey: opsKeys.community.feedback() });
  }

  async function setClosed(closed: boolean) {
    setBusy(true);
    try {
      const { message: said } = closed ? await closeFeedback(id) : await reopenFeedback(id);
      showToast(said, 'success');
      await refresh();
    } catch (failure) {
      showToast(failure instanceof Error ? failure.message : String(failure), 'error');
    } finally {
      setBusy(false);
    }
  }

  const back = (
    <Link to="/ops/community/feedback" className="text-sm font-medium text-accent">
      ← The inbox
    </Link>
  );
  if (message.isError)
    return (
      <div className="flex flex-col gap-4">
        {back}
        <LoadError onRetry={() => void message.refetch()} text={message.error.message} />
      </div>
    );
  if (!message.data)
    return (
      <div className="flex flex-col gap-4">
        {back}
        <Skeleton className="h-64 w-full rounded-xl" />
      </div>
    );
  const feedback = message.data;
  return (
    <div className="flex flex-col gap-4">
      {back}
      <div className="grid grid-cols-1 items-start gap-4 lg:grid-cols-[minmax(0,1fr)_20rem]">
        <div className="flex min-w-0 flex-col gap-4">
          <article className="rounded-xl bg-surface p-4 ring-1 ring-line">
            <div className="flex flex-wrap items-start justify-between gap-3">
              <h2 className="min-w-0 text-lg font-bold break-words">{feedback.subject}</h2>
              <StatusBadge status={feedback.status} />
            </div>
            <p className="mt-1 text-sm text-muted">
              From {feedback.playerName ?? 'a player'} ({feedback.email}) · {formatWhen(feedback.createdAt)}
            </p>
            <p className="mt-4 text-base whitespace-pre-wrap break-words">{feedback.message}</p>
            <div className="mt-4 flex justify-end">
              {feedback.status === 'closed' ? (
                <Button
                  variant="secondary"
                  className="h-10"
                  isBusy={busy}
                  onClick={() => void setClosed(false)}
                >
                  Reopen
                </Button>
              ) : (
                <Button
                  variant="secondary"
                  className="h-10"
                  isBusy={busy}
                  onClick={() => void setClosed(true)}
                >
                  Close
                </Button>
              )}
            </div>
          </article>
          {feedback.answerList.length > 0 ? (
            <section aria-label="Answers" className="flex flex-col gap-3">
              <h3 className="text-base font-bold">Answers</h3>
              {feedback.answerList.map((answer) => (
                <article key={answer.id} className="rounded-xl bg-raised p-4 ring-1 ring-line">
                  <p className="text-sm text-muted">
                    {answer.operatorEmail} · {formatWhen(answer.createdAt)} ·{' '}
                    {answer.mailedAt ? (
                      <span className="text-ok">mailed {formatWhen(answer.mailedAt)}</span>
                    ) : (
                      <span aria-live="polite">waiting to be mailed…</span>
                    )}
                  </p>
                  <p className="mt-2 text-base whitespace-pre-wrap break-words">{answer.body}</p>
                </article>
              ))}
            </section>
          ) : null}
          <AnswerForm feedback={feedback} onSent={refresh} />
        </div>
        <PlayerContextCard
          player={feedback.player}
          {...(operator && mayUse(operator.role, 'players')
            ? { playerLink: `/ops/players/${encodeURIComponent(feedback.player.uid)}` }
            : {})}
        />
      </div>
    </div>
  );
}
