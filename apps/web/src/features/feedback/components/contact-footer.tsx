import { useTranslation } from '../../../lib/translation';
import { useSupportSettings } from '../api/get-support-settings';
import { ContactIcon } from './contact-icon';
import { contactLinks } from './contact-links';

const external = { target: '_blank', rel: 'noopener noreferrer' } as const;

/** Support email, phone and social profiles from the server's settings; nothing while they load or fail. */
export function ContactFooter() {
  const { t } = useTranslation();
  const settings = useSupportSettings();
  if (!settings.data) return null;
  const { direct, social } = contactLinks(settings.data);
  if (direct.length === 0 && social.length === 0) return null;

  return (
    <footer className="mx-auto max-w-md px-5 pb-10">
      <div className="border-t border-line pt-6">
        {direct.length > 0 ? (
          <>
            <h2 className="text-sm font-semibold text-muted">{t('feedback.contactTitle')}</h2>
            <ul className="mt-3 flex flex-col gap-2">
              {direct.map((link) => (
                <li key={link.name}>
                  <a
                    href={link.href}
                    aria-label={t(`feedback.links.${link.name}`, { value: link.text })}
                    className="flex h-12 items-center gap-3 rounded-xl bg-surface px-4 ring-1 ring-line active:bg-raised"
                  >
                    <ContactIcon name={link.name} className="size-5 shrink-0 text-accent" />
                    <span className="truncate">{link.text}</span>
                  </a>
                </li>
              ))}
            </ul>
          </>
        ) : null}
        {social.length > 0 ? (
          <>
            <h2 className="mt-6 text-sm font-semibold text-muted">{t('feedback.socialTitle')}</h2>
            <ul className="mt-3 flex gap-3">
              {social.map((link) => (
                <li key={link.name}>
                  <a
                    href={link.href}
                    {...external}
                    aria-label={t(`feedback.links.${link.name}`)}
                    className="flex size-12 items-center justify-center rounded-full bg-surface text-text ring-1 ring-line active:bg-raised"
                  >
                    <ContactIcon name={link.name} />
                  </a>
                </li>
              ))}
            </ul>
          </>
        ) : null}
      </div>
    </footer>
  );
}
