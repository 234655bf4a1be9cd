import { describe, expect, it } from 'vitest';
import { uploadOutcome, uploadProblem } from './upload.ts';

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
