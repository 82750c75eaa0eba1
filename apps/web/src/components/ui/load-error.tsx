import { useTranslation } from '../../lib/translation';
import { Button } from './button';

interface LoadErrorProps {
  onRetry: () => void;
  /** What failed, for the player; the generic 'could not load' text when absent. */
  text?: string;
}

/** A block that says something could not load, with a Try again button. */
export function LoadError({ onRetry, text }: LoadErrorProps) {
  const { t } = useTranslation();
  return (
    <div className="flex flex-col items-center justify-center gap-4 rounded-2xl bg-surface px-6 py-8 text-center ring-1 ring-line">
      <p role="alert" className="text-sm text-muted">
        {text ?? t('common.loadFailed')}
      </p>
      <Button variant="secondary" onClick={onRetry}>
        {t('common.retry')}
      </Button>
    </div>
  );
}
