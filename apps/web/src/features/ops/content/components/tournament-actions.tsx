import type { OpsTournament } from '@playon/shared/ops-content';
import { useQueryClient } from '@tanstack/react-query';
import { useState } from 'react';
import { Button } from '../../../../components/ui/button';
import { opsKeys } from '../../api/query-keys';
import { ConfirmWithReason } from '../../components/confirm-with-reason';
import { formatWhen } from '../../components/format';
import { cancelTournament } from '../api/cancel-tournament';
import { endTournamentNow } from '../api/end-tournament-now';
import { stateLabels } from './tournament-states';

/** What may still happen to a tournament: end it now and rank it, or cancel it; its podium once won. */
export function TournamentActions({ cup }: { cup: OpsTournament }) {
  const queryClient = useQueryClient();
  const [asking, setAsking] = useState<'cancel' | 'end' | null>(null);
  const refresh = () => queryClient.invalidateQueries({ queryKey: opsKeys.content.tournaments() });
  const canCancel = cup.state === 'UPCOMING' || cup.state === 'ONGOING' || cup.state === 'ENDED';
  const canEnd = cup.state === 'ONGOING' || cup.state === 'ENDED';
  return (
    <div className="flex max-w-2xl flex-col gap-3 rounded-xl bg-surface p-4 ring-1 ring-line">
      <p className="text-sm">
        <span className="font-medium">{stateLabels[cup.state]}</span> · {cup.players.toLocaleString('en-GB')}{' '}
        players · {formatWhen(cup.starts)} → {formatWhen(cup.ends)} (Nairobi time)
      </p>
      {cup.prizes.some((prize) => prize.winnerId) ? (
        <ul className="text-sm text-muted">
          {cup.prizes.map((prize) => (
            <li key={prize.position}>
              {prize.name} ({prize.packageName}): {prize.winnerId ?? 'no winner'}
            </li>
          ))}
        </ul>
      ) : null}
      <div className="flex flex-wrap gap-2">
        {canEnd ? <Button onClick={() => setAsking('end')}>End now and rank</Button> : null}
        {canCancel ? (
          <Button variant="secondary" onClick={() => setAsking('cancel')}>
            Cancel the tournament
          </Button>
        ) : null}
      </div>
      {asking === 'end' ? (
        <ConfirmWithReason
          title="End now and rank"
          effect={`${cup.name} ends now. Its podium wins the prizes at once (a day of each package), the hall of fame gets its winners and every player with a score is told their place.`}
          confirmLabel="End now"
          onConfirm={async (reason) => {
            await endTournamentNow(cup.id, reason);
            await refresh();
          }}
          onClose={() => setAsking(null)}
        />
      ) : null}
      {asking === 'cancel' ? (
        <ConfirmWithReason
          title="Cancel the tournament"
          effect={`${cup.name} leaves the players' list and can no longer be played. No prizes are given and it never enters the hall of fame. Its ${cup.players} players' scores are kept, and each of them is told it was cancelled.`}
          confirmLabel="Cancel it"
          onConfirm={async (reason) => {
            await cancelTournament(cup.id, reason);
            await refresh();
          }}
          onClose={() => setAsking(null)}
        />
      ) : null}
    </div>
  );
}
