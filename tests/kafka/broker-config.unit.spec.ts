import { chmodSync, mkdtempSync, rmSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { delimiter, join } from 'node:path';
import { afterAll, describe, expect, it } from 'vitest';
import { kafkaToolsMissing, newClusterId, serverProperties } from '../../infra/kafka/broker.ts';

function parse(properties: string): Map<string, string> {
  return new Map(
    properties
      .trim()
      .split('\n')
      .map((line) => {
        const at = line.indexOf('=');
        return [line.slice(0, at), line.slice(at + 1)] as const;
      }),
  );
}

const bin = mkdtempSync(join(tmpdir(), 'kartvizit-path-'));
afterAll(() => rmSync(bin, { recursive: true, force: true }));

function executable(name: string): void {
  writeFileSync(join(bin, name), '#!/bin/sh\n');
  chmodSync(join(bin, name), 0o755);
}

describe('the Kafka broker’s settings', () => {
  it('given ports and a folder, when the node’s server.properties is written, then it is one KRaft broker and controller on loopback that creates no topic by itself and keeps internal topics on one replica', () => {
    const properties = parse(serverProperties({ port: 19092, controllerPort: 19093, logDir: '/tmp/k/data' }));

    expect(properties.get('process.roles')).toBe('broker,controller');
    expect(properties.get('node.id')).toBe('1');
    expect(properties.get('listeners')).toBe('PLAINTEXT://127.0.0.1:19092,CONTROLLER://127.0.0.1:19093');
    expect(properties.get('advertised.listeners')).toBe('PLAINTEXT://127.0.0.1:19092');
    expect(properties.get('controller.listener.names')).toBe('CONTROLLER');
    expect(properties.get('controller.quorum.voters')).toBe('1@127.0.0.1:19093');
    expect(properties.get('log.dirs')).toBe('/tmp/k/data');
    expect(properties.get('auto.create.topics.enable')).toBe('false');
    expect(properties.get('offsets.topic.replication.factor')).toBe('1');
    expect(properties.get('transaction.state.log.replication.factor')).toBe('1');
    expect(properties.get('transaction.state.log.min.isr')).toBe('1');
    expect(properties.get('group.initial.rebalance.delay.ms')).toBe('0');
  });

  it('given many new clusters, when each gets an id, then every id reads as a Kafka Uuid: 22 base64url characters, never starting with a dash', () => {
    const ids = Array.from({ length: 500 }, () => newClusterId());

    for (const id of ids) expect(id).toMatch(/^[A-Za-z0-9_][A-Za-z0-9_-]{21}$/);
    expect(new Set(ids).size).toBe(ids.length);
  });

  it('given a PATH without java or mvn, when asked what the broker needs, then the answer names what is missing in plain words; with both, nothing', () => {
    expect(kafkaToolsMissing(bin)).toMatch(/^java and mvn not found on PATH/);
    executable('java');
    expect(kafkaToolsMissing(bin)).toMatch(/^mvn not found on PATH/);
    executable('mvn');
    expect(kafkaToolsMissing(`/nonexistent${delimiter}${bin}`)).toBeNull();
  });
});
