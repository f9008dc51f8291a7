import { useQuery, useQueryClient } from '@tanstack/react-query';
import { useCallback } from 'react';
import { fetchAuthSettings, fetchCaptcha, fetchPublicKey } from './auth-api';

export const authKeys = {
  all: ['auth'] as const,
  settings: ['auth', 'settings'] as const,
  publicKey: ['auth', 'public-key'] as const,
  captcha: ['auth', 'captcha'] as const,
};

export function useAuthSettings() {
  return useQuery({ queryKey: authKeys.settings, queryFn: fetchAuthSettings, staleTime: 60_000 });
}

/** A code is single use: never served from cache. */
export function useCaptcha(enabled: boolean) {
  return useQuery({ queryKey: authKeys.captcha, queryFn: fetchCaptcha, enabled, staleTime: 0, gcTime: 0 });
}

/** The sign-in key, fetched once and kept for the page's life. */
export function usePublicKeyLoader() {
  const queryClient = useQueryClient();
  return useCallback(() => queryClient.fetchQuery({ queryKey: authKeys.publicKey, queryFn: fetchPublicKey, staleTime: Infinity }), [queryClient]);
}
