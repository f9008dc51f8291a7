/** The signed-in user's language on the server (PATCH /server/user/language): their to-dos are written in it. */
import { http } from '@/api/http';
import type { ApiBody, UserLanguageDto } from '@/api/schema.gen';

export async function saveLanguage(language: ApiBody<'PATCH /user/language'>['language']): Promise<UserLanguageDto> {
  return (await http.patch('/user/language', { language })).data;
}
