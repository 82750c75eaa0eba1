import { useState } from 'react';
import { Button } from '../../../../components/ui/button';
import { SavedAudienceSize } from './audience-size-line';

/** A row's size, counted when asked: each count reads the audience's players to the end. */
export function AudienceRowSize({ id, name }: { id: number; name: string }) {
  const [isShown, setShown] = useState(false);
  return isShown ? (
    <SavedAudienceSize id={id} />
  ) : (
    <Button
      variant="secondary"
      aria-label={`Count now: the players of ${name}`}
      onClick={() => setShown(true)}
    >
      Count now
    </Button>
  );
}
