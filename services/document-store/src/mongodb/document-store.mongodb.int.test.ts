import { randomUUID } from 'node:crypto';
import { MongoClient } from 'mongodb';
import { GenericContainer, Wait, type StartedTestContainer } from 'testcontainers';
import { afterAll, vi } from 'vitest';
import { documentStoreContract, type DocumentStoreSubject } from '../contract';
import { MongoDocumentStore, type MongoDocumentStoreOptions } from './mongodb-document-store';

/**
 * The contract on MongoDB: the server at MONGODB_URL (e.g.
 * `mongodb://localhost:27017/?replicaSet=rs0`) when set, otherwise a throwaway
 * container (MONGODB_IMAGE, default mongo:8) started as a one-node replica
 * set, so transactions and snapshot reads are there. vitest.config.ts includes
 * this file only when one of the two is available.
 *
 * It runs twice: with the default write mode (a transaction per batch on a
 * replica set), and with writes: 'ordered', the path a standalone server takes.
 * Every run works in a database of its own, dropped afterwards.
 */

const DEFAULT_IMAGE = 'mongo:8';
const PORT = 27017;
const sleep = (ms: number) => new Promise((resolve) => setTimeout(resolve, ms));

async function startReplicaSet(): Promise<{ url: string; container: StartedTestContainer }> {
  const container = await new GenericContainer(process.env.MONGODB_IMAGE ?? DEFAULT_IMAGE)
    .withCommand(['--replSet', 'rs0', '--bind_ip_all'])
    .withExposedPorts(PORT)
    .withWaitStrategy(Wait.forLogMessage(/Waiting for connections/))
    .withStartupTimeout(120_000)
    .start();
  // directConnection: the driver talks to this one node through the mapped port and never
  // tries the member address the replica set config names (reachable only inside the container).
  const url = `mongodb://${container.getHost()}:${container.getMappedPort(PORT)}/?directConnection=true`;
  const client = new MongoClient(url, { serverSelectionTimeoutMS: 30_000 });
  try {
    await client.connect();
    const admin = client.db('admin');
    await admin.command({ replSetInitiate: { _id: 'rs0', members: [{ _id: 0, host: `localhost:${PORT}` }] } });
    const deadline = Date.now() + 60_000;
    for (;;) {
      const hello = await admin.command({ hello: 1 });
      if (hello.isWritablePrimary === true) break;
      if (Date.now() > deadline) throw new Error(`the one-node replica set did not elect a primary: ${JSON.stringify(hello)}`);
      await sleep(250);
    }
    return { url, container };
  } catch (error) {
    await container.stop().catch(() => undefined);
    throw error;
  } finally {
    await client.close();
  }
}

/** One server for the whole file: MONGODB_URL, or one container started on first use and stopped at the end. */
let server: Promise<{ url: string; container?: StartedTestContainer }> | undefined;
const serverUrl = async (): Promise<string> => {
  const given = process.env.MONGODB_URL;
  server ??= given ? Promise.resolve({ url: given }) : startReplicaSet();
  return (await server).url;
};
afterAll(async () => {
  const started = await server?.catch(() => undefined);
  await started?.container?.stop();
});

async function mongoSubject(options: MongoDocumentStoreOptions): Promise<DocumentStoreSubject> {
  const url = await serverUrl();
  const database = `buyloop_test_${randomUUID().replaceAll('-', '').slice(0, 12)}`;
  const store = await MongoDocumentStore.create(url, {
    ...options,
    database,
    clientOptions: { serverSelectionTimeoutMS: 30_000 },
  });
  return {
    store,
    async cleanup() {
      const client = new MongoClient(url, { serverSelectionTimeoutMS: 30_000 });
      try {
        await client.db(database).dropDatabase();
      } finally {
        await client.close();
      }
    },
  };
}

// Pulling and starting the image can outlast the suite's 60 s hook timeout on a cold machine.
vi.setConfig({ hookTimeout: 240_000 });

documentStoreContract('mongodb', () => mongoSubject({}));
documentStoreContract('mongodb, ordered writes (no transactions)', () => mongoSubject({ writes: 'ordered' }));
