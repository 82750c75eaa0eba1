import { Outlet } from 'react-router';
import { type OpsTab, OpsTabs } from '../../components/ops-tabs';

const tabs: OpsTab[] = [
  { to: '/ops/content/games', label: 'Games' },
  { to: '/ops/content/tournaments', label: 'Tournaments' },
  { to: '/ops/content/banners', label: 'Banners' },
  { to: '/ops/content/tv', label: 'Playon TV' },
  { to: '/ops/content/packages', label: 'Packages' },
  { to: '/ops/content/support', label: 'Support' },
  { to: '/ops/content/chat-rooms', label: 'Chat rooms' },
];

/** Content (admins): what players see of games, tournaments, banners, TV, packages, support and chat. */
export function Component() {
  return (
    <section className="flex flex-col gap-5">
      <h1 className="text-xl font-bold">Content</h1>
      <OpsTabs label="Content" tabs={tabs} />
      <Outlet />
    </section>
  );
}
