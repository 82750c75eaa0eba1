import { useState } from 'react';
import { Icon } from '../../../../components/ui/icon';

interface BroadcastTexts {
  title: string;
  body: string;
  titleSw: string;
  bodySw: string;
}

const LANGUAGES = [
  { code: 'en', name: 'English' },
  { code: 'sw', name: 'Kiswahili' },
] as const;
type Language = (typeof LANGUAGES)[number]['code'];

/**
 * How a broadcast looks to a player, in the app's notification list and as a push on a phone, in
 * either language: a player reading Kiswahili reads the English of a text left empty in Kiswahili
 * (ADR 0063), and the preview says so.
 */
export function NotificationPreview({ texts }: { texts: BroadcastTexts }) {
  const [language, setLanguage] = useState<Language>('en');
  const inKiswahili = language === 'sw';
  const title = (inKiswahili ? texts.titleSw.trim() : '') || texts.title.trim();
  const body = (inKiswahili ? texts.bodySw.trim() : '') || texts.body.trim();
  const shownTitle = title || 'The title';
  const shownBody = body || 'The message players read.';
  const english = [texts.titleSw.trim() ? null : 'title', texts.bodySw.trim() ? null : 'message'].filter(
    (part) => part !== null,
  );
  return (
    <section aria-label="Preview" className="flex flex-col gap-3">
      {/* biome-ignore lint/a11y/useSemanticElements: a fieldset would draw a legend; a named group of toggles is what it is. */}
      <div role="group" aria-label="Preview language" className="flex gap-2">
        {LANGUAGES.map((option) => (
          <button
            key={option.code}
            type="button"
            aria-pressed={language === option.code}
            onClick={() => setLanguage(option.code)}
            className={`h-9 rounded-full px-4 text-sm font-medium ring-1 ${
              language === option.code ? 'bg-brand text-white ring-brand' : 'bg-raised text-muted ring-line'
            }`}
          >
            {option.name}
          </button>
        ))}
      </div>
      {inKiswahili && english.length > 0 ? (
        <p className="text-xs text-muted">
          No Kiswahili {english.join(' or ')} written: players reading Kiswahili read the English.
        </p>
      ) : null}
      <h3 className="text-sm font-medium text-muted">In the app</h3>
      <div
        lang={inKiswahili ? 'sw' : 'en'}
        className="flex gap-3 rounded-2xl bg-surface p-4 ring-1 ring-line"
      >
        <span className="flex size-10 shrink-0 items-center justify-center rounded-full bg-brand/20 text-brand">
          <Icon name="bell" className="size-5" />
        </span>
        <div className="min-w-0 flex-1">
          <p className="font-semibold break-words">{shownTitle}</p>
          <p className="text-sm break-words text-muted">{shownBody}</p>
          <p className="mt-1 text-xs text-muted">{inKiswahili ? 'Sasa hivi' : 'Just now'}</p>
        </div>
      </div>
      <h3 className="text-sm font-medium text-muted">As a push notification</h3>
      <div
        lang={inKiswahili ? 'sw' : 'en'}
        className="flex gap-3 rounded-2xl bg-[#f1f3f8] p-3 text-[#1b1f2a] shadow"
      >
        <img src="/icons/icon-192.png" alt="" className="size-9 shrink-0 rounded-lg" />
        <div className="min-w-0 flex-1">
          <p className="text-xs text-[#5b6275]">{inKiswahili ? 'PlayOn · sasa' : 'PlayOn · now'}</p>
          <p className="truncate text-sm font-semibold">{shownTitle}</p>
          <p className="line-clamp-2 text-sm">{shownBody}</p>
        </div>
      </div>
    </section>
  );
}
