import { companyToday } from '@/lib/format';
import { http } from '@/api/http';

type QueryValue = string | number | boolean | null | undefined;

/**
 * Downloads an export (GET answering an xlsx) and saves it as `<name>-<day>.xlsx`. Failures are
 * shown by the HTTP client itself (toast).
 */
export async function downloadExport(path: string, params: Record<string, QueryValue>, name: string): Promise<void> {
  const answer = await http.raw('GET', path, { params });
  if (!(answer instanceof Blob)) return;
  const url = URL.createObjectURL(answer);
  const link = document.createElement('a');
  link.href = url;
  link.download = `${name}-${companyToday()}.xlsx`;
  document.body.appendChild(link);
  link.click();
  link.remove();
  setTimeout(() => URL.revokeObjectURL(url), 1000);
}
