/** What the visitor's 'Takvime Ekle' (meeting-block.ts) and the owner's tools (meeting-tools.ts) both use. */

const pad = (value: number) => String(value).padStart(2, '0');

/** A `datetime-local` value for a moment, in this browser's own clock ('2026-11-24T15:00'). */
export function toLocalInput(date: Date): string {
  return `${date.getFullYear()}-${pad(date.getMonth() + 1)}-${pad(date.getDate())}T${pad(date.getHours())}:${pad(date.getMinutes())}`;
}

/**
 * A `datetime-local` value as the instant the person meant (their clock), ISO with 'Z'; '' stays ''; anything the
 * browser would not have produced is passed on as typed, so the shared rules name it invalid.
 */
export function fromLocalInput(value: string): string {
  const typed = value.trim();
  if (!/^\d{4}-\d{2}-\d{2}T\d{2}:\d{2}(?::\d{2}(?:\.\d{1,3})?)?$/u.test(typed)) return typed;
  const date = new Date(typed);
  return Number.isNaN(date.getTime()) ? typed : date.toISOString();
}

/** The name in Content-Disposition (RFC 6266: `filename*` in UTF-8 before the ASCII `filename`), else `fallback`. */
export function fileNameOf(response: Response, fallback: string): string {
  const header = response.headers.get('content-disposition') ?? '';
  const extended = /filename\*\s*=\s*UTF-8''([^;]+)/iu.exec(header)?.[1];
  if (extended) {
    try {
      return decodeURIComponent(extended.trim());
    } catch {
      // A malformed name: the plain one below, or ours.
    }
  }
  return /filename\s*=\s*"([^"]+)"/iu.exec(header)?.[1] ?? fallback;
}

/** Saves `blob` as `name` through a temporary link; nothing is kept after the click. */
export function downloadFile(blob: Blob, name: string): void {
  const url = URL.createObjectURL(blob);
  const link = document.createElement('a');
  link.href = url;
  link.download = name;
  link.hidden = true;
  document.body.append(link);
  link.click();
  link.remove();
  // The download has taken the blob by the next task.
  window.setTimeout(() => URL.revokeObjectURL(url), 0);
}

interface ErrorAnswer {
  readonly message?: string;
  readonly field?: string;
}

export async function errorAnswerOf(response: Response): Promise<ErrorAnswer> {
  const answer: unknown = await response.json().catch(() => null);
  if (typeof answer !== 'object' || answer === null) return {};
  const { message, field } = answer as Record<string, unknown>;
  return {
    ...(typeof message === 'string' ? { message } : {}),
    ...(typeof field === 'string' ? { field } : {}),
  };
}

export function fill(text: string, values: Readonly<Record<string, string>>): string {
  return text.replace(/\{(\w+)\}/gu, (whole, name: string) => values[name] ?? whole);
}
