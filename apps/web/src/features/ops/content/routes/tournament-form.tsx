import { useParams } from 'react-router';
import { LoadError } from '../../../../components/ui/load-error';
import { Skeleton } from '../../../../components/ui/skeleton';
import { useTournament } from '../api/get-tournament';
import { TournamentActions } from '../components/tournament-actions';
import { TournamentEditor } from '../components/tournament-editor';

/** /ops/content/tournaments/new and /:id: create, or edit before the start; cancel; end now. */
export function Component() {
  const { id } = useParams();
  const isNew = id === 'new';
  const cup = useTournament(id);
  return (
    <div className="flex flex-col gap-4">
      <h2 className="text-lg font-bold">{isNew ? 'New tournament' : (cup.data?.name ?? 'Tournament')}</h2>
      {isNew ? (
        <TournamentEditor />
      ) : cup.isError ? (
        <LoadError onRetry={() => void cup.refetch()} text={cup.error.message} />
      ) : !cup.data ? (
        <Skeleton className="h-64 w-full max-w-2xl rounded-xl" />
      ) : (
        <>
          <TournamentActions cup={cup.data} />
          <TournamentEditor key={`${cup.data.id}-${cup.data.state}`} cup={cup.data} />
        </>
      )}
    </div>
  );
}
