import { useId, useRef, useState, type ChangeEvent } from 'react';
import { toast } from 'sonner';
import {
  CARD_ORDER_EXAMPLE,
  CARD_ORDER_MAX_CARDS,
  CARD_ORDER_MAX_LENGTH,
  cardOrderSummary,
  parseCardOrderCsv,
  type CardOrderResult,
} from '@kartvizit/schemas/card/provisioning-csv';
import { CARD_ORDER_MESSAGES } from '@kartvizit/schemas/card/messages';
import { CARD_COLOR_LABELS, CARD_TYPE_LABELS } from '@kartvizit/schemas/card/model';
import { commandOutcome, toastFailure } from '../../shared/command-outcome.ts';
import { downloadText } from '../../shared/download.ts';
import { useProvisionOfficeCardsMutation, type CardOrderResponse, type OfficeView } from './api.ts';
import {
  CARD_ORDER_MAX_FILE_BYTES,
  decodeCardOrderFile,
  producedCardsCsv,
  producedCardsFileName,
} from './card-order-file.ts';

const CSV_TYPE = 'text/csv;charset=utf-8';

/** The chosen file and what the shared reader made of it (the server reads it the same way). */
interface ChosenOrder {
  readonly fileName: string;
  readonly text: string;
  readonly result: CardOrderResult;
}

/**
 * 'Fiziksel Kart Siparişi' on Ofis Kartları (issue 30): a Yönetici uploads the order as CSV (tür,renk,adet), sees it
 * read line by line before anything is made, produces the cards into the office's pool and downloads the vendor's
 * list (cardId,type,color,url) to have the NFC tags written. The same reader runs here and on the server.
 */
