import { mayDo, type Operator } from '@playon/shared/ops';
import type { SavedAudience } from '@playon/shared/ops-audiences';
import { useState } from 'react';
import { Link, useOutletContext } from 'react-router';
import { Button } from '../../../../components/ui/button';
import { formatWhen } from '../../components/format';
import { PagedList } from '../../components/paged-list';
import { audiencesQuery } from '../api/get-audiences';
import { AudienceDialog } from '../components/audience-dialog';
import { AudienceRowSize } from '../components/audience-row-size';
import { DeleteAudienceDialog } from '../components/delete-audience-dialog';

/**
 * Saved audiences (ADR 0068): a name and a rule about players, counted and previewed when asked, and
 * the start of a broadcast to the players it finds then.
 */
export function Component() {
  const operator = useOutletContext<Operator>();
  const mayDefine = mayDo(operator.role, 'audience.define');
  const maySend = mayDo(operator.role, 'audience.broadcast');
  const [editing, setEditing] = useState<SavedAudience | 'new' | null>(null);
  const [deleting, setDeleting] = useState<SavedAudience | null>(null);
  return (
    <div className="flex flex-col gap-4">
      <div className="flex flex-wrap items-center justify-between gap-3">
        <h2 className="text-lg font-bold">Saved audiences</h2>
        {mayDefine ? <Button onClick={() => setEditing('new')}>New audience</Button> : null}
      </div>
      <PagedList<SavedAudience>
        query={audiencesQuery}
        rowKey={(audience) => String(audience.id)}
        searchLabel="Search by name"
        emptyText="No audience saved yet. Save one to reach the players it finds: lapsed players, subscriptions ending today, players who never paid, a game's or a tournament's."
        columns={[
          {
            header: 'Audience',
            cell: (audience) => (
              <span className="block">
                <span className="block font-medium">{audience.name}</span>
                <span className="block text-xs text-muted">{audience.description}</span>
              </span>
            ),
          },
          {
            header: 'Players now',
            cell: (audience) => <AudienceRowSize id={audience.id} name={audience.name} />,
          },
          {
            header: 'Saved (Nairobi time)',
            cell: (audience) => (
              <span className="text-xs">
                {formatWhen(audience.updatedAt)}
                <span className="block text-muted break-all">{audience.byEmail}</span>
              </span>
            ),
          },
          {
            header: 'Actions',
            cell: (audience) => (
              <span className="flex flex-wrap gap-2">
                {maySend ? (
                  <Link
                    to={`/ops/community/broadcasts?audience=${audience.id}`}
                    aria-label={`Send a broadcast to ${audience.name}`}
                    className="flex h-11 items-center rounded-xl px-3 text-sm font-semibold text-accent ring-1 ring-line"
                  >
                    Send a broadcast
                  </Link>
                ) : null}
                {mayDefine ? (
                  <>
                    <Button
                      variant="secondary"
                      aria-label={`Edit ${audience.name}`}
                      onClick={() => setEditing(audience)}
                    >
                      Edit
                    </Button>
                    <Button
                      variant="secondary"
                      aria-label={`Delete ${audience.name}`}
                      onClick={() => setDeleting(audience)}
                    >
                      Delete
                    </Button>
                  </>
                ) : null}
              </span>
            ),
          },
        ]}
      />
      {editing ? (
        <AudienceDialog
          {...(editing === 'new' ? {} : { audience: editing })}
          onClose={() => setEditing(null)}
        />
      ) : null}
      {deleting ? <DeleteAudienceDialog audience={deleting} onClose={() => setDeleting(null)} /> : null}
    </div>
  );
}
