import { http } from '@/api/http';

export type AgreementType = 'privacy' | 'service';

export interface Agreement {
  type: AgreementType;
  language: string;
  version: string | number;
  content: string;
  current: boolean;
}

/** The server picks the language from Accept-Language. */
export async function fetchCurrentAgreement(type: AgreementType): Promise<Agreement | null> {
  const res = await http.get<Agreement | null>('/open/agreements/current', { params: { type } });
  return res.data ?? null;
}
