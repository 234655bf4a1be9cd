/**
 * A downloaded file's name in `Content-Disposition` (the contact file, the .ics invitations): both the ASCII
 * `filename=` old clients read and the UTF-8 `filename*=` (RFC 6266, RFC 5987) that keeps Turkish letters.
 */

/** Characters no file system or browser takes in a name: controls and the reserved punctuation. */
export function safeFileName(name: string): string {
  return [...name]
    .filter((char) => char.charCodeAt(0) >= 0x20 && char !== '\u007f' && !'"*/:<>?\\|'.includes(char))
    .join('');
}

/** For old clients that only read `filename=`: Turkish letters without marks, anything else '_'. */
export function asciiFileName(fileName: string): string {
  return fileName
    .replace(/ı/g, 'i')
    .replace(/İ/g, 'I')
    .normalize('NFD')
    .replace(/\p{M}/gu, '')
    .replace(/[^A-Za-z0-9._-]/g, '_')
    .replace(/_+/g, '_');
}

/** `attachment` with both forms of the name (RFC 6266, RFC 5987 `filename*`). */
export function attachmentDisposition(fileName: string): string {
  const encoded = encodeURIComponent(fileName).replace(
    /['()*]/g,
    (char) => `%${char.charCodeAt(0).toString(16).toUpperCase()}`,
  );
  return `attachment; filename="${asciiFileName(fileName)}"; filename*=UTF-8''${encoded}`;
}
