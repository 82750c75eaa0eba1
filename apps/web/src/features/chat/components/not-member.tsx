import { Button } from '../../../components/ui/button';
import { Icon } from '../../../components/ui/icon';
import { useTranslation } from '../../../lib/translation';

interface NotMemberProps {
  /** The server's words: 'Join this chat room to read and send messages.' */
  text: string;
  canJoin: boolean;
  isJoining: boolean;
  onJoin: () => void;
}

/** A room opened by its address by a player who is not in it. */
export function NotMember({ text, canJoin, isJoining, onJoin }: NotMemberProps) {
  const { t } = useTranslation();
  return (
    <div className="mx-auto mt-10 flex max-w-md flex-col items-center gap-4 px-6 text-center">
      <span className="flex size-14 items-center justify-center rounded-full bg-raised text-accent">
        <Icon name="lock" />
      </span>
      <p role="alert" className="text-muted">
        {text}
      </p>
      <Button onClick={onJoin} isBusy={isJoining} disabled={!canJoin} className="w-full">
        {t('chat.join')}
      </Button>
    </div>
  );
}
