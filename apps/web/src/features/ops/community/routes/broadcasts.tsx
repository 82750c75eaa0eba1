import { BroadcastForm } from '../components/broadcast-form';
import { SentBroadcasts } from '../components/sent-broadcasts';

/** Broadcast a notification: who, what (previewed as players see it), counted, then confirmed. */
export function Component() {
  return (
    <div className="flex flex-col gap-6">
      <BroadcastForm />
      <SentBroadcasts />
    </div>
  );
}