export function OfficeCardOrder({ office }: { readonly office: OfficeView }) {
  const [provision, { isLoading: producing }] = useProvisionOfficeCardsMutation();
  const [chosen, setChosen] = useState<ChosenOrder | null>(null);
  const [refusal, setRefusal] = useState<{ message: string; details: readonly string[] } | null>(null);
  const [produced, setProduced] = useState<CardOrderResponse['data'] | null>(null);
  const fileInput = useRef<HTMLInputElement>(null);
  const headingId = useId();
  const inputId = useId();
  const hintId = useId();
  const problemsId = useId();

  async function choose(event: ChangeEvent<HTMLInputElement>) {
    const file = event.target.files?.[0];
    setRefusal(null);
    if (!file) {
      setChosen(null);
      return;
    }
    // A photo chosen by mistake is not read at all; anything else is read by the server's own reader.
    const text = file.size > CARD_ORDER_MAX_FILE_BYTES ? null : decodeCardOrderFile(await file.arrayBuffer());
    const result: CardOrderResult =
      text === null
        ? { ok: false, problems: [{ line: null, message: CARD_ORDER_MESSAGES.tooLong(CARD_ORDER_MAX_LENGTH / 1024) }] }
        : parseCardOrderCsv(text);
    setChosen({ fileName: file.name, text: text ?? '', result });
  }

  async function produce() {
    if (!chosen?.result.ok || producing) return;
    const outcome = commandOutcome<CardOrderResponse>(await provision({ officeId: office.id, csv: chosen.text }));
    if (!outcome.ok) {
      toastFailure(outcome);
      if (outcome.status !== 401) {
        setRefusal({ message: outcome.message, details: outcome.problem?.details ?? [] });
      }
      return;
    }
    toast.success(outcome.response.message);
    setProduced(outcome.response.data);
    setChosen(null);
    if (fileInput.current) fileInput.current.value = '';
  }

  const problems = chosen && !chosen.result.ok ? chosen.result.problems : [];
  return (
    <section className="panel office-section office-order" aria-labelledby={headingId}>
      <h2 id={headingId} className="office-form__title">
        Fiziksel Kart Siparişi
      </h2>
      <p className="office-note" id={hintId}>
        Basılacak NFC kartlarını bir CSV dosyasıyla sipariş edin: her satırda kart türü (Temel ya da Pro), renk (Siyah,
        Beyaz, Gümüş, Altın, Roze Altın) ve adet. Bir siparişte en fazla {CARD_ORDER_MAX_CARDS} kart üretilebilir.
        Üretilen kartlar ofisin boştaki kartlarına eklenir.
      </p>
      <div className="office-order__pick">
        <label className="btn btn--secondary office-order__choose">
          <input
            ref={fileInput}
            id={inputId}
            className="visually-hidden"
            type="file"
            accept=".csv,text/csv"
            aria-describedby={[hintId, problems.length > 0 ? problemsId : ''].filter(Boolean).join(' ')}
            aria-invalid={problems.length > 0 ? true : undefined}
            onChange={(event) => void choose(event)}
            disabled={producing}
          />
          <span>CSV Dosyası Seç</span>
        </label>
        <button
          type="button"
          className="btn btn--ghost"
          onClick={() => downloadText(CARD_ORDER_EXAMPLE, 'kart-siparisi-ornek.csv', CSV_TYPE)}
        >
          Örnek Dosyayı İndir
        </button>
        {chosen && (
          <span className="office-note office-break">
            Seçilen dosya: <strong>{chosen.fileName}</strong>
          </span>
        )}
      </div>

      {problems.length > 0 && (
        <OrderProblems
          id={problemsId}
          message={cardOrderSummary(problems)}
          // A problem of the whole file is the summary itself; line problems are listed under theirs.
          lines={problems.some((problem) => problem.line !== null) ? problems.map((problem) => problem.message) : []}
        />
      )}

      {chosen?.result.ok && (
        <>
          <table className="office-table office-order__preview">
            <caption className="office-note">Siparişin önizlemesi: her satır dosyadaki sırayla</caption>
            <thead>
              <tr>
                <th scope="col">Tür</th>
                <th scope="col">Renk</th>
                <th scope="col">Adet</th>
              </tr>
            </thead>
            <tbody>
              {chosen.result.rows.map((row, index) => (
                <tr key={index}>
                  <td>{CARD_TYPE_LABELS[row.type]}</td>
                  <td>{CARD_COLOR_LABELS[row.color]}</td>
                  <td>{row.count.toLocaleString('tr-TR')}</td>
                </tr>
              ))}
            </tbody>
            <tfoot>
              <tr>
                <th scope="row" colSpan={2}>
                  Toplam
                </th>
                <td>{chosen.result.total.toLocaleString('tr-TR')} kart</td>
              </tr>
            </tfoot>
          </table>
          <div className="office-toolbar">
            <button
              type="button"
              className="btn btn--primary"
              disabled={producing}
              aria-busy={producing}
              onClick={() => void produce()}
            >
              {producing ? 'Üretiliyor...' : 'Kartları Üret'}
            </button>
          </div>
        </>
      )}

      {refusal && <OrderProblems message={refusal.message} lines={refusal.details} />}

      {produced && (
        <div className="office-order__done" role="status">
          <p>
            <strong>{CARD_ORDER_MESSAGES.provisioned(produced.cards.length)}</strong> (parti{' '}
            <span className="office-mono">{produced.batchId}</span>). NFC etiketlerini yazdırmak için kart listesini
            indirip üreticiye gönderin.
          </p>
          <button
            type="button"
            className="btn btn--secondary"
            onClick={() =>
              downloadText(producedCardsCsv(produced.cards), producedCardsFileName(produced.batchId), CSV_TYPE)
            }
          >
            CSV İndir
          </button>
        </div>
      )}
    </section>
  );
}

/** What is wrong with an order, as the preview or the server found it: a summary and, when there are any, its lines. */
function OrderProblems({
  id,
  message,
  lines,
}: {
  readonly id?: string;
  readonly message: string;
  readonly lines: readonly string[];
}) {
  return (
    <div className="office-order__problems" id={id} role="alert">
      <p className="office-order__problems-title">{message}</p>
      {lines.length > 0 && (
        <ul>
          {lines.map((line, index) => (
            <li key={index}>{line}</li>
          ))}
        </ul>
      )}
    </div>
  );
}
