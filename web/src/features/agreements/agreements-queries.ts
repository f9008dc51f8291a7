import { useQuery } from '@tanstack/react-query';
import { fetchCurrentAgreement, type AgreementType } from './agreements-api';

export const agreementKeys = {
  all: ['agreements'] as const,
  // The language is part of the key: switching language fetches the other text.
  current: (type: AgreementType, language: string) => ['agreements', 'current', type, language] as const,
};

export function useCurrentAgreement(type: AgreementType, language: string) {
  return useQuery({ queryKey: agreementKeys.current(type, language), queryFn: () => fetchCurrentAgreement(type) });
}
