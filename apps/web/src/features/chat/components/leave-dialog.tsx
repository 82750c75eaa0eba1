import { Button } from '../../../components/ui/button';
import { Dialog } from '../../../components/ui/dialog';
import { useTranslation } from '../../../lib/translation';

interface LeaveDialogProps {
  roomName: string;
  isLeaving: boolean;
  onLeave: () => void;
  onClose: () => void;
}

/** Confirms 'Leave chatroom' from the room's menu. */
export function LeaveDialog({ roomName, isLeaving, onLeave, onClose }: LeaveDialogProps) {
  const { t } = useTranslation();
  return (
    <Dialog title={t('chat.leaveTitle', { name: roomName })} onClose={onClose}>
      <p className="mb-5 text-sm text-muted">{t('chat.leaveText')}</p>
      <div className="flex flex-col gap-2">
        <Button onClick={onLeave} isBusy={isLeaving}>
          {t('chat.leave')}
        </Button>
        <Button variant="secondary" onClick={onClose} disabled={isLeaving}>
          {t('common.cancel')}
        </Button>
      </div>
    </Dialog>
  );
}
