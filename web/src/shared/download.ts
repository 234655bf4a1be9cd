/** Hands a file the page already holds (a CSV, the KVKK copy, a wallet pass) to the browser as a download. */
export function downloadBlob(blob: Blob, fileName: string): void {
  const url = URL.createObjectURL(blob);
  const link = document.createElement('a');
  link.href = url;
  link.download = fileName;
  link.rel = 'noopener';
  document.body.append(link);
  link.click();
  link.remove();
  // Some browsers start reading the blob only after the click has been handled.
  window.setTimeout(() => URL.revokeObjectURL(url), 30_000);
}

/** A text the page made, as a download. */
export function downloadText(text: string, fileName: string, type: string): void {
  downloadBlob(new Blob([text], { type }), fileName);
}
