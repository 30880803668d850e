import { randomUUID } from 'node:crypto';
import { GenericContainer, Wait, type StartedTestContainer } from 'testcontainers';
import { vi } from 'vitest';
import { eventStoreContract, type ContractSubject } from '../contract';
import type { EventStore } from '../port';
import { createEventStoreDbEventStore } from './index';

/**
 * The contract on EventStoreDB: the server at EVENTSTORE_URL (e.g.
 * `esdb://localhost:2113?tls=false`) when set, otherwise a throwaway container
 * (EVENTSTORE_IMAGE, default eventstore/eventstore:24.10; a KurrentDB image
 * gets its KURRENTDB_ settings). vitest.config.ts includes this file only when
 * one of the two is available. The contract names every stream with a random
 * prefix, so runs sharing one server never see each other's streams.
 */

const DEFAULT_IMAGE = 'eventstore/eventstore:24.10';
const PORT = 2113;

async function startContainer(): Promise<{ url: string; container: StartedTestContainer }> {
  const image = process.env.EVENTSTORE_IMAGE ?? DEFAULT_IMAGE;
  const prefix = /kurrent/i.test(image) ? 'KURRENTDB' : 'EVENTSTORE';
  const container = await new GenericContainer(image)
    .withEnvironment({
      [`${prefix}_INSECURE`]: 'true',
      [`${prefix}_RUN_PROJECTIONS`]: 'None',
      [`${prefix}_MEM_DB`]: 'true',
      [`${prefix}_CLUSTER_SIZE`]: '1',
    })
    .withExposedPorts(PORT)
    .withWaitStrategy(
      Wait.forAll([
        Wait.forListeningPorts(),
        Wait.forHttp('/health/live', PORT).forStatusCodeMatching((s) => s >= 200 && s < 300),
      ]),
    )
    .withStartupTimeout(120_000)
    .start();
  return { url: `esdb://${container.getHost()}:${container.getMappedPort(PORT)}?tls=false`, container };
}

/** A fresh node may answer health checks a moment before it takes writes as leader: retry until one append lands. */
async function openWhenReady(url: string, probe: boolean): Promise<EventStore> {
  const deadline = Date.now() + 60_000;
  for (;;) {
    let store: EventStore | undefined;
    try {
      store = await createEventStoreDbEventStore(url);
      if (probe) {
        await store.append(`ready-${randomUUID()}`, [{ type: 'ProbeWritten', data: {} }], {
          actor: { userId: 'system', role: 'system' },
          market: 'cz',
        });
      }
      return store;
    } catch (error) {
      await store?.close().catch(() => undefined);
      if (Date.now() > deadline) throw error;
      await new Promise((resolve) => setTimeout(resolve, 500));
    }
  }
}

async function eventStoreDbSubject(): Promise<ContractSubject> {
  const given = process.env.EVENTSTORE_URL;
  const started = given ? undefined : await startContainer();
  try {
    const store = await openWhenReady(given ?? started!.url, started !== undefined);
    return {
      store,
      async cleanup() {
        await started?.container.stop();
      },
    };
  } catch (error) {
    await started?.container.stop().catch(() => undefined);
    throw error;
  }
}

// Pulling and starting the image can outlast the suite's 60 s hook timeout on a cold machine.
vi.setConfig({ hookTimeout: 240_000 });

eventStoreContract('eventstoredb', eventStoreDbSubject);
