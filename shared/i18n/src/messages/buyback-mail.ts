import type { Message } from '../catalogue';

export const buybackMailMessages = {} as const satisfies Readonly<Record<string, Message>>;
