import { Outlet } from 'react-router';
import { ContentTabs } from '../components/content-tabs';

/** Content (admins): what players see of games, tournaments, banners, TV, packages, support and chat. */
export function Component() {
  return (
    <section className="flex flex-col gap-5">
      <h1 className="text-xl font-bold">Content</h1>
      <ContentTabs />
      <Outlet />
    </section>
  );
}
