import type { Message } from '../catalogue';

export const buybackContractMessages = {} as const satisfies Readonly<Record<string, Message>>;
