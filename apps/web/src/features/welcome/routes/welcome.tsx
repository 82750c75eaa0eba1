import { useNavigate } from 'react-router';
import { preloadScreen } from '../../../lib/screen-preload';
import { WelcomeScreen } from '../components/welcome-screen';

/** `/` once the router runs (a player back from /login); the entry shows it without the router first. */
export function Component() {
  const navigate = useNavigate();
  return <WelcomeScreen goToLogin={() => navigate('/login')} prepareLogin={() => preloadScreen('/login')} />;
}
