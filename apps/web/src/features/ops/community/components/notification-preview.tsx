import { Icon } from '../../../../components/ui/icon';

/** How a broadcast looks to a player: in the app's notification list, and as a push on a phone. */
export function NotificationPreview({ title, body }: { title: string; body: string }) {
  const shownTitle = title.trim() || 'The title';
  const shownBody = body.trim() || 'The message players read.';
  return (
    <section aria-label="Preview" className="flex flex-col gap-3">
      <h3 className="text-sm font-medium text-muted">In the app</h3>
      <div className="flex gap-3 rounded-2xl bg-surface p-4 ring-1 ring-line">
        <span className="flex size-10 shrink-0 items-center justify-center rounded-full bg-brand/20 text-brand">
          <Icon name="bell" className="size-5" />
        </span>
        <div className="min-w-0 flex-1">
          <p className="font-semibold break-words">{shownTitle}</p>
          <p className="text-sm break-words text-muted">{shownBody}</p>
          <p className="mt-1 text-xs text-muted">Just now</p>
        </div>
      </div>
      <h3 className="text-sm font-medium text-muted">As a push notification</h3>
      <div className="flex gap-3 rounded-2xl bg-[#f1f3f8] p-3 text-[#1b1f2a] shadow">
        <img src="/icons/icon-192.png" alt="" className="size-9 shrink-0 rounded-lg" />
        <div className="min-w-0 flex-1">
          <p className="text-xs text-[#5b6275]">PlayOn · now</p>
          <p className="truncate text-sm font-semibold">{shownTitle}</p>
          <p className="line-clamp-2 text-sm">{shownBody}</p>
        </div>
      </div>
    </section>
  );
}
