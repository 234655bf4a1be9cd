import { describe, expect, it } from 'vitest';
import { uploadBatches, uploadInBatches, uploadOutcome, uploadProblem, type UploadOutcome } from './upload.ts';

const MB = 1024 * 1024;
const png = (size = 1000) => ({ size, type: 'image/png' });

describe('files checked before an upload', () => {
  it('given images within the limits, then nothing is said', () => {
    expect(uploadProblem([png(), { size: 5 * MB, type: 'image/jpeg' }], 8)).toBeNull();
  });

  it('given more than ten with the images already shown, then the ten-image rule is said', () => {
    expect(uploadProblem([png(), png()], 9)).toBe('Bir ürüne en fazla 10 görsel eklenebilir');
    expect(uploadProblem(Array.from({ length: 11 }, () => png()), 0)).toBe('Bir ürüne en fazla 10 görsel eklenebilir');
  });

  it('given a listing, then up to 30 images are taken, and the 30-image rule is said beyond', () => {
    expect(uploadProblem(Array.from({ length: 25 }, () => png()), 5, 'listing')).toBeNull();
    expect(uploadProblem([png()], 30, 'listing')).toBe('Bir ilana en fazla 30 görsel eklenebilir');
  });

  it('given a file over 5 MB, then the size rule is said', () => {
    expect(uploadProblem([png(), png(5 * MB + 1)], 0)).toBe("Her görsel 5MB'dan küçük olmalıdır");
  });

  it('given a file that is not an image, then the type rule is said', () => {
    expect(uploadProblem([{ size: 10, type: 'application/pdf' }], 0)).toBe('Yalnızca görsel dosyaları seçilebilir (JPEG, PNG veya WebP)');
  });

  it('given nothing chosen, then it asks for an image', () => {
    expect(uploadProblem([], 0)).toBe('Lütfen en az bir görsel seçin');
  });
});

describe('what an upload answer means (SPEC §8)', () => {
  it('given success, then the addresses and the success text', () => {
    expect(uploadOutcome(200, { success: true, message: 'Görseller başarıyla yüklendi', data: ['/media/a.jpg', 7] })).toEqual({
      ok: true,
      urls: ['/media/a.jpg'],
      message: 'Görseller başarıyla yüklendi',
    });
  });

  it('given a refusal with a server message, then that message', () => {
    expect(uploadOutcome(413, { success: false, message: "Her görsel 5MB'dan küçük olmalıdır" })).toEqual({
      ok: false,
      message: "Her görsel 5MB'dan küçük olmalıdır",
      status: 413,
    });
  });

  it('given a failure without our shape (proxy page, network), then the generic upload error', () => {
    expect(uploadOutcome(502, null)).toEqual({ ok: false, message: 'Görseller yüklenirken bir hata oluştu', status: 502 });
    expect(uploadOutcome(0, null)).toEqual({ ok: false, message: 'Görseller yüklenirken bir hata oluştu', status: null });
  });

  it('given a 200 that is not a success, then its message or the unsuccessful-upload text', () => {
    expect(uploadOutcome(200, { success: false })).toEqual({ ok: false, message: 'Görseller yüklenemedi', status: 200 });
    expect(uploadOutcome(200, { success: false, message: 'Depolama dolu' })).toEqual({ ok: false, message: 'Depolama dolu', status: 200 });
  });
});

describe('more files than one request takes (a listing’s photos)', () => {
  const file = (name: string, size = 100) => ({ name, size });

  it('given 23 files, then three requests of 10, 10 and 3, in the order chosen', () => {
    const files = Array.from({ length: 23 }, (_, n) => file(`f${n}`));
    expect(uploadBatches(files).map((batch) => batch.length)).toEqual([10, 10, 3]);
    expect(uploadBatches(files).flat()).toEqual(files);
    expect(uploadBatches([])).toEqual([]);
  });

  it('given every batch uploads, then all addresses come back in order and the progress reaches the end', async () => {
    const files = Array.from({ length: 12 }, (_, n) => file(`f${n}`));
    const progress: number[] = [];
    const sent: number[] = [];
    const result = await uploadInBatches(
      files,
      (batch, onProgress) => {
        sent.push(batch.length);
        onProgress(0.5);
        return Promise.resolve({ ok: true, urls: batch.map((one) => `/media/${one.name}.jpg`), message: 'Görseller başarıyla yüklendi' });
      },
      (fraction) => progress.push(fraction),
    );
    expect(sent).toEqual([10, 2]);
    expect(result.urls).toHaveLength(12);
    expect(result.urls[11]).toBe('/media/f11.jpg');
    expect(result.outcome.ok).toBe(true);
    expect(progress.at(-1)).toBe(1);
    expect(progress).toEqual([...progress].sort((a, b) => a - b));
  });

  it('given the second batch fails, then the first batch’s addresses are kept and the failure is said', async () => {
    const files = Array.from({ length: 15 }, (_, n) => file(`f${n}`));
    const failure: UploadOutcome = { ok: false, message: 'Görseller yüklenirken bir hata oluştu', status: 502 };
    let calls = 0;
    const result = await uploadInBatches(
      files,
      (batch) => {
        calls += 1;
        return Promise.resolve(calls === 1 ? { ok: true, urls: batch.map((one) => one.name), message: 'ok' } : failure);
      },
      () => undefined,
    );
    expect(result.urls).toHaveLength(10);
    expect(result.outcome).toEqual(failure);
  });
});
