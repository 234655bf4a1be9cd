/**
 * A Kafka for the test file that asks (issue 16, decision 40):
 * - KAFKA_BROKERS set (comma-separated host:port): that cluster, shared, never stopped by us;
 * - else `java` and `mvn` on PATH: a real single-node KRaft broker of our own (infra/kafka/broker.ts) on free ports,
 *   one per test file at most, stopped by stop();
 * - else no Kafka: `kafka` is null and `skipped` says why in plain words, for describe.skipIf and its title.
 * A skip is never chosen when Java and Maven are here: a broker that cannot start fails the file. With CI=true there
 * is no skip at all: `.ci/run` installs Maven first, so a missing tool fails the file instead of skipping it.
 */
import { kafkaToolsMissing, startKafkaBroker, type KafkaBroker } from '../../infra/kafka/broker.ts';

export interface TestKafka {
  /** Bootstrap servers for kafkajs. */
  readonly brokers: string[];
  /** Our own broker, or null when KAFKA_BROKERS names someone else's. */
  readonly broker: KafkaBroker | null;
  /** Stops our broker and removes its folder; leaves a KAFKA_BROKERS cluster alone. */
  stop(): Promise<void>;
}

export type KafkaForTests =
  { readonly kafka: TestKafka; readonly skipped: null } | { readonly kafka: null; readonly skipped: string };

// Vitest gives every test file its own module instance: this is one broker per file, shared by its suites.
let started: Promise<KafkaForTests> | null = null;

export function kafkaForTests(): Promise<KafkaForTests> {
  started ??= locateKafka().catch((error: unknown) => {
    started = null;
    throw error;
  });
  return started;
}

async function locateKafka(): Promise<KafkaForTests> {
  const external = process.env.KAFKA_BROKERS?.trim();
  if (external !== undefined && external !== '') {
    const brokers = external
      .split(',')
      .map((broker) => broker.trim())
      .filter((broker) => broker !== '');
    return { kafka: { brokers, broker: null, stop: async () => undefined }, skipped: null };
  }

  const missing = kafkaToolsMissing();
  if (missing !== null) {
    const skipped = `no Kafka: KAFKA_BROKERS is not set and ${missing}`;
    // CI installs Maven (and with it Java) before the tests (.ci/run): there, a missing tool is a broken run, not a skip.
    if (process.env.CI === 'true') throw new Error(`CI must run the Kafka suites for real: ${skipped}`);
    return { kafka: null, skipped };
  }

  const broker = await startKafkaBroker();
  return {
    kafka: {
      brokers: broker.brokers,
      broker,
      stop: async () => {
        started = null;
        await broker.stop();
      },
    },
    skipped: null,
  };
}
