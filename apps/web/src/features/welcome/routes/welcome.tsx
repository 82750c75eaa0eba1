import { useNavigate } from 'react-router';
import { currentLanguage } from '../../../lib/language';
import { preloadScreen } from '../../../lib/screen-preload';
import { WelcomeScreen } from '../components/welcome-screen';
import { loadWelcomeText } from '../components/welcome-text';

// A Kiswahili player back on `/` from inside the app: the route shows once its texts are here.
await loadWelcomeText(currentLanguage()).catch(() => undefined);

/** `/` once the router runs (a player back from /login); the entry shows it without the router first. */
export function Component() {
  const navigate = useNavigate();
  return <WelcomeScreen goToLogin={() => navigate('/login')} prepareLogin={() => preloadScreen('/login')} />;
}
