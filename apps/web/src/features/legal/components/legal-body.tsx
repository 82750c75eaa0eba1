import { useTranslation } from '../../../lib/translation';
import type { LegalText, Paragraph } from '../content/legal-text';
import { LegalSection } from './legal-section';
import { type LegalTextLoaders, useLegalText } from './use-legal-text';

function ParagraphText({ paragraph }: { paragraph: Paragraph }) {
  if (typeof paragraph === 'string') return paragraph;
  return paragraph.map((run) =>
    typeof run === 'string' ? (
      run
    ) : (
      <strong key={run.strong} className="font-semibold">
        {run.strong}
      </strong>
    ),
  );
}

export function LegalTextView({ text }: { text: LegalText }) {
  return (
    <div className="space-y-6 text-sm leading-relaxed">
      {text.updated && <p className="opacity-80">{text.updated}</p>}
      <ol className="list-decimal space-y-6 pl-5 marker:text-base marker:font-semibold">
        {text.sections.map((section) => (
          <LegalSection key={section.title} title={section.title}>
            {section.paragraphs.map((paragraph, index) => (
              // A paragraph never moves within its section: its place is its identity.
              // biome-ignore lint/suspicious/noArrayIndexKey: see above
              <p key={index} className="opacity-80">
                <ParagraphText paragraph={paragraph} />
              </p>
            ))}
          </LegalSection>
        ))}
      </ol>
    </div>
  );
}

/** A legal page's text in the language the app speaks, fetched on first use (see use-legal-text). */
export function LegalBody({ loaders }: { loaders: LegalTextLoaders }) {
  const { t } = useTranslation();
  const { text, retry } = useLegalText(loaders);
  if (retry) {
    return (
      <div role="alert" className="space-y-4 text-center">
        <p className="text-muted">{t('common.loadFailed')}</p>
        <button
          type="button"
          onClick={retry}
          className="tap rounded-xl bg-brand px-6 font-semibold text-white active:bg-brand-strong"
        >
          {t('common.retry')}
        </button>
      </div>
    );
  }
  return text ? <LegalTextView text={text} /> : null;
}
