import { Outlet } from 'react-router';
import { CommunityTabs } from '../components/community-tabs';

/** Community (support and admin): the feedback inbox, chat moderation and broadcasts. */
export function Component() {
  return (
    <section className="flex flex-col gap-5">
      <h1 className="text-xl font-bold">Community</h1>
      <CommunityTabs />
      <Outlet />
    </section>
  );
}
