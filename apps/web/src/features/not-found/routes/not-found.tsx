import { NotFoundPage } from '../../../components/not-found-page';

export function Component() {
  return <NotFoundPage />;
}
