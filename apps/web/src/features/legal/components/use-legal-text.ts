import { useEffect, useState } from 'react';
import type { Language } from '../../../lib/language';
import { useTranslation } from '../../../lib/translation';
import type { LegalText } from '../content/legal-text';

/** Each language's module of one legal page, imported only when a player reads it in that language. */
export type LegalTextLoaders = Record<Language, () => Promise<LegalText>>;

type Load = () => Promise<LegalText>;
type State = { load: Load; text?: LegalText; retry?: () => void };

/**
 * The page's text in the language the app speaks now (the translator's, which changes once that language's
 * texts are in). While another language's module comes, the text shown before stays; a module that
 * cannot load (offline) gives `retry` instead.
 */
export function useLegalText(loaders: LegalTextLoaders): { text?: LegalText; retry?: () => void } {
  const { i18n } = useTranslation();
  const load = loaders[i18n.language === 'sw' ? 'sw' : 'en'];
  const [state, setState] = useState<State>();

  useEffect(() => {
    let isLive = true;
    const fetchText = () => {
      load().then(
        (text) => isLive && setState({ load, text }),
        () => isLive && setState((before) => ({ load, text: before?.text, retry })),
      );
    };
    const retry = () => {
      setState((before) => ({ load, text: before?.text }));
      fetchText();
    };
    fetchText();
    return () => {
      isLive = false;
    };
  }, [load]);

  return { text: state?.text, retry: state?.load === load ? state.retry : undefined };
}
