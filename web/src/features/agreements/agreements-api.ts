import { http } from '@/api/http';
import type { AgreementDto } from '@/api/schema.gen';

export type AgreementType = AgreementDto['type'];
export type Agreement = AgreementDto;

/** The server picks the language from Accept-Language. */
export async function fetchCurrentAgreement(type: AgreementType): Promise<Agreement | null> {
  const res = await http.get('/open/agreements/current', { params: { type } });
  return res.data ?? null;
}
