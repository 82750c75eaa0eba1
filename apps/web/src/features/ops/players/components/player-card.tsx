import { formatAmount } from '@playon/shared/format';
import type { PlayerDetail } from '@playon/shared/ops-players';
import type { ReactNode } from 'react';
import { EmailText } from '../../components/email-text';
import { formatWhen } from '../../components/format';
import { StateBadge } from './state-badge';

function Fact({ label, wide, children }: { label: string; wide?: boolean; children: ReactNode }) {
  return (
    <div className={`min-w-0 ${wide ? 'sm:col-span-2' : ''}`}>
      <dt className="text-xs text-muted">{label}</dt>
      <dd className="break-words">{children ?? '—'}</dd>
    </div>
  );
}

/** Who the player is: identity (no secrets), profile and wallet balance. */
export function PlayerCard({ player }: { player: PlayerDetail }) {
  const { identity, profile } = player;
  const title =
    identity.state === 'deleted'
      ? 'Deleted player'
      : (profile?.name ?? profile?.username ?? (identity.name || identity.email));
  return (
    <div className="grid gap-4 lg:grid-cols-[1fr_16rem]">
      <div className="rounded-xl bg-surface p-4 ring-1 ring-line">
        <div className="mb-4 flex flex-wrap items-center gap-3">
          <h1 className="min-w-0 text-xl font-bold break-words">{title}</h1>
          <StateBadge state={identity.state} role={identity.role} />
        </div>
        <dl className="grid grid-cols-1 gap-3 text-sm sm:grid-cols-2 xl:grid-cols-3">
          <Fact label="Username">{profile?.username && `@${profile.username}`}</Fact>
          <Fact label="Account e-mail">
            <EmailText email={identity.email} />
          </Fact>
          <Fact label="Profile e-mail">{profile?.email ? <EmailText email={profile.email} /> : null}</Fact>
          <Fact label="Phone">{profile?.phone}</Fact>
          <Fact label="Date of birth">{profile?.dob}</Fact>
          <Fact label="Gender">{profile?.gender}</Fact>
          <Fact label="Signs in with">{identity.signInMethods.join(', ') || 'nothing (deleted)'}</Fact>
          <Fact label="Open sessions">{identity.activeSessions}</Fact>
          <Fact label="Joined">{formatWhen(identity.createdAt)}</Fact>
          <Fact label="Referral code">{profile?.referralCode}</Fact>
          <Fact label="UID" wide>
            <span className="font-mono text-xs">{player.uid}</span>
          </Fact>
          {identity.disabledReason ? <Fact label="Disabled because">{identity.disabledReason}</Fact> : null}
        </dl>
      </div>
      <div className="flex flex-col justify-center rounded-xl bg-surface p-4 ring-1 ring-line">
        <p className="text-sm text-muted">Wallet balance</p>
        <p className="text-2xl font-bold">KES {formatAmount(player.balance)}</p>
      </div>
    </div>
  );
}
