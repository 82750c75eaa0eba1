import type { ChatRoom } from '@playon/shared/chat';
import { Button } from '../../../components/ui/button';
import { Dialog } from '../../../components/ui/dialog';
import { useTranslation } from '../../../lib/translation';

interface JoinDialogProps {
  room: ChatRoom;
  isJoining: boolean;
  onJoin: () => void;
  onClose: () => void;
}

/** Asks before joining a room the player is not in (docs/product.md, "Chat rooms screen"). */
export function JoinDialog({ room, isJoining, onJoin, onClose }: JoinDialogProps) {
  const { t } = useTranslation();
  return (
    <Dialog title={room.name} onClose={onClose}>
      <div className="mb-5 flex items-center gap-3">
        <img
          src={room.icon}
          alt=""
          width={48}
          height={48}
          className="size-12 rounded-xl bg-raised object-cover"
        />
        <p className="text-sm text-muted">{t('chat.joinText')}</p>
      </div>
      <div className="flex flex-col gap-2">
        <Button onClick={onJoin} isBusy={isJoining}>
          {t('chat.join')}
        </Button>
        <Button variant="secondary" onClick={onClose} disabled={isJoining}>
          {t('common.cancel')}
        </Button>
      </div>
    </Dialog>
  );
}
