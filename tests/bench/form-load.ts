/**
 * The load generator of the registration bench, as a process of its own (like tests/bench/load-generator.ts): each
 * registration form is a different body (its own single-use token, its own visitor) and must be sent exactly once,
 * which autocannon's repeating request lists cannot do. `connections` keep-alive workers take the next request until
 * none is left. tests/bench/run.ts sends `{ url, requests, connections }` and gets back the counts of the run.
 */
import { Agent, request } from 'node:http';

export interface FormRequest {
  readonly body: string;
  readonly headers: Readonly<Record<string, string>>;
}

export interface FormLoadResult {
  readonly total: number;
  readonly statusCodes: Readonly<Record<string, number>>;
  readonly errors: number;
  readonly seconds: number;
  readonly latencyMs: { readonly p50: number; readonly p99: number };
}

/** One POST on a kept-alive connection; resolves with the status once the whole answer is read. */
function post(url: string, form: FormRequest, agent: Agent): Promise<number> {
  return new Promise((resolve, reject) => {
    const outgoing = request(
      url,
      { method: 'POST', agent, headers: { 'content-type': 'application/json', ...form.headers } },
      (answer) => {
        answer.resume();
        answer.once('end', () => resolve(answer.statusCode ?? 0));
        answer.once('error', reject);
      },
    );
    outgoing.once('error', reject);
    outgoing.end(form.body);
  });
}

async function run(message: { url: string; requests: readonly FormRequest[]; connections: number }): Promise<void> {
  const agent = new Agent({ keepAlive: true, maxSockets: message.connections });
  const statusCodes: Record<string, number> = {};
  const latencies: number[] = [];
  let errors = 0;
  let next = 0;
  const started = performance.now();
  const worker = async () => {
    for (let index = next++; index < message.requests.length; index = next++) {
      const form = message.requests[index];
      if (!form) break;
      const sent = performance.now();
      try {
        const status = await post(message.url, form, agent);
        statusCodes[status] = (statusCodes[status] ?? 0) + 1;
        latencies.push(performance.now() - sent);
      } catch {
        errors++;
      }
    }
  };
  await Promise.all(Array.from({ length: message.connections }, worker));
  const seconds = (performance.now() - started) / 1000;
  agent.destroy();
  latencies.sort((a, b) => a - b);
  const at = (p: number) =>
    Math.round((latencies[Math.min(latencies.length - 1, Math.floor((p / 100) * latencies.length))] ?? 0) * 10) / 10;
  const result: FormLoadResult = {
    total: latencies.length,
    statusCodes,
    errors,
    seconds,
    latencyMs: { p50: at(50), p99: at(99) },
  };
  process.send?.(result);
}

process.on('message', (message: Parameters<typeof run>[0]) => void run(message));
process.send?.('ready');
