import { create } from 'zustand';

export type NotificationKind = 'info' | 'warning' | 'success' | 'error';

export interface Notification {
  readonly id: number;
  readonly kind: NotificationKind;
  readonly title: string;
  readonly text: string;
}

interface NotificationState {
  readonly items: readonly Notification[];
  notify(kind: NotificationKind, title: string, text: string): void;
  dismiss(id: number): void;
}

let next = 1;

/** Toasts (client state only: the server never renders any). */
export const useNotifications = create<NotificationState>((set) => ({
  items: [],
  notify: (kind, title, text) => {
    const id = next++;
    set((state) => ({ items: [...state.items.slice(-4), { id, kind, title, text }] }));
    if (kind !== 'error' && typeof window !== 'undefined')
      window.setTimeout(() => set((state) => ({ items: state.items.filter((n) => n.id !== id) })), 6000);
  },
  dismiss: (id) => set((state) => ({ items: state.items.filter((n) => n.id !== id) })),
}));
