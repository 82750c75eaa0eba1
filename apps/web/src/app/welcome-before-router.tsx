import { useState } from 'react';
import { NavProgress } from '../components/ui/nav-progress';
import { WelcomeScreen } from '../features/welcome/components/welcome-screen';

/** `/` as the entry shows it, without the router; `leaveFor` loads the router and hands the page over. */
export function WelcomeBeforeRouter({
  leaveFor,
  prepareLogin,
}: {
  leaveFor: (path: string) => void;
  prepareLogin?: () => void;
}) {
  const [isLeaving, setLeaving] = useState(false);
  const goToLogin = () => {
    setLeaving(true);
    leaveFor('/login');
  };
  return (
    <>
      {isLeaving ? <NavProgress /> : null}
      <WelcomeScreen goToLogin={goToLogin} prepareLogin={prepareLogin} />
    </>
  );
}
