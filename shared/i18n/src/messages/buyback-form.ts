import type { Message } from '../catalogue';

export const buybackFormMessages = {} as const satisfies Readonly<Record<string, Message>>;
