/**
 * Persisted shell settings (spec section 3): sidebarStatus ('opened' | 'closed', default closed),
 * activeTop (active top-menu group, default empty), device and size. One tiny store per key so every
 * component reading a setting sees the same value, and the value survives a reload.
 */
import { useCallback, useSyncExternalStore } from 'react';
import { readStorage, STORAGE_KEYS, type StorageKey, writeStorage } from '@/lib/storage';

const listeners = new Map<StorageKey, Set<() => void>>();

function subscribe(key: StorageKey, listener: () => void) {
  const set = listeners.get(key) ?? new Set();
  set.add(listener);
  listeners.set(key, set);
  return () => set.delete(listener);
}

function setSetting(key: StorageKey, value: string) {
  writeStorage(key, value);
  listeners.get(key)?.forEach((listener) => listener());
}

function useSetting(key: StorageKey, fallback: string): [string, (value: string) => void] {
  const value = useSyncExternalStore(
    (listener) => subscribe(key, listener),
    () => readStorage(key) ?? fallback,
  );
  const set = useCallback((next: string) => setSetting(key, next), [key]);
  return [value, set];
}

export type SidebarStatus = 'opened' | 'closed';

export function useSidebar() {
  const [status, setStatus] = useSetting(STORAGE_KEYS.sidebarStatus, 'closed');
  const opened = status === 'opened';
  const toggle = useCallback(() => setStatus(opened ? 'closed' : 'opened'), [opened, setStatus]);
  return { opened, toggle, setOpened: (open: boolean) => setStatus(open ? 'opened' : 'closed') };
}

export function useActiveTop(): [string, (key: string) => void] {
  return useSetting(STORAGE_KEYS.activeTop, '');
}
