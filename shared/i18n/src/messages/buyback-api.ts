import type { Message } from '../catalogue';

export const buybackApiMessages = {
  'buyback.subject_mismatch': {
    cs: 'Osobní údaje patří jinému zákazníkovi.',
    ro: 'Datele personale aparțin altui client.',
    en: 'The personal data belongs to another customer.',
  },
} as const satisfies Readonly<Record<string, Message>>;
