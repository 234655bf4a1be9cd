import { describe, expect, it } from 'vitest';
import { commandOutcome } from './command-outcome.ts';

const ok = { success: true, message: 'Kart başarıyla devre dışı bırakıldı', position: '1' };

describe('commandOutcome (SPEC §8 card actions)', () => {
  it('passes a success through', () => {
    expect(commandOutcome({ data: ok as never })).toEqual({ ok: true, response: ok });
  });

  it('shows the server’s own message and field for a refusal', () => {
    const error = { status: 409, data: { success: false, message: 'Bu isimde başka bir kartınız var', field: 'name' } };
    expect(commandOutcome({ error })).toEqual({
      ok: false,
      message: 'Bu isimde başka bir kartınız var',
      problem: { message: 'Bu isimde başka bir kartınız var', field: 'name' },
      status: 409,
    });
  });

  it('says "İşlem başarısız oldu" for a refusal without our shape', () => {
    const outcome = commandOutcome({ error: { status: 400, data: '<html>' } });
    expect(outcome).toMatchObject({ ok: false, message: 'İşlem başarısız oldu', problem: null });
  });

  it('says "İşlem sırasında bir hata oluştu" when no answer came or the server broke', () => {
    expect(commandOutcome({ error: { status: 'FETCH_ERROR', error: 'TypeError' } })).toMatchObject({
      ok: false,
      message: 'İşlem sırasında bir hata oluştu',
    });
    expect(commandOutcome({ error: { status: 502, data: 'Bad Gateway' } })).toMatchObject({
      message: 'İşlem sırasında bir hata oluştu',
    });
  });

  it('uses the screen’s own fallbacks when given', () => {
    const fallbacks = { failed: 'Kart aktifleştirilemedi', error: 'Kart aktifleştirme sırasında bir hata oluştu' };
    expect(commandOutcome({ error: { status: 'TIMEOUT_ERROR' } }, fallbacks)).toMatchObject({
      message: 'Kart aktifleştirme sırasında bir hata oluştu',
    });
  });
});
