import { EmptyState } from '../../../components/ui/empty-state';

interface GameShelfProps {
  title: string;
  emptyText: string;
}

// The games arrive with their issue (GET /api/games/list, /api/profile/recent-games); until then
// a shelf has nothing to list and shows its empty state.
export function GameShelf({ title, emptyText }: GameShelfProps) {
  return (
    <section className="mt-8">
      <h2 className="mb-3 text-lg font-bold">{title}</h2>
      <EmptyState text={emptyText} />
    </section>
  );
}
