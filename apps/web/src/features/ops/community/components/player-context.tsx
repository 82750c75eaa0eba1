import type { PlayerContext } from '@playon/shared/ops-community';
import type { ReactNode } from 'react';
import { Link } from 'react-router';
import { formatWhen } from '../../components/format';

function Row({ label, children }: { label: string; children: ReactNode }) {
  return (
    <div className="flex gap-3 py-1.5 text-sm">
      <dt className="w-28 shrink-0 text-muted">{label}</dt>
      <dd className="min-w-0 flex-1 [overflow-wrap:anywhere]">{children}</dd>
    </div>
  );
}

/** Who wrote: the player's basics, recent payments and subscription, beside their message. */
export function PlayerContextCard({ player, playerLink }: { player: PlayerContext; playerLink?: string }) {
  return (
    <aside aria-label="The player" className="min-w-0 rounded-xl bg-surface p-4 ring-1 ring-line">
      <div className="mb-2 flex items-baseline justify-between gap-3">
        <h2 className="text-base font-bold">The player</h2>
        {playerLink ? (
          <Link to={playerLink} className="text-sm font-medium text-accent">
            Open in Players →
          </Link>
        ) : null}
      </div>
      <dl className="divide-y divide-line">
        <Row label="Name">{player.name ?? '—'}</Row>
        <Row label="Username">{player.username ?? '—'}</Row>
        <Row label="E-mail">{player.email ?? '—'}</Row>
        <Row label="Phone">{player.phone ?? '—'}</Row>
        <Row label="Joined">{player.joinedAt ? formatWhen(player.joinedAt) : '—'}</Row>
        <Row label="Payments (30 days)">
          {player.paymentsLast30Days} started, {player.completedPaymentsLast30Days} completed
        </Row>
        <Row label="Subscription">
          {player.subscription
            ? `${player.subscription.packageName}, until ${formatWhen(player.subscription.expiresAt)}`
            : 'None active'}
        </Row>
        <Row label="Player id">
          <span className="font-mono text-xs break-all">{player.uid}</span>
        </Row>
      </dl>
    </aside>
  );
}
