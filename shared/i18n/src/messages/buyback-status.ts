import type { Message } from '../catalogue';

export const buybackStatusMessages = {} as const satisfies Readonly<Record<string, Message>>;
