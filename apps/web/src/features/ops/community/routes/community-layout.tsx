import { Outlet, useOutletContext } from 'react-router';
import { CommunityTabs } from '../components/community-tabs';

/** Community (support and admin): the feedback inbox, chat moderation and broadcasts. */
export function Component() {
  // The operator, handed on to the area's screens as the console's layout hands it here.
  const operator = useOutletContext();
  return (
    <section className="flex flex-col gap-5">
      <h1 className="text-xl font-bold">Community</h1>
      <CommunityTabs />
      <Outlet context={operator} />
    </section>
  );
}
