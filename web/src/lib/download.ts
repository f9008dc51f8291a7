import { http } from '@/api/http';
import { companyToday } from '@/lib/format';

type QueryValue = string | number | boolean | null | undefined;

/**
 * The one download of the web: fetches a binary answer (an export, minutes, an archive zip, an
 * attachment) and saves it under `fileName`. Failures are shown by the HTTP client itself (toast);
 * resolves false then.
 */
export async function downloadFile(path: string, fileName: string, params?: Record<string, QueryValue>): Promise<boolean> {
  const answer = await http.raw('GET', path, { params }).catch(() => null);
  if (!(answer instanceof Blob)) return false;
  const url = URL.createObjectURL(answer);
  const link = document.createElement('a');
  link.href = url;
  link.download = fileName;
  document.body.appendChild(link);
  link.click();
  link.remove();
  setTimeout(() => URL.revokeObjectURL(url), 1000);
  return true;
}

/** Today as YYYY-MM-DD (the company's day), for export names. */
export function today(): string {
  return companyToday();
}

/** The name of a sheet export: `<name>-<day>.xlsx`. */
export function exportFileName(name: string): string {
  return `${name}-${today()}.xlsx`;
}

/** A file name without characters that file systems refuse. */
export function safeFileName(name: string): string {
  return name.replace(/[\\/:*?"<>|]/g, '_').trim();
}
