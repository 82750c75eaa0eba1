import { mayDo, type Operator } from '@playon/shared/ops';
import {
  type DataRequest,
  type DataRequestFilter,
  dataRequestFilters,
} from '@playon/shared/ops-data-requests';
import { useQueryClient } from '@tanstack/react-query';
import { useState } from 'react';
import { Link, useOutletContext, useSearchParams } from 'react-router';
import { Button } from '../../../../components/ui/button';
import { opsKeys } from '../../api/query-keys';
import { ConfirmWithReason } from '../../components/confirm-with-reason';
import { OpsTabs } from '../../components/ops-tabs';
import { PagedList } from '../../components/paged-list';
import { answerDataRequest } from '../api/answer-data-request';
import { dataRequestsQuery, useOverdueCount } from '../api/get-data-requests';
import { RecordRequestDialog } from '../components/record-request-dialog';
import { formatDay, RequestClock } from '../components/request-clock';
import { playersTabs } from './players-tabs';

const filterLabels: Record<DataRequestFilter, string> = {
  open: 'Open',
  overdue: 'Overdue',
  answered: 'Answered',
  all: 'All',
};

/**
 * Data requests under Kenya's Data Protection Act (docs/operations.md): each open request with the
 * Act's seven days counted on Nairobi's calendar, the overdue ones apart, recorded and answered here.
 */
export function Component() {
  const operator = useOutletContext<Operator>();
  const queryClient = useQueryClient();
  const [search, setSearch] = useSearchParams();
  const uid = search.get('uid') ?? undefined;
  const [status, setStatus] = useState<DataRequestFilter>('open');
  const [isRecording, setRecording] = useState(false);
  const [answering, setAnswering] = useState<DataRequest | null>(null);
  const mayRecord = mayDo(operator.role, 'data-request.record');
  const query = dataRequestsQuery({ status, uid });
  const overdue = useOverdueCount();

  return (
    <section className="flex flex-col gap-4">
      <h1 className="text-xl font-bold">Players</h1>
      <OpsTabs label="Players" tabs={playersTabs} />
      <div className="flex flex-wrap items-center justify-between gap-3">
        <h2 className="text-lg font-bold">Data requests</h2>
        {mayRecord ? <Button onClick={() => setRecording(true)}>Record a request</Button> : null}
      </div>
      <p className="text-sm text-muted">
        Kenya's Data Protection Act gives seven days to answer, counted on Nairobi's calendar from the day the
        request arrived.
      </p>
      {overdue > 0 ? (
        <p role="status" className="rounded-xl bg-danger/15 px-3 py-2 text-sm font-semibold text-danger">
          {overdue === 1 ? '1 request is overdue.' : `${overdue} requests are overdue.`}
        </p>
      ) : null}
      {uid ? (
        <p className="text-sm">
          One player's requests: <span className="break-all">{uid}</span>.{' '}
          <button type="button" className="text-accent underline" onClick={() => setSearch({})}>
            Show everyone's
          </button>
        </p>
      ) : null}
      <PagedList<DataRequest>
        query={query}
        rowKey={(request) => String(request.id)}
        searchLabel="Search by player uid, channel or note"
        emptyText={status === 'overdue' ? 'No request is overdue.' : 'No data request here.'}
        filters={
          <fieldset className="flex flex-wrap gap-1">
            <legend className="sr-only">Show</legend>
            {dataRequestFilters.map((filter) => (
              <Button
                key={filter}
                variant={filter === status ? 'primary' : 'secondary'}
                aria-pressed={filter === status}
                onClick={() => setStatus(filter)}
              >
                {filter === 'overdue' && overdue > 0 ? `Overdue (${overdue})` : filterLabels[filter]}
              </Button>
            ))}
          </fieldset>
        }
        columns={[
          {
            header: 'Player',
            cell: (request) => (
              <Link to={`/ops/players/${request.uid}`} className="block font-medium break-all text-accent">
                {request.player ?? 'Deleted player'}
              </Link>
            ),
          },
          { header: 'Asks for', cell: (request) => (request.kind === 'access' ? 'Their data' : 'Erasure') },
          {
            header: 'Received (Nairobi)',
            cell: (request) => (
              <span className="text-xs">
                {formatDay(request.receivedOn)}
                <span className="block text-muted">{request.channel}</span>
              </span>
            ),
          },
          { header: "Act's clock", cell: (request) => <RequestClock request={request} /> },
          {
            header: 'Answer',
            cell: (request) =>
              request.status === 'answered' ? (
                <span className="text-xs break-words">
                  {request.answer}
                  <span className="block text-muted break-all">{request.answeredByEmail}</span>
                </span>
              ) : mayRecord ? (
                <Button variant="secondary" onClick={() => setAnswering(request)}>
                  Mark answered
                </Button>
              ) : (
                '—'
              ),
          },
        ]}
      />
      {isRecording ? <RecordRequestDialog uid={uid} onClose={() => setRecording(false)} /> : null}
      {answering ? (
        <ConfirmWithReason
          title="Mark the request answered"
          effect={`The ${answering.kind === 'access' ? 'access' : 'erasure'} request of ${answering.player ?? answering.uid}, received ${formatDay(answering.receivedOn)}, leaves the open list. Say what was done.`}
          confirmLabel="Mark answered"
          onConfirm={async (reason) => {
            await answerDataRequest(answering.id, reason);
            await queryClient.invalidateQueries({ queryKey: opsKeys.players.dataRequests() });
          }}
          onClose={() => setAnswering(null)}
        />
      ) : null}
    </section>
  );
}
