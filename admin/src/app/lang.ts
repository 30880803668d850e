import { create } from 'zustand';
import { setApiLanguage } from '../api/client';
import { isLang, t as translate, type Lang, type MessageKey } from '../i18n';

const KEY = 'buyloop.admin.lang';

const initial = (): Lang => {
  try {
    const saved = localStorage.getItem(KEY);
    if (isLang(saved)) return saved;
  } catch {
    // No storage: Czech.
  }
  return 'cs';
};

interface LangState {
  readonly lang: Lang;
  setLang(lang: Lang): void;
}

export const useLangStore = create<LangState>((set) => ({
  lang: initial(),
  setLang: (lang) => {
    try {
      localStorage.setItem(KEY, lang);
    } catch {
      // Kept for this tab only.
    }
    setApiLanguage(lang);
    document.documentElement.lang = lang;
    set({ lang });
  },
}));

setApiLanguage(useLangStore.getState().lang);

/** The current language and its `t`. */
export function useT(): { lang: Lang; t: (key: MessageKey, params?: Readonly<Record<string, string | number>>) => string } {
  const lang = useLangStore((s) => s.lang);
  return { lang, t: (key, params) => translate(key, lang, params) };
}
